import { Reader } from '../reader.js';
import { INVALID_SIMPLE, INVALID_UTF8, LENGTH_LIMIT, TOO_DEEP } from '../errors.js';
import { readUtf8 } from '../utf8-decode.js';
import { decodeFloat16 } from '../float.js';
import { Major, InitialByte } from './constants.js';
import { readArgument, readArgumentBig } from './head.js';
import { notWellFormed } from './decode-scalars.js';

/**
 * One CBOR data item as it sits in the bytes: where its head starts and ends, the head's fields,
 * and its content. The diagnostic printer and `binschema inspect` both walk this tree, so the
 * notation and the byte dump always agree on what the bytes are.
 */
export interface CborItem {
  /** Offset of the initial byte. */
  readonly offset: number;
  /** Offset after the head (initial byte and argument); for strings, where the payload starts. */
  readonly headEnd: number;
  /** Offset after the whole item (break byte included). */
  end: number;
  readonly major: number;
  /** Additional information (low 5 bits of the initial byte; 31 = indefinite length or break). */
  readonly info: number;
  /**
   * The head's argument: an integer's magnitude, a length, a count of elements (pairs for maps),
   * a tag number, a simple value, the half-precision bits or the f32/f64 value. -1 for an
   * indefinite length.
   */
  readonly argument: number | bigint;
  /** Scalars: the integer (bigint beyond 2^53), string, bytes, float, simple or boolean value. */
  readonly value?: number | bigint | string | Uint8Array | boolean | null | undefined;
  /** Arrays: the elements; maps: keys and values alternating; tags: the content; indefinite strings: the chunks. */
  readonly children?: CborItem[];
}

/** Limits of a tree walk: nesting, and items in all (each prints at least one character). */
export interface ItemLimits {
  maxDepth: number;
  /** Items still allowed; decremented as items are read. */
  itemsLeft: number;
  /**
   * Called for each item as soon as it is known, in byte order: a scalar once read, a container,
   * tag or indefinite string right after its head (its `children` fill in later). `level` is
   * the nesting level (0 at the top). For a dump that shows everything up to an error.
   */
  onItem?: (item: CborItem, level: number) => void;
  /** Called for the break byte at `offset` that ends an indefinite-length item at `level`. */
  onBreak?: (offset: number, level: number) => void;
}

function announce(limits: ItemLimits, item: CborItem, depth: number): CborItem {
  limits.onItem?.(item, limits.maxDepth - depth);
  return item;
}

/**
 * Reads the item at `reader.pos` into a tree, with the decoder's checks: well-formedness
 * (RFC 8949 §3, Appendix F), strict UTF-8 in text, simple values 0..31 only in the one-byte form
 * (§3.3), and `limits`. Tag content is not interpreted, so a well-formed but invalid tag (tag 0
 * around a number) is shown as it is.
 */
export function readItemTree(reader: Reader, depth: number, limits: ItemLimits): CborItem {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  if (--limits.itemsLeft < 0) reader.fail(LENGTH_LIMIT, 'more items than the output limit allows', offset);
  const initial = reader.uint8[offset];
  reader.pos = offset + 1;
  const major = initial >> 5;
  const info = initial & 0x1f;
  switch (major) {
    case Major.Unsigned:
    case Major.Negative:
      return announce(limits, readInteger(reader, offset, major, info), depth);
    case Major.Bytes:
    case Major.Text:
      return readString(reader, offset, major, info, depth, limits);
    case Major.Array:
    case Major.Map:
    case Major.Tag:
      if (depth === 0) reader.fail(TOO_DEEP, `nesting deeper than ${limits.maxDepth}`, offset);
      return major === Major.Tag ? readTag(reader, offset, info, depth, limits) : readContainer(reader, offset, major, info, depth, limits);
    default:
      return announce(limits, readSimple(reader, offset, info), depth);
  }
}

function readInteger(reader: Reader, offset: number, major: number, info: number): CborItem {
  if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
  const argument = info === 27 ? readArgumentBig(reader) : readArgument(reader, info, offset);
  const small = typeof argument === 'number' || argument <= BigInt(Number.MAX_SAFE_INTEGER);
  const magnitude = small ? Number(argument) : argument;
  // RFC 8949 §3.1: major type 1 encodes -1 - argument.
  const value = major === Major.Unsigned ? magnitude : typeof magnitude === 'number' && magnitude < Number.MAX_SAFE_INTEGER ? -1 - magnitude : -1n - BigInt(magnitude);
  return { offset, headEnd: reader.pos, end: reader.pos, major, info, argument: magnitude, value };
}

