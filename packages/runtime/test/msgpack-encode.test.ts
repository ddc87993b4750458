import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encode, decode, MsgpackEncoder, Ext, Timestamp, writeAny, type MsgpackExtension } from '../src/msgpack/index.js';
import { EncodeError } from '../src/errors.js';
import { Writer } from '../src/writer.js';
import { deepEqual, toHex } from './cbor-fixtures.js';
import { bytesOf } from './msgpack-fixtures.js';

const encoding = suite('msgpack generic encoder');

// [value, hex]: the smallest form of each value (spec.md "Formats"), written out by hand.
const FORMS: [string, unknown, string][] = [
  ['0 as a positive fixint', 0, '00'],
  ['127 as a positive fixint', 127, '7f'],
  ['128 as uint8', 128, 'cc80'],
  ['255 as uint8', 255, 'ccff'],
  ['256 as uint16', 256, 'cd0100'],
  ['65535 as uint16', 65535, 'cdffff'],
  ['65536 as uint32', 65536, 'ce00010000'],
  ['2^32-1 as uint32', 2 ** 32 - 1, 'ceffffffff'],
  ['2^32 as uint64', 2 ** 32, 'cf0000000100000000'],
  ['2^53-1 as uint64', 2 ** 53 - 1, 'cf001fffffffffffff'],
  ['-1 as a negative fixint', -1, 'ff'],
  ['-32 as a negative fixint', -32, 'e0'],
  ['-33 as int8', -33, 'd0df'],
  ['-128 as int8', -128, 'd080'],
  ['-129 as int16', -129, 'd1ff7f'],
  ['-32768 as int16', -32768, 'd18000'],
  ['-32769 as int32', -32769, 'd2ffff7fff'],
  ['-2^31 as int32', -(2 ** 31), 'd280000000'],
  ['-2^31-1 as int64', -(2 ** 31) - 1, 'd3ffffffff7fffffff'],
  ['-(2^53-1) as int64', -(2 ** 53 - 1), 'd3ffe0000000000001'],
  ['1.5 as float64', 1.5, 'cb3ff8000000000000'],
  ['-0 as a float', -0, 'cb8000000000000000'],
  ['NaN as float64', NaN, 'cb7ff8000000000000'],
  ['2^53 (not a safe integer) as a float', 2 ** 53, 'cb4340000000000000'],
  ['5n as uint64', 5n, 'cf0000000000000005'],
  ['-5n as int64', -5n, 'd3fffffffffffffffb'],
  ['2^64-1 as uint64', 2n ** 64n - 1n, 'cfffffffffffffffff'],
  ['-2^63 as int64', -(2n ** 63n), 'd38000000000000000'],
  ['null as nil', null, 'c0'],
  ['undefined as nil', undefined, 'c0'],
  ['false', false, 'c2'],
  ['true', true, 'c3'],
  ['"" as a fixstr', '', 'a0'],
  ['31 bytes as a fixstr', 'a'.repeat(31), 'bf' + '61'.repeat(31)],
  ['32 bytes as str8', 'a'.repeat(32), 'd920' + '61'.repeat(32)],
  ['11 two-byte characters (22 bytes) as a fixstr', '\u00fc'.repeat(11), 'b6' + 'c3bc'.repeat(11)],
  ['16 two-byte characters (32 bytes) as str8', '\u00fc'.repeat(16), 'd920' + 'c3bc'.repeat(16)],
  ['256 bytes as str16', 'b'.repeat(256), 'da0100' + '62'.repeat(256)],
  ['a 4-byte character', '\u{1f37a}', 'a4f09f8dba'],
  ['65536 bytes as str32', 'c'.repeat(65536), 'db00010000' + '63'.repeat(65536)],
  ['an empty Uint8Array as bin8', new Uint8Array(0), 'c400'],
  ['256 bytes as bin16', new Uint8Array(256), 'c50100' + '00'.repeat(256)],
  ['65536 bytes as bin32', new Uint8Array(65536), 'c600010000' + '00'.repeat(65536)],
  ['[] as a fixarray', [], '90'],
  ['15 elements as a fixarray', Array(15).fill(1), '9f' + '01'.repeat(15)],
  ['16 elements as array16', Array(16).fill(1), 'dc0010' + '01'.repeat(16)],
  ['65536 elements as array32', Array(65536).fill(0), 'dd00010000' + '00'.repeat(65536)],
  ['a hole as nil', [, 1], '92c001'], // eslint-disable-line no-sparse-arrays
  ['{} as a fixmap', {}, '80'],
  ['{"a": 1, "b": [2, 3]}', { a: 1, b: [2, 3] }, '82a16101a162920203'],
  ['16 keys as map16', Object.fromEntries(Array.from({ length: 16 }, (_, index) => [String.fromCharCode(0x61 + index), 0])), 'de0010' + Array.from({ length: 16 }, (_, index) => `a1${(0x61 + index).toString(16)}00`).join('')],
  ['a Map with an integer key', new Map([[1, 'a']]), '8101a161'],
  ['a null-prototype object', Object.assign(Object.create(null), { x: 1 }), '81a17801'],
  ['an undefined member as nil', { a: undefined }, '81a161c0'],
  ['the epoch as timestamp 32', new Date(0), 'd6ff00000000'],
  ['2018-01-02T03:04:05Z as timestamp 32', new Date('2018-01-02T03:04:05Z'), 'd6ff5a4af6a5'],
  ['a Date with milliseconds as timestamp 64', new Date('2018-01-02T03:04:05.678Z'), 'd7ffa1a5d6005a4af6a5'],
  ['2106-02-07T06:28:16Z (2^32 s) as timestamp 64', new Date(2 ** 32 * 1000), 'd7ff0000000100000000'],
  // -1 ms: second -1 and 999,000,000 ns (0x3b8b87c0).
  ['a Date before 1970 as timestamp 96', new Date(-1), 'c70cff3b8b87c0ffffffffffffffff'],
  ['a Date past 2^34 s as timestamp 96', new Date(2 ** 34 * 1000), 'c70cff000000000000000400000000'],
  ['a Timestamp with nanoseconds as timestamp 64', new Timestamp(1514862245, 678901234), 'd7ffa1dcd7c85a4af6a5'],
  ['a Timestamp of int64 seconds as timestamp 96', new Timestamp(2n ** 63n - 1n, 1), 'c70cff000000017fffffffffffffff'],
  ['a Timestamp of bigint seconds in the 32-bit range as timestamp 32', new Timestamp(1n), 'd6ff00000001'],
  ['Ext with 1 byte as fixext1', new Ext(1, new Uint8Array([0x10])), 'd40110'],
  ['Ext with 2 bytes as fixext2', new Ext(2, new Uint8Array(2)), 'd5020000'],
  ['Ext with 4 bytes as fixext4', new Ext(3, new Uint8Array(4)), 'd60300000000'],
  ['Ext with 8 bytes as fixext8', new Ext(4, new Uint8Array(8)), 'd704' + '00'.repeat(8)],
  ['Ext with 16 bytes as fixext16', new Ext(5, new Uint8Array(16)), 'd805' + '00'.repeat(16)],
  ['Ext with 0 bytes as ext8', new Ext(6, new Uint8Array(0)), 'c70006'],
  ['Ext with 3 bytes and type -128 as ext8', new Ext(-128, new Uint8Array(3)), 'c70380000000'],
  ['Ext with 256 bytes as ext16', new Ext(7, new Uint8Array(256)), 'c8010007' + '00'.repeat(256)],
  ['Ext with 65536 bytes as ext32', new Ext(8, new Uint8Array(65536)), 'c90001000008' + '00'.repeat(65536)],
];

