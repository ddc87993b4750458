import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode, readAny, readLength, skipAny, UbjsonDecoder, type UbjsonDecodeOptions } from '../src/ubjson/index.js';
import { DecodeError, ErrorCode } from '../src/errors.js';
import { Reader } from '../src/reader.js';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

function failure(bytes: Uint8Array, options?: UbjsonDecodeOptions): DecodeError {
  try {
    decode(bytes, options);
  } catch (error) {
    assert.instance(error, DecodeError, String(error));
    return error as DecodeError;
  }
  return assert.unreachable('decoded') as never;
}

function nested(open: string, close: string, depth: number): Uint8Array {
  return ascii(open.repeat(depth) + close.repeat(depth));
}

const limits = suite('ubjson decode: limits');

limits('decodes 512 nested arrays and rejects 513 as too-deep at the 513th [', () => {
  let value = decode(nested('[', ']', 512));
  for (let depth = 1; depth < 512; depth++) value = (value as unknown[])[0];
  assert.equal(value, []);
  const error = failure(nested('[', ']', 513));
  assert.is(error.code, ErrorCode.TooDeep);
  assert.is(error.offset, 512);
});

limits('rejects 100,000 nested [ as too-deep without an engine stack overflow', () => {
  const error = failure(ascii('['.repeat(100_000)));
  assert.is(error.code, ErrorCode.TooDeep);
  assert.is(error.offset, 512);
});

limits('rejects 100,000 nested objects and typed nested arrays as too-deep', () => {
  assert.is(failure(ascii('{i\u0001a'.repeat(100_000))).code, ErrorCode.TooDeep);
  assert.is(failure(ascii('[$[#i\u0001'.repeat(100_000))).code, ErrorCode.TooDeep);
  assert.is(failure(ascii('[#i\u0001'.repeat(100_000))).code, ErrorCode.TooDeep);
});

limits('turns an engine stack overflow under a huge maxDepth into too-deep', () => {
  const error = failure(nested('[', ']', 1_000_000), { maxDepth: Infinity });
  assert.is(error.code, ErrorCode.TooDeep);
});

limits('honours a smaller maxDepth', () => {
  assert.equal(decode(nested('[', ']', 3), { maxDepth: 3 }), [[[]]]);
  assert.is(failure(nested('[', ']', 4), { maxDepth: 3 }).offset, 3);
});

limits('rejects a payload-free typed array beyond maxCount at its count, before allocating', () => {
  const error = failure(hex('5b 24 5a 23 6c 7fffffff'));
  assert.is(error.code, ErrorCode.LengthLimit);
  assert.is(error.offset, 4);
  assert.is(failure(hex('5b 24 54 23 4c 7fffffffffffffff')).code, ErrorCode.LengthLimit);
});

limits('counts payload-free elements across the whole value against maxCount', () => {
  const options = { maxCount: 1000 };
  assert.is((decode(hex('5b 24 46 23 49 03e8'), options) as unknown[]).length, 1000);
  const twice = hex('5b 23 69 02  5b 24 5a 23 49 0258  5b 24 5a 23 49 0258');
  const error = failure(twice, options);
  assert.is(error.code, ErrorCode.LengthLimit);
  assert.is(error.offset, 15); // the second count's marker
  assert.is((decode(twice) as unknown[][])[1].length, 600);
  // An amplifying nest: each 7-byte inner header asks for 2^31-1 nulls.
  const bomb = concat(hex('5b 24 5b 23 6c 00000100'), hex('24 5a 23 6c 7fffffff'.repeat(256)));
  assert.is(failure(bomb).code, ErrorCode.LengthLimit);
});

limits('rejects counts larger than the bytes left as unexpected-end at the input length', () => {
  const inputs = [
    '5b 23 6c 7fffffff 5a', // [# 2^31-1 elements, one byte left
    '5b 24 69 23 4c 7fffffffffffffff', // [$i# 2^63-1
    '7b 23 6c 10000000', // {# 2^28 pairs
    '7b 24 5a 23 6c 10000000 6900', // {$Z# 2^28 keys: each key still takes 2 bytes
    '5b 24 55 23 6c 00010000 00', // [$U# 65536 bytes, one there
    '53 4c 7fffffffffffffff', // S with an int64 length
  ];
  for (const text of inputs) {
    const bytes = hex(text);
    const error = failure(bytes);
    assert.is(error.code, ErrorCode.UnexpectedEnd, text);
    assert.is(error.offset, bytes.length, text);
  }
});

limits('rejects trailing bytes at their offset and accepts a Buffer input', () => {
  const error = failure(hex('5a 5a'));
  assert.is(error.code, ErrorCode.TrailingBytes);
  assert.is(error.offset, 1);
  assert.is(decode(Buffer.from('6905', 'hex')), 5);
});

