/**
 * The public functions of generated MessagePack modules: `encode<Name>(value)` writes into
 * `claimWriter()` with the module's writer and throws `encodeFailed(writer, error)` (its own call
 * of the writer, which V8 can inline: through one shared entry it could not), `decode<Name>(bytes)` is
 * `decodeWith(read<Name>, bytes, schemaPath)`. One writer and one reader serve every module; both
 * are pure, so a decode-only bundle drops the writer and an encode-only one the reader.
 */
import { decodeFailed, endDecode, publicEncodeError, startDecode } from '../generated-api.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { msgpackValuePath } from './value-path.js';
import { idleWriter, Writer } from '../writer.js';

/** The writer of every public encode function of every module; outputs are carved from its buffer (see `Writer.finish`). */
const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('msgpack');

/**
 * The writer a public encode function writes into: the shared one, or a fresh one for an encode
 * that starts while another is writing (`idleWriter`).
 */
export function claimWriter(): Writer {
  return idleWriter(sharedWriter);
}

/** The public error for a failure that reached a public encode function; `writer` drops what it had written. */
export function encodeFailed(writer: Writer, error: unknown): unknown {
  return publicEncodeError(writer, error, 'msgpack');
}

/**
 * Reads one item that must fill `bytes` with a module's reader function; a failure is a
 * `DecodeError` (`schemaPath`: the public function's schema) with its value path unless
 * `valuePaths` is false (layout 'compact': the bytes hold objects as arrays by position).
 */
export function decodeWith<T>(read: (reader: Reader, depth: number) => T, bytes: Uint8Array, schemaPath: string, valuePaths = true): T {
  const reader = startDecode(sharedReader, bytes);
  let value: T;
  try {
    value = read(reader, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw decodeFailed(reader, error, schemaPath, valuePaths ? msgpackValuePath : undefined);
  }
  return endDecode(reader, value, schemaPath);
}
