/**
 * The public functions of generated CBOR modules: `encode<Name>(value)` writes into
 * `sharedWriter` with the module's writer (`nestedEncode` when `writerBusy()`) and throws
 * `encodeFailed(error)` (its own call of the writer, which V8 can inline: through one shared entry it could not), `decode<Name>(bytes)` is
 * `decodeWith(read<Name>, bytes, schemaPath)`. One writer and one reader serve every module; both
 * are pure, so a decode-only bundle drops the writer and an encode-only one the reader.
 */
import { decodeFailed, encodeInFreshWriter, endDecode, publicEncodeError, startDecode } from '../generated-api.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { cborValuePath } from './value-path.js';
import { Writer } from '../writer.js';

/**
 * The writer of every public encode function of every module; outputs are carved from its buffer
 * (see `Writer.finish`). A module constant in generated code, which V8 folds into the inlined
 * writers (through a call that returned it, tokens encoded 14% slower).
 */
export const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('cbor');

/** Whether an encode is writing into `sharedWriter`: a public encode function then calls `nestedEncode` (between encodes `pos === start`). */
export function writerBusy(): boolean {
  return sharedWriter.pos !== sharedWriter.start;
}

/** A public encode function's output when `writerBusy()`: written into a writer of its own. */
export function nestedEncode<T>(write: (writer: Writer, value: T, depth: number) => void, value: T): Uint8Array {
  return encodeInFreshWriter(write, value, 'cbor');
}

/** The public error for a failure that reached a public encode function; `sharedWriter` drops what it had written. */
export function encodeFailed(error: unknown): unknown {
  return publicEncodeError(sharedWriter, error, 'cbor');
}

/**
 * Reads one item that must fill `bytes` with a module's reader function; a failure is a
 * `DecodeError` (`schemaPath`: the public function's schema) with its value path unless
 * `valuePaths` is false (layout 'compact': the bytes hold objects as arrays by position).
 */
export function decodeWith<T>(read: (reader: Reader, depth: number) => T, bytes: Uint8Array, schemaPath: string, valuePaths = true): T {
  const reader = startDecode(sharedReader, bytes);
  // RFC 8949 §3.4.6: a leading self-described CBOR tag (0xd9d9f7) marks the data and means nothing.
  if (bytes.length >= 3 && bytes[0] === 0xd9 && bytes[1] === 0xd9 && bytes[2] === 0xf7) reader.pos = 3;
  let value: T;
  try {
    value = read(reader, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw decodeFailed(reader, error, schemaPath, valuePaths ? cborValuePath : undefined);
  }
  return endDecode(reader, value, schemaPath);
}
