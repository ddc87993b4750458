/**
 * CBOR helpers every generated CBOR module calls. They were emitted into each module as text;
 * they depend on no per-module value, so they live here once and modules import them (map keys are
 * interned in one cache for every module, as the generic decoder's are). Each stays a small
 * monomorphic function.
 */
import { DecodeError, hexByte, TOO_DEEP, UNEXPECTED_TYPE, UNSUPPORTED_VALUE } from '../errors.js';
import { outOfBounds } from '../generated-support.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { utf8Length } from '../utf8-length.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { readArgument, readArgumentBig } from './head.js';
import { readText, readNumber } from './decode-scalars.js';
import { KeyCache } from '../key-cache.js';
import { EncodeSettings } from './options.js';

/** A decoder failure at byte `offset`, naming the schema location. */
export function decodeFailure(code: string, what: string, offset: number, schemaPath: string): DecodeError {
  return new DecodeError('cbor', code, what, offset, schemaPath);
}

/** The failure for an item of the wrong major type at `offset`. */
export function expectedType(reader: Reader, expected: string, offset: number, schemaPath: string): DecodeError {
  return decodeFailure(UNEXPECTED_TYPE, `expected ${expected}, got ${hexByte(reader.uint8[offset])}`, offset, schemaPath);
}

/** RFC 8949 leaves nesting unbounded; like the generic decoder we stop at DEFAULT_MAX_DEPTH levels. */
export function tooDeep(offset: number, schemaPath: string): DecodeError {
  return decodeFailure(TOO_DEEP, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, offset, schemaPath);
}

/**
 * Reads the head of an array (major 4) or map (major 5): the item count, or -1 for indefinite
 * length (RFC 8949 §3.2.2). A count the input cannot hold is not refused here: every item read
 * takes a byte or more and arrays are sized within the input's budget (`preallocate`), so it
 * fails at the real end of input, with `unexpected-end` at the offset the generic decoder gives.
 */
export function readContainerHead(reader: Reader, major: number, schemaPath: string): number {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== major) throw expectedType(reader, major === 4 ? 'array' : 'map', offset, schemaPath);
  return readArgument(reader, initial & 0x1f, offset);
}

/** In an indefinite-length container: consumes the break (0xff) and returns true at the end. */
export function atBreak(reader: Reader): boolean {
  if (reader.pos >= reader.end) reader.failEnd(1);
  if (reader.uint8[reader.pos] !== 0xff) return false;
  reader.pos++;
  return true;
}

/** A text string; definite strings up to 255 bytes inline, the rest (longer, indefinite) through `readText`. */
export function readString(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[offset];
  if (initial >> 5 !== 3) throw expectedType(reader, 'text', offset, schemaPath);
  if (initial < 0x78) {
    reader.pos = offset + 1;
    return reader.utf8(initial - 0x60);
  }
  // A one-byte length (24 to 255 bytes as encoders write them).
  if (initial === 0x78 && offset + 1 < reader.end) {
    reader.pos = offset + 2;
    return reader.utf8(reader.uint8[offset + 1]);
  }
  return readText(reader);
}

/**
 * A number: an integer of any width or an f16/f32/f64 (RFC 8949 §3.3). Integers with a one-byte
 * head and 1-, 2- and 4-byte arguments are read inline; 64-bit ones by `readWideInteger`.
 */
export function readNumberItem(reader: Reader, schemaPath: string): number {
  const offset = reader.pos;
  const end = reader.end;
  if (offset >= end) reader.failEnd(1);
  const uint8 = reader.uint8;
  const initial = uint8[offset];
  if (initial < 0x18) {
    reader.pos = offset + 1;
    return initial;
  }
  if (initial >= 0x20 && initial < 0x38) {
    reader.pos = offset + 1;
    return 0x1f - initial;
  }
  if (initial >= 0x40) {
    if (initial < 0xf9 || initial > 0xfb) throw expectedType(reader, 'number', offset, schemaPath);
    return readNumber(reader);
  }
  // Major 0 or 1 with a 1-, 2-, 4- or 8-byte argument (RFC 8949 §3.1: -1 - n for major 1).
  const negative = initial >= 0x20;
  let argument: number;
  switch (initial & 0x1f) {
    case 24:
      if (offset + 2 > end) reader.failEnd(2);
      argument = uint8[offset + 1];
      reader.pos = offset + 2;
      break;
    case 25:
      if (offset + 3 > end) reader.failEnd(3);
      argument = (uint8[offset + 1] << 8) | uint8[offset + 2];
      reader.pos = offset + 3;
      break;
    case 26:
      if (offset + 5 > end) reader.failEnd(5);
      argument = uint8[offset + 1] * 0x100_0000 + ((uint8[offset + 2] << 16) | (uint8[offset + 3] << 8) | uint8[offset + 4]);
      reader.pos = offset + 5;
      break;
    case 27:
      return readWideInteger(reader, negative, offset, schemaPath);
    default:
      // Reserved (28..30) or indefinite (31): the generic reader reports it.
      return readNumber(reader);
  }
  return negative ? -1 - argument : argument;
}

