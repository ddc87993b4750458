import { float32At, float64At, uint32At, type Reader } from '../reader.js';
import { INVALID_SIMPLE, INVALID_UTF8 } from '../errors.js';
import { decodeFloat16 } from '../float.js';
import { readUtf8 } from '../utf8-decode.js';
import { Major, InitialByte } from './constants.js';
import { Simple } from './values.js';
import { coreDecodeSettings, type CborDecodeOptions, type DecodeSettings } from './options.js';
import { interpretTag } from './tags.js';
import { readEntries } from './decode-map.js';
import { isLargeIndexLike, makeElementsSparse } from '../object-entries.js';
import { preallocate } from '../preallocate.js';
import { notWellFormed, readIndefiniteBytes, readIndefiniteText, tooDeep } from './decode-scalars.js';

/**
 * The generic decoder: one item from the reader's position with `depth` nesting levels left
 * (used by generated code for `{}` schemas). Throws only `DecodeError`. Core options only: typed
 * arrays, structured clone and extensions are for `decode` and `CborDecoder`.
 */
export function readAny(reader: Reader, depth: number, options?: CborDecodeOptions | DecodeSettings): unknown {
  return readItem(reader, depth, coreDecodeSettings(options));
}

/**
 * One item. Like cbor-x, the head's argument is read first for every major type, then one
 * switch on the major type builds the value; the common cases (integers, short strings, f64,
 * false/true/null) return from this one function without further calls. The length of this
 * function is deliberate: splitting it costs a call per item on the hot path.
 */
export function readItem(reader: Reader, depth: number, settings: DecodeSettings): unknown {
  const uint8 = reader.uint8;
  const end = reader.end;
  const offset = reader.pos;
  if (offset >= end) reader.failEnd(1);
  let pos = offset + 1;
  const initial = uint8[offset];
  const major = initial >> 5;
  let argument = initial & 0x1f;
  if (argument > 23) {
    switch (argument) {
      case 24:
        if (pos >= end) reader.failEnd(1);
        argument = uint8[pos++];
        if (major === Major.Simple && argument < 32) {
          // RFC 8949 §3.3: 0..31 in the two-byte form is not well-formed.
          reader.fail(INVALID_SIMPLE, `simple value ${argument} in two-byte form`, offset);
        }
        break;
      case 25:
        if (end - pos < 2) reader.failEnd(2);
        argument = (uint8[pos] << 8) | uint8[pos + 1];
        reader.pos = pos + 2;
        if (major === Major.Simple) return decodeFloat16(argument);
        pos += 2;
        break;
      case 26:
        if (end - pos < 4) reader.failEnd(4);
        reader.pos = pos + 4;
        if (major === Major.Simple) return float32At(uint8, pos);
        argument = uint32At(uint8, pos);
        pos += 4;
        break;
      case 27: {
        if (end - pos < 8) reader.failEnd(8);
        reader.pos = pos + 8;
        if (major === Major.Simple) return float64At(uint8, pos);
        const high = uint32At(uint8, pos);
        const low = uint32At(uint8, pos + 4);
        if (high > 0x1f_ffff && (major <= Major.Negative || major === Major.Tag)) return readBig(reader, major, high, low, offset, depth, settings);
        argument = high * 0x1_0000_0000 + low;
        pos += 8;
        break;
      }
      case 31:
        reader.pos = pos;
        return readIndefinite(reader, major, offset, depth, settings);
      default:
        return notWellFormed(reader, `reserved additional information ${argument}`, offset);
    }
  }
  switch (major) {
    case Major.Unsigned:
      reader.pos = pos;
      return argument;
    case Major.Negative:
      reader.pos = pos;
      // Beyond -(2^53-1) the value is a bigint (only an 8-byte head gets here).
      return argument < Number.MAX_SAFE_INTEGER ? -1 - argument : -1n - BigInt(argument);
    case Major.Bytes:
      if (argument > end - pos) reader.failEnd(argument);
      reader.pos = pos + argument;
      return uint8.slice(pos, pos + argument);
    case Major.Text: {
      if (argument > end - pos) reader.failEnd(argument);
      const text = readUtf8(uint8, pos, argument);
      if (text === undefined) reader.fail(INVALID_UTF8, 'invalid UTF-8 in text', pos);
      reader.pos = pos + argument;
      return text;
    }
    case Major.Array:
      reader.pos = pos;
      return readArray(reader, argument, offset, depth, settings);
    case Major.Map:
      reader.pos = pos;
      return readMap(reader, argument, offset, depth, settings);
    case Major.Tag:
      reader.pos = pos;
      return readTag(reader, argument, offset, depth, settings);
    default:
      reader.pos = pos;
      switch (argument) {
        case 20:
          return false;
        case 21:
          return true;
        case 22:
          return null;
        case 23:
          return undefined;
        default:
          return new Simple(argument);
      }
  }
}

/** An 8-byte argument above 2^53-1 on an integer (→ bigint) or a tag number (→ bigint tag). */
function readBig(reader: Reader, major: number, high: number, low: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  const argument = (BigInt(high) << 32n) | BigInt(low);
  if (major === Major.Unsigned) return argument;
  if (major === Major.Negative) return -1n - argument;
  return readTag(reader, argument, offset, depth, settings);
}

