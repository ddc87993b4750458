/**
 * CBOR text and numbers with the shortest heads (RFC 8949 §4.2.1): the scalar writers the
 * generic encoder and generated encoders share.
 */

import type { Writer } from '../writer.js';
import { EncodeError, UNSUPPORTED_VALUE } from '../errors.js';
import { LONE_SURROGATE, UTF8_ENCODE_THRESHOLD, UTF8_NO_ROOM, writeUtf8, writeUtf8Bounded, writeUtf8Platform } from '../utf8.js';
import { encodeFloat16 } from '../float.js';
import { Major, Info, InitialByte } from './constants.js';
import { writeHeadAt, headSize } from './head.js';

/**
 * Writes `text` as a major-3 string with the shortest head; a text with a lone surrogate (no
 * UTF-8 form, RFC 3629 §3) is refused with `EncodeError('unsupported-value')` at path `''`
 * (the text itself; a caller that knows where it is prefixes its own path).
 */
export function writeText(writer: Writer, text: string): void {
  if (!putText(writer, text)) throw new EncodeError('cbor', UNSUPPORTED_VALUE, LONE_SURROGATE, '');
}

/**
 * `writeText` for the generic encoder: false (and the writer's position unchanged) for a lone
 * surrogate. The head is first sized for the all-ASCII case (UTF-8 length = UTF-16 length);
 * when the UTF-8 turns out longer and needs a wider head, the bytes move right once with
 * `copyWithin` (RFC 8949 §4.2.1: shortest head).
 */
export function putText(writer: Writer, text: string): boolean {
  const length = text.length;
  if (length >= 24) return putLongText(writer, text);
  writer.ensure(length * 3 + 9);
  const uint8 = writer.uint8;
  const start = writer.pos;
  // Short ASCII text (most keys) in place after a one-byte head, without a call.
  let pos = start + 1;
  let index = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) break;
    uint8[pos++] = code;
  }
  if (index === length) {
    uint8[start] = (Major.Text << 5) | length;
    writer.pos = pos;
    return true;
  }
  // Otherwise a one-byte head unless the UTF-8 needs 24 bytes or more.
  const end = writeUtf8(uint8, start + 1, text);
  if (end === -1) return false;
  const size = end - start - 1;
  if (size < 24) {
    uint8[start] = (Major.Text << 5) | size;
    writer.pos = end;
  } else {
    uint8.copyWithin(start + 2, start + 1, end);
    uint8[start] = (Major.Text << 5) | Info.OneByte;
    uint8[start + 1] = size;
    writer.pos = end + 1;
  }
  return true;
}

/**
 * `putText` from 24 units. Near the end of the buffer it asks for room for ASCII first and for 3
 * bytes a unit only when the text needs them, so long ASCII text does not make the writer grow
 * (allocate and copy) early.
 */
function putLongText(writer: Writer, text: string): boolean {
  const length = text.length;
  const guess = headSize(length);
  let uint8 = writer.uint8;
  let start = writer.pos;
  let end: number;
  if (uint8.length - start >= length * 3 + 9) {
    end = length > UTF8_ENCODE_THRESHOLD ? writeUtf8Platform(uint8, start + guess, text) : writeUtf8(uint8, start + guess, text);
  } else {
    writer.ensure(length + 9);
    uint8 = writer.uint8;
    start = writer.pos;
    end = writeUtf8Bounded(uint8, start + guess, text);
    if (end === UTF8_NO_ROOM) {
      writer.ensure(length * 3 + 9);
      uint8 = writer.uint8;
      start = writer.pos;
      end = writeUtf8(uint8, start + guess, text);
    }
  }
  if (end === -1) return false;
  const size = end - start - guess;
  const actual = headSize(size);
  if (actual !== guess) uint8.copyWithin(start + actual, start + guess, end);
  writeHeadAt(uint8, start, Major.Text, size);
  writer.pos = start + actual + size;
  return true;
}

