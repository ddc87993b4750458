import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { decode as shelacekDecode, encode as shelacekEncode } from '@shelacek/ubjson';
import { createRequire } from 'node:module';
import { decode, encode } from '../src/ubjson/index.js';
import { testDataUrl } from '../../../test-data/index.js';

// Differential check against @shelacek/ubjson 1.1.1 on the benchmark payloads. Its quirks
// (read from its source, dist/ubjson.es.js): `decode` takes an ArrayBuffer; it throws on `L` by
// default (`int64Handling: 'error'`), so a custom handler reads int64 as we do (number when safe,
// else bigint); its encoder never writes `L` (integers beyond int32 become `d`/`D` floats, which
// keep these values), writes `C` for one-char ASCII strings, and `i 0` for -0 (sign lost).
const directory = testDataUrl('payloads/');
const payloads = readdirSync(directory)
  .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
  .map((name) => ({ name, value: JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as unknown }));

const int64AsWeDo = (storage: { view: DataView }, offset: number): number | bigint => {
  const value = storage.view.getBigInt64(offset);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
};

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Deep equality that tells -0 from 0 and NaN from everything but NaN (dequal does not). */
function same(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'number') {
    assert.ok(Object.is(actual, expected), `${where}: ${String(actual)} !== ${String(expected)}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: expected an array`);
    assert.is((actual as unknown[]).length, expected.length, `${where}: length`);
    expected.forEach((item, index) => same((actual as unknown[])[index], item, `${where}/${index}`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.type(actual, 'object', where);
    const object = actual as Record<string, unknown>;
    assert.equal(Object.keys(object), Object.keys(expected), `${where}: keys`);
    for (const [key, item] of Object.entries(expected)) same(object[key], item, `${where}/${key}`);
  } else {
    assert.is(actual, expected, where);
  }
}

const test = suite('ubjson against @shelacek/ubjson');

test('finds the eleven benchmark payloads', () => {
  assert.is(payloads.length, 11);
});

for (const { name, value } of payloads) {
  test(`@shelacek/ubjson decodes our bytes of ${name} to the same value`, () => {
    const theirs = shelacekDecode(toArrayBuffer(encode(value)), { int64Handling: int64AsWeDo });
    same(theirs, value, name);
  });

  test(`we decode the bytes @shelacek/ubjson writes for ${name} to the same value`, () => {
    const bytes = new Uint8Array(shelacekEncode(value));
    same(decode(bytes), value, name);
  });
}

test('@shelacek/ubjson loses the sign of -0, which we keep (its output is wrong there)', () => {
  assert.ok(Object.is(decode(new Uint8Array(shelacekEncode(-0))), 0));
  assert.ok(Object.is(shelacekDecode(toArrayBuffer(encode(-0))), -0));
  assert.ok(Object.is(decode(encode(-0)), -0));
});

test('@shelacek/ubjson reads our int64 for integers beyond int32 through its handler', () => {
  for (const value of [2 ** 31, -(2 ** 31) - 1, 62343423432, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
    assert.is(shelacekDecode(toArrayBuffer(encode(value)), { int64Handling: int64AsWeDo }), value);
  }
});

test('Uint8Array crosses as the typed container [$U# both ways (its useTypedArrays and optimizeArrays options)', () => {
  const bytes = Uint8Array.from({ length: 300 }, (_, index) => (index * 7) & 0xff);
  const theirs = shelacekDecode(toArrayBuffer(encode(bytes)), { useTypedArrays: true }) as Uint8Array;
  assert.instance(theirs, Uint8Array);
  assert.equal(Array.from(theirs), Array.from(bytes));
  const ours = decode(new Uint8Array(shelacekEncode(bytes, { optimizeArrays: 'onlyTypedArrays' })));
  assert.instance(ours, Uint8Array);
  assert.equal(Array.from(ours as Uint8Array), Array.from(bytes));
});

test.run();

// json-pack 18.28.0 (@jsonjoy.com/json-pack/lib/ubjson, with a Writer from @jsonjoy.com/buffers,
// which is a dependency of json-pack, so it is resolved from there). Its quirks: `L` always
// decodes to a BigInt (even 1), numbers beyond int32 are written as `D`, undefined as `N`.
const require = createRequire(import.meta.url);
const packRequire = createRequire(require.resolve('@jsonjoy.com/json-pack/lib/ubjson'));
const { UbjsonEncoder: PackEncoder, UbjsonDecoder: PackDecoder } = packRequire('@jsonjoy.com/json-pack/lib/ubjson');
const { Writer: PackWriter } = packRequire('@jsonjoy.com/buffers/lib/Writer');

/** json-pack's BigInt for every `L`, as a number where it is safe (as we decode `L`). */
function safeNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(safeNumbers);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, safeNumbers(item)]));
  return value;
}

const pack = suite('ubjson against json-pack');

for (const { name, value } of payloads) {
  pack(`json-pack decodes our bytes of ${name} to the same value`, () => {
    same(safeNumbers(new PackDecoder().decode(encode(value))), value, name);
  });

  pack(`we decode the bytes json-pack writes for ${name} to the same value`, () => {
    same(decode(new PackEncoder(new PackWriter()).encode(value)), value, name);
  });
}

pack.run();
