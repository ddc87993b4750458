/**
 * MessagePack strings and numbers in their smallest forms (spec.md: "serializers SHOULD use the
 * format which represents the data in the smallest number of bytes"): the scalar writers the
 * generic encoder and generated encoders share.
 */
import type { Writer } from '../writer.js';
import { EncodeError, UNSUPPORTED_VALUE } from '../errors.js';
import { LONE_SURROGATE, UTF8_ENCODE_THRESHOLD, UTF8_NO_ROOM, writeUtf8, writeUtf8Bounded, writeUtf8Platform } from '../utf8.js';
import { Byte } from './constants.js';
import { strHeadSize, writeStrHeadAt } from './head.js';

const TWO_32 = 0x1_0000_0000;

/**
 * Writes `text` as a str with the smallest head; a text with a lone surrogate (no UTF-8 form,
 * RFC 3629 §3) is refused with `EncodeError('unsupported-value')` at path `''`.
 */
export function writeText(writer: Writer, text: string): void {
  if (!putText(writer, text)) throw new EncodeError('msgpack', UNSUPPORTED_VALUE, LONE_SURROGATE, '');
}

/**
 * `writeText` for the generic encoder: false (and the writer's position unchanged) for a lone
 * surrogate. Short ASCII text (most keys) goes in place after a fixstr head; otherwise the head
 * is sized for ASCII and the bytes move right once when the UTF-8 needs a wider head.
 */
export function putText(writer: Writer, text: string): boolean {
  const length = text.length;
  if (length >= 32) return putLongText(writer, text);
  writer.ensure(length * 3 + 5);
  const uint8 = writer.uint8;
  const start = writer.pos;
  let pos = start + 1;
  let index = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) break;
    uint8[pos++] = code;
  }
  if (index === length) {
    uint8[start] = Byte.Fixstr | length;
    writer.pos = pos;
    return true;
  }
  const end = writeUtf8(uint8, start + 1, text);
  if (end === -1) return false;
  const size = end - start - 1;
  if (size < 32) {
    uint8[start] = Byte.Fixstr | size;
    writer.pos = end;
  } else {
    // At most 31 units of 3 bytes: a str8 head.
    uint8.copyWithin(start + 2, start + 1, end);
    uint8[start] = Byte.Str8;
    uint8[start + 1] = size;
    writer.pos = end + 1;
  }
  return true;
}

/** `putText` from 32 units; near the end of the buffer it asks for room for ASCII first (see cbor `putLongText`). */
function putLongText(writer: Writer, text: string): boolean {
  const length = text.length;
  const guess = strHeadSize(length);
  let uint8 = writer.uint8;
  let start = writer.pos;
  let end: number;
  if (uint8.length - start >= length * 3 + 5) {
    end = length > UTF8_ENCODE_THRESHOLD ? writeUtf8Platform(uint8, start + guess, text) : writeUtf8(uint8, start + guess, text);
  } else {
    writer.ensure(length + 5);
    uint8 = writer.uint8;
    start = writer.pos;
    end = writeUtf8Bounded(uint8, start + guess, text);
    if (end === UTF8_NO_ROOM) {
      writer.ensure(length * 3 + 5);
      uint8 = writer.uint8;
      start = writer.pos;
      end = writeUtf8(uint8, start + guess, text);
    }
  }
  if (end === -1) return false;
  const size = end - start - guess;
  const actual = strHeadSize(size);
  if (actual !== guess) uint8.copyWithin(start + actual, start + guess, end);
  writeStrHeadAt(uint8, start, size);
  writer.pos = start + actual + size;
  return true;
}

/**
 * Writes a safe integer in the smallest form: positive fixint, uint8/16/32/64 for values >= 0;
 * negative fixint, int8/16/32/64 for negative values (as msgpackr and @msgpack/msgpack do).
 */
