import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode, decodeSequence, checkWellFormed, skipItem, MsgpackDecoder, Ext, Timestamp, type MsgpackExtension } from '../src/msgpack/index.js';
import { deepEqual } from './cbor-fixtures.js';
import { bytesOf, failure } from './msgpack-fixtures.js';

const decoding = suite('msgpack generic decoder');

// [hex, value]: every format (spec.md "Formats"), smallest and wider forms alike.
const VALUES: [string, unknown][] = [
  ['00', 0], ['7f', 127], ['e0', -32], ['ff', -1],
  ['cc80', 128], ['ccff', 255], ['cd0100', 256], ['ce00010000', 65536], ['cf001fffffffffffff', 2 ** 53 - 1],
  ['d080', -128], ['d001', 1], ['d18000', -32768], ['d280000000', -(2 ** 31)], ['d3ffe0000000000001', -(2 ** 53 - 1)],
  ['cf0020000000000000', 2n ** 53n], ['cfffffffffffffffff', 2n ** 64n - 1n], ['d3ffdfffffffffffff', -(2n ** 53n) - 1n], ['d38000000000000000', -(2n ** 63n)],
  ['ca3fc00000', 1.5], ['ca7f800000', Infinity], ['cb8000000000000000', -0], ['cb7ff8000000000000', NaN], ['cb3ff199999999999a', 1.1],
  ['c0', null], ['c2', false], ['c3', true],
  ['a0', ''], ['a161', 'a'], ['d90161', 'a'], ['da000161', 'a'], ['db0000000161', 'a'], ['a2c3bc', '\u00fc'], ['a4f09f8dba', '\u{1f37a}'],
  ['c400', new Uint8Array(0)], ['c5000201ff', new Uint8Array([1, 255])], ['c60000000100', new Uint8Array([0])],
  ['90', []], ['9201c0', [1, null]], ['dc000101', [1]], ['dd0000000190', [[]]],
  ['80', {}], ['81a16101', { a: 1 }], ['de0001a16180', { a: {} }], ['df00000001a161a141', { a: 'A' }],
  ['d40110', new Ext(1, new Uint8Array([0x10]))], ['d805' + '00'.repeat(16), new Ext(5, new Uint8Array(16))],
  ['c70006', new Ext(6, new Uint8Array(0))], ['c8000380616263', new Ext(-128, new Uint8Array([0x61, 0x62, 0x63]))], ['c9000000017f00', new Ext(127, new Uint8Array([0]))],
];

for (const [hex, value] of VALUES) {
  decoding(`decodes ${hex}`, () => {
    assert.ok(deepEqual(decode(bytesOf(hex)), value), `got ${String(decode(bytesOf(hex)))}`);
  });
}

decoding('gives a Map for maps with any key that is not a string, and stringifies keys on request', () => {
  assert.ok(deepEqual(decode(bytesOf('82 01 a161 a162 02')), new Map<unknown, unknown>([[1, 'a'], ['b', 2]])));
  assert.ok(deepEqual(decode(bytesOf('82 a162 02 c3 a161')), new Map<unknown, unknown>([['b', 2], [true, 'a']])));
  assert.equal(decode(bytesOf('83 01 a161 c3 a162 c0 03'), { mapKeys: 'stringify' }), { 1: 'a', true: 'b', null: 3 });
  const refused = failure(() => decode(bytesOf('81 90 01'), { mapKeys: 'stringify' }));
  assert.is(refused.code, 'unexpected-type');
  assert.is(refused.offset, 1);
});

decoding('stringifies only keys encoded as integers: a float key fails with unexpected-type at the key', () => {
  const stringify = { mapKeys: 'stringify' as const };
  assert.equal(decode(bytesOf('83 d0 e7 01 cf ffffffffffffffff 02 cc ff 03'), stringify), { '-25': 1, '18446744073709551615': 2, '255': 3 });
  // 1.5, Infinity, NaN, -0.0 (which would meet the integer 0 as '0'), and 2.0 in float32 and float64.
  for (const key of ['cb 3ff8000000000000', 'ca 7f800000', 'ca 7fc00000', 'cb 8000000000000000', 'ca 40000000', 'cb 4000000000000000']) {
    const refused = failure(() => decode(bytesOf(`82 00 00 ${key} 01`), stringify));
    assert.is(refused.code, 'unexpected-type', key);
    assert.is(refused.offset, 3, key);
  }
});

