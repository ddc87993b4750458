// The walks that find a generated decoder's value path after a failure (`<format>/value-path.ts`):
// paths from hand-written bytes (RFC 8949 §3, the MessagePack spec, UBJSON Draft 12), and on
// hostile input they end quickly and never throw, whatever the offset.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cborValuePath } from '../src/cbor/value-path.js';
import { msgpackValuePath } from '../src/msgpack/value-path.js';
import { ubjsonValuePath } from '../src/ubjson/value-path.js';
import { encode as encodeCbor } from '../src/cbor/index.js';
import { encode as encodeMsgpack } from '../src/msgpack/index.js';
import { encode as encodeUbjson } from '../src/ubjson/index.js';
import { fromHex, seededRandom } from './cbor-fixtures.js';
import { jsonValues } from './json-values.js';

const test = suite('value paths found after a failure');
const hex = (text: string) => fromHex(text.replace(/ /g, ''));

test('cbor: elements, members, indefinite lengths, tags, a failure at a key', () => {
  // {"a": [10, {"b/c": 24}], "d": 1}
  const bytes = hex('a2 6161 82 0a a1 63622f63 1818 6164 01');
  assert.is(cborValuePath(bytes, 0, 0), '');
  assert.is(cborValuePath(bytes, 0, 3), '/a');
  assert.is(cborValuePath(bytes, 0, 4), '/a/0');
  assert.is(cborValuePath(bytes, 0, 5), '/a/1');
  assert.is(cborValuePath(bytes, 0, 7), '/a/1/b~1c'); // in the key "b/c"
  assert.is(cborValuePath(bytes, 0, 11), '/a/1/b~1c');
  assert.is(cborValuePath(bytes, 0, 13), '/d');
  assert.is(cborValuePath(bytes, 0, 15), ''); // past the end
  // 55799([_ 1, 1(2)]) and {_ (_ "k" "ey"): 1} at the end of input.
  assert.is(cborValuePath(hex('d9d9f7 9f 01 c1 02 ff'), 0, 6), '/1');
  assert.is(cborValuePath(hex('bf 7f 616b 626579 ff'), 0, 9), '/key');
  // An integer key names no member: the map.
  assert.is(cborValuePath(hex('a2 01 02 6161 03'), 0, 2), '');
  assert.is(cborValuePath(hex('a2 01 02 6161 03'), 0, 5), '/a');
});

test('msgpack: sized maps and arrays', () => {
  // {"a": [1, {"b": "xy"}]} with a map16 and an array32.
  const bytes = hex('de0001 a161 dd00000002 01 81 a162 a27879');
  assert.is(msgpackValuePath(bytes, 0, 9), '/a'); // in the array's head
  assert.is(msgpackValuePath(bytes, 0, 10), '/a/0');
  assert.is(msgpackValuePath(bytes, 0, 14), '/a/1/b');
  assert.is(msgpackValuePath(bytes, 0, 16), '/a/1/b');
});

test('ubjson: typed, counted and open containers, no-ops', () => {
  // [$[#i2 then [#i1 i1 and [N i2 ] : typed elements carry no `[`.
  const bytes = hex('5b 24 5b 23 6902 23 6901 6901 4e 6902 5d');
  assert.is(ubjsonValuePath(bytes, 0, 9), '/0/0');
  assert.is(ubjsonValuePath(bytes, 0, 11), '/1');
  assert.is(ubjsonValuePath(bytes, 0, 12), '/1/0');
  assert.is(ubjsonValuePath(bytes, 0, 4), ''); // in the outer count
  // {$i#i2 i1"a" 5 i1"b" 6}
  const object = hex('7b 24 69 23 6902 6901 61 05 6901 62 06');
  assert.is(ubjsonValuePath(object, 0, 10), '/b');
  assert.is(ubjsonValuePath(object, 0, 8), '/a');
});

test('hostile input: huge counts of elements without bytes, deep nesting, any offset', () => {
  const started = performance.now();
  // [$Z#L 2^52: a failure at the count is the array's; no element holds an offset past the header.
  assert.is(ubjsonValuePath(hex('5b 24 5a 23 4c 0010000000000000'), 0, 4), '');
  assert.is(ubjsonValuePath(hex('5b 24 5a 23 4c 0010000000000000'), 0, 100), '');
  // A count the input cannot hold.
  assert.is(cborValuePath(hex('9b 0010000000000000 01'), 0, 10), '/1');
  assert.is(msgpackValuePath(hex('dd ffffffff 01'), 0, 6), '/1');
  // 100,000 levels of arrays: the walk stops at the decoders' depth limit.
  const deep = new Uint8Array(100_000).fill(0x81);
  assert.type(cborValuePath(deep, 0, deep.length), 'string');
  assert.type(ubjsonValuePath(new Uint8Array(100_000).fill(0x5b), 0, 100_000), 'string');
  assert.type(msgpackValuePath(new Uint8Array(100_000).fill(0x91), 0, 100_000), 'string');
  assert.ok(performance.now() - started < 2000);
});

test('every cut and one-byte change of encoded values: a path, never a throw', () => {
  const random = seededRandom(7);
  const values = jsonValues(random);
  for (const [encode, walk] of [
    [encodeCbor, cborValuePath],
    [encodeMsgpack, msgpackValuePath],
    [encodeUbjson, ubjsonValuePath],
  ] as const) {
    for (let round = 0; round < 40; round++) {
      const bytes = encode(values(4)).slice();
      for (let length = 0; length <= bytes.length; length++) {
        const cut = bytes.subarray(0, length);
        assert.type(walk(cut, 0, length), 'string');
        const changed = bytes.slice();
        if (length < bytes.length) changed[length] = Math.floor(random() * 256);
        assert.type(walk(changed, 0, Math.floor(random() * (bytes.length + 1))), 'string');
      }
    }
  }
});

test.run();
