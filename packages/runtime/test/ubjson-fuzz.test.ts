import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode, encode } from '../src/ubjson/index.js';
import { DecodeError, ErrorCode } from '../src/errors.js';

/** mulberry32: a small seeded generator, so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const scratch = new DataView(new ArrayBuffer(8));
const EDGES = [
  0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769,
  2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1, -(2 ** 53 - 1),
];
const SPECIAL = [-0, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 63, -(2 ** 70), 1e300, 5e-324, 0.1, Math.fround(1.1)];
const TEXT = [
  'a', 'Z', ' ', 'é', 'ø', 'Ж', '中', '\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', '😀', '𝄞', '\u{10ffff}', '"', '\\',
];
const KEYS = ['', 'a', 'id', '__proto__', 'constructor', 'toString', '0', '12', 'ключ', '😀', 'x'.repeat(30)];

function makeString(next: () => number): string {
  const length = next() < 0.1 ? Math.floor(next() * 300) : Math.floor(next() * 12);
  let text = '';
  for (let index = 0; index < length; index++) text += TEXT[Math.floor(next() * TEXT.length)];
  return text;
}

function makeNumber(next: () => number): number | bigint {
  const kind = Math.floor(next() * 7);
  if (kind === 0) return EDGES[Math.floor(next() * EDGES.length)];
  if (kind === 1) return SPECIAL[Math.floor(next() * SPECIAL.length)];
  if (kind === 2) return Math.floor((next() - 0.5) * 2 ** (next() * 60));
  if (kind === 3) return (next() - 0.5) * 10 ** Math.floor(next() * 20);
  if (kind === 4) {
    scratch.setUint32(0, Math.floor(next() * 2 ** 32));
    scratch.setUint32(4, Math.floor(next() * 2 ** 32));
    return scratch.getFloat64(0); // any bit pattern, NaNs included
  }
  if (kind === 5) return BigInt.asIntN(64, BigInt(Math.floor(next() * 2 ** 32)) << BigInt(Math.floor(next() * 40)));
  return (next() < 0.5 ? -1n : 1n) * 10n ** BigInt(18 + Math.floor(next() * 30)) + BigInt(Math.floor(next() * 1000));
}

function makeValue(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 4 ? 6 : 9));
  switch (kind) {
    case 0:
      return [null, true, false, undefined][Math.floor(next() * 4)];
    case 1:
    case 2:
      return makeNumber(next);
    case 3:
    case 4:
      return makeString(next);
    case 5:
      return Uint8Array.from({ length: Math.floor(next() * (next() < 0.1 ? 400 : 8)) }, () => Math.floor(next() * 256));
    case 6:
    case 7: {
      const object: Record<string, unknown> = {};
      const size = Math.floor(next() * 6);
      for (let index = 0; index < size; index++) {
        const key = next() < 0.5 ? KEYS[Math.floor(next() * KEYS.length)] : makeString(next);
        Object.defineProperty(object, key, { value: makeValue(next, depth + 1), writable: true, enumerable: true, configurable: true });
      }
      return object;
    }
    default:
      return Array.from({ length: Math.floor(next() * 6) }, () => makeValue(next, depth + 1));
  }
}

/**
 * What the documented mapping gives back: undefined members dropped and undefined elements
 * null; a bigint is an integer, a number when it is safe (as `L`/`H` decode by default).
 */
function expectedOf(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value >= -(2n ** 53n - 1n) && value <= 2n ** 53n - 1n ? Number(value) : value;
  if (Array.isArray(value)) return value.map(expectedOf);
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  const object: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) Object.defineProperty(object, key, { value: expectedOf(item), writable: true, enumerable: true, configurable: true });
  }
  return object;
}

function same(actual: unknown, expected: unknown, where: string): void {
  if (expected instanceof Uint8Array) {
    assert.instance(actual, Uint8Array, where);
    assert.equal(Array.from(actual as Uint8Array), Array.from(expected), where);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), where);
    assert.is((actual as unknown[]).length, expected.length, where);
    expected.forEach((item, index) => same((actual as unknown[])[index], item, `${where}/${index}`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), where);
    assert.is(Object.getPrototypeOf(actual), Object.prototype, `${where}: prototype`);
    assert.equal(Object.keys(actual as object), Object.keys(expected), `${where}: keys`);
    for (const key of Object.keys(expected)) same((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${where}/${key}`);
  } else {
    assert.ok(Object.is(actual, expected), `${where}: ${String(actual)} !== ${String(expected)}`);
  }
}

function expectDecodeError(bytes: Uint8Array, code: string | undefined, offset: number | undefined): void {
  try {
    decode(bytes);
  } catch (error) {
    assert.instance(error, DecodeError, String(error));
    if (code !== undefined) assert.is((error as DecodeError).code, code);
    if (offset !== undefined) assert.is((error as DecodeError).offset, offset);
    return;
  }
  assert.unreachable(`decoded ${Buffer.from(bytes).toString('hex')}`);
}

const test = suite('ubjson random round trips');

test('round-trips 5,000 seeded random nested values (unicode, every number kind, bigint, bytes)', () => {
  const next = random(0x5eed);
  for (let index = 0; index < 5000; index++) {
    const value = makeValue(next, 0);
    same(decode(encode(value)), expectedOf(value), `value ${index}`);
  }
});

test('every truncation of 400 random encodings is unexpected-end at the input length', () => {
  const next = random(0xc0ffee);
  for (let index = 0; index < 400; index++) {
    const bytes = encode(makeValue(next, 0)).slice();
    for (let length = 0; length < bytes.length; length++) {
      expectDecodeError(bytes.subarray(0, length), ErrorCode.UnexpectedEnd, length);
    }
  }
});

test('flipped bytes in 2,000 random encodings give a value or a DecodeError, nothing else', () => {
  const next = random(0xbad);
  for (let index = 0; index < 2000; index++) {
    const bytes = encode(makeValue(next, 0)).slice();
    if (bytes.length === 0) continue;
    bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    try {
      decode(bytes);
    } catch (error) {
      assert.instance(error, DecodeError, String(error));
      const offset = (error as DecodeError).offset;
      assert.ok(offset >= 0 && offset <= bytes.length, `offset ${offset}`);
    }
  }
});

test('20,000 random byte strings built from markers give a value or a DecodeError, nothing else', () => {
  const next = random(0xfeed);
  const alphabet = Buffer.from('ZNTFiUIlLdDHCS[]{}$#', 'latin1');
  for (let index = 0; index < 20_000; index++) {
    const bytes = Uint8Array.from({ length: Math.floor(next() * 24) }, () =>
      next() < 0.7 ? alphabet[Math.floor(next() * alphabet.length)] : Math.floor(next() * 256),
    );
    for (const options of [undefined, { duplicateKeys: 'reject' as const, int64: 'bigint' as const, highPrecision: 'number' as const }]) {
      try {
        decode(bytes, options);
      } catch (error) {
        assert.instance(error, DecodeError, `${Buffer.from(bytes).toString('hex')}: ${String(error)}`);
        const offset = (error as DecodeError).offset;
        assert.ok(offset >= 0 && offset <= bytes.length, `offset ${offset}`);
      }
    }
  }
});

test.run();
