import type { IrObject } from '../ir/types.js';

/**
 * CBOR decisions taken at compile time (RFC 8949). Everything the emitter needs to write
 * constant bytes instead of computing them: pre-encoded key strings, map heads of fixed
 * property sets, the deterministic key order, and the initial bytes each JSON type may start with.
 */

export const CborMajor = { Unsigned: 0, Negative: 1, Bytes: 2, Text: 3, Array: 4, Map: 5, Tag: 6, Simple: 7 } as const;

const encoder = new TextEncoder();

/** The shortest head for `major` and `argument` (RFC 8949 §4.2.1: preferred serialization). */
export function cborHead(major: number, argument: number): number[] {
  const type = major << 5;
  if (argument < 24) return [type | argument];
  if (argument < 0x100) return [type | 24, argument];
  if (argument < 0x1_0000) return [type | 25, argument >>> 8, argument & 0xff];
  if (argument < 0x1_0000_0000) return [type | 26, argument >>> 24, (argument >>> 16) & 0xff, (argument >>> 8) & 0xff, argument & 0xff];
  throw new RangeError('cborHead: argument too large for a schema constant');
}

/** A text string item: shortest head + UTF-8 (schema strings are valid Unicode; lone surrogates become U+FFFD like the runtime's). */
export function cborText(text: string): Uint8Array {
  const utf8 = encoder.encode(text);
  return Uint8Array.from([...cborHead(CborMajor.Text, utf8.length), ...utf8]);
}

/** RFC 8949 §4.2.1: deterministic map keys sort by the bytewise order of their encodings. */
export function compareEncoded(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return a[index] - b[index];
  return a.length - b.length;
}

export interface CborObjectPlan {
  /** Encoded key (text head + UTF-8) per entry of `IrObject.properties`. */
  keys: Uint8Array[];
  /** Property indices in the order the encoder writes them. */
  writeOrder: number[];
  /**
   * The map head when the encoded entry count is known at compile time (every declared property
   * required, no other keys allowed), else undefined.
   */
  fixedHead: Uint8Array | undefined;
}

/** Plans one object: key bytes, write order (schema order, or §4.2.1 order when deterministic). */
export function planCborObject(node: IrObject, deterministic: boolean): CborObjectPlan {
  const keys = node.properties.map((property) => cborText(property.name));
  const writeOrder = node.properties.map((_, index) => index);
  if (deterministic) writeOrder.sort((a, b) => compareEncoded(keys[a], keys[b]));
  const closed = node.additionalProperties.kind === 'never' && node.patternProperties.length === 0;
  const fixed = closed && node.properties.every((property) => property.required);
  return {
    keys,
    writeOrder,
    fixedHead: fixed ? Uint8Array.from(cborHead(CborMajor.Map, node.properties.length)) : undefined,
  };
}

/** The CBOR major types that can carry a value of each JSON type (floats are major 7). */
export const majorsOfJsonType = {
  null: [CborMajor.Simple],
  boolean: [CborMajor.Simple],
  integer: [CborMajor.Unsigned, CborMajor.Negative, CborMajor.Simple],
  number: [CborMajor.Unsigned, CborMajor.Negative, CborMajor.Simple],
  string: [CborMajor.Text],
  array: [CborMajor.Array],
  object: [CborMajor.Map],
} as const;
