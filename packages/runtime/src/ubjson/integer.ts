import type { Writer } from '../writer.js';
import type { Reader } from '../reader.js';
import { EncodeError, hexByte, NOT_WELL_FORMED, UNSUPPORTED_VALUE } from '../errors.js';
import { MARKER_INT16, MARKER_INT32, MARKER_INT64, MARKER_INT8, MARKER_UINT8 } from './constants.js';

const TWO_32 = 0x1_0000_0000;
// Literals (-2^63, 2^63 - 1): a bundler keeps a computed bigint even when nothing uses it.
const INT64_MIN = -0x8000_0000_0000_0000n;
const INT64_MAX = 0x7fff_ffff_ffff_ffffn;

/**
 * Writes integer `value` (a safe integer) with the smallest marker that holds it at `pos` and
 * returns the position after it: `i` for -128..127, then `U` for 128..255, `I`, `l`, and `L`
 * beyond int32 (value-types.html#numeric). The caller guarantees 9 bytes of room.
 */
export function writeIntAt(uint8: Uint8Array, pos: number, value: number): number {
  if (value >= -128 && value <= 127) {
    uint8[pos++] = MARKER_INT8;
    uint8[pos++] = value;
  } else if (value >= 0 && value <= 255) {
    uint8[pos++] = MARKER_UINT8;
    uint8[pos++] = value;
  } else if (value >= -32768 && value <= 32767) {
    uint8[pos++] = MARKER_INT16;
    uint8[pos++] = value >> 8;
    uint8[pos++] = value;
  } else if (value >= -2147483648 && value <= 2147483647) {
    uint8[pos++] = MARKER_INT32;
    uint8[pos++] = value >> 24;
    uint8[pos++] = value >> 16;
    uint8[pos++] = value >> 8;
    uint8[pos++] = value;
  } else {
    // Two's complement halves: ToUint32 gives the low word of negative values too.
    const high = Math.floor(value / TWO_32);
    const low = value >>> 0;
    uint8[pos++] = MARKER_INT64;
    uint8[pos++] = high >> 24;
    uint8[pos++] = high >> 16;
    uint8[pos++] = high >> 8;
    uint8[pos++] = high;
    uint8[pos++] = low >>> 24;
    uint8[pos++] = low >>> 16;
    uint8[pos++] = low >>> 8;
    uint8[pos++] = low;
  }
  return pos;
}

/** Size in bytes (marker included) of `writeIntAt` for a non-negative `value`. */
export function lengthSize(value: number): number {
  return value <= 255 ? 2 : value <= 32767 ? 3 : value <= 2147483647 ? 5 : 9;
}

/**
 * Writes a safe integer with the smallest marker. Anything else (fraction, NaN, beyond 2^53) is
 * an `EncodeError`: integers the caller cannot prove safe go through the generic encoder.
 */
export function writeInt(writer: Writer, value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new EncodeError('ubjson', UNSUPPORTED_VALUE, `expected a safe integer, got ${value}`, '');
  }
  writer.ensure(9);
  writer.pos = writeIntAt(writer.uint8, writer.pos, value);
}

/** True when `value` fits int64, the widest UBJSON integer. */
export function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** Writes a bigint in int64 range as `L` (always `L`, so it decodes back as 64-bit). */
export function writeInt64Big(writer: Writer, value: bigint): void {
  writer.ensure(9);
  writer.uint8[writer.pos++] = MARKER_INT64;
  writer.view.setBigInt64(writer.pos, value);
  writer.pos += 8;
}

/**
 * Reads an integer-marked length or count (`i`, `U`, `I`, `l`, `L`; index.html: "a positive
 * integer") and returns it. Any other marker, or a negative value, is `not-well-formed` at the
 * marker. A length that would need more than the bytes left, at `minSize` bytes per unit
 * (1 for a string's bytes or an array's elements), is `unexpected-end` at the input length:
 * the input is truncated, and nothing has been allocated. `minSize` 0 skips that check, for
 * counts of payload-free elements that the caller caps itself. An int64 beyond 2^53 comes back
 * as an inexact double, larger than any input.
 */
export function readLength(reader: Reader, minSize = 1): number {
  const start = reader.pos;
  if (start >= reader.end) reader.failEnd(1);
  const marker = reader.uint8[reader.pos++];
  let value: number;
  switch (marker) {
    case MARKER_UINT8:
      value = reader.u8();
      break;
    case MARKER_INT8:
      value = reader.i8();
      break;
    case MARKER_INT16:
      value = reader.i16();
      break;
    case MARKER_INT32:
      value = reader.i32();
      break;
    case MARKER_INT64: {
      reader.need(8);
      value = reader.view.getInt32(reader.pos) * TWO_32 + reader.view.getUint32(reader.pos + 4);
      reader.pos += 8;
      break;
    }
    default:
      return reader.fail(NOT_WELL_FORMED, `expected an integer length or count, got ${hexByte(marker)}`, start);
  }
  if (value < 0) reader.fail(NOT_WELL_FORMED, `negative length or count ${value}`, start);
  if (value * minSize > reader.end - reader.pos) reader.failEnd(value * minSize);
  return value;
}