for (const [name, value, hex] of FORMS) {
  encoding(`writes ${name}`, () => {
    assert.is(toHex(encode(value)), hex);
  });
}

encoding("writes float32 where it holds the value exactly with float: 'shortest'", () => {
  assert.is(toHex(encode(1.5, { float: 'shortest' })), 'ca3fc00000');
  assert.is(toHex(encode(-0, { float: 'shortest' })), 'ca80000000');
  assert.is(toHex(encode(Infinity, { float: 'shortest' })), 'ca7f800000');
  assert.is(toHex(encode(NaN, { float: 'shortest' })), 'ca7fc00000');
  assert.is(toHex(encode(1.1, { float: 'shortest' })), 'cb3ff199999999999a');
  assert.is(toHex(encode(7, { float: 'shortest' })), '07');
});

/** The EncodeError `run` throws, checked for its code and JSON Pointer. */
function refuses(value: unknown, code: string, path: string, options?: object): void {
  try {
    encode(value, options);
  } catch (error) {
    assert.instance(error, EncodeError);
    assert.is((error as EncodeError).code, code);
    assert.is((error as EncodeError).path, path);
    assert.is((error as EncodeError).format, 'msgpack');
    return;
  }
  assert.unreachable('encoded');
}

encoding('refuses what MessagePack cannot hold with unsupported-value at its JSON Pointer', () => {
  refuses({ a: [1, () => 1] }, 'unsupported-value', '/a/1');
  refuses([Symbol('x')], 'unsupported-value', '/0');
  refuses({ 'x/y': new (class Point {})() }, 'unsupported-value', '/x~1y');
  refuses({ when: new Date(NaN) }, 'unsupported-value', '/when');
  refuses(['ok', 'bad \ud800'], 'unsupported-value', '/1');
  refuses({ ['\udc00']: 1 }, 'unsupported-value', '/\udc00');
  refuses([2n ** 64n], 'unsupported-value', '/0');
  refuses(-(2n ** 63n) - 1n, 'unsupported-value', '');
  refuses(new Map([['k', new Ext(128, new Uint8Array(0))]]), 'unsupported-value', '/k');
  refuses(new Ext(1, [1] as unknown as Uint8Array), 'unsupported-value', '');
  refuses(new Timestamp(1, 1_000_000_000), 'unsupported-value', '');
  refuses([new Ext(-1, new Uint8Array(5))], 'unsupported-value', '/0');
  refuses(new Ext(-1, Uint8Array.of(0xee, 0x6b, 0x28, 0x00, 0, 0, 0, 0)), 'unsupported-value', '');
  refuses(new Timestamp(2n ** 63n), 'unsupported-value', '');
  refuses(new Timestamp(1.5), 'unsupported-value', '');
});

