import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cborg from 'cborg';
import { decode, decodeSequence, checkWellFormed, skipItem, CborDecoder, Tag, Simple, readText, readNumber, readAny, skipAny } from '../src/cbor/index.js';
import { DecodeError } from '../src/errors.js';
import { Reader } from '../src/reader.js';
import { fromHex } from './cbor-fixtures.js';

const decoding = suite('cbor generic decoder');

function failure(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw new Error(`expected a DecodeError, got ${String(error)}`);
  }
  throw new Error('expected a DecodeError, got success');
}

function rejects(hex: string | Uint8Array, code: string, offset: number, options?: object): void {
  const bytes = typeof hex === 'string' ? fromHex(hex) : hex;
  const error = failure(() => decode(bytes, options));
  assert.is(error.code, code);
  assert.is(error.offset, offset);
}

decoding('accepts every head width, shortest or not', () => {
  for (const hex of ['00', '1800', '190000', '1a00000000', '1b0000000000000000']) assert.is(decode(fromHex(hex)), 0);
  assert.is(decode(fromHex('5800')) instanceof Uint8Array, true);
  assert.is(decode(fromHex('7b000000000000000161')), 'a');
  assert.equal(decode(fromHex('9a0000000101')), [1]);
  assert.equal(decode(fromHex('b9000161610f')), { a: 15 });
  assert.instance(decode(fromHex('d9002001')), Tag);
});

decoding('returns a bigint exactly beyond ±(2^53-1) and a number within', () => {
  assert.is(decode(fromHex('1b001fffffffffffff')), 2 ** 53 - 1);
  assert.is(decode(fromHex('1b0020000000000000')), 2n ** 53n);
  assert.is(decode(fromHex('3b001ffffffffffffe')), -(2 ** 53 - 1));
  assert.is(decode(fromHex('3b001fffffffffffff')), -(2n ** 53n));
  assert.is(decode(fromHex('3bffffffffffffffff')), -(2n ** 64n));
});

decoding('turns bignums into bigints and rejects tag 2/3 around anything but bytes', () => {
  assert.is(decode(fromHex('c240')), 0n);
  assert.is(decode(fromHex('c2420100')), 256n);
  assert.is(decode(fromHex('c35f4101ff')), -2n);
  rejects('c201', 'invalid-tag', 0);
  rejects('82c38100', 'invalid-tag', 1);
  rejects('c2d8204101', 'invalid-tag', 0);
});

decoding('turns tag 0 and tag 1 into Dates and rejects invalid content', () => {
  assert.is((decode(fromHex('c074323031332d30332d32315432303a30343a30305a')) as Date).toISOString(), '2013-03-21T20:04:00.000Z');
  assert.is((decode(fromHex('c1fb41d452d9ec200000')) as Date).getTime(), 1363896240500);
  assert.is((decode(fromHex('c120')) as Date).getTime(), -1000);
  rejects('c001', 'invalid-tag', 0);
  rejects('c06a323031332d30332d3231', 'invalid-tag', 0); // a date without time
  rejects('c074323031332d30322d33305432303a30343a30305a', 'invalid-tag', 0); // February 30
  rejects('c16161', 'invalid-tag', 0);
  rejects('c1f97c00', 'invalid-tag', 0);
  rejects('c11b7fffffffffffffff', 'invalid-tag', 0);
});

decoding('reads tag 55799 transparently and other tags, big tag numbers included, as Tag', () => {
  assert.is(decode(fromHex('d9d9f701')), 1);
  const tag = decode(fromHex('dbffffffffffffffff00')) as Tag;
  assert.is(tag.tag, 2n ** 64n - 1n);
  assert.is(tag.content, 0);
  assert.is((decode(fromHex('d8206161')) as Tag).tag, 32);
});

decoding('decodes simple values natively or as Simple and rejects 0..31 in two-byte form', () => {
  assert.is(decode(fromHex('f4')), false);
  assert.is(decode(fromHex('f7')), undefined);
  assert.equal(decode(fromHex('f0')), new Simple(16));
  assert.equal(decode(fromHex('f820')), new Simple(32));
  rejects('f81f', 'invalid-simple', 0);
  rejects('81f814', 'invalid-simple', 1);
});

decoding('rejects invalid UTF-8 at the first byte of the string, on every path', () => {
  rejects('62c328', 'invalid-utf8', 1); // short text
  rejects('a162c32801', 'invalid-utf8', 2); // short key through the key cache
  rejects(`7831${'61'.repeat(48)}eda080`, 'invalid-utf8', 2); // long text (TextDecoder), a surrogate
  rejects('63e08080', 'invalid-utf8', 1); // overlong
  rejects('7f6161' + '62c328ff', 'invalid-utf8', 4); // second chunk
  rejects('bf62c32801ff', 'invalid-utf8', 2); // key of an indefinite map
  rejects(`a17819${'61'.repeat(24)}c301`, 'invalid-utf8', 3); // key with a 0x78 head, through the key cache
});

