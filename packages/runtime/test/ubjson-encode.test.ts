import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { decode, encode, writeAny, writeInt, writeKey, writeString, UbjsonEncoder, type UbjsonEncodeOptions } from '../src/ubjson/index.js';
import { EncodeError, ErrorCode } from '../src/errors.js';
import { Writer } from '../src/writer.js';
import { testDataUrl } from '../../../test-data/index.js';

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const clean = (text: string) => text.replace(/\s+/g, '');

function encodeFailure(value: unknown, options?: UbjsonEncodeOptions): EncodeError {
  try {
    encode(value, options);
  } catch (error) {
    assert.instance(error, EncodeError, String(error));
    return error as EncodeError;
  }
  return assert.unreachable('encoded') as never;
}

const numbers = suite('ubjson encode: numbers');

// Expected bytes written by hand from value-types.html#numeric: smallest of i U I l L, big-endian.
const integers: [number, string][] = [
  [0, '69 00'], [1, '69 01'], [127, '69 7f'], [-1, '69 ff'], [-128, '69 80'],
  [128, '55 80'], [255, '55 ff'],
  [256, '49 0100'], [-129, '49 ff7f'], [32767, '49 7fff'], [-32768, '49 8000'],
  [32768, '6c 00008000'], [-32769, '6c ffff7fff'], [2 ** 31 - 1, '6c 7fffffff'], [-(2 ** 31), '6c 80000000'],
  [2 ** 31, '4c 0000000080000000'], [-(2 ** 31) - 1, '4c ffffffff7fffffff'], [2 ** 32, '4c 0000000100000000'],
  [62343423432, '4c 0000000e83f525c8'], [Number.MAX_SAFE_INTEGER, '4c 001fffffffffffff'], [Number.MIN_SAFE_INTEGER, '4c ffe0000000000001'],
];

for (const [value, bytes] of integers) {
  numbers(`writes ${value} as ${bytes}`, () => {
    assert.is(hexOf(encode(value)), clean(bytes));
    const writer = new Writer();
    writeInt(writer, value);
    assert.is(hexOf(writer.finish()), clean(bytes));
  });
}

numbers('writes non-integers, -0 and unsafe integers as float64 D', () => {
  assert.is(hexOf(encode(0.5)), '443fe0000000000000');
  assert.is(hexOf(encode(-0)), '448000000000000000');
  assert.is(hexOf(encode(2 ** 53)), '444340000000000000');
  assert.is(hexOf(encode(968129121061490700)), '44' + hexOf(float64(968129121061490700)));
  assert.is(decode(encode(968129121061490700)), 968129121061490700);
  assert.is(hexOf(encode(NaN)), '447ff8000000000000');
  assert.is(hexOf(encode(-Infinity)), '44fff0000000000000');
});

function float64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return bytes;
}

numbers('writes float32 d only where it is exact when float32 is asked for', () => {
  const options = { float32: true };
  assert.is(hexOf(encode(0.5, options)), '643f000000');
  assert.is(hexOf(encode(-0, options)), '6480000000');
  assert.is(hexOf(encode(0.1, options)), '443fb999999999999a');
  assert.ok(Object.is(decode(encode(-0, options)), -0));
});

numbers('writes NaN and Infinity as null or refuses them when asked', () => {
  assert.is(hexOf(encode([NaN, Infinity], { nonFinite: 'null' })), '5b5a5a5d');
  const error = encodeFailure({ a: [1, -Infinity] }, { nonFinite: 'error' });
  assert.is(error.code, ErrorCode.UnsupportedValue);
  assert.is(error.path, '/a/1');
});

numbers('writes bigint as L within int64 and as H decimal text beyond', () => {
  assert.is(hexOf(encode(5n)), '4c0000000000000005');
  assert.is(hexOf(encode(-1n)), '4cffffffffffffffff');
  assert.is(hexOf(encode(-(2n ** 63n))), '4c8000000000000000');
  assert.is(hexOf(encode(2n ** 63n)), '486913' + Buffer.from('9223372036854775808').toString('hex'));
  assert.is(decode(encode(2n ** 63n)), 2n ** 63n);
  assert.is(decode(encode(5n), { int64: 'bigint' }), 5n);
  assert.is(decode(encode(-(10n ** 40n))), -(10n ** 40n));
});

