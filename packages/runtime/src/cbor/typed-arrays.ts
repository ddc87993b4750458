/**
 * RFC 8746 §2 typed arrays (option `typedArrays: true`): tag 64 + 0b f s e ll, where f = float,
 * s = signed, e = little endian and ll = log2 of the element size; the content is a byte string.
 *
 * Encoding writes every typed array except a plain `Uint8Array` (a byte string, as always) with
 * its little-endian tag, the byte order of nearly every host, so the bytes are copied as they are
 * (cbor-x writes the same tags on little-endian hosts). Decoding accepts both byte orders. f16
 * (tags 80, 84) becomes a `Float32Array` (exact: JavaScript has no 16-bit float array in Node 20);
 * f128 (83, 87) and the reserved tag 76 stay `Tag`s.
 */
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { INVALID_TAG } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { typedArrayKind } from '../brand-checks.js';
import { Major } from './constants.js';
import { writeHeadAt } from './head.js';
import type { TagReader } from './extensions.js';
import { readItem } from './decode.js';

type TypedArrayClass =
  | Uint8ArrayConstructor | Uint8ClampedArrayConstructor | Uint16ArrayConstructor | Uint32ArrayConstructor
  | BigUint64ArrayConstructor | Int8ArrayConstructor | Int16ArrayConstructor | Int32ArrayConstructor
  | BigInt64ArrayConstructor | Float32ArrayConstructor | Float64ArrayConstructor;

const HOST_LITTLE_ENDIAN = /* @__PURE__ */ (() => new Uint8Array(new Uint16Array([1]).buffer)[0] === 1)();

/** Decodable tags: the class, and whether the content is little endian. */
const BY_TAG = /* @__PURE__ */ new Map<number, { Class: TypedArrayClass; little: boolean }>([
  [64, { Class: Uint8Array, little: true }],
  [65, { Class: Uint16Array, little: false }],
  [66, { Class: Uint32Array, little: false }],
  [67, { Class: BigUint64Array, little: false }],
  [68, { Class: Uint8ClampedArray, little: true }],
  [69, { Class: Uint16Array, little: true }],
  [70, { Class: Uint32Array, little: true }],
  [71, { Class: BigUint64Array, little: true }],
  [72, { Class: Int8Array, little: true }],
  [73, { Class: Int16Array, little: false }],
  [74, { Class: Int32Array, little: false }],
  [75, { Class: BigInt64Array, little: false }],
  [77, { Class: Int16Array, little: true }],
  [78, { Class: Int32Array, little: true }],
  [79, { Class: BigInt64Array, little: true }],
  [81, { Class: Float32Array, little: false }],
  [82, { Class: Float64Array, little: false }],
  [85, { Class: Float32Array, little: true }],
  [86, { Class: Float64Array, little: true }],
]);

/** The little-endian tag each class is written with (RFC 8746 §2.1 table). */
const LITTLE_ENDIAN_TAG = /* @__PURE__ */ new Map<unknown, number>([
  [Uint8ClampedArray, 68], [Uint16Array, 69], [Uint32Array, 70], [BigUint64Array, 71], [Int8Array, 72],
  [Int16Array, 77], [Int32Array, 78], [BigInt64Array, 79], [Float32Array, 85], [Float64Array, 86],
]);

/** Writes a typed array (not a plain Uint8Array or a DataView) as its tag and bytes; false for anything else. */
export function writeTypedArray(writer: Writer, value: object): boolean {
  const Class = value.constructor as TypedArrayClass;
  const tag = LITTLE_ENDIAN_TAG.get(Class);
  // The constructor is only inherited: the element type must be the class's own (a fake
  // `Object.create(Float32Array.prototype)`, or a DataView or Uint16Array behind that prototype, is not).
  if (tag === undefined || typedArrayKind(value) !== Class.name) return false;
  const view = value as unknown as { buffer: ArrayBufferLike; byteOffset: number; byteLength: number; BYTES_PER_ELEMENT: number };
  const length = view.byteLength;
  writer.ensure(12 + length);
  const uint8 = writer.uint8;
  let pos = writeHeadAt(uint8, writer.pos, Major.Tag, tag);
  pos = writeHeadAt(uint8, pos, Major.Bytes, length);
  uint8.set(new Uint8Array(view.buffer, view.byteOffset, length), pos);
  if (!HOST_LITTLE_ENDIAN) swapBytes(uint8.subarray(pos, pos + length), view.BYTES_PER_ELEMENT);
  writer.pos = pos + length;
  return true;
}

/** Reverses each `size`-byte element in place. */
function swapBytes(bytes: Uint8Array, size: number): void {
  if (size === 1) return;
  for (let start = 0; start < bytes.length; start += size) bytes.subarray(start, start + size).reverse();
}

/** The typed array a tag's byte-string content holds; `invalid-tag` for other content or a ragged length. */
function typedArrayOf(reader: Reader, tag: number, content: unknown, offset: number): unknown {
  if (!(content instanceof Uint8Array)) return reader.fail(INVALID_TAG, `tag ${tag} needs a byte string`, offset);
  const half = tag === 80 || tag === 84;
  const size = half ? 2 : BY_TAG.get(tag)!.Class.BYTES_PER_ELEMENT;
  if (content.length % size !== 0) reader.fail(INVALID_TAG, `tag ${tag} content of ${content.length} bytes is not whole ${size}-byte elements`, offset);
  if (half) return float16Array(content, tag === 84);
  const { Class, little } = BY_TAG.get(tag)!;
  if (Class === Uint8Array) return content;
  // A copy of our own: aligned, and never a view into the input (a Buffer input gives views).
  const bytes = new Uint8Array(content);
  if (little !== HOST_LITTLE_ENDIAN) swapBytes(bytes, size);
  return new Class(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length / size);
}

function float16Array(bytes: Uint8Array, little: boolean): Float32Array {
  const out = new Float32Array(bytes.length / 2);
  for (let index = 0; index < out.length; index++) {
    const high = bytes[index * 2 + (little ? 1 : 0)];
    const low = bytes[index * 2 + (little ? 0 : 1)];
    out[index] = decodeFloat16((high << 8) | low);
  }
  return out;
}

let readers: [number, TagReader][] | undefined;

/** Tag readers for every decodable RFC 8746 typed-array tag (made once, on first use). */
export function typedArrayReaders(): [number, TagReader][] {
  readers ??= [...BY_TAG.keys(), 80, 84].map((tag) => [tag, (reader, offset, depth, settings) => typedArrayOf(reader, tag, readItem(reader, depth, settings), offset)]);
  return readers;
}
