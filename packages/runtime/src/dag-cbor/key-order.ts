/**
 * DAG-CBOR map key order: shorter UTF-8 encodings first, then bytewise (DAG-CBOR spec, "Strictness";
 * the RFC 7049 §3.9 canonical order, which for text keys is length-first then bytewise).
 */

import { utf8Length } from '../utf8.js';

/** Keys of a plain object in DAG-CBOR order. */
export function sortKeys(keys: string[]): string[] {
  const lengths = new Map<string, number>();
  for (const key of keys) lengths.set(key, utf8Length(key));
  return keys.sort((left, right) => lengths.get(left)! - lengths.get(right)! || compareCodePoints(left, right));
}

/**
 * UTF-16 strings in code point order, which is the bytewise order of their UTF-8 (RFC 3629 §1).
 * Units differ in order only around surrogates: lift U+E000..U+FFFF below the surrogates' range.
 */
function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointRank(a) - codePointRank(b);
  }
  return left.length - right.length;
}

function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
