import type { IrObject } from '../ir/types.js';
import { Major, writeHeadAt } from '@binschema/runtime/cbor';
import { isClosedObject } from './shape.js';

/**
 * CBOR decisions taken at compile time (RFC 8949). Everything the emitter needs to write
 * constant bytes instead of computing them: pre-encoded key strings, map heads of fixed
 * property sets and the deterministic key order.
 */

const encoder = new TextEncoder();

/** The shortest head for `major` and `argument` (RFC 8949 §4.2.1: preferred serialization), as the runtime writes it. */
function cborHead(major: number, argument: number): Uint8Array {
  const head = new Uint8Array(9);
  return head.slice(0, writeHeadAt(head, 0, major, argument));
}

/** A text string item: shortest head + UTF-8 (schema strings are valid Unicode; lone surrogates become U+FFFD like the runtime's). */
export function cborText(text: string): Uint8Array {
  const utf8 = encoder.encode(text);
  return Uint8Array.from([...cborHead(Major.Text, utf8.length), ...utf8]);
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
  const fixed = isClosedObject(node) && node.properties.every((property) => property.required);
  return {
    keys,
    writeOrder,
    fixedHead: fixed ? cborHead(Major.Map, node.properties.length) : undefined,
  };
}
