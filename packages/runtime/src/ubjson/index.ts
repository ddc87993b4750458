/**
 * Generic UBJSON (Draft 12) codec: every multi-byte number big-endian, strict by default.
 *
 * Encoding (see `ValueEncoder`): integers take the smallest of `i U I l L` (safe integers beyond
 * int32 are `L`, never floats); integral numbers beyond 2^53 and all other numbers are `D`
 * (`d` with `float32: true` where exact); -0 stays a float; NaN/±Infinity are `D` by default
 * (`nonFinite: 'null' | 'error'`); bigint is `L` within int64 and `H` beyond; strings are `S`
 * (`C` with `chars: true`); a string or key with a lone surrogate (no UTF-8 form) fails with
 * `unsupported-value`, never silently U+FFFD; `Uint8Array` is `[$U#n`; `undefined` is skipped in objects and `Z`
 * elsewhere; only plain objects become objects; cycles and depth beyond `maxDepth` (512) fail.
 *
 * Decoding (see `UbjsonDecodeOptions`): every marker, the optimized `$`/`#` forms, no-op `N`
 * between container elements (not at top level, not between a key and its value; not counted
 * toward `#`); `[$U#` becomes a `Uint8Array`; `L` a number when safe, else bigint; `H` is
 * validated as a JSON number, then an exact integer (up to 4,300 digits) or its text; `C` above
 * 127, invalid UTF-8, trailing bytes, truncation, negative or non-integer lengths are
 * `DecodeError`s with a byte offset; a count larger than the bytes left is refused before
 * allocation, and payload-free typed arrays count against `maxCount`; `__proto__` becomes an own
 * property; duplicate keys: last wins, or `duplicateKeys: 'reject'`.
 */

// Generic codec.
export { encode, decode, UbjsonEncoder, UbjsonDecoder } from './codec.js';
export type { UbjsonEncodeOptions } from './encoder.js';
export type { UbjsonDecodeOptions } from './decoder.js';

// Marker bytes of the format.
export { Marker } from './constants.js';

// Low-level helpers for generated code: the same byte layout and checks as the generic codec.
export { writeInt, readLength } from './integer.js';
export { writeString, writeKey } from './text.js';
export { readAny, writeAny, skipAny, readPayload } from './codec.js';
export { DEFAULT_MAX_COUNT } from './constants.js';
export { DEFAULT_MAX_DEPTH } from '../limits.js';

// For generated code: support helpers every generated UBJSON module calls.
export {
  decodeFailure,
  expectedType,
  tooDeep,
  readMarker,
  readValueMarker,
  elementSize,
  nextEntry,
  readBooleanItem,
  readNullItem,
  hasNegativeZero,
  writeNumberItem,
  BUDGET,
  CONTAINER,
  readContainerStart,
  readObjectStart,
  readArrayStart,
  readAnyValue,
  readKeyWith,
  readKey,
  readString,
  readNumberItem,
  writeConstant,
  readIntegerItem,
  readFiniteItem,
  anyOptionsAt,
} from './generated-support.js';
export { scanDiscriminator } from './scan-discriminator.js';
// The public functions of generated modules: encode<Name> and decode<Name> call these.
export { sharedWriter, writerBusy, nestedEncode, encodeFailed, decodeWith } from './generated-api.js';
export { readNumberItems } from './number-items.js';

// For generated object readers: declared keys matched through a table (the one expected next first).
export { UbjsonKeyTable, keyTable, matchKey, readKnownText, writeKnownText } from './key-table.js';

// For generated modules of the compact layout: dense elements, indexes and position keys.
export { nextElement, readIndex, readPositionKey } from './compact-support.js';

// For generated modules compiled with codeSize 'small': table-driven objects and the shared fields,
// one table and one set of fields per direction, so a bundle keeps only the direction it calls.
export { writeRecord, writeSpec, type FieldWriter } from './record-writer.js';
export { readRecord, readSpec, type FieldReader } from './record-reader.js';
export {
  writeStringField,
  writeBooleanField,
  writeNullField,
  writeNumberField,
  writeIntegerField,
  writeAnyField,
  writeNeverField,
  writeIntegerIn,
  writeNumberIn,
  writeListOf,
  writeCheckedField,
  writeTextEnumField,
  writeEnumField,
  writeTypeUnion,
  type WriteVariant,
} from './field-writers.js';
export {
  readStringField,
  readBooleanField,
  readNullField,
  readNumberField,
  readIntegerField,
  readAnyField,
  readNeverField,
  readIntegerIn,
  readNumberIn,
  readListOf,
  readCheckedField,
  readTextEnumField,
  readEnumField,
  readTypeUnion,
  type ReadVariant,
} from './field-readers.js';

// UBJSON notation (diagnostic notation for UBJSON) and the value tree behind it (also used by `binschema inspect`).
export { toDiagnostic, UbjsonPrinter, readUbjsonItem, type UbjsonItem, type UbjsonItemLimits } from './diagnostic.js';

// Partial decoding: one level, or only the value at a JSON Pointer.
export { decodeLevel, decodeAt } from './level.js';
export { RawItem } from '../partial-decode.js';

// Streams of concatenated values as WHATWG TransformStreams, for generated `decodeStream`/`encodeStream`.
export { ubjsonDecoderStream, ubjsonEncoderStream } from '../streams/ubjson.js';
