/**
 * High-precision numbers (`H`, value-types.html#numeric): the payload is "written out in
 * accordance with the original JSON number type", so it is checked against the RFC 8259 §6
 * grammar byte by byte (never handed to an `eval`-like parser):
 *   number = [ "-" ] int [ frac ] [ exp ]; int = "0" / digit1-9 *DIGIT
 *   frac = "." 1*DIGIT; exp = ("e" / "E") [ "-" / "+" ] 1*DIGIT
 */
import { NOT_WELL_FORMED, UNSUPPORTED_VALUE } from '../errors.js';
import type { Reader } from '../reader.js';
import { readUtf8 } from '../utf8-decode.js';
import { readLength } from './integer.js';

export const NumberShape = {
  Invalid: 0,
  /** Only sign and digits: an integer. */
  Integer: 1,
  /** Has a fraction or an exponent. */
  Decimal: 2,
} as const;
type Shape = (typeof NumberShape)[keyof typeof NumberShape];
const Shape = NumberShape;

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/** Classifies `source[start..end)` as a JSON number (integer or not) or invalid. */
export function jsonNumberShape(source: Uint8Array, start: number, end: number): Shape {
  let pos = start;
  if (pos < end && source[pos] === 0x2d) pos++; // '-'
  if (pos >= end) return Shape.Invalid;
  if (source[pos] === 0x30) {
    pos++; // a leading zero stands alone
  } else if (isDigit(source[pos])) {
    while (pos < end && isDigit(source[pos])) pos++;
  } else {
    return Shape.Invalid;
  }
  if (pos === end) return Shape.Integer;
  if (source[pos] === 0x2e) {
    // '.'
    pos++;
    if (pos >= end || !isDigit(source[pos])) return Shape.Invalid;
    while (pos < end && isDigit(source[pos])) pos++;
  }
  if (pos < end && (source[pos] === 0x65 || source[pos] === 0x45)) {
    // 'e' / 'E'
    pos++;
    if (pos < end && (source[pos] === 0x2b || source[pos] === 0x2d)) pos++;
    if (pos >= end || !isDigit(source[pos])) return Shape.Invalid;
    while (pos < end && isDigit(source[pos])) pos++;
  }
  return pos === end ? Shape.Decimal : Shape.Invalid;
}

/**
 * The text of validated JSON number bytes (all ASCII). Through the runtime's UTF-8 decoder (the
 * platform's for long text): a string built a character at a time took ~100 ns a digit, ~110 ms
 * for a 1 MiB `H` value.
 */
export function asciiText(source: Uint8Array, start: number, end: number): string {
  return readUtf8(source, start, end - start) as string;
}

/** Safe-integer text has at most 15 digits (2^53 has 16): these never need a `BigInt`. */
export const SAFE_DIGITS = 15;

/**
 * Integer text longer than this stays text instead of becoming a `BigInt`: decimal-to-binary
 * conversion is superlinear (1,000,000 digits take ~0.2 s in V8, and more grows worse), so a
 * small input could stall the decoder. 4,300 is the limit CPython chose for `int(str)` for the
 * same reason (CVE-2020-10735).
 */
export const MAX_BIGINT_DIGITS = 4300;

/**
 * The value of an `H` whose marker (at the reader's position - 1) is consumed, in the decoder's
 * `highPrecision` mode (`UbjsonDecodeOptions`): the text is checked to be a JSON number, then
 * kept as text, made a number, or (`'auto'`) an integer made a number when safe, else a bigint up
 * to `MAX_BIGINT_DIGITS` digits, and other numbers kept as text. The generic decoder's and
 * generated decoders' (`'auto'`) one reading of it.
 */
export function readHighPrecision(reader: Reader, mode: 'auto' | 'string' | 'number'): unknown {
  const markerOffset = reader.pos - 1;
  const length = readLength(reader);
  const start = reader.pos;
  const end = start + length;
  const shape = jsonNumberShape(reader.uint8, start, end);
  if (shape === NumberShape.Invalid) reader.fail(NOT_WELL_FORMED, 'high-precision text is not a JSON number', start);
  reader.pos = end;
  const text = asciiText(reader.uint8, start, end);
  if (mode === 'string') return text;
  if (mode === 'number') {
    const value = Number(text);
    if (!Number.isFinite(value)) {
      reader.fail(UNSUPPORTED_VALUE, 'high-precision number beyond the double range', markerOffset);
    }
    return value;
  }
  if (shape === NumberShape.Decimal) return text;
  const digits = text.charCodeAt(0) === 0x2d ? length - 1 : length;
  if (digits <= SAFE_DIGITS) return Number(text);
  if (digits > MAX_BIGINT_DIGITS) return text;
  const value = BigInt(text);
  return value >= -0x1f_ffff_ffff_ffffn && value <= 0x1f_ffff_ffff_ffffn ? Number(value) : value;
}
