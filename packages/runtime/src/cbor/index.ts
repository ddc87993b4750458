/**
 * Generic (schemaless) RFC 8949 CBOR: the reference behaviour generated code must agree with.
 *
 * Encoding (preferred serialization, RFC 8949 §4.1): shortest heads, definite lengths. A safe
 * integral number (not -0) is an integer; other numbers are float64, or the shortest exact float
 * with `float: 'shortest'` (NaN as f97e00). bigint → integer within 64 bits, else bignum tag 2/3.
 * Uint8Array (and Buffer) → byte string; string → text (one with a lone surrogate has no UTF-8
 * form and fails with `unsupported-value`, never silently U+FFFD); Map → map with keys of any type; plain object (prototype Object.prototype or null) → map with its
 * own enumerable string keys; array → array; Date → tag 1, integer seconds when whole, else a
 * float of ms/1000; undefined → f7; Tag → any tag; Simple → simple value. Functions, symbols,
 * other class instances, invalid Dates and cycles fail with `EncodeError` and a JSON Pointer.
 * `deterministic: true` is RFC 8949 §4.2.1 core deterministic encoding (sorted keys, shortest floats).
 *
 * Decoding accepts every well-formed item (any head width, indefinite lengths, f16/f32/f64).
 * Integers beyond ±(2^53-1) → bigint; tag 2/3 → bigint (always); tag 0/1 → Date (epoch seconds
 * rounded to the millisecond); tag 55799 → its content (transparent); other tags → Tag;
 * false/true/null/undefined natively, other simple values → Simple. Maps with text keys only →
 * plain objects (`__proto__` stays an own property); others → Map (`mapKeys: 'stringify'` for
 * objects). Duplicate keys: last wins (`duplicateKeys: 'reject'` to refuse). Strict: trailing
 * bytes, invalid UTF-8, two-byte simple values below 32 and invalid tag 0..3 content are errors;
 * nesting stops at `maxDepth` (512). Errors are `DecodeError` with a code and byte offset.
 * Bignums longer than `maxBignumBytes` (65,536) are `length-limit`; arrays are preallocated from
 * one budget per input (its length), never per level.
 *
 * Opt-in, per encoder/decoder (never global): tag extensions (`addExtension` on `CborEncoder` /
 * `CborDecoder`, or the `extensions` option: `{ tag, Class, encode, decode }`), with built-in
 * ones for Set (258), URL (32), embedded CBOR (24, lazy) and decimal fractions/bigfloats (4/5);
 * `typedArrays: true` (RFC 8746, tags 64-87); `structuredClone: true` (tags 28/29 for shared and
 * cyclic values, Set, Map, RegExp, Error, typed arrays; cbor-x's bytes); `selfDescribe: true`
 * (tag 55799 prefix). A tag with no extension stays a `Tag`.
 */
export { encode, decode, decodeSequence, checkWellFormed, CborEncoder, CborDecoder } from './codec.js';
export { skipItem } from './skip.js';
export { Tag, Simple } from './values.js';
export { type CborEncodeOptions, type CborDecodeOptions, EncodeSettings } from './options.js';
export { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';

// Tag extensions (per encoder/decoder: `addExtension` or the `extensions` option) and the
// built-in ones, each in its own module (a bundle keeps only those it imports).
export { type CborExtension } from './extensions.js';
export { setExtension } from './extensions/set.js';
export { urlExtension } from './extensions/url.js';
export { EmbeddedCbor, embeddedCborExtension } from './extensions/embedded.js';
export { Decimal, Bigfloat, decimalExtension, bigfloatExtension } from './extensions/decimal.js';
export { DEFAULT_MAX_DEPTH } from '../limits.js';

// Wire constants.
export { Major, Info, InitialByte, KnownTag } from './constants.js';

// For generated code: heads, scalars and the generic codec on an existing Writer/Reader.
export { writeHead, writeHeadAt, headSize, readArgument, readArgumentBig } from './head.js';
export { writeText, writeInteger, writeNumber } from './encode-scalars.js';
export { writeAny } from './encode.js';
export { readAny } from './decode.js';
export { readText, readNumber } from './decode-scalars.js';
export { skipAny } from './skip.js';

// For generated code: support helpers every generated CBOR module calls.
export {
  decodeFailure,
  expectedType,
  tooDeep,
  readContainerHead,
  atBreak,
  readString,
  readNumberItem,
  readIntegerItem,
  readFiniteItem,
  readWideInteger,
  readBooleanItem,
  readNullItem,
  writeConstant,
  compareKeys,
  readKey,
  anySettingsAt,
} from './generated-support.js';
export { scanDiscriminator } from './scan-discriminator.js';
// The public functions of generated modules: encode<Name> and decode<Name> call these.
export { sharedWriter, writerBusy, nestedEncode, encodeFailed, decodeWith } from './generated-api.js';
export { KeyTable, keyTable, matchKey, readKnownText, writeKnownText } from './key-table.js';

// Diagnostic notation (RFC 8949 §8) and the item tree behind it (also used by `binschema inspect`).
export { toDiagnostic, formatFloat, quoteText, DiagnosticPrinter, readTree, DEFAULT_MAX_OUTPUT, type DiagnosticOptions, type PrinterOptions, type CborItem, type ItemLimits } from './diagnostic.js';

// Partial decoding: one level, or only the item at a JSON Pointer.
export { decodeLevel, decodeAt } from './level.js';
export { RawItem } from '../partial-decode.js';

// Streams of CBOR sequences (RFC 8742) as WHATWG TransformStreams, for generated `decodeStream`/`encodeStream`.
export { cborDecoderStream, cborEncoderStream } from '../streams/cbor.js';

// For generated `--dag-cbor` encoders: DAG-CBOR numbers and values of unknown shape.
export { writeDagNumber, writeDagAny } from '../dag-cbor/encode.js';

// For generated modules compiled with codeSize 'small': table-driven maps and the shared fields,
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

// For generated modules of the compact layout: the choice between an object's dense and sparse
// forms, and the readers of indexes and position keys.
export { sparseIsSmaller } from './compact-form.js';
export { readIndex, readPositionKey } from './compact-support.js';
