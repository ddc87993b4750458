// Truncated and mutated MessagePack gives a value or a DecodeError and nothing else, fast; random
// values round-trip. Prefixes: every strict prefix of the nine payloads under 10 KB; of the two
// large ones (very-large-object 36 KB, combined 54 KB) the first and last 1 KB of prefixes and
// every 211th between (each prefix costs a decode up to its end: all 90,000 would take ~40 s a pass).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode, decode, checkWellFormed, toDiagnostic, Ext, Timestamp } from '../src/msgpack/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, seededRandom } from './cbor-fixtures.js';
import { failure, payloads } from './msgpack-fixtures.js';

const fuzz = suite('msgpack on truncated, mutated and random input');
const PREFIX_MS = 200;

/** Milliseconds `run` takes, errors ignored. */
function timed(run: () => unknown): number {
  const start = performance.now();
  try {
    run();
  } catch {
    // timed only
  }
  return performance.now() - start;
}

/** The strict prefix lengths tested for an encoding of `length` bytes (see the note above). */
function prefixLengths(length: number): number[] {
  if (length < 10_000) return Array.from({ length }, (_, index) => index);
  const lengths: number[] = [];
  for (let cut = 0; cut < length; cut++) if (cut < 1024 || cut >= length - 1024 || cut % 211 === 0) lengths.push(cut);
  return lengths;
}

for (const { name, value } of payloads()) {
  fuzz(`${name}: every tested strict prefix is a DecodeError at an offset within it, each within ${PREFIX_MS} ms`, () => {
    const bytes = encode(value).slice();
    let slowest = 0;
    for (const cut of prefixLengths(bytes.length)) {
      const prefix = bytes.subarray(0, cut);
      const error = failure(() => decode(prefix));
      // Truncation shows as unexpected-end at the end of the prefix, or as a str cut in the middle of a character.
      assert.ok(error.code === 'unexpected-end' ? error.offset === cut : error.code === 'invalid-utf8' && error.offset < cut, `prefix ${cut}: ${error.code} at ${error.offset}`);
      // The least of up to three runs (as hostile-child.ts times): a collection of this
      // process's garbage or a recompilation can pause any one call on a shared machine.
      let time = Infinity;
      for (let run = 0; run < 3 && time > PREFIX_MS; run++) time = Math.min(time, timed(() => decode(prefix)));
      slowest = Math.max(slowest, time);
    }
    assert.ok(slowest <= PREFIX_MS, `slowest prefix ${slowest.toFixed(1)} ms`);
  });
}

fuzz('a trailing byte after each payload is trailing-bytes at the end of the item', () => {
  for (const { name, value } of payloads()) {
    const bytes = encode(value);
    const error = (() => {
      try {
        decode(Uint8Array.from([...bytes, 0xc0]));
      } catch (caught) {
        return caught as DecodeError;
      }
      throw new Error(`${name}: decoded`);
    })();
    assert.is(error.code, 'trailing-bytes', name);
    assert.is(error.offset, bytes.length, name);
  }
});

