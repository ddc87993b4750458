/**
 * DAG-CBOR map key order: shorter UTF-8 encodings first, then bytewise (DAG-CBOR spec, "Strictness";
 * the RFC 7049 §3.9 canonical order, which for text keys is length-first then bytewise).
 */

import { utf8Length } from '../utf8-length.js';

/** Keys of a plain object in DAG-CBOR order (sorted in place; already sorted keys cost one pass). */
export function sortKeys(keys: string[]): string[] {
  for (let index = 1; index < keys.length; index++) {
    if (compareKeys(keys[index - 1], keys[index]) > 0) return keys.sort(compareKeys);
  }
  return keys;
}

/** Length-first (in UTF-8 bytes), then bytewise. */
export function compareKeys(left: string, right: string): number {
  const difference = utf8Length(left) - utf8Length(right);
  return difference !== 0 ? difference : compareCodePoints(left, right);
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