/** Additional information 31: indefinite length (RFC 8949 §3.2.2, §3.2.3) or a break. */
function readIndefinite(reader: Reader, major: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  switch (major) {
    case Major.Bytes:
      return readIndefiniteBytes(reader);
    case Major.Text:
      return readIndefiniteText(reader);
    case Major.Array:
      return readArray(reader, -1, offset, depth, settings);
    case Major.Map:
      return readMap(reader, -1, offset, depth, settings);
    case Major.Simple:
      return notWellFormed(reader, 'break outside an indefinite-length item', offset);
    default:
      return notWellFormed(reader, `indefinite length on major type ${major}`, offset);
  }
}

const NOT_ONE_BYTE = /* @__PURE__ */ Symbol('not a one-byte item');
/**
 * The value of each initial byte that is a whole item on its own (RFC 8949 §3.1, Appendix B):
 * integers 0..23 (0x00-0x17) and -1..-24 (0x20-0x37), false/true/null (0xf4-0xf6), the elements
 * of number and token arrays. Every other byte maps to `NOT_ONE_BYTE`.
 */
const ONE_BYTE_ITEMS: unknown[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, initial) => {
  if (initial < 0x18) return initial;
  if (initial >= 0x20 && initial < 0x38) return 0x1f - initial;
  if (initial === InitialByte.False) return false;
  if (initial === InitialByte.True) return true;
  if (initial === InitialByte.Null) return null;
  return NOT_ONE_BYTE;
});

function readArray(reader: Reader, count: number, offset: number, depth: number, settings: DecodeSettings): unknown[] {
  if (depth === 0) tooDeep(reader, settings, offset);
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
  // Sized up front only within the input's slot budget (`preallocate`); a count the input cannot
  // hold then fails at the real end of input (the offset an Appendix C checker reports).
  const array: unknown[] = preallocate(reader, count);
  const uint8 = reader.uint8;
  for (let index = 0; index < count; index++) {
    // One-byte items without the call: one table load and one compare per element.
    const pos = reader.pos;
    const simple = pos < reader.end ? ONE_BYTE_ITEMS[uint8[pos]] : NOT_ONE_BYTE;
    if (simple !== NOT_ONE_BYTE) {
      array[index] = simple;
      reader.pos = pos + 1;
      continue;
    }
    array[index] = readItem(reader, depth - 1, settings);
  }
  return array;
}

function readMap(reader: Reader, count: number, offset: number, depth: number, settings: DecodeSettings): unknown {
  if (depth === 0) tooDeep(reader, settings, offset);
  const object: Record<string, unknown> = {};
  if (count === -1 || settings.rejectDuplicates) return readEntries(reader, object, count, depth - 1, settings);
  const uint8 = reader.uint8;
  const keys = settings.keys;
  let sparse = false;
  for (let index = 0; index < count; index++) {
    // Fast path: a text key with a one-byte head (under 24 bytes) or a 0x78 head (under 256),
    // interned through the key cache.
    const keyOffset = reader.pos;
    const initial = keyOffset < reader.end ? uint8[keyOffset] : 0;
    const headSize = initial === 0x78 ? 2 : 1;
    const length = initial === 0x78 ? (keyOffset + 1 < reader.end ? uint8[keyOffset + 1] : -1) : initial - 0x60;
    let key: string | undefined;
    if (length >= 0 && (length < 24 || headSize === 2) && length <= reader.end - keyOffset - headSize) {
      key = keys.get(uint8, keyOffset + headSize, length);
      if (key === undefined) reader.fail(INVALID_UTF8, 'invalid UTF-8 in map key', keyOffset + headSize);
      reader.pos = keyOffset + headSize + length;
    } else {
      const item = readItem(reader, depth - 1, settings);
      if (typeof item !== 'string') {
        reader.pos = keyOffset;
        return readEntries(reader, object, count - index, depth - 1, settings);
      }
      key = item;
    }
    const value = readItem(reader, depth - 1, settings);
    // Index-like keys as setEntry stores them; the store itself stays here, where it measured 4%
    // faster on very-large-object than through setEntry.
    if (!sparse && isLargeIndexLike(key)) sparse = makeElementsSparse(object);
    // An own property, never the prototype setter (RFC 8949 says nothing; JS needs this).
    if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    else object[key] = value;
  }
  return object;
}

function readTag(reader: Reader, tag: number | bigint, offset: number, depth: number, settings: DecodeSettings): unknown {
  if (depth === 0) tooDeep(reader, settings, offset);
  // Extensions, typed arrays and structured clone read their own content (`extensions.ts`).
  if (settings.tagReaders !== undefined && typeof tag === 'number') {
    const read = settings.tagReaders.get(tag);
    if (read !== undefined) return read(reader, offset, depth - 1, settings);
  }
  const content = readItem(reader, depth - 1, settings);
  return interpretTag(reader, tag, content, offset, settings.maxBignumBytes);
}