limits('rejects an input that is not a Uint8Array with a DecodeError', () => {
  const error = failure('5a' as unknown as Uint8Array);
  assert.is(error.code, ErrorCode.UnexpectedType);
  assert.is(error.offset, 0);
});

limits.run();

const keys = suite('ubjson decode: keys');

const protoPaths = {
  'an object': '7b 69 09 5f5f70726f746f5f5f 7b 69 01 61 54 7d 7d',
  'a counted object': '7b 23 69 01 69 09 5f5f70726f746f5f5f 7b 69 01 61 54 7d',
  'a typed object': '7b 24 7b 23 69 01 69 09 5f5f70726f746f5f5f 23 69 01 69 01 61 54',
};

for (const [path, text] of Object.entries(protoPaths)) {
  keys(`keeps __proto__ as an own property in ${path}, prototypes untouched`, () => {
    const value = decode(hex(text)) as Record<string, unknown>;
    assert.is(Object.getPrototypeOf(value), Object.prototype);
    assert.ok(Object.hasOwn(value, '__proto__'));
    assert.equal(Object.getOwnPropertyDescriptor(value, '__proto__')?.value, { a: true });
    assert.is((value as { a?: unknown }).a, undefined);
    assert.is(({} as { a?: unknown }).a, undefined);
  });
}

keys('keeps constructor as an own property', () => {
  const value = decode(hex('7b 69 0b 636f6e7374727563746f72 69 01 7d')) as Record<string, unknown>;
  assert.ok(Object.hasOwn(value, 'constructor'));
  assert.is(value.constructor, 1);
  assert.is(Object.getPrototypeOf(value), Object.prototype);
});

keys('lets the last duplicate win by default and rejects it at its key with duplicateKeys: reject', () => {
  const bytes = hex('7b 69 01 61 69 01 69 01 62 69 02 69 01 61 69 03 7d');
  assert.equal(decode(bytes), { a: 3, b: 2 });
  const error = failure(bytes, { duplicateKeys: 'reject' });
  assert.is(error.code, ErrorCode.DuplicateKey);
  assert.is(error.offset, 11);
  const proto = hex('7b 23 69 02 69 09 5f5f70726f746f5f5f 5a 69 09 5f5f70726f746f5f5f 54');
  assert.is(failure(proto, { duplicateKeys: 'reject' }).offset, 16);
  assert.is((decode(proto) as Record<string, unknown>).__proto__, true);
});

keys('skips no-ops before keys and before the end marker, counted or not', () => {
  assert.equal(decode(hex('7b 4e 69 01 61 5a 4e 4e 7d')), { a: null });
  assert.equal(decode(hex('7b 23 69 02 4e 69 01 61 54 4e 69 01 62 46')), { a: true, b: false });
  assert.equal(decode(hex('5b 4e 4e 5d')), []);
  assert.equal(decode(hex('5b 23 69 02 4e 69 01 4e 4e 69 02')), [1, 2]);
});

keys('rejects a no-op at top level before a value (a documented choice; the spec is silent)', () => {
  const error = failure(hex('4e 5a'));
  assert.is(error.code, ErrorCode.NotWellFormed);
  assert.is(error.offset, 0);
});

keys.run();

const numbers = suite('ubjson decode: numbers');

numbers('reads int64 as a number when safe and a bigint beyond, or always a bigint with int64: bigint', () => {
  assert.is(decode(hex('4c 001fffffffffffff')), Number.MAX_SAFE_INTEGER);
  assert.is(decode(hex('4c 0020000000000000')), 2n ** 53n);
  assert.is(decode(hex('4c ffe0000000000000')), -(2n ** 53n));
  assert.is(decode(hex('4c 0000000000000001'), { int64: 'bigint' }), 1n);
});

numbers('maps high-precision text by the highPrecision option', () => {
  const pi = hex('48 69 16 332e3134313539323635333538393739333233383436');
  assert.is(decode(pi), '3.14159265358979323846');
  assert.is(decode(pi, { highPrecision: 'number' }), 3.141592653589793);
  assert.is(decode(hex('48 69 02 3432')), 42);
  assert.is(decode(hex('48 69 02 3432'), { highPrecision: 'string' }), '42');
  assert.is(decode(hex('48 69 14 3132333435363738393031323334353637383930')), 12345678901234567890n);
  assert.is(decode(hex('48 69 02 2d30')), -0);
  assert.ok(Object.is(decode(hex('48 69 02 2d30')), -0));
  const digits = '9'.repeat(4301);
  const long = concat(hex('48 49 10cd'), ascii(digits));
  assert.is(decode(long), digits, 'more than 4,300 digits stay text (no superlinear BigInt parse)');
  assert.is(decode(concat(hex('48 49 10cc'), ascii(digits.slice(1)))), BigInt(digits.slice(1)));
  const huge = failure(hex('48 69 07 312e3865333135'), { highPrecision: 'number' });
  assert.is(huge.code, ErrorCode.UnsupportedValue);
  assert.is(huge.offset, 0);
});

