/**
 * UBJSON helpers every generated UBJSON module calls. They were emitted into each module as
 * text; they depend on no per-module value (the module's BUDGET, containerType and key cache stay
 * in the module with the helpers that use them), so they live here once and modules import them.
 */
import { DecodeError, ErrorCode, hexByte } from '../errors.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { writeIntAt } from './integer.js';

/** A decoder failure at byte `offset`, naming the schema location. */
export function decodeFailure(code: string, what: string, offset: number, schemaPath: string): DecodeError {
  return new DecodeError('ubjson', code, what, offset, schemaPath);
}

/** The failure for a value whose marker (just consumed) is not of the expected type. */
export function expectedType(reader: Reader, expected: string, marker: number, schemaPath: string): DecodeError {
  return decodeFailure(ErrorCode.UnexpectedType, `expected ${expected}, got ${hexByte(marker)}`, Math.max(0, reader.pos - 1), schemaPath);
}

/** The generic decoder's nesting limit (DEFAULT_MAX_DEPTH containers). */
export function tooDeep(reader: Reader, schemaPath: string): DecodeError {
  return decodeFailure(ErrorCode.TooDeep, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, Math.max(0, reader.pos - 1), schemaPath);
}

/** The next marker byte, consumed. */
export function readMarker(reader: Reader): number {
  if (reader.pos >= reader.end) reader.failEnd(1);
  return reader.uint8[reader.pos++];
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
