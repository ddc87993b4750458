/**
 * UBJSON helpers every generated UBJSON module calls. They were emitted into each module as
 * text; they depend on no per-module value (the module's containerType and key cache stay in the
 * module with the helpers that use them), so they live here once and modules import them. The
 * payload-free element budget is here too: generated functions and the record readers of compact
 * modules (`record.ts`) draw on one budget per decode.
 */
import { DecodeError, hexByte, TOO_DEEP, UNEXPECTED_TYPE, UNSUPPORTED_VALUE } from '../errors.js';
import { outOfBounds } from '../generated-support.js';
import { KeyCache } from '../key-cache.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { readLength, writeIntAt } from './integer.js';
import { readPayload } from './codec.js';
import { readHighPrecision } from './high-precision.js';
import { DEFAULT_MAX_COUNT } from './constants.js';

/** Pre-encoded constants (keys, `{` with a key) from 32-bit words: the format-neutral helper, re-exported for generated modules. */
export { writeConstant } from '../generated-support.js';

/** A decoder failure at byte `offset` (`atValue`), naming the schema location. */
export function decodeFailure(code: string, what: string, offset: number, schemaPath: string): DecodeError {
  return new DecodeError('ubjson', code, what, atValue(offset), schemaPath);
}

/**
 * A failure at a value reports the value's marker, taken as `reader.pos - 1` once the marker is
 * consumed. An element of a typed container (`[$<type>#`, `{$<type>#`) has no marker: that offset
 * is one byte early, in the header or the element before. The element's first byte is then the
 * place: the typed readers record it in `CONTAINER.implied`, and no failure but this one can sit
 * just before it (every later read is at or after it; a container's own start is 4+ bytes before
 * its first element). Reset per decode by `decodeWith`.
 */
export function atValue(offset: number): number {
  return offset + 1 === CONTAINER.implied ? offset + 1 : offset;
}

/** The failure for a value whose marker (just consumed) is not of the expected type. */
export function expectedType(reader: Reader, expected: string, marker: number, schemaPath: string): DecodeError {
  return decodeFailure(UNEXPECTED_TYPE, `expected ${expected}, got ${hexByte(marker)}`, Math.max(0, reader.pos - 1), schemaPath);
}

/** The generic decoder's nesting limit (DEFAULT_MAX_DEPTH containers). */
export function tooDeep(reader: Reader, schemaPath: string): DecodeError {
  return decodeFailure(TOO_DEEP, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, Math.max(0, reader.pos - 1), schemaPath);
}

/**
 * Payload-free typed elements (`[$Z#`, `[$T#`, `[$F#`) still allowed in this decode: they take no
 * bytes, so six bytes could ask for 2^63 of them. Reset to DEFAULT_MAX_COUNT by each public
 * decode of a generated module.
 */
export const BUDGET = { left: 0 };

/**
 * `type`: the element type (`$`) of the container head `readContainerStart` read last, or 0 when it
 * has none. `implied`: where the element read last from a typed container starts (`atValue`), -1 for none.
 */
export const CONTAINER = { type: 0, implied: -1 };

/**
 * After `[` or `{` (`perEntry`: 0 for arrays, 2 for an object's keys): the optimized header
 * (`$<type>#<count>` or `#<count>`, container-types.html#optimized) and the count, or -1 for a
 * container closed by its end marker. The element type goes to `CONTAINER.type`. A count larger
 * than the bytes left is refused before anything is allocated; payload-free elements draw on BUDGET.
 */
export function readContainerStart(reader: Reader, perEntry: number, schemaPath: string): number {
  CONTAINER.type = 0;
  if (reader.pos >= reader.end) reader.failEnd(1);
  const uint8 = reader.uint8;
  if (uint8[reader.pos] === 0x23) {
    reader.pos++;
    return readLength(reader, perEntry + 1);
  }
  if (uint8[reader.pos] !== 0x24) return -1;
  reader.pos++;
  if (reader.pos >= reader.end) reader.failEnd(1);
  const type = uint8[reader.pos];
  const size = elementSize(type);
  if (size < 0) throw decodeFailure('not-well-formed', `invalid container type ${hexByte(type)}`, reader.pos, schemaPath);
  reader.pos++;
  if (reader.pos >= reader.end) reader.failEnd(1);
  if (uint8[reader.pos] !== 0x23) throw decodeFailure('not-well-formed', 'container type without a count', reader.pos, schemaPath);
  // binary-data.html: `[$U#` is bytes, which the generic decoder gives as a Uint8Array, not an array.
  if (type === 0x55 && perEntry === 0) throw decodeFailure('unexpected-type', 'expected array, got binary data ([$U#)', reader.pos - 2, schemaPath);
  reader.pos++;
  const countOffset = reader.pos;
  const count = readLength(reader, 0);
  if (perEntry + size === 0) {
    if (count > BUDGET.left || count > 0xffffffff) throw decodeFailure('length-limit', `count ${count} beyond maxCount ${DEFAULT_MAX_COUNT}`, countOffset, schemaPath);
    BUDGET.left -= count;
  } else if (count * (perEntry + size) > reader.end - reader.pos) {
    reader.failEnd(count * (perEntry + size));
  }
  CONTAINER.type = type;
  return count;
}