fuzz('3,000 mutated payload encodings give a value or a DecodeError, in decode, checkWellFormed and toDiagnostic alike', () => {
  const next = seededRandom(0x3a7e);
  const encodings = payloads().filter(({ name }) => name !== 'combined.json').map(({ value }) => encode(value).slice());
  let values = 0;
  for (let round = 0; round < 3000; round++) {
    const bytes = encodings[round % encodings.length].slice();
    for (let flips = 1 + Math.floor(next() * 4); flips > 0; flips--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
    let decoded: DecodeError | undefined;
    try {
      decode(bytes);
      values++;
    } catch (error) {
      assert.instance(error, DecodeError, `round ${round}: ${String(error)}`);
      decoded = error as DecodeError;
    }
    // Checking without values and the notation refuse the same inputs, at the same place; the
    // notation does not interpret extension data, so a bad timestamp (invalid-tag) is shown.
    const checks = decoded?.code === 'invalid-tag' ? [() => checkWellFormed(bytes)] : [() => checkWellFormed(bytes), () => toDiagnostic(bytes)];
    for (const check of checks) {
      try {
        check();
        assert.is(decoded, undefined, `round ${round}: accepted what decode refused`);
      } catch (error) {
        assert.instance(error, DecodeError, `round ${round}: ${String(error)}`);
        assert.is((error as DecodeError).code, decoded?.code, `round ${round}`);
        assert.is((error as DecodeError).offset, decoded?.offset, `round ${round}`);
      }
    }
  }
  assert.ok(values > 100 && values < 3000, `${values} mutated inputs decoded`);
});

/** A random value of every type the codec maps, seeded. */
function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 0 ? 16 : 12));
  const int = (limit: number) => Math.floor(next() * limit);
  switch (pick) {
    case 0: return int(256) - 128;
    case 1: return [int(2 ** 16), -int(2 ** 31), int(2 ** 53), -int(2 ** 53)][int(4)];
    case 2: return (next() - 0.5) * 10 ** int(30);
    case 3: return [null, true, false, -0, NaN, Infinity][int(6)];
    case 4: return 'x'.repeat(int(40)) + ['', '\u00e9', '\u{1f600}', 'a'][int(4)];
    case 5: return new Uint8Array(int(300)).map(() => int(256));
    case 6: return [BigInt(int(2 ** 31)) ** 2n, -(2n ** 63n), 2n ** 64n - 1n][int(3)];
    case 7: return new Timestamp([int(2 ** 34), -int(2 ** 40), 2n ** 62n][int(3)], int(1e9));
    case 8: {
      // Any type but -1, whose data must be a timestamp's (the encoder refuses other data there).
      const type = [-2, 0, 1, 127, -128, int(256) - 128][int(6)];
      return new Ext(type === -1 ? 5 : type, new Uint8Array([0, 1, 2, 4, 8, 16, 17][int(7)]));
    }
    case 9: return new Date(int(2 ** 44) - 2 ** 43);
    case 10: return 'k'.repeat(int(300));
    case 11: return int(2 ** 32);
    case 12: return Array.from({ length: int(20) }, () => randomValue(next, depth - 1));
    case 13: return Object.fromEntries(Array.from({ length: int(20) }, () => [`k${int(100)}`, randomValue(next, depth - 1)]));
    case 14: return new Map(Array.from({ length: int(5) }, () => [randomValue(next, 0), randomValue(next, depth - 1)]));
    default: return [randomValue(next, depth - 1)];
  }
}

/** What a value decodes to: Dates as Timestamps (timestamp: 'object'), bigints within the safe range as numbers. */
function decodedForm(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= -(2n ** 53n) + 1n && value <= 2n ** 53n - 1n ? Number(value) : value;
  if (value instanceof Date) {
    const seconds = Math.floor(value.getTime() / 1000);
    return new Timestamp(seconds, (value.getTime() - seconds * 1000) * 1e6);
  }
  if (value instanceof Timestamp && typeof value.seconds === 'bigint') return new Timestamp(decodedForm(value.seconds) as number | bigint, value.nanoseconds);
  if (Array.isArray(value)) return value.map(decodedForm);
  if (value instanceof Map) {
    const entries = [...value].map(([key, item]) => [decodedForm(key), decodedForm(item)] as const);
    return entries.every(([key]) => typeof key === 'string') ? Object.fromEntries(entries) : new Map(entries);
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof Ext) && !(value instanceof Timestamp)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodedForm(item)]));
  }
  return value;
}

fuzz('1,000 seeded random values of every mapped type round-trip, in both float modes', () => {
  const next = seededRandom(0x5eed5);
  for (let round = 0; round < 1000; round++) {
    const value = randomValue(next, 3);
    const float = round % 2 === 0 ? 'f64' : 'shortest';
    const back = decode(encode(value, { float }), { timestamp: 'object' });
    // float32 keeps only what it holds exactly, so the shortest form round-trips too.
    assert.ok(deepEqual(back, decodedForm(value), false), `round ${round} (${float})`);
  }
});

fuzz.run();