decoding('keeps __proto__ an own property and never touches the prototype', () => {
  const value = decode(bytesOf('82 a95f5f70726f746f5f5f 81 a178 01 a162 02')) as Record<string, unknown>;
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, '__proto__'));
  assert.equal(value['__proto__'], { x: 1 });
  assert.is(({} as Record<string, unknown>).x, undefined);
});

decoding('keeps the last of repeated keys, or rejects them at the repeated key', () => {
  assert.equal(decode(bytesOf('82 a161 01 a161 02')), { a: 2 });
  for (const [hex, offset] of [['82 a161 01 a161 02', 4], ['83 01 01 c3 02 01 03', 5], ['82 c40100 01 c40100 02', 5]] as const) {
    const error = failure(() => decode(bytesOf(hex), { duplicateKeys: 'reject' }));
    assert.is(error.code, 'duplicate-key', hex);
    assert.is(error.offset, offset, hex);
  }
});

decoding("reads the three timestamp forms as Dates, or exactly with timestamp: 'object'", () => {
  // spec.md "Timestamp extension type": 32-bit seconds; 30-bit ns + 34-bit s; 32-bit ns + int64 s.
  assert.equal(decode(bytesOf('d6ff 5a4af6a5')), new Date('2018-01-02T03:04:05Z'));
  assert.equal(decode(bytesOf('d7ff a1dcd7c8 5a4af6a5')), new Date('2018-01-02T03:04:05.678Z'));
  assert.equal(decode(bytesOf('c70cff 3b9ac9ff ffffffffffffffff')), new Date('1969-12-31T23:59:59.999Z'));
  assert.ok(deepEqual(decode(bytesOf('d7ff a1dcd7c8 5a4af6a5'), { timestamp: 'object' }), new Timestamp(1514862245, 678901234)));
  const far = decode(bytesOf('c70cff 00000001 7fffffffffffffff'), { timestamp: 'object' }) as Timestamp;
  assert.is(far.seconds, 2n ** 63n - 1n);
  assert.is(far.nanoseconds, 1);
});

// [hex, code, offset]: invalid input, each at the offset a reader of the spec stops at.
const INVALID: [string, string, number][] = [
  ['', 'unexpected-end', 0],
  ['c1', 'not-well-formed', 0],
  ['92 01 c1', 'not-well-formed', 2],
  ['81 c1 01', 'not-well-formed', 1],
  ['cd 01', 'unexpected-end', 2],
  ['cf 0000000000', 'unexpected-end', 6],
  ['cb 3ff0', 'unexpected-end', 3],
  ['a3 6162', 'unexpected-end', 3],
  ['d9', 'unexpected-end', 1],
  ['db ffffffff 61', 'unexpected-end', 6],
  ['c6 ffffffff 00', 'unexpected-end', 6],
  ['dd ffffffff 00', 'unexpected-end', 6],
  ['df ffffffff 00 00', 'unexpected-end', 7],
  ['95 01 02', 'unexpected-end', 3],
  ['c7 05 01 00', 'unexpected-end', 4],
  ['d8 01', 'unexpected-end', 2],
  ['d4', 'unexpected-end', 1],
  ['a2 c328', 'invalid-utf8', 1],
  ['d9 02 eda080', 'invalid-utf8', 2],
  ['81 a1 ff 01', 'invalid-utf8', 2],
  ['01 02', 'trailing-bytes', 1],
  ['90 c0', 'trailing-bytes', 1],
  ['d5ff 0000', 'invalid-tag', 0],
  ['c703ff 000000', 'invalid-tag', 0],
  ['d7ff ee6b2800 00000000', 'invalid-tag', 0],
  ['c70cff 3b9aca00 0000000000000000', 'invalid-tag', 0],
  ['91 c70cff 00000000 7fffffffffffffff', 'invalid-tag', 1],
];

for (const [hex, code, offset] of INVALID) {
  decoding(`rejects ${hex || 'empty input'} with ${code} at ${offset}`, () => {
    const error = failure(() => decode(bytesOf(hex)));
    assert.is(error.code, code);
    assert.is(error.offset, offset);
    assert.is(error.format, 'msgpack');
  });
}

