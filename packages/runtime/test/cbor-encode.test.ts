import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as cborg from 'cborg';
import { encode, decode, CborEncoder, Tag, Simple, writeAny, writeText, writeInteger, writeNumber } from '../src/cbor/index.js';
import { EncodeError } from '../src/errors.js';
import { Writer } from '../src/writer.js';
import { toHex } from './cbor-fixtures.js';

const encoding = suite('cbor generic encoder');

function failure(run: () => unknown): EncodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof EncodeError) return error;
    throw new Error(`expected an EncodeError, got ${String(error)}`);
  }
  throw new Error('expected an EncodeError, got success');
}

function rejects(value: unknown, code: string, path: string, options?: object): void {
  const error = failure(() => encode(value, options));
  assert.is(error.code, code);
  assert.is(error.path, path);
}

encoding('writes integers with the shortest head at every boundary, as cborg does', () => {
  const edges = [0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];
  for (const edge of edges) {
    // 0 - edge, not -edge: -0 is a float here (and cborg writes it as the integer 0).
    for (const value of [edge, 0 - edge, edge < 2 ** 53 - 1 ? -1 - edge : 0 - edge]) assert.is(toHex(encode(value)), toHex(cborg.encode(value)), String(value));
  }
});

encoding('writes text with the shortest head around every boundary, multi-byte text included', () => {
  for (const length of [0, 7, 8, 23, 24, 85, 86, 255, 256, 21845, 21846, 65535, 65536, 70000]) {
    for (const unit of ['a', 'é', '水', '😀']) {
      const text = unit.repeat(Math.ceil(length / unit.length)).slice(0, length - (length % unit.length));
      const ours = toHex(encode(text));
      if (ours !== toHex(cborg.encode(text))) assert.unreachable(`${length} × ${unit}`);
      assert.is(decode(encode(text)), text);
    }
  }
});

encoding('refuses text with a lone surrogate, short or long, value or key, at its JSON Pointer', () => {
  rejects('\ud800', 'unsupported-value', '');
  rejects(['ok', 'a\udc00b'.repeat(30)], 'unsupported-value', '/1');
  rejects({ list: [1, { deep: 'x'.repeat(100) + '\ud83d' }] }, 'unsupported-value', '/list/1/deep');
  rejects({ ['k\ud800']: 1 }, 'unsupported-value', '/k\ud800');
  rejects(new Map([['\udfff', 1]]), 'unsupported-value', '/\udfff');
  rejects({ b: 1, a: '\ud800' }, 'unsupported-value', '/a', { deterministic: true });
  // A well-formed pair is text, not a failure; the encoder stays usable after a refusal.
  assert.is(toHex(encode('\ud83d\ude00')), '64f09f9880');
});

encoding('writes long text right when the writer runs out of room part way (grows only as needed)', () => {
  const texts = ['a', 'é', '水', '😀'].flatMap((unit) => [30, 100, 300, 5000].map((length) => unit.repeat(length)));
  const writer = new Writer(64);
  const expected: string[] = [];
  for (let round = 0; round < 3; round++) {
    for (const text of texts) {
      writeText(writer, text);
      expected.push(toHex(cborg.encode(text)));
    }
  }
  assert.is(toHex(writer.finish()), expected.join(''));
});

encoding('writeText refuses a lone surrogate with an EncodeError at the text itself and writes nothing', () => {
  const writer = new Writer(64);
  writeText(writer, 'ok');
  for (const text of ['\ud800', 'é'.repeat(50) + '\udc00']) {
    const error = failure(() => writeText(writer, text));
    assert.is(error.code, 'unsupported-value');
    assert.is(error.path, '');
  }
  assert.is(toHex(writer.finish()), '626f6b');
});

encoding('writes bigints as integers within 64 bits and as bignums beyond', () => {
  assert.is(toHex(encode(5n)), '05');
  assert.is(toHex(encode(2n ** 64n - 1n)), '1bffffffffffffffff');
  assert.is(toHex(encode(2n ** 64n)), 'c249010000000000000000');
  assert.is(toHex(encode(-(2n ** 64n))), '3bffffffffffffffff');
  assert.is(toHex(encode(-(2n ** 64n) - 1n)), 'c349010000000000000000');
  assert.is(toHex(encode(2n ** 72n)), `c24a01${'00'.repeat(9)}`);
  assert.is(decode(encode(-(2n ** 200n))), -(2n ** 200n));
});

encoding('writes bytes, undefined, Tag and Simple', () => {
  assert.is(toHex(encode(new Uint8Array([1, 2]))), '420102');
  assert.is(toHex(encode(Buffer.from([1]))), '4101');
  assert.is(toHex(encode(undefined)), 'f7');
  assert.is(toHex(encode(new Tag(32, 'a'))), 'd8206161');
  assert.is(toHex(encode(new Tag(2n ** 64n - 1n, 0))), 'dbffffffffffffffff00');
  assert.is(toHex(encode(new Simple(16))), 'f0');
  assert.is(toHex(encode(new Simple(255))), 'f8ff');
  rejects(new Simple(24), 'unsupported-value', '');
  rejects([new Tag(-1, 0)], 'unsupported-value', '/0');
  rejects({ big: new Tag(2, [1]) }, 'unsupported-value', '/big');
  rejects(new Tag(1, 'soon'), 'unsupported-value', '');
  assert.is(decode(encode(new Tag(2, new Uint8Array([1, 0])))), 256n);
});

