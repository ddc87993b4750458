/**
 * spec.md "Timestamp extension type" (type -1): timestamp 32 (fixext4: uint32 seconds),
 * timestamp 64 (fixext8: 30-bit nanoseconds, 34-bit seconds) and timestamp 96 (ext8 of 12 bytes:
 * uint32 nanoseconds, int64 seconds). Nanoseconds above 999,999,999 are invalid.
 */
import type { Writer } from '../writer.js';
import { uint32At, type Reader } from '../reader.js';
import { INVALID_TAG } from '../errors.js';
import { Byte } from './constants.js';
import { Timestamp } from './values.js';

const TWO_32 = 0x1_0000_0000;
const TWO_34 = 0x4_0000_0000;
const MAX_NANOSECONDS = 999_999_999;
/** ECMA-262 §21.4.1.1: a Date holds ±8.64e15 ms. */
const MAX_DATE_MS = 8.64e15;
// Literals (-2^63, 2^63 - 1): a bundler keeps a computed bigint even when nothing uses it.
const INT64_MIN = -0x8000_0000_0000_0000n;
const INT64_MAX = 0x7fff_ffff_ffff_ffffn;

/** Writes `seconds` (a safe integer or a bigint within int64) and `nanoseconds` in the smallest form. */
export function writeTimestamp(writer: Writer, seconds: number | bigint, nanoseconds: number): void {
  writer.ensure(15);
  const uint8 = writer.uint8;
  const view = writer.view;
  let pos = writer.pos;
  if (typeof seconds === 'number' && seconds >= 0 && seconds < TWO_34) {
    if (nanoseconds === 0 && seconds < TWO_32) {
      uint8[pos++] = Byte.FixExt4;
      uint8[pos++] = 0xff;
      view.setUint32(pos, seconds);
      writer.pos = pos + 4;
      return;
    }
    uint8[pos++] = Byte.FixExt8;
    uint8[pos++] = 0xff;
    // nanoseconds << 34 | seconds, as two 32-bit words.
    view.setUint32(pos, nanoseconds * 4 + Math.floor(seconds / TWO_32));
    view.setUint32(pos + 4, seconds >>> 0);
    writer.pos = pos + 8;
    return;
  }
  uint8[pos++] = Byte.Ext8;
  uint8[pos++] = 12;
  uint8[pos++] = 0xff;
  view.setUint32(pos, nanoseconds);
  view.setBigInt64(pos + 4, BigInt(seconds));
  writer.pos = pos + 12;
}

/** Why `timestamp` cannot be written, or undefined when it can. */
export function timestampProblem(timestamp: Timestamp): string | undefined {
  const { seconds, nanoseconds } = timestamp;
  if (!Number.isInteger(nanoseconds) || nanoseconds < 0 || nanoseconds > MAX_NANOSECONDS) return `timestamp nanoseconds ${String(nanoseconds)} not in 0..999999999`;
  if (typeof seconds === 'bigint' ? seconds < INT64_MIN || seconds > INT64_MAX : !Number.isSafeInteger(seconds)) {
    return `timestamp seconds ${String(seconds)} not a safe integer or a bigint within int64`;
  }
  return undefined;
}

/** True when `data` is a valid timestamp's data: 4, 8 or 12 bytes, nanoseconds up to 999,999,999. */
export function isTimestampData(data: Uint8Array): boolean {
  if (data.length === 4) return true;
  if (data.length !== 8 && data.length !== 12) return false;
  // The nanoseconds: the first 30 bits of 8 bytes, the first 32 of 12 (read here, not through
  // the Reader's helper, so an encode-only bundle ships no reader).
  const first = data[0] * 0x100_0000 + ((data[1] << 16) | (data[2] << 8) | data[3]);
  return (data.length === 8 ? Math.floor(first / 4) : first) <= MAX_NANOSECONDS;
}

/** The seconds and nanoseconds of a valid Date (`getTime` rounds nothing: milliseconds are exact). */
export function dateParts(time: number): [number, number] {
  const seconds = Math.floor(time / 1000);
  return [seconds, (time - seconds * 1000) * 1_000_000];
}

/**
 * Reads the timestamp whose `length` data bytes start at `reader.pos` (the ext head at `offset`)
 * and moves past them: a `Timestamp`, or with `asDate` a `Date` rounded down to the millisecond.
 * A length other than 4, 8 or 12, nanoseconds above 999,999,999 or (as a Date) a time outside
 * the Date range is `invalid-tag` at `offset`.
 */
export function readTimestamp(reader: Reader, length: number, offset: number, asDate: boolean): Date | Timestamp {
  const uint8 = reader.uint8;
  const pos = reader.pos;
  let seconds: number | bigint;
  let nanoseconds = 0;
  if (length === 4) {
    seconds = uint32At(uint8, pos);
  } else if (length === 8) {
    const high = uint32At(uint8, pos);
    nanoseconds = Math.floor(high / 4);
    seconds = (high & 3) * TWO_32 + uint32At(uint8, pos + 4);
  } else if (length === 12) {
    nanoseconds = uint32At(uint8, pos);
    const wide = reader.view.getBigInt64(pos + 4);
    seconds = wide >= -0x1f_ffff_ffff_ffffn && wide <= 0x1f_ffff_ffff_ffffn ? Number(wide) : wide;
  } else {
    return reader.fail(INVALID_TAG, `timestamp of ${length} bytes (4, 8 or 12 allowed)`, offset);
  }
  if (nanoseconds > MAX_NANOSECONDS) reader.fail(INVALID_TAG, `timestamp nanoseconds ${nanoseconds} above 999999999`, offset);
  reader.pos = pos + length;
  if (!asDate) return new Timestamp(seconds, nanoseconds);
  const time = typeof seconds === 'number' ? seconds * 1000 + Math.floor(nanoseconds / 1_000_000) : Infinity;
  if (!(Math.abs(time) <= MAX_DATE_MS)) reader.fail(INVALID_TAG, "timestamp outside the Date range (decode with timestamp: 'object')", offset);
  return new Date(time);
}
