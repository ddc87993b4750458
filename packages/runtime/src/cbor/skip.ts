import { Reader } from '../reader.js';
import { INVALID_SIMPLE, INVALID_UTF8 } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { readUtf8 } from '../utf8-decode.js';
import { Major, InitialByte, KnownTag } from './constants.js';
import { readArgument } from './head.js';
import { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { notWellFormed, readIndefiniteBytes, readText, tooDeep } from './decode-scalars.js';
import { checkTagContent, isCheckedTag } from './tags.js';

const LIMIT = { maxDepth: DEFAULT_MAX_DEPTH };

/**
 * Skips one item without building it, checking everything the decoder checks under the default
 * options (well-formedness, UTF-8, simple values, content of tags 0..3), with `depth` nesting
 * levels left. Throws the `DecodeError` a decode would.
 */
export function skipAny(reader: Reader, depth: number): void {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  reader.pos = offset + 1;
  const info = initial & 0x1f;
  const major = initial >> 5;
  switch (major) {
    case Major.Unsigned:
    case Major.Negative:
      if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
      readArgument(reader, info, offset);
      return;
    case Major.Bytes:
    case Major.Text: {
      const length = readArgument(reader, info, offset);
      if (length === -1) skipChunks(reader, major);
      else skipString(reader, major, length);
      return;
    }
    case Major.Array:
    case Major.Map:
      if (depth === 0) tooDeep(reader, LIMIT, offset);
      skipContainer(reader, major, readArgument(reader, info, offset), depth - 1);
      return;
    case Major.Tag:
      skipTag(reader, info, offset, depth);
      return;
    default:
      skipSimple(reader, info, offset);
  }
}

function skipString(reader: Reader, major: number, length: number): void {
  if (length > reader.end - reader.pos) reader.failEnd(length);
  const start = reader.pos;
  if (major === Major.Text && !isUtf8(reader.uint8, start, length)) reader.fail(INVALID_UTF8, 'invalid UTF-8 in text', start);
  reader.pos = start + length;
}

/** RFC 8949 §3.2.3: definite chunks of the same major type until a break. */
function skipChunks(reader: Reader, major: number): void {
  for (;;) {
    const offset = reader.pos;
    const initial = reader.u8();
    if (initial === InitialByte.Break) return;
    if (initial >> 5 !== major || (initial & 0x1f) === 31) notWellFormed(reader, 'bad chunk in an indefinite-length string', offset);
    skipString(reader, major, readArgument(reader, initial & 0x1f, offset));
  }
}

function skipContainer(reader: Reader, major: number, count: number, depth: number): void {
  const perEntry = major === Major.Map ? 2 : 1;
  if (count !== -1) {
    for (let index = 0; index < count * perEntry; index++) skipAny(reader, depth);
    return;
  }
  // Indefinite: a break ends it only in key (or element) position (RFC 8949 §3.2.2).
  for (;;) {
    if (reader.pos >= reader.end) reader.failEnd(1);
    if (reader.uint8[reader.pos] === InitialByte.Break) {
      reader.pos++;
      return;
    }
    skipAny(reader, depth);
    if (perEntry === 2) skipAny(reader, depth);
  }
}

function skipTag(reader: Reader, info: number, offset: number, depth: number): void {
  if (depth === 0) tooDeep(reader, LIMIT, offset);
  if (info === 31) notWellFormed(reader, 'indefinite length on a tag', offset);
  const tag = info === 27 ? reader.u64() : readArgument(reader, info, offset);
  if (!isCheckedTag(tag)) return skipAny(reader, depth - 1);
  // Tags 0..3 have their content checked: read it (a string, number or byte string when valid).
  checkTagContent(reader, tag as number, readScalar(reader, depth - 1), offset, DEFAULT_MAX_BIGNUM_BYTES);
}

function skipSimple(reader: Reader, info: number, offset: number): void {
  switch (info) {
    case 24:
      if (reader.u8() < 32) reader.fail(INVALID_SIMPLE, 'simple value below 32 in two-byte form', offset);
      return;
    case 25:
      reader.need(2);
      reader.pos += 2;
      return;
    case 26:
      reader.need(4);
      reader.pos += 4;
      return;
    case 27:
      reader.need(8);
      reader.pos += 8;
      return;
    case 31:
      notWellFormed(reader, 'break outside an indefinite-length item', offset);
    // falls through: notWellFormed never returns
    default:
      if (info >= 28) readArgument(reader, info, offset); // 28..30: throws not-well-formed
  }
}

/** Strict UTF-8 check without keeping the string; pure ASCII needs no decoding at all. */
function isUtf8(uint8: Uint8Array, start: number, length: number): boolean {
  const end = start + length;
  for (let pos = start; pos < end; pos++) {
    if (uint8[pos] >= 0x80) return readUtf8(uint8, start, length) !== undefined;
  }
  return true;
}

/** What `readScalar` gives for an item that is not a scalar. */
export const NOT_SCALAR: unique symbol = /* @__PURE__ */ Symbol('not a scalar');

/**
 * One item as the generic decoder reads it with the default options (`readItem`: the same values,
 * error codes and offsets) when it is a scalar: an integer (a bigint beyond 2^53 - 1), a float,
 * false, true, null, undefined, text, bytes, what tag 55799 wraps. Any other item (an array, a
 * map, a tag, tags 0..3 included, another simple value) is read as `NOT_SCALAR`, a value no JSON
 * scalar equals (the generic decoder's Date, bigint or Tag would equal none either). The item is
 * skipped first, with every check a decode makes, so its value is then read from valid bytes.
 * For the content of tags 0..3 here and for generated decoders' discriminators (JSON scalars
 * compared with `===`), without the generic decoder in their bundles.
 */
export function readScalar(reader: Reader, depth: number): unknown {
  const start = reader.pos;
  skipAny(reader, depth);
  const end = reader.pos;
  const value = scalarAt(reader, start);
  reader.pos = end;
  return value;
}

/** The value of the well-formed item at `at` for `readScalar` (the reader is moved; the caller puts it back). */
function scalarAt(reader: Reader, at: number): unknown {
  const initial = reader.uint8[at];
  const major = initial >> 5;
  const info = initial & 0x1f;
  reader.pos = at + 1;
  switch (major) {
    case Major.Unsigned:
    case Major.Negative: {
      // An 8-byte argument beyond 2^53 - 1 is a bigint, as `readItem` gives it.
      const argument = info === 27 ? reader.u64() : readArgument(reader, info, at);
      if (major === Major.Unsigned) return argument;
      return typeof argument === 'bigint' ? -1n - argument : argument < Number.MAX_SAFE_INTEGER ? -1 - argument : -1n - BigInt(argument);
    }
    case Major.Bytes: {
      const length = readArgument(reader, info, at);
      return length === -1 ? readIndefiniteBytes(reader) : reader.uint8.slice(reader.pos, reader.pos + length);
    }
    case Major.Text:
      reader.pos = at;
      return readText(reader);
    case Major.Tag: {
      const tag = info === 27 ? reader.u64() : readArgument(reader, info, at);
      return tag === KnownTag.SelfDescribed ? scalarAt(reader, reader.pos) : NOT_SCALAR;
    }
    case Major.Simple:
      if (info >= 20 && info <= 23) return SIMPLE_VALUES[info - 20];
      if (info === 25) return decodeFloat16(reader.u16());
      if (info === 26) return reader.f32();
      return info === 27 ? reader.f64() : NOT_SCALAR;
    default:
      return NOT_SCALAR;
  }
}

/** Simple values 20..23 (RFC 8949 §3.3). */
const SIMPLE_VALUES = [false, true, null, undefined];

/** Byte range of the item at `offset` (default 0) of `bytes`; trailing bytes are not looked at. */
export function skipItem(bytes: Uint8Array, offset = 0): { start: number; end: number } {
  const reader = new Reader('cbor', bytes);
  reader.pos = offset;
  skipAny(reader, DEFAULT_MAX_DEPTH);
  return { start: offset, end: reader.pos };
}