decoding('reads keys with a 0x78 head through the key cache, in shortest form or not', () => {
  const long = 'k'.repeat(30);
  const bytes = cborg.encode({ [long]: 1, [long + 'x'.repeat(40)]: 2 });
  for (let round = 0; round < 2; round++) assert.equal(decode(bytes), { [long]: 1, [long + 'x'.repeat(40)]: 2 });
  // A 3-byte key with a 1-byte length argument: valid, not preferred (RFC 8949 §4.2.1).
  assert.equal(decode(fromHex('a1780361626301')), { abc: 1 });
  rejects('a178', 'unexpected-end', 2); // where the missing bytes start, as on every other path
  rejects('a1780361', 'unexpected-end', 4);
});

decoding('rejects a declared length beyond the input before allocating, at the input length', () => {
  rejects('5bffffffffffffffff', 'unexpected-end', 9);
  rejects('7a7fffffff61', 'unexpected-end', 6);
  rejects('9bffffffffffffffff00', 'unexpected-end', 10);
  rejects('bbffffffffffffffff0000', 'unexpected-end', 11);
  rejects('9a7fffffff', 'unexpected-end', 5);
  // A length past 2^53 is not printed as a rounded number.
  assert.throws(() => decode(fromHex('5bffffffffffffffff')), (error: Error) => error.message === 'cbor decode: unexpected end of input (need more than 2^53 bytes, have 0) at offset 9');
  assert.throws(() => decode(fromHex('5a7fffffff61')), (error: Error) => error.message === 'cbor decode: unexpected end of input (need 2147483647 bytes, have 1) at offset 6');
});

decoding('stops 100,000 nested arrays, maps and tags at the depth limit without a stack overflow', () => {
  rejects(new Uint8Array(100_000).fill(0x81), 'too-deep', 512);
  rejects(new Uint8Array(100_000).fill(0x9f), 'too-deep', 512);
  rejects(new Uint8Array(100_000).fill(0xc6), 'too-deep', 512);
  const maps = new Uint8Array(200_000);
  for (let index = 0; index < maps.length; index += 2) maps.set([0xa1, 0x00], index);
  rejects(maps, 'too-deep', 1024);
  rejects(new Uint8Array(10).fill(0x81), 'too-deep', 3, { maxDepth: 3 });
});

decoding('decodes 512 nested levels, the default limit', () => {
  const bytes = new Uint8Array(513).fill(0x81);
  bytes[512] = 0x00;
  let value = decode(bytes);
  for (let level = 0; level < 512; level++) value = (value as unknown[])[0];
  assert.is(value, 0);
  rejects(new Uint8Array(514).fill(0x81).fill(0, 513), 'too-deep', 512);
  checkWellFormed(bytes);
});

decoding('turns an engine stack overflow under a huge maxDepth into a DecodeError', () => {
  const error = failure(() => decode(new Uint8Array(1_000_000).fill(0x81), { maxDepth: 10_000_000 }));
  assert.is(error.code, 'too-deep');
});

decoding('keeps __proto__ and constructor keys as own properties on every path', () => {
  const paths = [
    'a2695f5f70726f746f5f5fa16178016b636f6e7374727563746f7201', // definite, key cache
    'bf695f5f70726f746f5f5fa1617801ff', // indefinite
    'a27f695f5f70726f746f5f5fffa161780161610f', // indefinite key string (generic key path)
  ];
  for (const hex of paths) {
    for (const options of [undefined, { duplicateKeys: 'reject' as const }, { mapKeys: 'stringify' as const }]) {
      const value = decode(fromHex(hex), options) as any;
      assert.is(Object.getPrototypeOf(value), Object.prototype, hex);
      assert.ok(Object.hasOwn(value, '__proto__'), hex);
      assert.equal(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, { x: 1 });
      assert.is(({} as any).x, undefined);
    }
  }
  const constructorValue = decode(fromHex(paths[0])) as any;
  assert.is(constructorValue.constructor, 1);
  const mixed = decode(fromHex('a2695f5f70726f746f5f5f010203')) as Map<unknown, unknown>;
  assert.is(mixed.get('__proto__'), 1);
});

decoding('keeps the last of repeated keys by default and rejects them under duplicateKeys reject', () => {
  assert.equal(decode(fromHex('a2616101616102')), { a: 2 });
  rejects('a2616101616102', 'duplicate-key', 4, { duplicateKeys: 'reject' });
  rejects('bf616101616102ff', 'duplicate-key', 4, { duplicateKeys: 'reject' });
  rejects('a301010202010a', 'duplicate-key', 5, { duplicateKeys: 'reject' });
  rejects('a2810101810102', 'duplicate-key', 4, { duplicateKeys: 'reject' });
  assert.equal(decode(fromHex('a2810101810202'), { duplicateKeys: 'reject' }), new Map([[[1], 1], [[2], 2]]));
});

decoding('returns a Map for non-text keys by default and stringifies them on request', () => {
  assert.equal(decode(fromHex('a2616101010f')), new Map<unknown, unknown>([['a', 1], [1, 15]]));
  assert.equal(decode(fromHex('a2616101010f'), { mapKeys: 'stringify' }), { a: 1, 1: 15 });
  rejects('a18001', 'unexpected-type', 1, { mapKeys: 'stringify' });
  rejects('a2013001610f', 'duplicate-key', 3, { mapKeys: 'stringify', duplicateKeys: 'reject' } as object);
});