encoding('refuses a cycle with circular-value at the reference that closes it, and depth past maxDepth', () => {
  const cyclic: Record<string, unknown> = { a: [1] };
  (cyclic.a as unknown[]).push(cyclic);
  refuses(cyclic, 'circular-value', '/a/1');
  refuses([[[1]]], 'too-deep', '/0/0', { maxDepth: 2 });
  assert.is(toHex(encode([[1]], { maxDepth: 2 })), '919101');
});

encoding('leaves the shared buffer usable after a failure, and never overwrites returned bytes', () => {
  const first = encode({ a: 'first' });
  assert.throws(() => encode({ b: () => 0 }));
  const second = encode([2]);
  assert.is(toHex(first), '81a161a56669727374');
  assert.is(toHex(second), '9102');
});

encoding('writes instances of registered classes as their extension type, latest registered first', () => {
  class Point {
    constructor(readonly x: number, readonly y: number) {}
  }
  const point: MsgpackExtension<Point> = { type: 7, Class: Point, encode: (p) => Uint8Array.of(p.x, p.y), decode: (data) => new Point(data[0], data[1]) };
  const encoder = new MsgpackEncoder();
  encoder.addExtension(point);
  const bytes = encoder.encode({ at: new Point(1, 2) });
  assert.is(toHex(bytes), '81a26174d5070102');
  assert.equal(decode(bytes, { extensions: [point] }), { at: new Point(1, 2) });
  // An extension for Date replaces the timestamp.
  assert.is(toHex(encode(new Date(0), { extensions: [{ type: 9, Class: Date, encode: () => Uint8Array.of(1) }] })), 'd40901');
  encoder.addExtension({ type: 8, Class: Point, encode: () => new Uint8Array(0) });
  assert.is(toHex(encoder.encode(new Point(1, 2))), 'c70008');
  assert.throws(() => encoder.addExtension({ type: -129, Class: Point, encode: () => new Uint8Array(0) }), TypeError);
  assert.throws(() => encoder.addExtension({ type: 1, Class: Point }), TypeError);
});

encoding('writes into an existing Writer with writeAny, errors under the given path', () => {
  const writer = new Writer();
  writer.u8(0x92);
  writeAny(writer, 'a');
  writeAny(writer, [1]);
  assert.is(toHex(writer.finish()), '92a1619101');
  try {
    writeAny(new Writer(), { x: () => 0 }, '/outer');
    assert.unreachable('wrote');
  } catch (error) {
    assert.is((error as EncodeError).path, '/outer/x');
  }
});

encoding('round-trips the values of the table but undefined, holes, Dates and null-prototype objects', () => {
  let checked = 0;
  for (const [name, value] of FORMS) {
    // undefined and holes come back as null, Dates as Timestamps under timestamp: 'object', and
    // a null-prototype object as a plain one, bigint seconds within the safe range as a number.
    if (/undefined|hole|Date|null-prototype|epoch|2018-01-02T03:04:05Z|2106|bigint seconds/.test(name)) continue;
    const back = decode(encode(value), { timestamp: 'object', int64: typeof value === 'bigint' ? 'bigint' : 'auto' });
    assert.ok(deepEqual(back, value), name);
    checked++;
  }
  assert.is(checked, FORMS.length - 11);
});

encoding.run();
