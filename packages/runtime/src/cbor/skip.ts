import { float32At, float64At, Reader, uint32At } from '../reader.js';
import { ErrorCode } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { readUtf8 } from '../utf8-decode.js';
import { Major, InitialByte, KnownTag } from './constants.js';
import { readArgument } from './head.js';
import { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { notWellFormed, readIndefiniteBytes, readIndefiniteText, tooDeep } from './decode-scalars.js';
import { interpretTag, isCheckedTag } from './tags.js';

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
  if (major === Major.Text && !isUtf8(reader.uint8, start, length)) reader.fail(ErrorCode.InvalidUtf8, 'invalid UTF-8 in text', start);
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
  interpretTag(reader, tag, readScalar(reader, depth - 1), offset, DEFAULT_MAX_BIGNUM_BYTES);
}

function skipSimple(reader: Reader, info: number, offset: number): void {
  switch (info) {
    case 24:
      if (reader.u8() < 32) reader.fail(ErrorCode.InvalidSimple, 'simple value below 32 in two-byte form', offset);
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
 * false, true, null, undefined, text, bytes, what tag 55799 wraps, and tags 0..3 checked and
 * interpreted (a Date, a bigint). Any other item (an array, a map, another tag, another simple
 * value) is skipped, checked as a decode checks it, and read as `NOT_SCALAR`. For the content of
 * tags 0..3 here and for generated decoders' discriminators (JSON scalars compared with `===`),
 * without the generic decoder in their bundles.
 */
export function readScalar(reader: Reader, depth: number): unknown {
  const uint8 = reader.uint8;
  const end = reader.end;
  const offset = reader.pos;
  if (offset >= end) reader.failEnd(1);
  const initial = uint8[offset];
  const major = initial >> 5;
  const info = initial & 0x1f;
  if (major === Major.Array || major === Major.Map) {
    skipAny(reader, depth);
    return NOT_SCALAR;
  }
  if (info === 31) {
    reader.pos = offset + 1;
    if (major === Major.Bytes) return readIndefiniteBytes(reader);
    if (major === Major.Text) return readIndefiniteText(reader);
    return notWellFormed(reader, major === Major.Simple ? 'break outside an indefinite-length item' : `indefinite length on major type ${major}`, offset);
  }
  if (major === Major.Simple && info >= 25 && info <= 27) {
    // Floats: a head of 2, 4 or 8 bytes (checked before anything moves, as `readItem` does).
    const size = 1 << (info - 24);
    if (end - offset - 1 < size) reader.failEnd(size);
    reader.pos = offset + 1 + size;
    return info === 25 ? decodeFloat16((uint8[offset + 1] << 8) | uint8[offset + 2]) : info === 26 ? float32At(uint8, offset + 1) : float64At(uint8, offset + 1);
  }
  const argument = scalarArgument(reader, offset, info);
  const pos = reader.pos;
  switch (major) {
    case Major.Unsigned:
      return argument;
    case Major.Negative:
      return typeof argument === 'bigint' ? -1n - argument : argument < Number.MAX_SAFE_INTEGER ? -1 - argument : -1n - BigInt(argument);
    case Major.Bytes:
      if ((argument as number) > end - pos) reader.failEnd(argument as number);
      reader.pos = pos + (argument as number);
      return uint8.slice(pos, reader.pos);
    case Major.Text: {
      if ((argument as number) > end - pos) reader.failEnd(argument as number);
      const text = readUtf8(uint8, pos, argument as number);
      if (text === undefined) reader.fail(ErrorCode.InvalidUtf8, 'invalid UTF-8 in text', pos);
      reader.pos = pos + (argument as number);
      return text;
    }
    case Major.Tag:
      return readScalarTag(reader, argument, offset, depth);
    default:
      if (info === 24 && (argument as number) < 32) reader.fail(ErrorCode.InvalidSimple, `simple value ${argument} in two-byte form`, offset);
      return info === 20 ? false : info === 21 ? true : info === 22 ? null : info === 23 ? undefined : NOT_SCALAR;
  }
}

/**
 * The argument of the head at `offset` (additional information `info`, not 31), as `readItem`
 * reads it: an 8-byte one beyond 2^53 - 1 as a bigint; the reader after the head. A head cut
 * short fails with the reader still at `offset`, as there.
 */
function scalarArgument(reader: Reader, offset: number, info: number): number | bigint {
  if (info < 24) {
    reader.pos = offset + 1;
    return info;
  }
  if (info > 27) return notWellFormed(reader, `reserved additional information ${info}`, offset);
  const size = 1 << (info - 24);
  if (reader.end - offset - 1 < size) reader.failEnd(size);
  const uint8 = reader.uint8;
  const at = offset + 1;
  reader.pos = at + size;
  if (info === 24) return uint8[at];
  if (info === 25) return (uint8[at] << 8) | uint8[at + 1];
  if (info === 26) return uint32At(uint8, at);
  const high = uint32At(uint8, at);
  const low = uint32At(uint8, at + 4);
  return high > 0x1f_ffff ? (BigInt(high) << 32n) | BigInt(low) : high * 0x1_0000_0000 + low;
}

/** A tag's item for `readScalar`: 55799 is its content; 0..3 interpreted; others skipped (`NOT_SCALAR`). */
function readScalarTag(reader: Reader, tag: number | bigint, offset: number, depth: number): unknown {
  if (depth === 0) tooDeep(reader, LIMIT, offset);
  if (tag === KnownTag.SelfDescribed) return readScalar(reader, depth - 1);
  if (isCheckedTag(tag)) return interpretTag(reader, tag, readScalar(reader, depth - 1), offset, DEFAULT_MAX_BIGNUM_BYTES);
  skipAny(reader, depth - 1);
  return NOT_SCALAR;
}

/** Byte range of the item at `offset` (default 0) of `bytes`; trailing bytes are not looked at. */
export function skipItem(bytes: Uint8Array, offset = 0): { start: number; end: number } {
  const reader = new Reader('cbor', bytes);
  reader.pos = offset;
  skipAny(reader, DEFAULT_MAX_DEPTH);
  return { start: offset, end: reader.pos };
}