/** Writes a safe integer as major 0 or 1 with the shortest head (RFC 8949 §4.2.1). */
export function writeInteger(writer: Writer, value: number): void {
  writer.ensure(9);
  const uint8 = writer.uint8;
  let pos = writer.pos;
  let type = Major.Unsigned << 5;
  if (value < 0) {
    value = -1 - value;
    type = Major.Negative << 5;
  }
  // The common widths inline; 8-byte arguments through writeHeadAt.
  if (value < 24) {
    uint8[pos++] = type | value;
  } else if (value < 0x100) {
    uint8[pos++] = type | Info.OneByte;
    uint8[pos++] = value;
  } else if (value < 0x1_0000) {
    uint8[pos++] = type | Info.TwoBytes;
    uint8[pos++] = value >>> 8;
    uint8[pos++] = value & 0xff;
  } else if (value < 0x1_0000_0000) {
    uint8[pos++] = type | Info.FourBytes;
    uint8[pos++] = value >>> 24;
    uint8[pos++] = (value >>> 16) & 0xff;
    uint8[pos++] = (value >>> 8) & 0xff;
    uint8[pos++] = value & 0xff;
  } else {
    pos = writeHeadAt(uint8, pos, type >> 5, value);
  }
  writer.pos = pos;
}

/** `writeInteger` for an int32 `value`: the shortest head (RFC 8949 §4.2.1), small enough to inline. */
export function writeInt32(writer: Writer, value: number): void {
  writer.ensure(5);
  const uint8 = writer.uint8;
  const pos = writer.pos;
  let type = Major.Unsigned << 5;
  if (value < 0) {
    value = -1 - value;
    type = Major.Negative << 5;
  }
  if (value < 24) {
    uint8[pos] = type | value;
    writer.pos = pos + 1;
  } else if (value < 0x100) {
    uint8[pos] = type | Info.OneByte;
    uint8[pos + 1] = value;
    writer.pos = pos + 2;
  } else if (value < 0x1_0000) {
    uint8[pos] = type | Info.TwoBytes;
    uint8[pos + 1] = value >>> 8;
    uint8[pos + 2] = value;
    writer.pos = pos + 3;
  } else {
    uint8[pos] = type | Info.FourBytes;
    uint8[pos + 1] = value >>> 24;
    uint8[pos + 2] = value >>> 16;
    uint8[pos + 3] = value >>> 8;
    uint8[pos + 4] = value;
    writer.pos = pos + 5;
  }
}

/**
 * The generic rule for a JS number: an integral safe number (not -0) is an integer; anything
 * else is a float64, or with `shortestFloat` the shortest float that holds it exactly
 * (RFC 8949 §4.2.2), NaN as the canonical f97e00.
 */
export function writeNumber(writer: Writer, value: number, shortestFloat = false): void {
  if (Number.isSafeInteger(value) && (value !== 0 || 1 / value > 0)) writeInteger(writer, value);
  else if (shortestFloat) writeShortestFloat(writer, value);
  else {
    writer.ensure(9);
    writer.uint8[writer.pos++] = InitialByte.Float64;
    writer.view.setFloat64(writer.pos, value);
    writer.pos += 8;
  }
}

function writeShortestFloat(writer: Writer, value: number): void {
  writer.ensure(9);
  const uint8 = writer.uint8;
  if (Math.fround(value) !== value && value === value) {
    uint8[writer.pos++] = InitialByte.Float64;
    writer.view.setFloat64(writer.pos, value);
    writer.pos += 8;
    return;
  }
  const half = encodeFloat16(value);
  if (half !== -1) {
    uint8[writer.pos++] = InitialByte.Float16;
    uint8[writer.pos++] = half >>> 8;
    uint8[writer.pos++] = half;
    return;
  }
  uint8[writer.pos++] = InitialByte.Float32;
  writer.view.setFloat32(writer.pos, value);
  writer.pos += 4;
}