numbers('reads typed numeric containers big-endian', () => {
  assert.equal(decode(hex('5b 24 6c 23 69 02 ffffffff 7fffffff')), [-1, 2147483647]);
  assert.equal(decode(hex('5b 24 44 23 69 01 3ff0000000000000')), [1]);
  assert.equal(decode(hex('5b 24 43 23 69 02 61 62')), ['a', 'b']);
  assert.equal(decode(hex('5b 24 48 23 69 01 69 01 37')), [7]);
});

numbers.run();

const helpers = suite('ubjson decode: low-level helpers');

helpers('readAny reads one value at a time from a shared Reader', () => {
  const reader = new Reader('ubjson', hex('69 01 53 69 01 61 5b 5d 5a'));
  assert.is(readAny(reader, 0), 1);
  assert.is(readAny(reader, 0), 'a');
  skipAny(reader, 0);
  assert.is(readAny(reader, 0), null);
  assert.is(reader.pos, reader.end);
});

helpers('readAny stops at a Reader end set before the array end', () => {
  const reader = new Reader('ubjson', hex('5b 69 01 5d'));
  reader.end = 3;
  try {
    readAny(reader, 0);
    assert.unreachable('read past end');
  } catch (error) {
    assert.is((error as DecodeError).code, ErrorCode.UnexpectedEnd);
    assert.is((error as DecodeError).offset, 3);
  }
  assert.is(reader.uint8.length, 4);
});

helpers('readAny counts depth from the depth it is given', () => {
  const reader = new Reader('ubjson', hex('5b 5b 5d 5d'));
  try {
    readAny(reader, 511);
    assert.unreachable('read');
  } catch (error) {
    assert.instance(error, DecodeError);
    assert.is((error as DecodeError).code, ErrorCode.TooDeep);
    assert.is((error as DecodeError).offset, 1);
  }
});

helpers('skipAny checks what it skips', () => {
  const reader = new Reader('ubjson', hex('5b 53 69 01 fe 5d'));
  try {
    skipAny(reader, 0);
    assert.unreachable('skipped');
  } catch (error) {
    assert.is((error as DecodeError).code, ErrorCode.InvalidUtf8);
    assert.is((error as DecodeError).offset, 4);
  }
});

helpers('readLength accepts every integer marker and rejects negatives and other markers at the marker', () => {
  for (const [text, length] of [['69 05', 5], ['55 ff', 255], ['49 0100', 256], ['6c 00010000', 65536], ['4c 0000000100000000', 2 ** 32]] as const) {
    assert.is(readLength(new Reader('ubjson', hex(text)), 0), length);
  }
  const reader = new Reader('ubjson', hex('69 02 61 62'));
  assert.is(readLength(reader), 2);
  assert.is(reader.pos, 2);
  for (const text of ['69 ff', '4c ffffffffffffffff', '64 3f800000', '5a']) {
    try {
      readLength(withPos(hex(`5a ${text}`), 1));
      assert.unreachable(text);
    } catch (error) {
      assert.is((error as DecodeError).code, ErrorCode.NotWellFormed, text);
      assert.is((error as DecodeError).offset, 1, text);
    }
  }
});

helpers('readLength refuses a length longer than the bytes left, at minSize bytes per unit', () => {
  for (const [text, minSize] of [['69 03 6162', 1], ['69 02 616263', 2], ['4c 7fffffffffffffff', 1]] as const) {
    const bytes = hex(text);
    try {
      readLength(new Reader('ubjson', bytes), minSize);
      assert.unreachable(text);
    } catch (error) {
      assert.is((error as DecodeError).code, ErrorCode.UnexpectedEnd, text);
      assert.is((error as DecodeError).offset, bytes.length, text);
    }
  }
});

function withPos(bytes: Uint8Array, pos: number): Reader {
  const reader = new Reader('ubjson', bytes);
  reader.pos = pos;
  return reader;
}

helpers('a reused UbjsonDecoder decodes again after a failure', () => {
  const decoder = new UbjsonDecoder();
  assert.throws(() => decoder.decode(hex('5b 69')));
  assert.equal(decoder.decode(hex('5b 69 01 5d')), [1]);
});

helpers.run();
