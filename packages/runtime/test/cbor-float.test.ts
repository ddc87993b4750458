import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cborg from 'cborg';
import { encode, decode } from '../src/cbor/index.js';
import { decodeFloat16, encodeFloat16 } from '../src/float.js';
import { seededRandom, toHex } from './cbor-fixtures.js';

const floats = suite('cbor half, single and double precision');

const scratch = new DataView(new ArrayBuffer(8));

/**
 * Reference f16 → number by bit surgery into a float32 (IEEE 754 §3.4), independent of the
 * arithmetic formula in decodeFloat16.
 */
function referenceHalf(bits: number): number {
  const sign = (bits & 0x8000) << 16;
  const exponent = (bits >> 10) & 0x1f;
  let mantissa = bits & 0x3ff;
  let single: number;
  if (exponent === 0x1f) single = sign | 0x7f80_0000 | (mantissa << 13);
  else if (exponent !== 0) single = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
  else if (mantissa === 0) single = sign;
  else {
    // Subnormal: normalise the mantissa into an f32 normal.
    let shift = 0;
    while ((mantissa & 0x400) === 0) {
      mantissa <<= 1;
      shift++;
    }
    single = sign | ((127 - 14 - shift) << 23) | ((mantissa & 0x3ff) << 13);
  }
  scratch.setUint32(0, single >>> 0);
  return scratch.getFloat32(0);
}

floats('decodes all 65,536 half-precision bit patterns to their exact value', () => {
  const bytes = new Uint8Array([0xf9, 0, 0]);
  for (let bits = 0; bits < 0x1_0000; bits++) {
    bytes[1] = bits >> 8;
    bytes[2] = bits & 0xff;
    const value = decode(bytes) as number;
    const expected = referenceHalf(bits);
    if (!Object.is(value, expected)) assert.unreachable(`f9${bits.toString(16).padStart(4, '0')}: ${value} !== ${expected}`);
    if (!Object.is(decodeFloat16(bits), expected)) assert.unreachable(`decodeFloat16(${bits})`);
  }
});

floats('encodeFloat16 gives back the bits of every non-NaN half value and 0x7e00 for NaN', () => {
  let nans = 0;
  for (let bits = 0; bits < 0x1_0000; bits++) {
    const value = referenceHalf(bits);
    if (Number.isNaN(value)) {
      nans++;
      if (encodeFloat16(value) !== 0x7e00) assert.unreachable(`NaN ${bits}`);
    } else if (encodeFloat16(value) !== bits) {
      assert.unreachable(`${bits.toString(16)}: ${encodeFloat16(value).toString(16)}`);
    }
  }
  assert.is(nans, 2046); // 2 signs × 1023 non-zero mantissas
});

floats('encodeFloat16 refuses values between, above and below the half-precision values', () => {
  for (const value of [65520, 65504.5, 1 + 2 ** -11, 2 ** -25, 3 * 2 ** -26, 1e-10, 0.1, 1 / 3, 2 ** 16, -65536, 2 ** -24 * 1.5]) {
    assert.is(encodeFloat16(value), -1, String(value));
  }
  assert.is(encodeFloat16(2 ** -24), 0x0001);
  assert.is(encodeFloat16(-(2 ** -24)), 0x8001);
  assert.is(encodeFloat16(65504), 0x7bff);
});

floats('shortest mode writes every non-integral half value as f16, and -0 as f98000', () => {
  for (let bits = 0; bits < 0x1_0000; bits++) {
    const value = referenceHalf(bits);
    if (Number.isNaN(value) || (Number.isInteger(value) && !Object.is(value, -0))) continue;
    const hex = toHex(encode(value, { float: 'shortest' }));
    if (hex !== `f9${bits.toString(16).padStart(4, '0')}`) assert.unreachable(`${value}: ${hex}`);
  }
  assert.is(toHex(encode(NaN, { float: 'shortest' })), 'f97e00');
  assert.is(toHex(encode(-Infinity, { float: 'shortest' })), 'f9fc00');
});

floats('shortest mode agrees with cborg on random f16, f32 and f64 values', () => {
  const random = seededRandom(0xf10a7);
  const view = new DataView(new ArrayBuffer(8));
  for (let index = 0; index < 20_000; index++) {
    const kind = index % 3;
    let value: number;
    if (kind === 0) value = referenceHalf(Math.floor(random() * 0x1_0000));
    else if (kind === 1) {
      view.setUint32(0, Math.floor(random() * 2 ** 32));
      value = view.getFloat32(0);
    } else {
      view.setUint32(0, Math.floor(random() * 2 ** 32));
      view.setUint32(4, Math.floor(random() * 2 ** 32));
      value = view.getFloat64(0);
    }
    if (Number.isNaN(value)) value = NaN;
    const ours = toHex(encode(value, { float: 'shortest' }));
    const theirs = toHex(cborg.encode(value));
    // cborg writes most f16 subnormals (|value| < 2^-14) as f32; ours must be f16 there (the
    // exhaustive test above checks the exact bits).
    const halfSubnormal = value !== 0 && Math.abs(value) < 2 ** -14 && encodeFloat16(value) !== -1;
    if (halfSubnormal) assert.ok(ours.startsWith('f9'), String(value));
    else if (ours !== theirs) assert.unreachable(`${value}: ours ${ours}, cborg ${theirs}`);
    const back = decode(encode(value, { float: 'shortest' }));
    if (!Object.is(back, value)) assert.unreachable(`${value} came back as ${back}`);
  }
});

floats('default mode writes non-integral numbers as float64 and integral ones as integers', () => {
  assert.is(toHex(encode(1.5)), 'fb3ff8000000000000');
  assert.is(toHex(encode(-0)), 'fb8000000000000000');
  assert.is(toHex(encode(Infinity)), 'fb7ff0000000000000');
  assert.is(toHex(encode(NaN)), 'fb7ff8000000000000');
  assert.is(toHex(encode(1e300)), 'fb7e37e43c8800759c'); // integral but not safe: a float
  assert.is(toHex(encode(2 ** 53)), 'fb4340000000000000');
  assert.is(toHex(encode(2 ** 53 - 1)), '1b001fffffffffffff');
  assert.is(toHex(encode(-(2 ** 53 - 1))), '3b001ffffffffffffe');
});

floats('shortest mode picks f32 when f16 loses bits and f64 when f32 does', () => {
  assert.is(toHex(encode(100000.5, { float: 'shortest' })), 'fa47c35040');
  assert.is(toHex(encode(3.4028234663852886e38, { float: 'shortest' })), 'fa7f7fffff');
  assert.is(toHex(encode(1.1, { float: 'shortest' })), 'fb3ff199999999999a');
  assert.is(toHex(encode(5.960464477539063e-8, { float: 'shortest' })), 'f90001');
});

floats('decodes f32 and f64 NaN and infinities', () => {
  assert.ok(Number.isNaN(decode(new Uint8Array([0xfa, 0x7f, 0xc0, 0, 0]))));
  assert.is(decode(new Uint8Array([0xfa, 0xff, 0x80, 0, 0])), -Infinity);
  assert.is(decode(new Uint8Array([0xfb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0])), Infinity);
});

floats.run();