export function writeInteger(writer: Writer, value: number): void {
  writer.ensure(9);
  const uint8 = writer.uint8;
  let pos = writer.pos;
  if (value >= 0) {
    if (value < 0x80) {
      uint8[pos++] = value;
    } else if (value < 0x100) {
      uint8[pos++] = Byte.Uint8;
      uint8[pos++] = value;
    } else if (value < 0x1_0000) {
      uint8[pos++] = Byte.Uint16;
      uint8[pos++] = value >>> 8;
      uint8[pos++] = value;
    } else if (value < TWO_32) {
      uint8[pos++] = Byte.Uint32;
      writer.view.setUint32(pos, value);
      pos += 4;
    } else {
      uint8[pos++] = Byte.Uint64;
      writer.view.setUint32(pos, Math.floor(value / TWO_32));
      writer.view.setUint32(pos + 4, value >>> 0);
      pos += 8;
    }
  } else if (value >= -32) {
    uint8[pos++] = value & 0xff;
  } else if (value >= -0x80) {
    uint8[pos++] = Byte.Int8;
    uint8[pos++] = value;
  } else if (value >= -0x8000) {
    uint8[pos++] = Byte.Int16;
    uint8[pos++] = value >> 8;
    uint8[pos++] = value;
  } else if (value >= -0x8000_0000) {
    uint8[pos++] = Byte.Int32;
    writer.view.setInt32(pos, value);
    pos += 4;
  } else {
    uint8[pos++] = Byte.Int64;
    const high = Math.floor(value / TWO_32);
    writer.view.setInt32(pos, high);
    writer.view.setUint32(pos + 4, value - high * TWO_32);
    pos += 8;
  }
  writer.pos = pos;
}

/**
 * The generic rule for a JS number: a safe integer (not -0) is an integer; anything else is a
 * float64, or with `shortestFloat` a float32 when it holds the value exactly (NaN included).
 * With `largeIntegersAsFloat` (`largeIntegers: 'float64'`) only integers of the 32-bit forms.
 */
export function writeNumber(writer: Writer, value: number, shortestFloat = false, largeIntegersAsFloat = false): void {
  if (isIntegerForm(value, largeIntegersAsFloat)) writeInteger(writer, value);
  else writeFloat(writer, value, shortestFloat);
}

/** Whether `writeNumber` writes `value` as an integer (see there). */
export function isIntegerForm(value: number, largeIntegersAsFloat: boolean): boolean {
  return Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0) && (!largeIntegersAsFloat || (value < TWO_32 && value >= -0x8000_0000));
}

/**
 * `writeNumber` of modules compiled with `largeIntegers: 'float64'`: integers past 32 bits as
 * float64, as msgpackr writes them (the generic encoder's bytes under that option).
 */
export function writeNumberLargeAsFloat64(writer: Writer, value: number): void {
  writeNumber(writer, value, false, true);
}

/** float64, or float32 when `shortest` and float32 holds `value` exactly. */
export function writeFloat(writer: Writer, value: number, shortest: boolean): void {
  writer.ensure(9);
  if (shortest && (Math.fround(value) === value || value !== value)) {
    writer.uint8[writer.pos++] = Byte.Float32;
    writer.view.setFloat32(writer.pos, value);
    writer.pos += 4;
  } else {
    writer.uint8[writer.pos++] = Byte.Float64;
    writer.view.setFloat64(writer.pos, value);
    writer.pos += 8;
  }
}

// Literals (2^64 - 1, -2^63): a bundler keeps a computed bigint even when nothing uses it.
const UINT64_MAX = 0xffff_ffff_ffff_ffffn;
const INT64_MIN = -0x8000_0000_0000_0000n;

/**
 * A bigint as uint64 (>= 0) or int64 (< 0), always the 8-byte form, so it reads back as a bigint
 * under `int64: 'bigint'`; false (nothing written) outside -2^63..2^64-1.
 */
export function putBigInt(writer: Writer, value: bigint): boolean {
  if (value > UINT64_MAX || value < INT64_MIN) return false;
  writer.ensure(9);
  if (value >= 0n) {
    writer.uint8[writer.pos++] = Byte.Uint64;
    writer.view.setBigUint64(writer.pos, value);
  } else {
    writer.uint8[writer.pos++] = Byte.Int64;
    writer.view.setBigInt64(writer.pos, value);
  }
  writer.pos += 8;
  return true;
}
