/**
 * High-precision numbers (`H`, value-types.html#numeric): the payload is "written out in
 * accordance with the original JSON number type", so it is checked against the RFC 8259 §6
 * grammar byte by byte (never handed to an `eval`-like parser):
 *   number = [ "-" ] int [ frac ] [ exp ]; int = "0" / digit1-9 *DIGIT
 *   frac = "." 1*DIGIT; exp = ("e" / "E") [ "-" / "+" ] 1*DIGIT
 */
import { readUtf8 } from '../utf8-decode.js';

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