numbers('writeInt refuses what is not a safe integer', () => {
  for (const value of [1.5, NaN, 2 ** 53]) {
    try {
      writeInt(new Writer(), value);
      assert.unreachable(String(value));
    } catch (error) {
      assert.instance(error, EncodeError);
      assert.is((error as EncodeError).code, ErrorCode.UnsupportedValue);
    }
  }
});

numbers.run();

const text = suite('ubjson encode: strings and bytes');

function stringBytes(value: string, header: string): string {
  return clean(header) + Buffer.from(value, 'utf8').toString('hex');
}

const strings: [string, string][] = [
  ['', '53 69 00'], ['a', '53 69 01'], ['x'.repeat(127), '53 69 7f'], ['x'.repeat(128), '53 55 80'],
  ['x'.repeat(255), '53 55 ff'], ['x'.repeat(256), '53 49 0100'], ['é'.repeat(85), '53 55 aa'],
  ['é'.repeat(86), '53 55 ac'], ['é'.repeat(200), '53 49 0190'], ['😀'.repeat(40), '53 55 a0'],
  ['x'.repeat(32768), '53 6c 00008000'], ['Ж'.repeat(5000), '53 49 2710'], ['Ж'.repeat(20000), '53 6c 00009c40'],
  ['x'.repeat(32767), '53 49 7fff'],
];

for (const [value, header] of strings) {
  text(`writes a string of ${value.length} units (${Buffer.byteLength(value)} bytes) with the header ${header}`, () => {
    assert.is(hexOf(encode(value)), stringBytes(value, header));
    const writer = new Writer();
    writeString(writer, value);
    writeKey(writer, value);
    assert.is(hexOf(writer.finish()), stringBytes(value, header) + stringBytes(value, header.slice(3)));
  });
}

text('writes object keys with the same headers as strings, ASCII or not, short or long', () => {
  for (const key of ['', 'a', 'x'.repeat(127), 'x'.repeat(128), 'é', 'aé', 'ключ', '😀', 'y'.repeat(300)]) {
    const length = Buffer.byteLength(key);
    const header = length < 128 ? `69${hex(length, 2)}` : length < 256 ? `55${hex(length, 2)}` : `49${hex(length, 4)}`;
    assert.is(hexOf(encode({ [key]: 1 })), `7b${header}${Buffer.from(key).toString('hex')}69017d`, key);
  }
});

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

text('writes C for one-char ASCII strings only when chars is asked for', () => {
  assert.is(hexOf(encode('a', { chars: true })), '4361');
  assert.is(hexOf(encode('é', { chars: true })), '5369 02c3a9'.replace(' ', ''));
  assert.is(hexOf(encode('ab', { chars: true })), '53690261 62'.replace(' ', ''));
});

text('refuses strings and keys with a lone surrogate at their JSON Pointer', () => {
  const cases: [unknown, string][] = [
    ['a\ud800b', ''],
    [['ok', 'x'.repeat(100) + '\udc00'], '/1'],
    [{ list: [{ deep: '\ud83d' }] }, '/list/0/deep'],
    [{ fine: 1, ['k\ud800']: 2 }, '/k\ud800'],
    [{ ['é'.repeat(200) + '\udfff']: 2 }, `/${'é'.repeat(200)}\udfff`],
  ];
  for (const [value, path] of cases) {
    const error = encodeFailure(value);
    assert.is(error.code, ErrorCode.UnsupportedValue);
    assert.is(error.path, path);
  }
  assert.is(hexOf(encode('\ud83d\ude00')), '536904f09f9880');
});

text('writes long strings and keys right when the writer runs out of room part way', () => {
  const texts = ['a', 'é', '水', '😀'].flatMap((unit) => [30, 100, 300, 5000].map((length) => unit.repeat(length)));
  const writer = new Writer(64);
  const expected: string[] = [];
  for (let round = 0; round < 3; round++) {
    for (const text of texts) {
      writeString(writer, text);
      writeKey(writer, text);
      const alone = hexOf(encode(text));
      expected.push(alone, alone.slice(2));
    }
  }
  assert.is(hexOf(writer.finish()), expected.join(''));
  const object = Object.fromEntries(texts.map((text, index) => [text, index]));
  assert.equal(decode(encode(object)), object);
});

