/**
 * What the public functions of every generated module share, whatever the format. Each format's
 * `generated-api.ts` holds the entry points themselves (`encodeWith`, `decodeWith`), which every
 * generated `encode<Name>` and `decode<Name>` call with the module's own writer or reader
 * function; these are the steps around that call.
 */
import { DecodeError, EncodeError, ErrorCode, type Format } from './errors.js';
import { EncodeFailure } from './generated-support.js';
import { DEFAULT_MAX_DEPTH } from './limits.js';
import type { Reader } from './reader.js';
import type { Writer } from './writer.js';

/** Writes `value` into `writer` with a module's writer function and returns the output; a failure is the public error (`encodeFailed`). */
export function encodeInto<T>(writer: Writer, write: (writer: Writer, value: T, depth: number) => void, value: T, format: Format): Uint8Array {
  try {
    write(writer, value, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw encodeFailed(writer, error, format);
  }
  return writer.finish();
}

/**
 * The public error for a failure that reached a public encode function, after the writer drops
 * what it had written: an `EncodeFailure` becomes an `EncodeError`. A failure of the generic
 * encoder inside a value of unknown shape (`anyFailure`) is that encoder's own error, its path
 * now from the root: the path down to the value, then the generic encoder's path within it. No
 * generic encoder runs again here, so a module whose schema has no value of unknown shape ships
 * none. Anything else (a bug, an engine error) passes as it is.
 */
export function encodeFailed(writer: Writer, error: unknown, format: Format): unknown {
  writer.reset();
  if (!(error instanceof EncodeFailure)) return error;
  const generic = error.generic;
  if (generic !== undefined) return new EncodeError(generic.format, generic.code, generic.detail, `${error.path}${generic.path}`);
  return new EncodeError(format, error.code, error.what, error.path, error.schemaPath);
}

/** Points `reader` at the input of a public decode function, which must be a `Uint8Array`. */
export function startDecode(reader: Reader, bytes: Uint8Array): Reader {
  if (!(bytes instanceof Uint8Array)) throw new DecodeError(reader.format, ErrorCode.UnexpectedType, 'expected a Uint8Array', 0);
  reader.reset(bytes);
  return reader;
}

/** The public error for a failure inside a module's reader: a stack overflow on the way down is a nesting problem of the input, reported as such. */
export function decodeFailed(reader: Reader, error: unknown, schemaPath: string): unknown {
  if (error instanceof RangeError) return new DecodeError(reader.format, ErrorCode.TooDeep, 'nesting too deep for the engine stack', reader.pos, schemaPath);
  return error;
}

/** `value` once the reader is at the end of the input; trailing bytes are refused. */
export function endDecode<T>(reader: Reader, value: T, schemaPath: string): T {
  if (reader.pos !== reader.end) throw new DecodeError(reader.format, ErrorCode.TrailingBytes, reader.trailingText(), reader.pos, schemaPath);
  return value;
}
