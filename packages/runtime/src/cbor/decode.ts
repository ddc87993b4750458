import type { Reader } from '../reader.js';
import { ErrorCode, hexByte } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { Major, InitialByte } from './constants.js';
import { readArgument } from './head.js';
import { Simple } from './values.js';
import { decodeSettings, type CborDecodeOptions, type DecodeSettings } from './options.js';
import { interpretTag } from './tags.js';
import { readEntries } from './decode-map.js';

/**
 * The generic decoder: one item from the reader's position with `depth` nesting levels left
 * (used by generated code for `{}` schemas). Throws only `DecodeError`.
 */
export function readAny(reader: Reader, depth: number, options?: CborDecodeOptions | DecodeSettings): unknown {
  return readItem(reader, depth, decodeSettings(options));
}

/**
 * One item. The dispatch on the major type and the common cases (small integers, short keys,
 * f64, false/true/null) stay in this one function so the hot path makes no extra calls.
 */
export function readItem(reader: Reader, depth: number, settings: DecodeSettings): unknown {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  reader.pos = offset + 1;
  const info = initial & 0x1f;
  switch (initial >> 5) {
    case Major.Unsigned:
      return info < 24 ? info : readUnsigned(reader, info, offset);
    case Major.Negative:
      return info < 24 ? -1 - info : readNegative(reader, info, offset);
    case Major.Bytes:
      return readBytes(reader, info, offset);
    case Major.Text: {
      if (info < 24) return reader.utf8(info);
      const length = readArgument(reader, info, offset);
      return length === -1 ? readIndefiniteText(reader) : reader.utf8(length);
    }
    case Major.Array:
      return readArray(reader, info, offset, depth, settings);
    case Major.Map:
      return readMap(reader, info, offset, depth, settings);
    case Major.Tag:
      return readTag(reader, info, offset, depth, settings);
    default:
      switch (info) {
        case 20:
          return false;
        case 21:
          return true;
        case 22:
          return null;
        case 23:
          return undefined;
        case 27:
          return reader.f64();
        default:
          return readSimple(reader, info, offset);
      }
  }
}

function readUnsigned(reader: Reader, info: number, offset: number): number | bigint {
  if (info === 27) return reader.u64();
  if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
  return readArgument(reader, info, offset);
}

/** RFC 8949 §3.1 major 1: the value is -1 - argument; beyond -(2^53-1) a bigint. */
function readNegative(reader: Reader, info: number, offset: number): number | bigint {
  if (info === 27) {
    const argument = reader.u64();
    if (typeof argument === 'bigint') return -1n - argument;
    return argument < Number.MAX_SAFE_INTEGER ? -1 - argument : -1n - BigInt(argument);
  }
  if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
  return -1 - readArgument(reader, info, offset);
}

function readBytes(reader: Reader, info: number, offset: number): Uint8Array {
  const length = info < 24 ? info : readArgument(reader, info, offset);
  if (length === -1) return readIndefiniteBytes(reader);
  if (length > reader.end - reader.pos) reader.failEnd(length);
  const start = reader.pos;
  reader.pos = start + length;
  return reader.uint8.slice(start, start + length);
}

/**
 * RFC 8949 §3.2.3: the chunks of an indefinite-length string are definite-length strings of the
 * same major type; anything else (a nested indefinite string included) is not well-formed at
 * the chunk's initial byte.
 */
function readChunkLength(reader: Reader, major: number): number {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial === InitialByte.Break) return -1;
  if (initial >> 5 !== major || (initial & 0x1f) === 31) {
    notWellFormed(reader, `chunk ${hexByte(initial)} in an indefinite-length ${major === Major.Text ? 'text' : 'byte'} string`, offset);
  }
  const length = readArgument(reader, initial & 0x1f, offset);
  if (length > reader.end - reader.pos) reader.failEnd(length);
  return length;
}

function readIndefiniteBytes(reader: Reader): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let length = readChunkLength(reader, Major.Bytes); length !== -1; length = readChunkLength(reader, Major.Bytes)) {
    chunks.push(reader.bytes(length));
    total += length;
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const chunk of chunks) {
    out.set(chunk, pos);
    pos += chunk.length;
  }
  return out;
}

/** Each chunk must be valid UTF-8 on its own (RFC 8949 §3.2.3: chunks never split a character). */
function readIndefiniteText(reader: Reader): string {
  let text = '';
  for (let length = readChunkLength(reader, Major.Text); length !== -1; length = readChunkLength(reader, Major.Text)) {
    text += reader.utf8(length);
  }
  return text;
}

function readArray(reader: Reader, info: number, offset: number, depth: number, settings: DecodeSettings): unknown[] {
  if (depth === 0) tooDeep(reader, settings, offset);
  const count = info < 24 ? info : readArgument(reader, info, offset);
  if (count === -1) {
    const array: unknown[] = [];
    for (;;) {
      if (reader.pos >= reader.end) reader.failEnd(1);
      if (reader.uint8[reader.pos] === InitialByte.Break) {
        reader.pos++;
        return array;
      }
      array.push(readItem(reader, depth - 1, settings));
    }
  }
  // Every element takes at least one byte: a larger count is never preallocated, and the loop
  // then fails at the real end of input (the offset an Appendix C checker reports).
  const array: unknown[] = count <= reader.end - reader.pos ? new Array(count) : [];
  for (let index = 0; index < count; index++) array[index] = readItem(reader, depth - 1, settings);
  return array;
}