/**
 * An integer (`"type": "integer"`): `readNumberItem` and the check in one call, so a property of
 * that type is one line of generated code.
 */
export function readIntegerItem(reader: Reader, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected integer', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, offset, schemaPath);
  return value;
}

/** A finite number (`"type": "number"`; JSON has no NaN or infinities), as `readIntegerItem`. */
export function readFiniteItem(reader: Reader, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected a finite number', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, offset, schemaPath);
  return value;
}

/**
 * An integer with an 8-byte argument (the head at `offset`). The generic decoder gives a bigint
 * beyond ±(2^53 - 1); a JSON number schema takes the value as a number when the double holds it
 * exactly (as encoders write integral doubles, e.g. 968129121061490688) and refuses it otherwise.
 */
export function readWideInteger(reader: Reader, negative: boolean, offset: number, schemaPath: string): number {
  reader.pos = offset + 1;
  const argument = readArgumentBig(reader);
  const exact = negative ? -1n - argument : argument;
  const value = Number(exact);
  if (BigInt(value) !== exact) throw decodeFailure(UNSUPPORTED_VALUE, `integer ${exact} is not exactly representable as a number`, offset, schemaPath);
  return value;
}

/** `false` (0xf4) or `true` (0xf5). */
export function readBooleanItem(reader: Reader, schemaPath: string): boolean {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial === 0xf5) return true;
  if (initial !== 0xf4) throw expectedType(reader, 'boolean', offset, schemaPath);
  return false;
}

/** `null` (0xf6). */
export function readNullItem(reader: Reader, schemaPath: string): null {
  const offset = reader.pos;
  if (reader.u8() !== 0xf6) throw expectedType(reader, 'null', offset, schemaPath);
  return null;
}

export { writeConstant } from '../generated-support.js';

/**
 * RFC 8949 §4.2.1 order of two text keys' encodings: a longer UTF-8 length has a larger head,
 * equal lengths compare bytewise, and UTF-8 byte order is code point order.
 */
export function compareKeys(a: string, b: string): number {
  const difference = utf8Length(a) - utf8Length(b);
  if (difference !== 0) return difference;
  for (let index = 0; index < a.length; index++) {
    const left = a.codePointAt(index) ?? 0;
    const right = b.codePointAt(index) ?? 0;
    if (left !== right) return left - right;
    if (left > 0xffff) index++;
  }
  return 0;
}

/** Interned map keys of every generated CBOR decoder. */
const KEYS = /* @__PURE__ */ new KeyCache();

/** A map key: must be text (a JSON object's keys are strings); definite keys are interned. */
export function readKey(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== 3) throw expectedType(reader, 'text key', offset, schemaPath);
  const length = readArgument(reader, initial & 0x1f, offset);
  if (length < 0) {
    reader.pos = offset;
    return readText(reader);
  }
  reader.need(length);
  const key = KEYS.get(reader.uint8, reader.pos, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in text', reader.pos);
  reader.pos += length;
  return key;
}

/**
 * `writeAny` settings with `depth` nesting levels left (1: deterministic key order), one per
 * depth, built once: an options object a call cost an allocation and a settings object each time
 * (24 KB a combined encode, where records hold values of any shape).
 */
const ANY_SETTINGS: EncodeSettings[][] = [[], []];
export function anySettingsAt(depth: number, deterministic: 0 | 1): EncodeSettings {
  return (ANY_SETTINGS[deterministic][depth] ??= new EncodeSettings({ deterministic: deterministic === 1, maxDepth: depth }));
}
