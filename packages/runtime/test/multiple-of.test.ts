// isMultipleOf, the `multipleOf` check of generated encoders and decoders: exact for the decimals
// the numbers are written as. Expected answers are decided by hand or by BigInt arithmetic on the
// decimal text a JSON document would hold, never by the function under test.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isMultipleOf } from '../src/generated-support.js';

const test = suite('isMultipleOf');

const cases: [value: number, divisor: number, multiple: boolean][] = [
  // Integers past 2^50: a relative tolerance on the quotient passed them all.
  [2 ** 50 + 1, 3, false],
  [2 ** 50 + 2, 3, true],
  [1_700_000_000_000_001, 1000, false],
  [1_700_000_000_000_000, 1000, true],
  [2 ** 52 + 1, 10, false],
  [2 ** 53, 2, true],
  [1e21, 7, false], // 10^21 = 7 * 142857142857142857142 + 6
  [-7, 2, false],
  [-0, 5, true],
  // Decimal fractions: binary rounding must not decide.
  [0.3, 0.1, true],
  [0.9, 0.3, true],
  [-0.3, 0.1, true],
  [12.34, 0.01, true],
  [12.345, 0.01, false],
  [7.5, 2.5, true],
  [1.5e-7, 5e-8, true],
  [1e-20, 1e-21, true],
  [1.1e-20, 1e-21, true],
  [1.15e-20, 1e-21, false],
  [123456789012.35, 0.05, true],
  [123456789012.36, 0.05, false],
  // Large quotients with fractional divisors.
  [1e15 + 0.5, 0.5, true],
  [1e15 + 0.25, 0.5, false],
  [1e17, 0.3, false], // 10^17 / 0.3 = 333333333333333333.3…
  [1e308, 0.5, true],
  [1e300, 1e-300, true],
  [4000000000.000001, 1, false],
  // A number JavaScript arithmetic left just off a multiple is no multiple (as ajv judges it).
  [0.1 + 0.2, 0.1, false], // 0.30000000000000004
];

for (const [value, divisor, multiple] of cases) {
  test(`${value} multipleOf ${divisor}: ${multiple}`, () => {
    assert.is(isMultipleOf(value, divisor), multiple);
  });
}

/** A deterministic generator (xorshift32), so a failure names the case it met. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

test('integers against BigInt remainders', () => {
  const next = random(0x9e3779b9);
  for (let index = 0; index < 20_000; index++) {
    const magnitude = 2 ** Math.floor(next() * 60);
    const value = Math.floor(next() * magnitude) * (next() < 0.5 ? -1 : 1);
    const divisor = 1 + Math.floor(next() * (next() < 0.5 ? 1000 : 2 ** 40));
    const expected = BigInt(value) % BigInt(divisor) === 0n;
    assert.is(isMultipleOf(value, divisor), expected, `${value} multipleOf ${divisor}`);
  }
});

test('decimals written as text: n times the divisor is a multiple, a digit more is not', () => {
  const next = random(0x2545f491);
  /** The decimal digits / 10^places as JSON text, from BigInt arithmetic. */
  const text = (digits: bigint, places: number): string => {
    const sign = digits < 0n ? '-' : '';
    const body = (digits < 0n ? -digits : digits).toString().padStart(places + 1, '0');
    return places === 0 ? `${sign}${body}` : `${sign}${body.slice(0, -places)}.${body.slice(-places)}`;
  };
  for (let index = 0; index < 20_000; index++) {
    const places = Math.floor(next() * 6);
    const divisorDigits = BigInt(1 + Math.floor(next() * 999));
    const times = BigInt(Math.floor(next() * 10 ** (1 + Math.floor(next() * 9)))) * (next() < 0.5 ? -1n : 1n);
    const divisor = Number(text(divisorDigits, places));
    const multiple = Number(text(times * divisorDigits, places));
    // One unit in the next decimal place: no multiple of a divisor with `places` places.
    const off = Number(text(times * divisorDigits * 10n + 1n, places + 1));
    assert.ok(isMultipleOf(multiple, divisor), `${multiple} multipleOf ${divisor}`);
    assert.not.ok(isMultipleOf(off, divisor), `${off} multipleOf ${divisor}`);
  }
});

test.run();
