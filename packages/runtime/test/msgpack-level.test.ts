import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MsgPackDecoder as JsonPackDecoder } from '@jsonjoy.com/json-pack/lib/msgpack/index.js';
import { JsonPackValue } from '@jsonjoy.com/json-pack/lib/JsonPackValue.js';
import { encode, decode, decodeLevel, decodeAt, RawItem } from '../src/msgpack/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, toHex } from './cbor-fixtures.js';
import { jsonValues, pointersOf } from './json-values.js';
import { bytesOf, failure } from './msgpack-fixtures.js';

const level = suite('msgpack decodeLevel');

level('decodes the top array and leaves nested containers as raw views', () => {
  // [1, [2, 3], {"a": 4}, "x"]
  const bytes = bytesOf('94 01 920203 81a16104 a178');
  const value = decodeLevel(bytes) as unknown[];
  assert.is(value.length, 4);
  assert.is(value[0], 1);
  assert.is(value[3], 'x');
  const [inner, map] = [value[1] as RawItem, value[2] as RawItem];
  assert.instance(inner, RawItem);
  assert.is(toHex(inner.bytes), '920203');
  assert.is(inner.offset, 2);
  assert.equal(inner.decode(), [2, 3]);
  assert.is(toHex(map.bytes), '81a16104');
  assert.equal(map.decode(), { a: 4 });
  assert.is(inner.bytes.buffer, bytes.buffer, 'a view, not a copy');
});

level('decodes a map16 with a timestamp and gives a Map for non-string keys', () => {
  const value = decodeLevel(bytesOf('de0002 a161 d6ff00000000 a162 90')) as Record<string, unknown>;
  assert.equal(Object.keys(value), ['a', 'b']);
  assert.equal(value.a, new Date(0));
  assert.is(toHex((value.b as RawItem).bytes), '90');
  const map = decodeLevel(bytesOf('81 01 920102')) as Map<unknown, unknown>;
  assert.instance(map, Map);
  assert.is(toHex((map.get(1) as RawItem).bytes), '920102');
  assert.is(decodeLevel(bytesOf('a161')), 'a');
});

level('rejects trailing bytes, truncation and a bad nested item as decode does', () => {
  for (const [hex, code, offset] of [['9100 00', 'trailing-bytes', 2], ['92 91', 'unexpected-end', 2], ['91 91c1', 'not-well-formed', 2], ['82 a161 01 a161 02', 'duplicate-key', 4]] as const) {
    const error = failure(() => decodeLevel(bytesOf(hex), { duplicateKeys: 'reject' }));
    assert.is(error.code, code, hex);
    assert.is(error.offset, offset, hex);
  }
});

level('agrees with json-pack MsgPackDecoder.readLevel on 300 seeded random values', () => {
  const random = jsonValues(0x1e7e2);
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
    assert.ok(deepEqual(normalise(decodeLevel(bytes)), normalise(peer.readLevel(bytes))), `round ${round}: ${toHex(bytes)}`);
  }
});

const at = suite('msgpack decodeAt');

at('finds every pointer of 200 seeded random values', () => {
  const random = jsonValues(0xa8);
  for (let round = 0; round < 200; round++) {
    const value = random(4);
    const bytes = encode(value);
    for (const [pointer, expected] of pointersOf(value)) {
      assert.ok(deepEqual(decodeAt(bytes, pointer), expected), `round ${round} at ${JSON.stringify(pointer)}`);
    }
  }
});

at('walks wider forms and escaped tokens, and takes the first of repeated keys', () => {
  // array16 [1, map32 {"a/b": {"~": 7}}]
  const bytes = bytesOf('dc0002 01 df00000001 a3612f62 81a17e07');
  assert.is(decodeAt(bytes, '/1/a~1b/~0'), 7);
  assert.equal(decodeAt(bytes, '/1/a~1b'), { '~': 7 });
  assert.is(decodeAt(bytesOf('82 a161 01 a161 02'), '/a'), 1);
  const error = failure(() => decodeAt(bytesOf('82 a161 01 a161 02'), '/a', { duplicateKeys: 'reject' }));
  assert.is(error.code, 'duplicate-key');
  assert.is(error.offset, 4);
});

at('does not read past the item it returns', () => {
  assert.is(decodeAt(bytesOf('93 01 02 c1'), '/1'), 2);
  assert.is(failure(() => decode(bytesOf('93 01 02 c1'))).code, 'not-well-formed');
});

// [pointer, hex, offset, valuePath]: pointers that do not resolve.
const MISSING: [string, string, number, string][] = [
  ['/3', '93010203', 0, ''],
  ['/01', '93010203', 0, ''],
  ['/-', '93010203', 0, ''],
  ['/b', '81a16101', 0, ''],
  ['/a/0', '81a16101', 3, '/a'],
  ['/0/x', '91 920102', 1, '/0'],
];

for (const [pointer, hex, offset, valuePath] of MISSING) {
  at(`reports ${pointer} in ${hex} as path-not-found at ${offset}`, () => {
    const error = failure(() => decodeAt(bytesOf(hex), pointer));
    assert.is(error.code, 'path-not-found');
    assert.is(error.offset, offset);
    assert.is(error.valuePath, valuePath);
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
