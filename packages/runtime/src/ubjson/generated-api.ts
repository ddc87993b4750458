/**
 * The public entry points of generated UBJSON modules: `encode<Name>(value)` is
 * `encodeWith(write<Name>, value)`, `decode<Name>(bytes)` is `decodeWith(read<Name>, bytes,
 * schemaPath)` (read functions take the value's marker, already consumed). One writer and one
 * reader serve every module (outputs are carved from the writer's buffer, see `Writer.finish`);
 * both are pure, so a decode-only bundle drops the writer and an encode-only one the reader.
 */
import { decodeFailed, encodeInto, endDecode, startDecode } from '../generated-api.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { Writer } from '../writer.js';
import { DEFAULT_MAX_COUNT } from './constants.js';
import { BUDGET, readMarker } from './generated-support.js';

const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('ubjson');

/** Writes `value` with a module's writer function; a failure is the public `EncodeError`. */
export function encodeWith<T>(write: (writer: Writer, value: T, depth: number) => void, value: T): Uint8Array {
  return encodeInto(sharedWriter, write, value, 'ubjson');
}

/** Reads one value that must fill `bytes` with a module's reader function (its marker read first); a failure is a `DecodeError` (`schemaPath`: the public function's schema). */
export function decodeWith<T>(read: (reader: Reader, depth: number, marker: number) => T, bytes: Uint8Array, schemaPath: string): T {
  const reader = startDecode(sharedReader, bytes);
  // Every container entry of one input counts against one budget (the generic decoder's maxCount).
  BUDGET.left = DEFAULT_MAX_COUNT;
  let value: T;
  try {
    value = read(reader, DEFAULT_MAX_DEPTH, readMarker(reader));
  } catch (error) {
    throw decodeFailed(reader, error, schemaPath);
  }
  return endDecode(reader, value, schemaPath);
}
