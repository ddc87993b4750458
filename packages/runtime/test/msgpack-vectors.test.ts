// The msgpack-test-suite 1.0.0 dataset (test-data/msgpack-test-suite, MIT): every listed encoding
// of every case decodes to the case's value, and encoding the value gives one of its encodings.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { encode, decode, Ext, Timestamp } from '../src/msgpack/index.js';
import { testDataUrl } from '../../../test-data/index.js';
import { deepEqual, toHex } from './cbor-fixtures.js';
import { bytesOf } from './msgpack-fixtures.js';

interface Case {
  [type: string]: unknown;
  msgpack: string[];
}

const groups = JSON.parse(readFileSync(testDataUrl('msgpack-test-suite/msgpack-test-suite.json'), 'utf8')) as Record<string, Case[]>;
const cases = Object.entries(groups).flatMap(([group, list]) => list.map((entry, index) => ({ name: `${group} #${index}`, entry })));

/** The value a case stands for under our mapping (timestamps as `Timestamp`, decoded with `timestamp: 'object'`). */
function expected(entry: Case): unknown {
  if ('bignum' in entry) {
    const big = BigInt(entry.bignum as string);
    return Number.isSafeInteger(Number(big)) ? Number(big) : big;
  }
  if ('binary' in entry) return bytesOf(entry.binary as string);
  if ('timestamp' in entry) {
    const [seconds, nanoseconds] = entry.timestamp as [number, number];
    return new Timestamp(seconds, nanoseconds);
  }
  if ('ext' in entry) {
    const [type, data] = entry.ext as [number, string];
    return new Ext(type, bytesOf(data));
  }
  const key = Object.keys(entry).find((name) => name !== 'msgpack')!;
  return entry[key];
}

/** Hex as the suite writes it: bytes joined by `-`. */
const dashed = (bytes: Uint8Array) => toHex(bytes).replace(/(..)(?!$)/g, '$1-');

const dataset = suite('msgpack-test-suite 1.0.0');

dataset('holds 85 cases in 15 groups', () => {
  assert.is(Object.keys(groups).length, 15);
  assert.is(cases.length, 85);
});

for (const { name, entry } of cases) {
  dataset(`${name}: every listed encoding decodes to the value`, () => {
    for (const hex of entry.msgpack) {
      const actual = decode(bytesOf(hex), { timestamp: 'object' });
      assert.ok(deepEqual(actual, expected(entry)), `${hex}: got ${String(actual)}`);
    }
  });

  dataset(`${name}: encoding the value gives one of the listed encodings`, () => {
    const bytes = dashed(encode(expected(entry)));
    assert.ok(entry.msgpack.includes(bytes), `${bytes} not in ${entry.msgpack.join(', ')}`);
  });
}

dataset("floats: the float32 encodings listed are what float: 'shortest' writes, float64 the default", () => {
  // Only 22.number-float.yaml holds non-integral numbers (0.5 and -0.5), each listed in both widths:
  // no case needs 'shortest' to match, so this checks the option against the dataset as well.
  const floats = groups['22.number-float.yaml'];
  assert.is(floats.length, 2);
  for (const entry of floats) {
    assert.is(dashed(encode(entry.number)), entry.msgpack[1]);
    assert.is(dashed(encode(entry.number, { float: 'shortest' })), entry.msgpack[0]);
  }
});

dataset('timestamps whose nanoseconds are whole milliseconds encode the same from a Date, and decode to that Date', () => {
  let checked = 0;
  for (const entry of groups['50.timestamp.yaml']) {
    const [seconds, nanoseconds] = entry.timestamp as [number, number];
    const date = new Date(seconds * 1000 + Math.floor(nanoseconds / 1e6));
    assert.equal(decode(bytesOf(entry.msgpack[0])), date, entry.msgpack[0]);
    if (nanoseconds % 1e6 !== 0) continue;
    assert.is(dashed(encode(date)), entry.msgpack[0]);
    checked++;
  }
  assert.is(checked, 10); // the ten cases with nanoseconds 0
});

dataset("int64 and uint64 encodings decode to bigints with int64: 'bigint'", () => {
  for (const entry of groups['23.number-bignum.yaml']) {
    for (const hex of entry.msgpack.filter((hex) => hex.startsWith('cf') || hex.startsWith('d3'))) {
      assert.is(decode(bytesOf(hex), { int64: 'bigint' }), BigInt(entry.bignum as string), hex);
    }
  }
});

dataset.run();
