import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CborDecoder as JsonPackDecoder } from '@jsonjoy.com/json-pack/lib/cbor/index.js';
import { JsonPackValue } from '@jsonjoy.com/json-pack/lib/JsonPackValue.js';
import { encode, decode, decodeLevel, decodeAt, RawItem } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, fromHex, toHex } from './cbor-fixtures.js';
import { jsonValues, pointersOf } from './json-values.js';

const level = suite('cbor decodeLevel');

level('decodes the top array and leaves nested containers as raw views', () => {
  // [1, [2, 3], {"a": 4}, "x"]
  const bytes = fromHex('8401820203a1616104' + '6178');
  const value = decodeLevel(bytes) as unknown[];
  assert.is(value.length, 4);
  assert.is(value[0], 1);
  assert.is(value[3], 'x');
  const [inner, map] = [value[1] as RawItem, value[2] as RawItem];
  assert.instance(inner, RawItem);
  assert.is(toHex(inner.bytes), '820203');
  assert.is(inner.offset, 2);
  assert.equal(inner.decode(), [2, 3]);
  assert.is(toHex(map.bytes), 'a1616104');
  assert.equal(map.decode(), { a: 4 });
  assert.is(inner.bytes.buffer, bytes.buffer, 'a view, not a copy');
});

level('decodes an indefinite-length map with tagged and scalar values', () => {
  // {_ "a": 1(0), "b": [_ ]}
  const value = decodeLevel(fromHex('bf6161c1006162' + '9fff' + 'ff')) as Record<string, unknown>;
  assert.equal(Object.keys(value), ['a', 'b']);
  assert.equal(value.a, new Date(0));
  assert.is(toHex((value.b as RawItem).bytes), '9fff');
});

level('gives a Map for non-text keys and decodes a scalar top item whole', () => {
  const map = decodeLevel(fromHex('a10182' + '0102')) as Map<unknown, unknown>;
  assert.instance(map, Map);
  assert.is(toHex((map.get(1) as RawItem).bytes), '820102');
  assert.is(decodeLevel(fromHex('6161')), 'a');
});

level('rejects trailing bytes, truncation and a bad nested item as decode does', () => {
  for (const [hex, code, offset] of [['8100' + '00', 'trailing-bytes', 2], ['8281', 'unexpected-end', 2], ['8181ff', 'not-well-formed', 2]] as const) {
    try {
      decodeLevel(fromHex(hex));
      assert.unreachable(hex);
    } catch (error) {
      assert.instance(error, DecodeError);
      assert.is((error as DecodeError).code, code, hex);
      assert.is((error as DecodeError).offset, offset, hex);
    }
  }
});

level('agrees with json-pack decodeLevel (readLevel) on 300 seeded random values', () => {
  const random = jsonValues(0x1e7e1);
  const peer = new JsonPackDecoder();
  const normalise = (value: unknown): unknown => {
    if (value instanceof RawItem) return { raw: toHex(value.bytes) };
    if (value instanceof JsonPackValue) return { raw: toHex(value.val as Uint8Array) };
    if (Array.isArray(value)) return value.map(normalise);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalise(item)]));
    return value;
  };
  for (let round = 0; round < 300; round++) {
    const bytes = encode(random(4));
    const ours = normalise(decodeLevel(bytes));
    const theirs = normalise(peer.decodeLevel(bytes));
    assert.ok(deepEqual(ours, theirs), `round ${round}: ${toHex(bytes)}`);
  }
});

const at = suite('cbor decodeAt');

at('finds every pointer of 200 seeded random values', () => {
  const random = jsonValues(0xa7);
  for (let round = 0; round < 200; round++) {
    const value = random(4);
    const bytes = encode(value);
    for (const [pointer, expected] of pointersOf(value)) {
      assert.ok(deepEqual(decodeAt(bytes, pointer), expected), `round ${round} at ${JSON.stringify(pointer)}`);
    }
  }
});

at('walks indefinite lengths, escaped tokens, tag 55799, and takes the first of repeated keys', () => {
  // 55799([_ 1, {"a/b": {"~": 7}}])
  const bytes = fromHex('d9d9f7' + '9f01' + 'a163612f62' + 'a1617e07' + 'ff');
  assert.is(decodeAt(bytes, '/1/a~1b/~0'), 7);
  assert.equal(decodeAt(bytes, '/1/a~1b'), { '~': 7 });
  assert.is(decodeAt(fromHex('a2616101616102'), '/a'), 1);
  try {
    decodeAt(fromHex('a2616101616102'), '/a', { duplicateKeys: 'reject' });
    assert.unreachable('decoded');
  } catch (error) {
    assert.is((error as DecodeError).code, 'duplicate-key');
    assert.is((error as DecodeError).offset, 4);
  }
});

at('does not read past the item it returns', () => {
  // [1, 2, <reserved byte 0x1c>]: index 1 resolves without reaching the malformed element.
  assert.is(decodeAt(fromHex('8301021c'), '/1'), 2);
  assert.throws(() => decode(fromHex('8301021c')), (error: unknown) => (error as DecodeError).code === 'not-well-formed');
});

// [pointer, hex, offset, valuePath]: pointers that do not resolve.
const MISSING: [string, string, number, string][] = [
  ['/3', '83010203', 0, ''],
  ['/01', '83010203', 0, ''],
  ['/-', '83010203', 0, ''],
  ['/b', 'a1616101', 0, ''],
  ['/a/0', 'a1616101', 3, '/a'],
  ['/1', '9f01ff', 0, ''],
  ['/0/x', '81' + '820102', 1, '/0'],
];

for (const [pointer, hex, offset, valuePath] of MISSING) {
  at(`reports ${pointer} in ${hex} as path-not-found at ${offset}`, () => {
    try {
      decodeAt(fromHex(hex), pointer);
      assert.unreachable('found');
    } catch (error) {
      assert.instance(error, DecodeError);
      assert.is((error as DecodeError).code, 'path-not-found');
      assert.is((error as DecodeError).offset, offset);
      assert.is((error as DecodeError).valuePath, valuePath);
    }
  });
}

at('throws DecodeError on truncated input at every length', () => {
  const bytes = encode({ a: [1, 'two', { three: 3 }], b: 'x' });
  for (let length = 0; length < bytes.length; length++) {
    for (const pointer of ['', '/a/2/three', '/b']) {
      try {
        decodeAt(bytes.subarray(0, length), pointer);
        if (pointer === '') assert.unreachable(`length ${length}`);
      } catch (error) {
        assert.instance(error, DecodeError, `length ${length} ${pointer}`);
      }
    }
  }
});

level.run();
at.run();