/**
 * After an object's `{` (its marker tested by the caller): the nesting limit (`depth` levels
 * left), then the head (`readContainerStart`); the count of entries, or -1. One call where every
 * object reader had two statements. The marker test stays in the readers: moved in here too, it
 * made them small enough to change V8's inlining, and small-object decoded 8-16% slower (A/B).
 */
export function readObjectStart(reader: Reader, depth: number, schemaPath: string): number {
  if (depth === 0) throw tooDeep(reader, schemaPath);
  return readContainerStart(reader, 2, schemaPath);
}

/** `readObjectStart` for an array, after its `[`: the nesting limit, then the head; the count of items, or -1. */
export function readArrayStart(reader: Reader, depth: number, schemaPath: string): number {
  if (depth === 0) throw tooDeep(reader, schemaPath);
  return readContainerStart(reader, 0, schemaPath);
}

/** A value of unknown shape whose marker is consumed; `depth` counts the levels left, the runtime counts levels used. */
export function readAnyValue(reader: Reader, marker: number, depth: number): unknown {
  return readPayload(reader, marker, DEFAULT_MAX_DEPTH - depth, BUDGET);
}

/** Interned object keys of every generated UBJSON decoder. */
const KEYS = /* @__PURE__ */ new KeyCache();

/** An object key: an integer length and UTF-8 (no `S`), interned in the generated decoders' cache. */
export function readKey(reader: Reader): string {
  return readKeyWith(reader, KEYS);
}

