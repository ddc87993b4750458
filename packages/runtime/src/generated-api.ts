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

/** Writes a value of unknown shape again, with the generic encoder and its options, for that encoder's own error. */
export type WriteAnyAgain = (value: unknown, path: string, maxDepth: number) => void;

/** Writes `value` into `writer` with a module's writer function and returns the output; a failure is the public error (`encodeFailed`). */
export function encodeInto<T>(writer: Writer, write: (writer: Writer, value: T, depth: number) => void, value: T, format: Format, writeAnyAgain: WriteAnyAgain): Uint8Array {
  try {
    write(writer, value, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw encodeFailed(writer, error, format, writeAnyAgain);
  }
  return writer.finish();
}

/**
 * The public error for a failure that reached a public encode function, after the writer drops
 * what it had written: an `EncodeFailure` becomes an `EncodeError`; a value of unknown shape the
 * generic encoder refused is written again by `writeAnyAgain` (the slow path, now with the full
 * path), for the generic encoder's own error. Anything else (a bug, an engine error) passes as it is.
 */
export function encodeFailed(writer: Writer, error: unknown, format: Format, writeAnyAgain: WriteAnyAgain): unknown {
  writer.reset();
  if (!(error instanceof EncodeFailure)) return error;
  if (error.anyValue !== undefined) {
    try {
      writeAnyAgain(error.anyValue.value, error.path, error.anyValue.depth);
    } catch (generic) {
      return generic;
    }
  }
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
