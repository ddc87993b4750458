/**
 * What the public functions of every generated module share, whatever the format. Each format's
 * `generated-api.ts` binds them to its shared writer and reader: a generated `encode<Name>` writes
 * into `sharedWriter` (`nestedEncode` when `writerBusy()`) and throws `encodeFailed(error)`; a
 * `decode<Name>` is one `decodeWith` call.
 */
import { DecodeError, EncodeError, type Format, isDecodeError, TOO_DEEP, TRAILING_BYTES, UNEXPECTED_TYPE } from './errors.js';
import { EncodeFailure, withSchemaPath } from './generated-support.js';
import type { Reader } from './reader.js';
import { NESTED_CAPACITY, Writer } from './writer.js';
import { DEFAULT_MAX_DEPTH } from './limits.js';

/**
 * The public error for a failure that reached a public encode function, after the writer drops
 * what it had written: an `EncodeFailure` becomes an `EncodeError`. A failure of the generic
 * encoder inside a value of unknown shape (`anyFailure`) is that encoder's own error, its path
 * now from the root: the path down to the value, then the generic encoder's path within it. No
 * generic encoder runs again here, so a module whose schema has no value of unknown shape ships
 * none. Anything else (a bug, an engine error) passes as it is.
 */
export function publicEncodeError(writer: Writer, error: unknown, format: Format): unknown {
  writer.reset();
  if (!(error instanceof EncodeFailure)) return error;
  const generic = error.generic;
  if (generic !== undefined) return new EncodeError(generic.format, generic.code, generic.detail, `${error.path}${generic.path}`);
  return new EncodeError(format, error.code, error.what, error.path, error.schemaPath);
}

/**
 * A public encode function's output written into a writer of its own: for one that starts while
 * another writes into the shared writer (a getter of the value encodes again), whose output is
 * carved from that writer's start and must not be cut into (see `Writer.finish`).
 */
export function encodeInFreshWriter<T>(write: (writer: Writer, value: T, depth: number) => void, value: T, format: Format): Uint8Array {
  const writer = new Writer(NESTED_CAPACITY);
  try {
    write(writer, value, DEFAULT_MAX_DEPTH);
  } catch (error) {
    throw publicEncodeError(writer, error, format);
  }
  return writer.finish();
}

/** Points `reader` at the input of a public decode function, which must be a `Uint8Array`. */
export function startDecode(reader: Reader, bytes: Uint8Array): Reader {
  if (!(bytes instanceof Uint8Array)) throw new DecodeError(reader.format, UNEXPECTED_TYPE, 'expected a Uint8Array', 0);
  reader.reset(bytes);
  return reader;
}

/** The JSON Pointer of the value of `bytes` (its item at `start`) that holds `offset`: the format's `<format>/value-path.ts`. */
export type ValuePathOf = (bytes: Uint8Array, start: number, offset: number) => string;

/**
 * The public error for a failure inside a module's reader: a stack overflow on the way down is a
 * nesting problem of the input, reported as such; a failure before the first reader function ran
 * (an empty input has no UBJSON marker) gets the public function's schema path. Its value path is
 * found now, from the input and the failure's offset (`valuePathOf`): readers track none. Without
 * `valuePathOf` (objects as arrays by position, whose bytes name no members), it gets none.
 */
export function decodeFailed(reader: Reader, error: unknown, schemaPath: string, valuePathOf: ValuePathOf | undefined): unknown {
  const located =
    error instanceof RangeError ? new DecodeError(reader.format, TOO_DEEP, 'nesting too deep for the engine stack', reader.pos, schemaPath) : withSchemaPath(error, schemaPath);
  if (valuePathOf === undefined || !isDecodeError(located) || located.valuePath !== undefined) return located;
  const valuePath = valuePathOf(reader.uint8, 0, located.offset);
  return new DecodeError(located.format, located.code, located.detail, located.offset, located.schemaPath, valuePath);
}

/** `value` once the reader is at the end of the input; trailing bytes are refused. */
export function endDecode<T>(reader: Reader, value: T, schemaPath: string): T {
  if (reader.pos !== reader.end) throw new DecodeError(reader.format, TRAILING_BYTES, reader.trailingText(), reader.pos, schemaPath);
  return value;
}