/** An object key: an integer length and UTF-8 (no `S`), interned in `keys`. */
export function readKeyWith(reader: Reader, keys: KeyCache): string {
  const length = readLength(reader);
  const start = reader.pos;
  const key = keys.get(reader.uint8, start, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in key', start);
  reader.pos = start + length;
  return key;
}

/**
 * A string: `S` with a length and UTF-8, a `C` char (0..127, value-types.html#char), or `H`
 * decimal text, which the generic decoder gives as a string.
 */
export function readString(reader: Reader, marker: number, schemaPath: string): string {
  if (marker === 0x53) {
    const uint8 = reader.uint8;
    const pos = reader.pos;
    // One-byte lengths inline: `i` (our encoders) and `U` (json-pack).
    if (pos + 1 < reader.end && (uint8[pos] === 0x55 || (uint8[pos] === 0x69 && uint8[pos + 1] < 0x80))) {
      reader.pos = pos + 2;
      return reader.utf8(uint8[pos + 1]);
    }
    return reader.utf8(readLength(reader));
  }
  if (marker === 0x48) {
    // The generic decoder keeps a high-precision number with a fraction or exponent as its text.
    const offset = reader.pos - 1;
    const text = readHighPrecision(reader, 'auto');
    if (typeof text !== 'string') throw decodeFailure('unexpected-type', 'expected string, got a high-precision integer', offset, schemaPath);
    return text;
  }
  if (marker !== 0x43) throw expectedType(reader, 'string', marker, schemaPath);
  if (reader.pos >= reader.end) reader.failEnd(1);
  const code = reader.uint8[reader.pos];
  if (code > 127) throw decodeFailure('not-well-formed', `char ${hexByte(code)} above 127`, reader.pos, schemaPath);
  reader.pos++;
  return String.fromCharCode(code);
}

/**
 * A number: any integer marker, `d`/`D`, or `H` text the generic decoder reads as a number. An
 * integer beyond ±(2^53 - 1) (`L` or `H`; a bigint in the generic decoder) is taken when the
 * double holds it exactly (as other writers give a large JSON integer, e.g. 968129121061490688)
 * and is `unsupported-value` otherwise, as the CBOR and MessagePack helpers do.
 */
export function readNumberItem(reader: Reader, marker: number, schemaPath: string): number {
  switch (marker) {
    case 0x69: return reader.i8();
    case 0x55: return reader.u8();
    case 0x49: return reader.i16();
    case 0x6c: return reader.i32();
    case 0x64: return reader.f32();
    case 0x44: return reader.f64();
    case 0x4c:
    case 0x48: {
      const offset = reader.pos - 1;
      // As the generic decoder reads them (default options): beyond ±(2^53 - 1) a bigint.
      const value = marker === 0x4c ? reader.i64() : readHighPrecision(reader, 'auto');
      if (typeof value === 'number') return value;
      // `H` text with a fraction or exponent (or thousands of digits): the generic decoder keeps the text.
      if (typeof value !== 'bigint') throw decodeFailure(UNEXPECTED_TYPE, 'expected number, got a high-precision number with a fraction or exponent, which decodes to its text (as the generic decoder reads it)', offset, schemaPath);
      const exact = Number(value);
      if (BigInt(exact) !== value) throw decodeFailure(UNSUPPORTED_VALUE, `integer ${value} is not exactly representable as a number`, offset, schemaPath);
      return exact;
    }
    default:
      throw expectedType(reader, 'number', marker, schemaPath);
  }
}

/**
 * An integer (`"type": "integer"`), any number marker: `readNumberItem` and the check in one call,
 * so a property of that type is one line of generated code. The marker is consumed; a failure
 * reports its offset.
 */
export function readIntegerItem(reader: Reader, marker: number, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected integer', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, atValue(offset), schemaPath);
  return value;
}

/** A finite number (`"type": "number"`; JSON has no NaN or infinities), as `readIntegerItem`. */
export function readFiniteItem(reader: Reader, marker: number, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected a finite number', offset, schemaPath);
  if (value < minimum || value > maximum) throw outOfBounds(reader, value, minimum, maximum, atValue(offset), schemaPath);
  return value;
}

/**
 * `writeAny` options with `depth` nesting levels left, one object per depth: the runtime caches
 * its encoder per options object, so a fresh object per call would build an encoder every time.
 */
const ANY_OPTIONS_BY_DEPTH: { maxDepth: number }[] = [];
export function anyOptionsAt(depth: number): { maxDepth: number } {
  return (ANY_OPTIONS_BY_DEPTH[depth] ??= { maxDepth: depth });
}

/** The next marker byte, consumed. */
export function readMarker(reader: Reader): number {
  if (reader.pos >= reader.end) reader.failEnd(1);
  return reader.uint8[reader.pos++];
}

/** The marker of an object's value: the container's element `type`, which starts no byte (`atValue`), or the next byte. */
export function readValueMarker(reader: Reader, type: number): number {
  if (type === 0) return readMarker(reader);
  CONTAINER.implied = reader.pos;
  return type;
}

/** Fewest payload bytes of a typed container's element, or -1 for a type `$` may not name (No-op, ends, `$`, `#`). */
export function elementSize(type: number): number {
  switch (type) {
    case 0x5a: case 0x54: case 0x46: return 0; // Z T F
    case 0x69: case 0x55: case 0x43: case 0x5b: case 0x7b: return 1; // i U C [ {
    case 0x49: case 0x53: return 2; // I; S is length marker + length
    case 0x48: return 3; // H: length marker + length + a digit
    case 0x6c: case 0x64: return 4; // l d
    case 0x4c: case 0x44: return 8; // L D
    default: return -1;
  }
}

/**
 * True when object entry `index` follows (its key next). No-ops before keys are skipped, except
 * in typed objects; a counted object ends after its count, without looking at the next byte.
 */
export function nextEntry(reader: Reader, count: number, index: number, type: number): boolean {
  if (count >= 0) {
    if (index >= count) return false;
    if (type === 0) while (reader.pos < reader.end && reader.uint8[reader.pos] === 0x4e) reader.pos++;
    return true;
  }
  for (;;) {
    if (reader.pos >= reader.end) reader.failEnd(1);
    const marker = reader.uint8[reader.pos++];
    if (marker === 0x7d) return false;
    if (marker !== 0x4e) {
      reader.pos--;
      return true;
    }
  }
}

/** `T` or `F`. */
export function readBooleanItem(reader: Reader, marker: number, schemaPath: string): boolean {
  if (marker === 0x54) return true;
  if (marker !== 0x46) throw expectedType(reader, 'boolean', marker, schemaPath);
  return false;
}

/** `Z`. */
export function readNullItem(reader: Reader, marker: number, schemaPath: string): null {
  if (marker !== 0x5a) throw expectedType(reader, 'null', marker, schemaPath);
  return null;
}

/** True when an array holds -0, which a typed integer container cannot carry (it is a float in UBJSON). */
export function hasNegativeZero(items: readonly unknown[]): boolean {
  for (let index = 0; index < items.length; index++) if (items[index] === 0 && 1 / (items[index] as number) < 0) return true;
  return false;
}

/**
 * A number as the generic encoder writes it: a safe integer (not -0) with the smallest of
 * `i U I l L`, anything else as float64 `D` (value-types.html#numeric).
 */
export function writeNumberItem(writer: Writer, value: number): void {
  // One `ensure` for every case and the int32 test first: `writeInt` would check the value
  // is a safe integer again and ensure room again (numbers profile, .tmp measurements).
  writer.ensure(9);
  const uint8 = writer.uint8;
  const pos = writer.pos;
  if (((value | 0) === value || Number.isSafeInteger(value)) && (value !== 0 || 1 / value > 0)) {
    writer.pos = writeIntAt(uint8, pos, value);
    return;
  }
  uint8[pos] = 0x44;
  writer.pos = pos + 1;
  writer.f64(value);
}
