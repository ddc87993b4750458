/**
 * The public entry points of generated MessagePack modules: `encode<Name>(value)` is
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
const sharedReader = /* @__PURE__ */ new Reader('msgpack');

/** Writes `value` with a module's writer function; a failure is the public `EncodeError`. */
export function encodeWith<T>(write: (writer: Writer, value: T, depth: number) => void, value: T): Uint8Array {
  return encodeInto(sharedWriter, write, value, 'msgpack');
}

/** Reads one item that must fill `bytes` with a module's reader function; a failure is a `DecodeError` (`schemaPath`: the public function's schema). */
export function decodeWith<T>(read: (reader: Reader, depth: number) => T, bytes: Uint8Array, schemaPath: string): T {
  const reader = startDecode(sharedReader, bytes);
  let value: T;
  try {
    value = read(reader, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw decodeFailed(reader, error, schemaPath);
  }
  return endDecode(reader, value, schemaPath);
}
