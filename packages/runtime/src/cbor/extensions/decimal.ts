/**
 * Tags 4 and 5 (RFC 8949 §3.4.4): a decimal fraction `mantissa × 10^exponent` (`Decimal`) and a
 * bigfloat `mantissa × 2^exponent` (`Bigfloat`), each an array [exponent, mantissa] of integers
 * (the mantissa may be a bignum). Both keep the value exactly; `toNumber()` rounds.
 */
import type { CborExtension } from '../extensions.js';

/** mantissa × 10^exponent. */
export class Decimal {
  readonly mantissa: bigint;
  readonly exponent: number;
  constructor(mantissa: bigint | number, exponent: number) {
    if (!Number.isSafeInteger(exponent)) throw new RangeError(`Decimal: exponent ${exponent} is not a safe integer`);
    this.mantissa = BigInt(mantissa);
    this.exponent = exponent;
  }

  /** The nearest double (JavaScript parses the exact decimal text). */
  toNumber(): number {
    return Number(`${this.mantissa}e${this.exponent}`);
  }

  /** Exact text without an exponent: `273.15` for mantissa 27315 and exponent -2. */
  toString(): string {
    const negative = this.mantissa < 0n;
    const digits = (negative ? -this.mantissa : this.mantissa).toString();
    const sign = negative ? '-' : '';
    if (this.exponent >= 0) return this.mantissa === 0n ? '0' : `${sign}${digits}${'0'.repeat(this.exponent)}`;
    const point = digits.length + this.exponent;
    if (point > 0) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
    return `${sign}0.${'0'.repeat(-point)}${digits}`;
  }
}

/** mantissa × 2^exponent. */
export class Bigfloat {
  readonly mantissa: bigint;
  readonly exponent: number;
  constructor(mantissa: bigint | number, exponent: number) {
    if (!Number.isSafeInteger(exponent)) throw new RangeError(`Bigfloat: exponent ${exponent} is not a safe integer`);
    this.mantissa = BigInt(mantissa);
    this.exponent = exponent;
  }

  /** The nearest double. */
  toNumber(): number {
    return Number(this.mantissa) * 2 ** this.exponent;
  }
}

/** [exponent, mantissa] from a decoded tag 4/5 content; a TypeError (→ `invalid-tag`) otherwise. */
function parts(tag: number, content: unknown): [bigint | number, number] {
  if (!Array.isArray(content) || content.length !== 2) throw new TypeError(`tag ${tag} needs [exponent, mantissa]`);
  const [exponent, mantissa] = content as unknown[];
  // RFC 8949 §3.4.4: the exponent is an integer (major type 0 or 1), the mantissa an integer or bignum.
  if (typeof exponent !== 'number' || !Number.isSafeInteger(exponent)) throw new TypeError('the exponent must be an integer');
  if (!(typeof mantissa === 'bigint' || (typeof mantissa === 'number' && Number.isSafeInteger(mantissa)))) {
    throw new TypeError('the mantissa must be an integer');
  }
  return [mantissa as bigint | number, exponent];
}

/** The content the encoder writes: the mantissa as a number when it is a safe integer, else a bigint. */
function content(value: Decimal | Bigfloat): unknown[] {
  const safe = value.mantissa >= BigInt(Number.MIN_SAFE_INTEGER) && value.mantissa <= BigInt(Number.MAX_SAFE_INTEGER);
  return [value.exponent, safe ? Number(value.mantissa) : value.mantissa];
}

/** Decimal fractions, tag 4 ⇄ `Decimal`. */
export const decimalExtension: CborExtension<Decimal> = {
  tag: 4,
  Class: Decimal,
  encode: content,
  decode: (value) => new Decimal(...parts(4, value)),
};

/** Bigfloats, tag 5 ⇄ `Bigfloat`. */
export const bigfloatExtension: CborExtension<Bigfloat> = {
  tag: 5,
  Class: Bigfloat,
  encode: content,
  decode: (value) => new Bigfloat(...parts(5, value)),
};
