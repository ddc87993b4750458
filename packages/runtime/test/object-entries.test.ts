import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setEntry, setOwn } from '../src/object-entries.js';

const test = suite('object entries');

/** Builds an object from `entries` with setEntry (threading its state) and with setOwn alone. */
function both(entries: [string, unknown][]): [Record<string, unknown>, Record<string, unknown>] {
  const viaEntry: Record<string, unknown> = {};
  let sparse = false;
  for (const [key, value] of entries) sparse = setEntry(viaEntry, key, value, sparse);
  const viaOwn: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(viaOwn, key, value);
  return [viaEntry, viaOwn];
}

test('gives the same keys, values and key order as plain stores', () => {
  const sequences: [string, unknown][][] = [
    [['0', 0], ['1', 1], ['127', 127], ['1000', 'a'], ['44444', 4], ['x', 'x'], ['62343423432', 6], ['-333', 3], ['0.5', 5]],
    [['b', 1], ['a', 2], ['999', 3], ['12', 4], ['100', 5], ['b', 6]],
    [['4294967294', 'kept'], ['500', 1], ['4294967295', 2]],
    [['500', 1], ['4294967294', 'late']],
    [['__proto__', { polluted: true }], ['123', 1], ['constructor', 2]],
    [['123abc', 1], ['007', 2], ['', 3]],
  ];
  for (const entries of sequences) {
    const [viaEntry, viaOwn] = both(entries);
    assert.equal(Object.keys(viaEntry), Object.keys(viaOwn), JSON.stringify(entries));
    for (const key of Object.keys(viaOwn)) assert.is(viaEntry[key], viaOwn[key], key);
    assert.is(Object.getPrototypeOf(viaEntry), Object.prototype);
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

test('leaves no trace of the largest array index it uses', () => {
  const [viaEntry] = both([['1000', 1]]);
  assert.not.ok(Object.hasOwn(viaEntry, '4294967294'));
  assert.equal(Object.keys(viaEntry), ['1000']);
});

test.run();
