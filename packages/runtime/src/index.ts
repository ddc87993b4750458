/**
 * @binschema/runtime: zero dependencies, no side effects (`sideEffects: false`; module state such
 * as the shared writer, reader and key cache is `@__PURE__`), so a bundler keeps only what a
 * program calls: import the generic codecs from their subpaths (`/cbor`, `/ubjson`). Works with or
 * without Node's `Buffer` (browsers take the TextEncoder/TextDecoder paths; both are tested).
 */

// Errors: one family for every codec, generic or generated.
export {
  CodecError,
  DecodeError,
  EncodeError,
  ErrorCode,
  isCodecError,
  isDecodeError,
  isEncodeError,
  describeValue,
  hexByte,
  type Format,
} from './errors.js';

// Default limits shared by every codec.
export { DEFAULT_MAX_DEPTH } from './limits.js';

// Byte I/O used by the generic codecs and by generated code.
export { Writer } from './writer.js';
export { Reader } from './reader.js';
export { preallocate } from './preallocate.js';

// Text and number helpers.
export { writeUtf8, utf8Length, maxUtf8Length, isWellFormedText, UTF8_ENCODE_THRESHOLD } from './utf8.js';
export { readUtf8, UTF8_DECODE_THRESHOLD } from './utf8-decode.js';
export { KeyCache, KEY_CACHE_MAX_LENGTH } from './key-cache.js';
export { decodeFloat16, encodeFloat16, fitsFloat32, float32Bits } from './float.js';

// RFC 6901 JSON Pointers for error paths.
export { escapePointerToken, unescapePointerToken, joinPointer, pointerFrom, parsePointer } from './pointer.js';

// For generated code: support helpers every generated module calls (format-neutral).
export {
  withSchemaPath,
  isPlainObject,
  ownValue,
  countKeys,
  unknownKey,
  codePoints,
  isMultipleOf,
  jsonEqual,
  hasDuplicates,
  isSchemaMismatch,
  sameBytes,
  writeBytes,
  ChecksTooDeep,
  checksHold,
  isJsonNonObject,
  EncodeFailure,
  encodeFailure,
  expectString,
  expectRecord,
  expectArray,
  expectBoolean,
  expectInteger,
  expectFinite,
  anyFailure,
  atPath,
  missingText,
} from './generated-support.js';
export { setOwn, setEntry } from './object-entries.js';
export { RecordTable, resolveField, type RecordField, type FieldSpec, type FieldKit } from './record-table.js';
// The failure of a `false` subschema, which specialised code spells out as the shared codec does.
export { NO_VALUE_ALLOWED } from './record-support.js';