text('writeString and writeKey refuse a lone surrogate and leave the writer where it was', () => {
  const writer = new Writer(64);
  writeString(writer, 'ok');
  for (const write of [writeString, writeKey]) {
    for (const bad of ['\ud800', 'a'.repeat(60) + '\udc00']) {
      try {
        write(writer, bad);
        assert.unreachable('wrote a lone surrogate');
      } catch (error) {
        assert.instance(error, EncodeError);
        assert.is((error as EncodeError).code, ErrorCode.UnsupportedValue);
        assert.is((error as EncodeError).path, '');
      }
    }
  }
  assert.is(hexOf(writer.finish()), '5369026f6b');
});

text('writes a Uint8Array (and a Buffer) as [$U#n', () => {
  assert.is(hexOf(encode(new Uint8Array([1, 2, 3]))), '5b2455236903010203');
  assert.is(hexOf(encode(Buffer.from([9]))), '5b245523690109');
  assert.is(hexOf(encode(new Uint8Array(200)).subarray(0, 6)), '5b24552355c8');
});

text.run();

const values = suite('ubjson encode: values and errors');

values('skips undefined object members and writes undefined elsewhere as null', () => {
  assert.is(hexOf(encode({ a: undefined, b: 1 })), '7b690162 69017d'.replace(' ', ''));
  assert.is(hexOf(encode([undefined])), '5b5a5d');
  assert.is(hexOf(encode(undefined)), '5a');
});

values('writes objects with a null prototype', () => {
  const object = Object.create(null) as Record<string, unknown>;
  object.a = true;
  assert.is(hexOf(encode(object)), '7b69016154 7d'.replace(' ', ''));
});

values('refuses unsupported values with their JSON Pointer, tokens escaped', () => {
  class Point {}
  const cases: [unknown, string][] = [
    [{ a: [1, { b: Symbol('s') }] }, '/a/1/b'],
    [{ 'a/b': { '~': () => 0 } }, '/a~1b/~0'],
    [[new Map()], '/0'],
    [[new Date(0)], '/0'],
    [{ p: new Point() }, '/p'],
    [{ i: new Int16Array(2) }, '/i'],
  ];
  for (const [value, path] of cases) {
    const error = encodeFailure(value);
    assert.is(error.code, ErrorCode.UnsupportedValue);
    assert.is(error.path, path);
    assert.ok(error.message.startsWith('ubjson encode: '));
  }
});

values('reports a cycle as circular-value at the reference that closes it', () => {
  const root: Record<string, unknown> = { list: [] };
  (root.list as unknown[]).push(1, root);
  const error = encodeFailure(root);
  assert.is(error.code, ErrorCode.CircularValue);
  assert.is(error.path, '/list/1');
});

values('refuses 100,000 nested arrays as too-deep without an engine stack overflow', () => {
  let value: unknown = [];
  for (let depth = 0; depth < 100_000; depth++) value = [value];
  const error = encodeFailure(value);
  assert.is(error.code, ErrorCode.TooDeep);
  assert.is(error.path, '/0'.repeat(512));
  let ok: unknown = [];
  for (let depth = 1; depth < 512; depth++) ok = [ok];
  assert.is(encode(ok).length, 1024);
});

values('writeAny puts errors under the path it is given', () => {
  const writer = new Writer();
  writeAny(writer, { a: 1 }, '/x');
  assert.is(hexOf(writer.finish()), '7b6901616901 7d'.replace(' ', ''));
  try {
    writeAny(writer, { a: [Symbol('s')] }, '/x/y');
    assert.unreachable('written');
  } catch (error) {
    assert.is((error as EncodeError).path, '/x/y/a/0');
  }
});

values('a reused encoder starts clean after a failure and keeps earlier outputs intact', () => {
  const encoder = new UbjsonEncoder();
  const first = encoder.encode([1, 2]);
  assert.throws(() => encoder.encode([3, Symbol('s')]));
  const second = encoder.encode('ok');
  assert.is(hexOf(first), '5b690169025d');
  assert.is(hexOf(second), '5369026f6b');
});

values('a getter that encodes again does not disturb the outer output', () => {
  const value = {
    get inner() {
      return hexOf(encode([7]));
    },
  };
  assert.equal(decode(encode(value)), { inner: '5b69075d' });
});

const directory = testDataUrl('payloads/');
for (const name of readdirSync(directory).filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))) {
  values(`round-trips the payload ${name}`, () => {
    const value = JSON.parse(readFileSync(new URL(name, directory), 'utf8'));
    assert.equal(decode(encode(value)), value);
  });
}

values.run();
