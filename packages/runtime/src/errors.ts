/**
 * The one error family of binschema. Every decoder (generic or generated) throws only
 * `DecodeError`, every encoder only `EncodeError`; both carry a stable string `code` so callers
 * and tests never match message text.
 *
 * Message shapes (STYLE.md):
 *   cbor decode: expected map, got 0x61 at offset 12 (#/$defs/Point, at /points/3)
 *   cbor encode: expected integer, got string at /points/3 (#/$defs/Point/properties/x)
 */

/** Wire formats; the prefix of every message. */
export type Format = 'cbor' | 'ubjson' | 'msgpack';

// Stable error codes, one constant each: runtime code imports the ones it throws, so a bundle keeps
// only those (an object of them all would ship whole wherever one is used); `ErrorCode` groups
// them for callers. Add new ones here, never inline elsewhere.

/** Input ended inside an item. */
export const UNEXPECTED_END = 'unexpected-end';
/** Bytes left after the top-level item (strict mode). */
export const TRAILING_BYTES = 'trailing-bytes';
/** Structurally malformed: reserved additional info, stray break, bad chunk, bad marker. */
export const NOT_WELL_FORMED = 'not-well-formed';
/** A text string or key is not valid UTF-8. */
export const INVALID_UTF8 = 'invalid-utf8';
/** Nesting deeper than the configured maximum. */
export const TOO_DEEP = 'too-deep';
/** A declared length or count is larger than the bytes left or than a configured limit. */
export const LENGTH_LIMIT = 'length-limit';
/** A map/object repeats a key and the policy rejects duplicates. */
export const DUPLICATE_KEY = 'duplicate-key';
/** A key the policy refuses (e.g. `__proto__` under the reject policy). */
export const FORBIDDEN_KEY = 'forbidden-key';
/** Valid CBOR that a strict profile forbids (DAG-CBOR: indefinite lengths, f16/f32, undefined, tags but 42). */
export const PROFILE_VIOLATION = 'profile-violation';
/** Valid CBOR that is not in the profile's canonical form (DAG-CBOR: a longer head, unsorted keys). */
export const NON_CANONICAL = 'non-canonical';
/** A JSON Pointer that does not resolve in the input (`decodeAt`). */
export const PATH_NOT_FOUND = 'path-not-found';
/** A well-formed tag whose content is invalid for it (tag 2 around an array, bad date); MessagePack: an extension's data (a bad timestamp). */
export const INVALID_TAG = 'invalid-tag';
/** A simple value that is not allowed (0..31 in two-byte form). */
export const INVALID_SIMPLE = 'invalid-simple';
/** The item has another type than the schema (or the API) expects. */
export const UNEXPECTED_TYPE = 'unexpected-type';
/** The item has the right type but breaks a schema assertion (minimum, pattern, enum…). */
export const SCHEMA_VIOLATION = 'schema-violation';
/** A value that the format cannot represent (symbol, function, bigint out of range…). */
export const UNSUPPORTED_VALUE = 'unsupported-value';
/** A structured-clone reference (tag 29) to no shared value, or to one not yet complete. */
export const INVALID_REFERENCE = 'invalid-reference';
/** An encoder met a cycle in the value graph. */
export const CIRCULAR_VALUE = 'circular-value';

/** The stable error codes by name (each also its own constant above). */
export const ErrorCode = {
  UnexpectedEnd: UNEXPECTED_END,
  TrailingBytes: TRAILING_BYTES,
  NotWellFormed: NOT_WELL_FORMED,
  InvalidUtf8: INVALID_UTF8,
  TooDeep: TOO_DEEP,
  LengthLimit: LENGTH_LIMIT,
  DuplicateKey: DUPLICATE_KEY,
  ForbiddenKey: FORBIDDEN_KEY,
  ProfileViolation: PROFILE_VIOLATION,
  NonCanonical: NON_CANONICAL,
  PathNotFound: PATH_NOT_FOUND,
  InvalidTag: INVALID_TAG,
  InvalidSimple: INVALID_SIMPLE,
  UnexpectedType: UNEXPECTED_TYPE,
  SchemaViolation: SCHEMA_VIOLATION,
  UnsupportedValue: UNSUPPORTED_VALUE,
  InvalidReference: INVALID_REFERENCE,
  CircularValue: CIRCULAR_VALUE,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Base class: a codec failure with a stable `code`. */
export class CodecError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CodecError';
    this.code = code;
  }
}

/** Decoding failed at byte `offset` of the input. */
export class DecodeError extends CodecError {
  readonly format: Format;
  /** Byte offset in the input where it went wrong. */
  readonly offset: number;
  /** JSON Pointer (as a `#/…` URI fragment) into the schema, for generated decoders. */
  readonly schemaPath: string | undefined;
  /** JSON Pointer into the value being built, when known. */
  readonly valuePath: string | undefined;
  /** What was wrong, without the format prefix and the offset (`expected map, got 0x61`). */
  readonly detail: string;
  constructor(format: Format, code: string, what: string, offset: number, schemaPath?: string, valuePath?: string) {
    super(code, `${format} decode: ${what} at offset ${offset}${context(schemaPath, valuePath)}`);
    this.name = 'DecodeError';
    this.format = format;
    this.offset = offset;
    this.detail = what;
    this.schemaPath = schemaPath;
    this.valuePath = valuePath;
  }
}

/** Encoding failed on the value at JSON Pointer `path`. */
export class EncodeError extends CodecError {
  readonly format: Format;
  /** JSON Pointer into the value (`''` is the root). */
  readonly path: string;
  /** What was wrong, without the format prefix and the path (`expected integer, got string`). */
  readonly detail: string;
  /** JSON Pointer (as a `#/…` URI fragment) into the schema, for generated encoders. */
  readonly schemaPath: string | undefined;
  constructor(format: Format, code: string, what: string, path: string, schemaPath?: string) {
    super(code, `${format} encode: ${what} at ${path === '' ? '/' : path}${schemaPath === undefined ? '' : ` (${schemaPath})`}`);
    this.name = 'EncodeError';
    this.format = format;
    this.path = path;
    this.detail = what;
    this.schemaPath = schemaPath;
  }
}

function context(schemaPath: string | undefined, valuePath: string | undefined): string {
  if (schemaPath === undefined && valuePath === undefined) return '';
  if (valuePath === undefined) return ` (${schemaPath})`;
  if (schemaPath === undefined) return ` (at ${valuePath === '' ? '/' : valuePath})`;
  return ` (${schemaPath}, at ${valuePath === '' ? '/' : valuePath})`;
}

/** True for any binschema error; checks `name` so it works across duplicate package copies. */
export function isCodecError(error: unknown): error is CodecError {
  return error instanceof Error && (error.name === 'CodecError' || error.name === 'DecodeError' || error.name === 'EncodeError');
}

/** True for a `DecodeError`, also one from another copy of this package. */
export function isDecodeError(error: unknown): error is DecodeError {
  return error instanceof Error && error.name === 'DecodeError';
}

/** True for an `EncodeError`, also one from another copy of this package. */
export function isEncodeError(error: unknown): error is EncodeError {
  return error instanceof Error && error.name === 'EncodeError';
}

/** Short description of a JS value's type for error messages (`got string`). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Uint8Array) return 'Uint8Array';
  if (value instanceof Map) return 'Map';
  if (value instanceof Date) return 'Date';
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return 'integer';
    return Number.isNaN(value) ? 'NaN' : 'number';
  }
  return typeof value;
}

/** Two-digit hex of a byte, for messages (`got 0x61`). */
export function hexByte(byte: number): string {
  return `0x${byte.toString(16).padStart(2, '0')}`;
}