decoding('stringifies only keys encoded as integers: a float key fails with unexpected-type at the key', () => {
  const stringify = { mapKeys: 'stringify' as const };
  // Integer items (major types 0 and 1, 64-bit ones as bigints) and a bignum become their text.
  assert.equal(decode(fromHex('a3' + '3818' + '01' + '1bffffffffffffffff' + '02' + 'c249010000000000000000' + '03'), stringify), {
    '-25': 1,
    '18446744073709551615': 2,
    '18446744073709551616': 3,
  });
  // 1.5, NaN, -0.0 (which would meet the integer 0 as '0'), and 2.0 in f16, f32 and f64.
  for (const key of ['f93e00', 'f97e00', 'f98000', 'f94000', 'fa40000000', 'fb4000000000000000']) {
    rejects(`a20000${key}01`, 'unexpected-type', 3, stringify);
  }
});

decoding('rejects trailing bytes unless told to ignore them', () => {
  rejects('0000', 'trailing-bytes', 1);
  assert.is(decode(fromHex('0000'), { trailing: 'ignore' }), 0);
});

decoding('a reusable decoder gives the same values across calls', () => {
  const decoder = new CborDecoder();
  for (let round = 0; round < 3; round++) assert.equal(decoder.decode(fromHex('a161616178')), { a: 'x' });
});

decoding('decodes an RFC 8742 sequence item by item and reports an error in place', () => {
  assert.equal([...decodeSequence(fromHex('0161618100'))], [1, 'a', [0]]);
  assert.equal([...decodeSequence(new Uint8Array(0))], []);
  const items = decodeSequence(fromHex('01ff'));
  assert.is(items.next().value, 1);
  const error = failure(() => items.next());
  assert.is(error.code, 'not-well-formed');
  assert.is(error.offset, 1);
});

decoding('skipItem gives the byte range of one item and checkWellFormed checks a whole input', () => {
  const bytes = fromHex('0182016161a1616280f6');
  assert.equal(skipItem(bytes), { start: 0, end: 1 });
  assert.equal(skipItem(bytes, 1), { start: 1, end: 5 });
  assert.equal(skipItem(bytes, 5), { start: 5, end: 9 });
  checkWellFormed(fromHex('9f5f4101ff7f6161ffbf0102ffc24101ff'));
  const error = failure(() => checkWellFormed(bytes));
  assert.is(error.code, 'trailing-bytes');
  assert.is(error.offset, 1);
});

decoding('readText and readNumber read one item or fail with unexpected-type at its offset', () => {
  const reader = new Reader('cbor', fromHex('6161 7f6162ff 1b0020000000000001 3bffffffffffffffff f93e00 01'.replace(/ /g, '')));
  assert.is(readText(reader), 'a');
  assert.is(readText(reader), 'b');
  assert.is(readNumber(reader), 2 ** 53); // nearest double of 2^53+1
  assert.is(readNumber(reader), -(2 ** 64));
  assert.is(readNumber(reader), 1.5);
  const error = failure(() => readText(reader));
  assert.is(error.code, 'unexpected-type');
  assert.is(error.offset, 27);
  const numbers = new Reader('cbor', fromHex('6161'));
  assert.is(failure(() => readNumber(numbers)).code, 'unexpected-type');
});

decoding('readAny and skipAny work from the reader position with the given depth', () => {
  const reader = new Reader('cbor', fromHex('8181008100'));
  assert.equal(readAny(reader, 10), [[0]]);
  assert.is(reader.pos, 3);
  skipAny(reader, 10);
  assert.is(reader.pos, 5);
  const shallow = new Reader('cbor', fromHex('818100'));
  const error = failure(() => readAny(shallow, 1));
  assert.is(error.code, 'too-deep');
  assert.is(error.offset, 1);
});

decoding('decodes every one-byte initial byte inside an array as cborg does', () => {
  for (let initial = 0; initial < 256; initial++) {
    const bytes = Uint8Array.from([0x83, 0x01, initial, 0x02]);
    let expected: unknown;
    try {
      expected = cborg.decode(Uint8Array.from([initial]));
    } catch {
      continue; // not a whole item on its own
    }
    if (typeof expected === 'object' && expected !== null) continue; // cborg's own types (tags, simples)
    assert.equal(decode(bytes), [1, expected, 2], `0x${initial.toString(16)}`);
  }
  // The array loop still stops at the real end when a count runs past it.
  const error = (() => {
    try {
      decode(Uint8Array.from([0x84, 0x01, 0xf5, 0x20]));
    } catch (caught) {
      return caught as DecodeError;
    }
    return undefined;
  })();
  assert.ok(error instanceof DecodeError);
  assert.is(error.code, 'unexpected-end');
  assert.is(error.offset, 4);
});

decoding('accepts an ArrayBuffer or another byte view as input', () => {
  assert.is(decode(fromHex('6161').buffer as ArrayBuffer), 'a');
  assert.is(decode(new DataView(fromHex('006162').buffer, 1) as unknown as Uint8Array), 'b');
});

decoding.run();