function readMap(reader: Reader, info: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  if (depth === 0) tooDeep(reader, settings, offset);
  const count = info < 24 ? info : readArgument(reader, info, offset);
  const object: Record<string, unknown> = {};
  if (count === -1 || settings.rejectDuplicates) return readEntries(reader, object, count, depth - 1, settings);
  const uint8 = reader.uint8;
  const keys = settings.keys;
  for (let index = 0; index < count; index++) {
    // Fast path: a text key shorter than 24 bytes, interned through the key cache.
    const keyOffset = reader.pos;
    const initial = keyOffset < reader.end ? uint8[keyOffset] : 0;
    const length = initial - 0x60;
    let key: string | undefined;
    if (length >= 0 && length < 24 && length < reader.end - keyOffset) {
      key = keys.get(uint8, keyOffset + 1, length);
      if (key === undefined) reader.fail(ErrorCode.InvalidUtf8, 'invalid UTF-8 in map key', keyOffset + 1);
      reader.pos = keyOffset + 1 + length;
    } else {
      const item = readItem(reader, depth - 1, settings);
      if (typeof item !== 'string') {
        reader.pos = keyOffset;
        return readEntries(reader, object, count - index, depth - 1, settings);
      }
      key = item;
    }
    const value = readItem(reader, depth - 1, settings);
    // An own property, never the prototype setter (RFC 8949 says nothing; JS needs this).
    if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

function readTag(reader: Reader, info: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  if (depth === 0) tooDeep(reader, settings, offset);
  let tag: number | bigint;
  if (info < 24) tag = info;
  else if (info === 27) tag = reader.u64();
  else if (info === 31) notWellFormed(reader, 'indefinite length on a tag', offset);
  else tag = readArgument(reader, info, offset);
  const content = readItem(reader, depth - 1, settings);
  return interpretTag(reader, tag, content, offset);
}

/** Major type 7 other than false/true/null/undefined/f64 (RFC 8949 §3.3). */
function readSimple(reader: Reader, info: number, offset: number): unknown {
  switch (info) {
    case 24: {
      const value = reader.u8();
      // RFC 8949 §3.3: 0..31 in the two-byte form is not well-formed.
      if (value < 32) reader.fail(ErrorCode.InvalidSimple, `simple value ${value} in two-byte form`, offset);
      return new Simple(value);
    }
    case 25:
      return decodeFloat16(reader.u16());
    case 26:
      return reader.f32();
    case 31:
      return notWellFormed(reader, 'break outside an indefinite-length item', offset);
    default:
      if (info < 20) return new Simple(info);
      return readArgument(reader, info, offset); // 28..30: throws not-well-formed
  }
}

export function notWellFormed(reader: Reader, what: string, offset: number): never {
  return reader.fail(ErrorCode.NotWellFormed, what, offset);
}

export function tooDeep(reader: Reader, settings: { maxDepth: number }, offset: number): never {
  return reader.fail(ErrorCode.TooDeep, `nesting deeper than ${settings.maxDepth}`, offset);
}

/** One text string (definite or indefinite), strict UTF-8; `unexpected-type` for anything else. */
export function readText(reader: Reader): string {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== Major.Text) reader.fail(ErrorCode.UnexpectedType, `expected text, got ${hexByte(initial)}`, offset);
  const info = initial & 0x1f;
  if (info < 24) return reader.utf8(info);
  const length = readArgument(reader, info, offset);
  return length === -1 ? readIndefiniteText(reader) : reader.utf8(length);
}

/**
 * One number: an integer of any width (beyond 2^53 the nearest double) or an f16/f32/f64;
 * `unexpected-type` for anything else.
 */
export function readNumber(reader: Reader): number {
  const offset = reader.pos;
  const initial = reader.u8();
  const info = initial & 0x1f;
  switch (initial >> 5) {
    case Major.Unsigned:
    case Major.Negative: {
      if (info === 31) notWellFormed(reader, 'indefinite length on an integer', offset);
      const argument = info === 27 ? reader.u64() : readArgument(reader, info, offset);
      const magnitude = typeof argument === 'bigint' ? Number(argument) : argument;
      return initial >> 5 === Major.Unsigned ? magnitude : typeof argument === 'bigint' ? Number(-1n - argument) : -1 - magnitude;
    }
    case Major.Simple:
      if (info === 25) return decodeFloat16(reader.u16());
      if (info === 26) return reader.f32();
      if (info === 27) return reader.f64();
      if (info >= 28 && info <= 30) readArgument(reader, info, offset);
  }
  return reader.fail(ErrorCode.UnexpectedType, `expected number, got ${hexByte(initial)}`, offset);
}
