import type { Reader } from '../reader.js';
import { INVALID_TAG, LENGTH_LIMIT } from '../errors.js';
import { KnownTag } from './constants.js';
import { Tag } from './values.js';
import { bignumFromBytes } from './bignum.js';

/** RFC 3339 date-time (RFC 8949 §3.4.1), checked before `Date.parse`, which accepts far more. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** ECMAScript time values span ±8.64e15 ms (ECMA-262 §21.4.1.1). */
const MAX_TIME = 8.64e15;

/**
 * The value of a tagged item: tag 0/1 → `Date`, tag 2/3 → `bigint`, tag 55799 (self-described
 * CBOR, RFC 8949 §3.4.6) → its content, transparently; any other tag → `Tag`. Invalid content
 * for tags 0..3 fails with `invalid-tag` at the tag's head; a bignum longer than `maxBignumBytes`
 * with `length-limit` there.
 */
export function interpretTag(reader: Reader, tag: number | bigint, content: unknown, offset: number, maxBignumBytes: number): unknown {
  switch (tag) {
    case KnownTag.DateString:
      return new Date(dateStringTime(reader, content, offset));
    case KnownTag.EpochDate:
      return new Date(epochTime(reader, content, offset));
    case KnownTag.PositiveBignum:
    case KnownTag.NegativeBignum: {
      const magnitude = bignumFromBytes(bignumBytes(reader, tag, content, offset, maxBignumBytes));
      return tag === KnownTag.PositiveBignum ? magnitude : -1n - magnitude;
    }
    case KnownTag.SelfDescribed:
      return content;
    default:
      return new Tag(tag, content);
  }
}

/**
 * The checks `interpretTag` makes of the content of a tag 0..3 (`isCheckedTag`), with the same
 * failures, without building its Date or bigint: for skippers, which only check (`skip.ts`).
 */
export function checkTagContent(reader: Reader, tag: number, content: unknown, offset: number, maxBignumBytes: number): void {
  if (tag === KnownTag.DateString) dateStringTime(reader, content, offset);
  else if (tag === KnownTag.EpochDate) epochTime(reader, content, offset);
  else bignumBytes(reader, tag, content, offset, maxBignumBytes);
}

/** The magnitude bytes of a bignum (tag 2 or 3): a byte string of at most `maxBignumBytes`. */
function bignumBytes(reader: Reader, tag: number | bigint, content: unknown, offset: number, maxBignumBytes: number): Uint8Array {
  if (!(content instanceof Uint8Array)) invalidTag(reader, tag, 'a byte string', offset);
  const bytes = content as Uint8Array;
  if (bytes.length > maxBignumBytes) reader.fail(LENGTH_LIMIT, `bignum of ${bytes.length} bytes beyond maxBignumBytes ${maxBignumBytes}`, offset);
  return bytes;
}

/** True for tags whose content the decoder checks (a skipper must decode their content). */
export function isCheckedTag(tag: number | bigint): boolean {
  return typeof tag === 'number' && tag <= KnownTag.NegativeBignum;
}

/** The time (ms) of a tag 0 date-time string, checked. */
function dateStringTime(reader: Reader, content: unknown, offset: number): number {
  if (typeof content !== 'string' || !DATE_TIME.test(content)) invalidTag(reader, 0, 'an RFC 3339 date-time string', offset);
  const text = content as string;
  const time = Date.parse(text);
  // Date.parse rolls 2013-02-30 over to March: check the day exists in its month.
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (Number.isNaN(time) || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
    invalidTag(reader, 0, 'a valid date-time', offset);
  }
  return time;
}

/** The time (ms) of tag 1 epoch seconds (integer or float), rounded to the nearest millisecond, checked. */
function epochTime(reader: Reader, content: unknown, offset: number): number {
  if (typeof content !== 'number') invalidTag(reader, 1, 'a number', offset);
  const time = Math.round((content as number) * 1000);
  if (!(Math.abs(time) <= MAX_TIME)) invalidTag(reader, 1, 'a time within the Date range', offset);
  return time;
}

function invalidTag(reader: Reader, tag: number | bigint, expected: string, offset: number): never {
  return reader.fail(INVALID_TAG, `tag ${tag} needs ${expected}`, offset);
}