function readString(reader: Reader, offset: number, major: number, info: number, depth: number, limits: ItemLimits): CborItem {
  const length = readArgument(reader, info, offset);
  const headEnd = reader.pos;
  if (length !== -1) {
    const value = stringPayload(reader, major, length);
    return announce(limits, { offset, headEnd, end: reader.pos, major, info, argument: length, value }, depth);
  }
  // RFC 8949 §3.2.3: definite-length chunks of the same major type, then a break.
  const children: CborItem[] = [];
  const item: CborItem = announce(limits, { offset, headEnd, end: headEnd, major, info, argument: -1, children }, depth);
  for (;;) {
    const chunkOffset = reader.pos;
    const initial = reader.u8();
    if (initial === InitialByte.Break) {
      limits.onBreak?.(chunkOffset, limits.maxDepth - depth);
      break;
    }
    if (initial >> 5 !== major || (initial & 0x1f) === 31) notWellFormed(reader, 'bad chunk in an indefinite-length string', chunkOffset);
    if (--limits.itemsLeft < 0) reader.fail(LENGTH_LIMIT, 'more items than the output limit allows', chunkOffset);
    const chunkLength = readArgument(reader, initial & 0x1f, chunkOffset);
    const chunkHeadEnd = reader.pos;
    const value = stringPayload(reader, major, chunkLength);
    children.push(announce(limits, { offset: chunkOffset, headEnd: chunkHeadEnd, end: reader.pos, major, info: initial & 0x1f, argument: chunkLength, value }, depth - 1));
  }
  item.end = reader.pos;
  return item;
}

function stringPayload(reader: Reader, major: number, length: number): string | Uint8Array {
  if (length > reader.end - reader.pos) reader.failEnd(length);
  const start = reader.pos;
  if (major === Major.Bytes) return reader.bytes(length);
  const text = readUtf8(reader.uint8, start, length);
  if (text === undefined) return reader.fail(INVALID_UTF8, 'invalid UTF-8 in text', start);
  reader.pos = start + length;
  return text;
}

function readContainer(reader: Reader, offset: number, major: number, info: number, depth: number, limits: ItemLimits): CborItem {
  const count = readArgument(reader, info, offset);
  const headEnd = reader.pos;
  const perEntry = major === Major.Map ? 2 : 1;
  const children: CborItem[] = [];
  const item: CborItem = announce(limits, { offset, headEnd, end: headEnd, major, info, argument: count, children }, depth);
  // Each item takes at least one byte: a count beyond the bytes left is truncation, found
  // before anything is allocated for it.
  if (count * perEntry > reader.end - reader.pos) reader.failEnd(count * perEntry);
  if (count !== -1) {
    for (let index = 0; index < count * perEntry; index++) children.push(readItemTree(reader, depth - 1, limits));
    item.end = reader.pos;
    return item;
  }
  // RFC 8949 §3.2.2: a break ends it only in element (or key) position.
  for (;;) {
    if (reader.pos >= reader.end) reader.failEnd(1);
    if (reader.uint8[reader.pos] === InitialByte.Break) {
      limits.onBreak?.(reader.pos, limits.maxDepth - depth);
      reader.pos++;
      item.end = reader.pos;
      return item;
    }
    children.push(readItemTree(reader, depth - 1, limits));
    if (perEntry === 2) children.push(readItemTree(reader, depth - 1, limits));
  }
}

function readTag(reader: Reader, offset: number, info: number, depth: number, limits: ItemLimits): CborItem {
  if (info === 31) notWellFormed(reader, 'indefinite length on a tag', offset);
  const tag = info === 27 ? reader.u64() : readArgument(reader, info, offset);
  const children: CborItem[] = [];
  const item: CborItem = announce(limits, { offset, headEnd: reader.pos, end: reader.pos, major: Major.Tag, info, argument: tag, children }, depth);
  children.push(readItemTree(reader, depth - 1, limits));
  item.end = reader.pos;
  return item;
}

/** Major type 7 (RFC 8949 §3.3): simple values and floats; a break here is out of place. */
function readSimple(reader: Reader, offset: number, info: number): CborItem {
  const item = (argument: number, value: CborItem['value']): CborItem => ({ offset, headEnd: reader.pos, end: reader.pos, major: Major.Simple, info, argument, value });
  switch (info) {
    case 20:
      return item(20, false);
    case 21:
      return item(21, true);
    case 22:
      return item(22, null);
    case 23:
      return item(23, undefined);
    case 24: {
      const simple = reader.u8();
      if (simple < 32) reader.fail(INVALID_SIMPLE, 'simple value below 32 in two-byte form', offset);
      return item(simple, simple);
    }
    case 25: {
      const bits = reader.u16();
      return item(bits, decodeFloat16(bits));
    }
    case 26: {
      const value = reader.f32();
      return item(value, value);
    }
    case 27: {
      const value = reader.f64();
      return item(value, value);
    }
    case 31:
      return notWellFormed(reader, 'break outside an indefinite-length item', offset);
    default:
      if (info >= 28) readArgument(reader, info, offset); // 28..30: throws not-well-formed
      return item(info, info);
  }
}
