import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as peerDecode } from '@shelacek/ubjson';
import { encode, decodeLevel, decodeAt, RawItem } from '../src/ubjson/index.js';
import { DecodeError } from '../src/errors.js';
import { deepEqual, toHex } from './cbor-fixtures.js';
import { jsonValues, pointersOf } from './json-values.js';

/** UBJSON written out by hand: characters stand for their marker bytes, `\xNN` for other bytes. */
function ub(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const level = suite('ubjson decodeLevel');

level('decodes the top array and leaves nested containers as raw views', () => {
  // [ i1 [ i2 ] {#i1 i1 a i3 } ] with no-ops before elements
  const bytes = ub('[i\x01N[i\x02]N{#i\x01i\x01ai\x03]');
  const value = decodeLevel(bytes) as unknown[];
  assert.is(value.length, 3);
  assert.is(value[0], 1);
  const [inner, object] = [value[1] as RawItem, value[2] as RawItem];
  assert.is(toHex(inner.bytes), toHex(ub('[i\x02]')));
  assert.is(inner.offset, 4);
  assert.equal(inner.decode(), [2]);
  assert.equal(object.decode(), { a: 3 });
});

level('decodes a counted object, and a typed container at the top whole', () => {
  const value = decodeLevel(ub('{#i\x02i\x01a[$i#i\x02\x01\x02i\x01bSi\x01x')) as Record<string, unknown>;
  assert.equal((value.a as RawItem).decode(), [1, 2]);
  assert.is(value.b, 'x');
  assert.equal(decodeLevel(ub('[$U#i\x02\x07\x08')), new Uint8Array([7, 8]));
});

level('rejects trailing bytes, a trailing no-op and truncation as decode does', () => {
  for (const [text, code, offset] of [['[]Z', 'trailing-bytes', 2], ['[#i\x01ZN', 'trailing-bytes', 5], ['[[', 'unexpected-end', 2]] as const) {
    try {
      decodeLevel(ub(text));
      assert.unreachable(text);
    } catch (error) {
      assert.instance(error, DecodeError);
      assert.is((error as DecodeError).code, code, text);
      assert.is((error as DecodeError).offset, offset, text);
    }
  }
});

level('gives raw views that @shelacek/ubjson decodes to the original values (200 seeded values)', () => {
  const random = jsonValues(0x0b1e, false); // @shelacek/ubjson 1.1.1 has no int64 `L`
  for (let round = 0; round < 200; round++) {
    const value = random(4);
    const top = decodeLevel(encode(value));
    if (value === null || typeof value !== 'object') {
      assert.ok(deepEqual(top, value));
      continue;
    }
    for (const [key, item] of Object.entries(value as object)) {
      const got = (top as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') {
        assert.instance(got, RawItem);
        assert.ok(deepEqual(peerDecode((got as RawItem).bytes.slice().buffer), item), `round ${round} key ${key}`);
        assert.ok(deepEqual((got as RawItem).decode(), item));
      } else {
        assert.ok(deepEqual(got, item), `round ${round} key ${key}`);
      }
    }
  }
});

const at = suite('ubjson decodeAt');

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

at('walks no-ops, counts, escaped tokens, typed containers and repeated keys', () => {
  const bytes = ub('{i\x03a/b[Ni\x05N{i\x01~[$i#i\x02\x03\x04}]i\x03a/bi\x09}');
  assert.is(decodeAt(bytes, '/a~1b/0'), 5, 'the first of the repeated keys');
  try {
    decodeAt(bytes, '/a~1b', { duplicateKeys: 'reject' });
    assert.unreachable('decoded');
  } catch (error) {
    assert.is((error as DecodeError).code, 'duplicate-key');
    assert.is((error as DecodeError).offset, 25);
  }
  const first = ub('{i\x01x[Ni\x05N{i\x01~[$i#i\x02\x03\x04}]}');
  assert.is(decodeAt(first, '/x/0'), 5);
  assert.is(decodeAt(first, '/x/1/~0/1'), 4);
  assert.equal(decodeAt(first, '/x/1/~0'), [3, 4]);
  assert.is(decodeAt(ub('[$U#i\x02\x07\x08'), '/1'), 8);
});

// [pointer, bytes, offset, valuePath]: pointers that do not resolve.
const MISSING: [string, string, number, string][] = [
  ['/2', '[i\x01i\x02]', 0, ''],
  ['/01', '[i\x01i\x02]', 0, ''],
  ['/2', '[#i\x02i\x01i\x02', 0, ''],
  ['/b', '{i\x01ai\x01}', 0, ''],
  ['/a/0', '{i\x01ai\x01}', 4, '/a'],
  ['/5', '[$i#i\x02\x03\x04', 0, ''],
];

for (const [pointer, text, offset, valuePath] of MISSING) {
  at(`reports ${pointer} in ${JSON.stringify(text)} as path-not-found at ${offset}`, () => {
    try {
      decodeAt(ub(text), pointer);
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
