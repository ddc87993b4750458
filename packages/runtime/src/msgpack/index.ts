/**
 * Generic (schemaless) MessagePack (msgpack spec.md): the reference behaviour generated code
 * must agree with.
 *
 * Encoding: the smallest form (spec.md "serializers SHOULD use the format which represents the
 * data in the smallest number of bytes"). A safe integral number (not -0) is an integer:
 * positive/negative fixint, then uint8/16/32/64 for values >= 0 and int8/16/32/64 below; other
 * numbers are float64, or float32 where exact with `float: 'shortest'` (`largeIntegers: 'float64'`:
 * integers past 32 bits too, as msgpackr writes them). bigint → uint64 (>= 0) or
 * int64 (< 0), always the 8-byte form; outside -2^63..2^64-1 it fails. string → fixstr/str8/16/32
 * (a lone surrogate has no UTF-8 form and fails with `unsupported-value`, never silently U+FFFD);
 * Uint8Array → bin8/16/32; array → fixarray/array16/32; plain object (prototype Object.prototype or
 * null) → map of its own enumerable string keys; Map → map with keys of any type; Date →
 * timestamp (extension type -1) in the smallest of its 32-, 64- and 96-bit forms; `Timestamp` →
 * the same with nanoseconds; `Ext` → fixext1/2/4/8/16 when the data length fits, else
 * ext8/16/32; null → nil; undefined → nil too (as msgpackr and @msgpack/msgpack: MessagePack has
 * no undefined, so it reads back as null). Functions, symbols, other class instances, invalid
 * Dates and cycles fail with `EncodeError` and a JSON Pointer.
 *
 * Decoding accepts every valid encoding (wider forms than needed, str8 for short text, float32,
 * all three timestamp forms). int64/uint64 → a number when it is a safe integer, else a bigint
 * (`int64: 'bigint'`: always a bigint); timestamp → `Date` rounded down to the millisecond
 * (`timestamp: 'object'`: a `Timestamp`, seconds a number when safe, else a bigint); other
 * extension types → `Ext` unless an extension reads them. Maps with string keys only → plain
 * objects (`__proto__` stays an own property); others → `Map` (`mapKeys: 'stringify'` for
 * objects). Duplicate keys: last wins (`duplicateKeys: 'reject'` to refuse). Strict: 0xc1, invalid
 * UTF-8 in str, trailing bytes, a timestamp with nanoseconds above 999,999,999 or a length other
 * than 4, 8 or 12 are errors; a length or count past the input fails before any allocation;
 * nesting stops at `maxDepth` (512). Errors are `DecodeError` with a code and byte offset, the
 * codes of the CBOR decoder for the same conditions (`invalid-tag` for refused extension data).
 *
 * Opt-in, per encoder/decoder (never global): extension types (`addExtension` on
 * `MsgpackEncoder`/`MsgpackDecoder`, or the `extensions` option: `{ type, Class, encode, decode }`).
 */
export { encode, decode, decodeSequence, checkWellFormed, MsgpackEncoder, MsgpackDecoder } from './codec.js';
export { skipItem, skipAny } from './skip.js';
export { Ext, Timestamp } from './values.js';
export { type MsgpackEncodeOptions, type MsgpackDecodeOptions, EncodeSettings, DecodeSettings } from './options.js';
export { type MsgpackExtension } from './extensions.js';
export { DEFAULT_MAX_DEPTH } from '../limits.js';

// Wire constants.
export { Byte, Kind, TIMESTAMP_TYPE, kindOf, formatName } from './constants.js';

// For generated code: heads, scalars and the generic codec on an existing Writer/Reader.
export { writeStrHead, writeBinHead, writeArrayHead, writeMapHead, writeExtHead, strHeadSize, readHead, HEAD } from './head.js';
export { writeText, writeInteger, writeNumber, writeNumberLargeAsFloat64, writeFloat } from './encode-scalars.js';
export { writeTimestamp } from './timestamp.js';
export { writeAny } from './encode.js';
export { readAny } from './decode.js';
export {
  decodeFailure,
  expectedType,
  tooDeep,
  readArrayHead,
  readMapHead,
  readStrHead,
  readString,
  readBytes,
  strKeyLength,
  readKey,
  readNumberItem,
  readIntegerItem,
  readFiniteItem,
  readBooleanItem,
  readNullItem,
  writeConstant,
  anySettingsAt,
  anyFloat64SettingsAt,
} from './generated-support.js';
export { scanDiscriminator } from './scan-discriminator.js';
// The public functions of generated modules: encode<Name> and decode<Name> call these.
export { sharedWriter, writerBusy, nestedEncode, encodeFailed, decodeWith } from './generated-api.js';
export { readNumberItems } from './number-items.js';

export { keyTable, matchKey, readKnownText, writeKnownText } from './key-table.js';

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

// For generated modules of the compact layout: the readers of indexes and position keys.
export { readIndex, readPositionKey } from './compact-support.js';

// MessagePack notation (diagnostic notation carried over) and the item tree behind it (also used by `binschema inspect`).
export { toDiagnostic, MsgpackPrinter, readMsgpackItem, type MsgpackItem, type MsgpackItemLimits } from './diagnostic.js';

// Partial decoding: one level, or only the item at a JSON Pointer.
export { decodeLevel, decodeAt } from './level.js';
export { RawItem } from '../partial-decode.js';

// Streams of items one after another as WHATWG TransformStreams, for generated `decodeStream`/`encodeStream`.
export { msgpackDecoderStream, msgpackEncoderStream } from '../streams/msgpack.js';
