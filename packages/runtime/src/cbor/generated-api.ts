/**
 * The public entry points of generated CBOR modules: `encode<Name>(value)` is
 * `encodeWith(write<Name>, value)`, `decode<Name>(bytes)` is `decodeWith(read<Name>, bytes,
 * schemaPath)`. One writer and one reader serve every module (outputs are carved from the
 * writer's buffer, see `Writer.finish`); both are pure, so a decode-only bundle drops the writer
 * and an encode-only one the reader.
 */
import { decodeFailed, encodeInto, endDecode, startDecode } from '../generated-api.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { Writer } from '../writer.js';

const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('cbor');

/** Writes `value` with a module's writer function; a failure is the public `EncodeError`. */
export function encodeWith<T>(write: (writer: Writer, value: T, depth: number) => void, value: T): Uint8Array {
  return encodeInto(sharedWriter, write, value, 'cbor');
}

/**
 * `encodeWith` for modules compiled `deterministic` (or DAG-CBOR). The same steps: the error of a
 * value of unknown shape is the one its own generic encoder (sorted, DAG) gave (`encodeFailed`).
 */
export function encodeDeterministicWith<T>(write: (writer: Writer, value: T, depth: number) => void, value: T): Uint8Array {
  return encodeInto(sharedWriter, write, value, 'cbor');
}

/** Reads one item that must fill `bytes` with a module's reader function; a failure is a `DecodeError` (`schemaPath`: the public function's schema). */
export function decodeWith<T>(read: (reader: Reader, depth: number) => T, bytes: Uint8Array, schemaPath: string): T {
  const reader = startDecode(sharedReader, bytes);
  // RFC 8949 §3.4.6: a leading self-described CBOR tag (0xd9d9f7) marks the data and means nothing.
  if (bytes.length >= 3 && bytes[0] === 0xd9 && bytes[1] === 0xd9 && bytes[2] === 0xf7) reader.pos = 3;
  let value: T;
  try {
    value = read(reader, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw decodeFailed(reader, error, schemaPath);
  }
  return endDecode(reader, value, schemaPath);
}