encoding('writes a Date as tag 1: integer seconds when whole, else a float', () => {
  assert.is(toHex(encode(new Date(1363896240000))), 'c11a514b67b0');
  assert.is(toHex(encode(new Date(1363896240500))), 'c1fb41d452d9ec200000');
  assert.is(toHex(encode(new Date(-1000))), 'c120');
  for (const time of [1, -1, 123, 1234567890123, -8.64e15, 8.64e15 - 1]) {
    assert.is((decode(encode(new Date(time))) as Date).getTime(), time);
  }
  rejects({ when: new Date(NaN) }, 'unsupported-value', '/when');
});

encoding('writes Maps with keys of any type', () => {
  const map = new Map<unknown, unknown>([[1, 'a'], ['b', 2], [[1], null]]);
  assert.is(toHex(encode(map)), 'a30161616162028101f6');
  assert.equal(decode(encode(map)), map);
});

encoding('refuses functions, symbols and class instances with the JSON Pointer of the value', () => {
  rejects({ a: [{ b: () => 1 }] }, 'unsupported-value', '/a/0/b');
  rejects([Symbol('x')], 'unsupported-value', '/0');
  rejects({ 'x/y~z': new (class Point {})() }, 'unsupported-value', '/x~1y~0z');
  rejects(new Map([[1, { a: new Set() }]]), 'unsupported-value', '/1/a');
  rejects(new Tag(99, [1, () => 0]), 'unsupported-value', '/content/1');
});

encoding('reports a cycle as circular-value at the repeated object, never hanging', () => {
  const object: any = { a: { b: [] } };
  object.a.b.push(object);
  rejects(object, 'circular-value', '/a/b/0');
  const array: any[] = [1];
  array.push(array);
  rejects(array, 'circular-value', '/1');
  const map = new Map<string, unknown>();
  map.set('self', map);
  rejects(map, 'circular-value', '/self');
  const wide: any = {};
  for (let index = 0; index < 20; index++) wide[`k${index}`] = wide;
  rejects(wide, 'circular-value', '/k0');
});

encoding('stops values nested deeper than the limit without a stack overflow, and encodes 512 levels', () => {
  let deep: unknown = 0;
  for (let level = 0; level < 100_000; level++) deep = [deep];
  const error = failure(() => encode(deep));
  assert.is(error.code, 'too-deep');
  assert.is(error.path.split('/').length - 1, 512);
  let limit: unknown = 0;
  for (let level = 0; level < 512; level++) limit = { a: limit };
  assert.ok(encode(limit).length > 512);
  rejects({ a: limit }, 'too-deep', `/a${'/a'.repeat(511)}`.slice(0, 2 * 512));
  rejects([[[1]]], 'too-deep', '/0/0', { maxDepth: 2 });
  const huge = failure(() => encode(deep, { maxDepth: 10_000_000 }));
  assert.is(huge.code, 'too-deep');
});

encoding('deterministic mode sorts keys bytewise by their encoding and uses shortest floats', () => {
  // Shorter encodings first: "" (60), "a" (6161), "b" (6162), "aa" (626161).
  const value = { b: 1, a: 2, aa: 3, '': 1.5 };
  assert.is(toHex(encode(value, { deterministic: true })), 'a460f93e0061610261620162616103');
  const map = new Map<unknown, unknown>([['a', 1], [10, 2], [-1, 3], [100, 4], [false, 5]]);
  // RFC 8949 §4.2.1 order: 10 (0a), 100 (1864), -1 (20), "a" (6161), false (f4).
  assert.is(toHex(encode(map, { deterministic: true })), 'a50a0218640420036161' + '01f405');
  rejects(new Map([[[1], 1], [[1], 2]]), 'duplicate-key', '/array', { deterministic: true });
});

encoding('deterministic mode keeps its order when the writer grows in the middle of a map', () => {
  const value: Record<string, string> = {};
  for (let index = 0; index < 40; index++) value[`key${String(39 - index).padStart(2, '0')}`] = 'x'.repeat(5000);
  const encoder = new CborEncoder({ deterministic: true });
  const bytes = encoder.encode(value);
  assert.equal(Object.keys(decode(bytes) as object), Object.keys(value).sort());
  assert.is(toHex(bytes), toHex(cborg.encode(value)));
});

encoding('outputs of a reusable encoder stay intact after later calls', () => {
  const encoder = new CborEncoder();
  const first = encoder.encode({ a: [1, 2, 3] });
  const copy = toHex(first);
  for (let index = 0; index < 2000; index++) encoder.encode({ filler: 'y'.repeat(100) });
  assert.is(toHex(first), copy);
});

encoding('a failed encode leaves the shared writer usable', () => {
  failure(() => encode({ a: 'x'.repeat(100), b: () => 0 }));
  assert.is(toHex(encode([1])), '8101');
});

encoding('helpers for generated code write into an existing Writer', () => {
  const writer = new Writer();
  writeText(writer, 'é'.repeat(12));
  writeInteger(writer, -500);
  writeNumber(writer, 0.5);
  writeNumber(writer, 0.5, true);
  writeNumber(writer, 7, true);
  writeAny(writer, { a: [undefined] });
  assert.is(toHex(writer.finish()), `7818${'c3a9'.repeat(12)}3901f3fb3fe0000000000000f9380007a161618 1f7`.replace(/ /g, ''));
  const error = failure(() => writeAny(new Writer(), { a: [Symbol('s')] }, '/items/3'));
  assert.is(error.path, '/items/3/a/0');
});

encoding.run();
