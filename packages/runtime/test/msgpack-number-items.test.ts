// readNumberItems (msgpack/number-items.ts), the reader generated decoders call for arrays of plain
// numbers, against its reference: readFiniteItem / readIntegerItem item by item. Same values, same
// failures (code, offset, schema path), same position after, for every number form, the
// non-numbers, NaN and infinities, bounds, and inputs cut at every byte; values also against
// @msgpack/msgpack's decoder.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as referenceDecode, encode as referenceEncode } from '@msgpack/msgpack';
import { readFiniteItem, readIntegerItem, readNumberItems } from '../src/msgpack/index.js';
import { Reader } from '../src/reader.js';
import { outcome, type Outcome } from './read-outcome.js';
import { bytesOf } from './msgpack-fixtures.js';
import { toHex } from './cbor-fixtures.js';

const test = suite('msgpack readNumberItems');

/** Items as bytes: every integer form at its edges, float32/64, 64-bit forms, and items that are not JSON numbers of the schema. */
const ITEMS: string[] = [
  ...[0, 1, 127, -1, -32, -33, -128, -129, 128, 255, 256, 65535, 65536, -32768, -32769, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53 - 1), 0.5, -0, 1e300, -2.5e-300]
    .map((value) => toHex(referenceEncode(value))),
  'ca3fc00000', // float32 1.5
  'ca7fc00000', // float32 NaN
  'cb7ff0000000000000', // float64 Infinity
  'cb7ff8000000000000', // float64 NaN
  'cf0000000000000005', // uint64 5
  'd3fffffffffffffffb', // int64 -5
  'cf0020000000000001', // uint64 2^53 + 1: no double holds it
  'cd0100', // uint16 256 in a wider form than needed
  'c0', // nil
  'a161', // "a"
  'c3', // true
];

const CASES: { integer: boolean; bounds: [number, number] | [] }[] = [
  { integer: false, bounds: [] },
  { integer: true, bounds: [] },
  { integer: true, bounds: [-40, 300] },
  { integer: false, bounds: [-1e6, 2] },
];

function both(bytes: Uint8Array, count: number, integer: boolean, bounds: number[]): [Outcome, Outcome] {
  const fast = new Reader('msgpack', bytes);
  const reference = new Reader('msgpack', bytes);
  const itemReader = integer ? readIntegerItem : readFiniteItem;
  return [
    outcome(() => readNumberItems(fast, count, integer, '#/items', ...bounds), fast),
    outcome(() => {
      const values: number[] = [];
      for (let index = 0; index < count; index++) values.push(itemReader(reference, '#/items', ...bounds));
      return values;
    }, reference),
  ];
}

test('each item alone, then all of them in a row, read as the item readers read them', () => {
  for (const { integer, bounds } of CASES) {
    for (const item of ITEMS) {
      const [fast, reference] = both(bytesOf(item), 1, integer, bounds);
      assert.equal(fast, reference, `${item} integer=${integer} bounds=${bounds}`);
      // Items followed by more input take the in-loop path (9 bytes ahead are there).
      const [padded, paddedReference] = both(bytesOf(`${item}00000000000000000000`), 1, integer, bounds);
      assert.equal(padded, paddedReference, `${item} (padded) integer=${integer} bounds=${bounds}`);
    }
    const all = bytesOf(ITEMS.join(''));
    const [fast, reference] = both(all, ITEMS.length, integer, bounds);
    assert.equal(fast, reference, `all items, integer=${integer} bounds=${bounds}`);
  }
});

test('the numbers of every form come back as @msgpack/msgpack decodes them', () => {
  const values = [0, 1, 127, -1, -32, -33, -128, -129, 128, 255, 256, 65535, 65536, -32768, -32769, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 0.5, 1e300];
  const bytes = referenceEncode(values);
  const reader = new Reader('msgpack', bytes.subarray(3)); // after the array16 head (dc 0017)
  assert.equal(readNumberItems(reader, values.length, false, '#/items'), referenceDecode(bytes));
  assert.is(reader.pos, bytes.length - 3);
});

test('an input cut at every byte fails where the item readers fail', () => {
  const whole = bytesOf(ITEMS.slice(0, 27).join(''));
  for (let cut = 0; cut < whole.length; cut++) {
    const [fast, reference] = both(whole.subarray(0, cut), 27, false, []);
    assert.equal(fast, reference, `cut at ${cut}`);
  }
});

test('a declared count past the input allocates nothing for it and fails at the end', () => {
  const [fast, reference] = both(bytesOf('0102'), 0xffff_ffff, true, []);
  assert.equal(fast, reference);
  assert.ok('code' in fast && fast.code === 'unexpected-end', JSON.stringify(fast));
});

test.run();