decoding('stops nesting at maxDepth with too-deep at the container that goes too deep', () => {
  const nested = new Uint8Array(600).fill(0x91);
  const error = failure(() => decode(nested));
  assert.is(error.code, 'too-deep');
  assert.is(error.offset, 512);
  assert.is(failure(() => decode(bytesOf('91 91 91 c0'), { maxDepth: 2 })).offset, 2);
  assert.equal(decode(bytesOf('91 91 c0'), { maxDepth: 2 }), [[null]]);
});

decoding('drops trailing bytes with trailing: ignore', () => {
  assert.is(decode(bytesOf('01 02'), { trailing: 'ignore' }), 1);
});

decoding("returns bigints for every int64/uint64 with int64: 'bigint', numbers for the narrower forms", () => {
  assert.is(decode(bytesOf('cf 0000000000000001'), { int64: 'bigint' }), 1n);
  assert.is(decode(bytesOf('d3 ffffffffffffffff'), { int64: 'bigint' }), -1n);
  assert.is(decode(bytesOf('ce ffffffff'), { int64: 'bigint' }), 0xffffffff);
});

decoding('reads extension types through registered extensions, and turns their failures into invalid-tag', () => {
  class Point {
    constructor(readonly x: number, readonly y: number) {}
  }
  const point: MsgpackExtension<Point> = { type: 7, decode: (data) => new Point(data[0], data[1]) };
  assert.equal(decode(bytesOf('d5 07 0102'), { extensions: [point] }), new Point(1, 2));
  const decoder = new MsgpackDecoder();
  decoder.addExtension({ type: 7, decode: () => { throw new Error('no'); } });
  const error = failure(() => decoder.decode(bytesOf('91 d5 07 0102')));
  assert.is(error.code, 'invalid-tag');
  assert.is(error.offset, 1);
  // Registered for type -1, an extension replaces the timestamp reader.
  assert.is(decode(bytesOf('d6ff 00000001'), { extensions: [{ type: -1, decode: (data) => data.length }] }), 4);
  assert.throws(() => decode(bytesOf('c0'), { extensions: [{ type: 128, decode: () => 0 }] }), TypeError);
});

decoding('gives copies of bin and ext data, not views of the input', () => {
  const input = bytesOf('92 c40101 d40102');
  const [bin, ext] = decode(input) as [Uint8Array, Ext];
  input.fill(0);
  assert.equal([...bin], [1]);
  assert.equal([...ext.data], [2]);
});

decoding('decodes a sequence of items one after another, and none from empty input', () => {
  assert.equal([...decodeSequence(bytesOf('01 a161 90 80'))], [1, 'a', [], {}]);
  assert.equal([...decodeSequence(new Uint8Array(0))], []);
  const error = failure(() => [...decodeSequence(bytesOf('01 92 01'))]);
  assert.is(error.code, 'unexpected-end');
  assert.is(error.offset, 3);
});

decoding('checks well-formedness without building values, with the errors decode gives', () => {
  checkWellFormed(bytesOf('82 a161 92 01 cb3ff0000000000000 a162 d6ff00000000'));
  for (const [hex, code, offset] of INVALID) {
    if (hex === '') continue;
    const error = failure(() => checkWellFormed(bytesOf(hex)));
    assert.is(error.code, code, hex);
    assert.is(error.offset, offset, hex);
  }
  assert.is(failure(() => checkWellFormed(bytesOf('82 a161 01 a161 02'), { duplicateKeys: 'reject' })).code, 'duplicate-key');
});

decoding('finds the byte range of one item', () => {
  // 92 = [a161 "a", c40100 h'00'], seven bytes from offset 1 (then c3 is not looked at).
  assert.equal(skipItem(bytesOf('01 92 a161 c40100 c3'), 1), { start: 1, end: 7 });
});

decoding('accepts an ArrayBuffer and any byte view', () => {
  const bytes = bytesOf('0092a16101');
  assert.equal(decode(bytes.buffer.slice(1)), ['a', 1]);
  assert.equal(decode(new DataView(bytes.buffer, 1)), ['a', 1]);
});

decoding.run();
