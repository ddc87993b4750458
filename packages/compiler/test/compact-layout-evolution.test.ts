// Compact layout: bytes written by an old schema's codec, read by a new schema's codec, for the
// changes README "Schema evolution (compact layout)" allows, and refused for one it forbids, in
// CBOR and UBJSON (the positions and so the rules are the same).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isDecodeError } from '@binschema/runtime';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/decode-error.js';

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

const test = suite('compact layout: schema evolution');

const compactIn = (format: 'cbor' | 'ubjson' | 'msgpack', schema: unknown) => compileCodec(schema, { format, layout: 'compact' });

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  const compact = (schema: unknown) => compactIn(format, schema);

  test(`${format}: a new reader with an appended optional property reads old bytes, the property absent`, () => {
    const old = compact(object({ id: { type: 'integer' }, name: { type: 'string' } }, ['id']));
    const next = compact(object({ id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } }, ['id']));
    assert.equal(next.decode(old.encode({ id: 1, name: 'a' })), { id: 1, name: 'a' });
    assert.equal(next.decode(old.encode({ id: 2 })), { id: 2 });
    // And an old reader reads new bytes that leave the new property out.
    assert.equal(old.decode(next.encode({ id: 3, name: 'b' })), { id: 3, name: 'b' });
  });

  test(`${format}: a new reader with an appended enum value reads old bytes`, () => {
    const old = compact(object({ level: { enum: ['low', 'high'] } }, ['level']));
    const next = compact(object({ level: { enum: ['low', 'high', 'critical'] } }, ['level']));
    assert.equal(next.decode(old.encode({ level: 'high' })), { level: 'high' });
    assert.equal(next.decode(old.encode({ level: 'low' })), { level: 'low' });
  });

  test(`${format}: a new reader with an appended union variant reads old bytes`, () => {
    const circle = object({ kind: { const: 'circle' }, r: { type: 'integer' } }, ['kind', 'r']);
    const square = object({ kind: { const: 'square' }, side: { type: 'integer' } }, ['kind', 'side']);
    const triangle = object({ kind: { const: 'triangle' }, base: { type: 'integer' } }, ['kind', 'base']);
    const old = compact({ oneOf: [circle, square] });
    const next = compact({ oneOf: [circle, square, triangle] });
    assert.equal(next.decode(old.encode({ kind: 'square', side: 4 })), { kind: 'square', side: 4 });
  });

  test(`${format}: declarations reordered with x-binschema-index pinning the old positions read old bytes`, () => {
    const old = compact(object({ a: { type: 'integer' }, b: { type: 'string' } }, ['a']));
    const next = compact(object({ b: { type: 'string', 'x-binschema-index': 1 }, a: { type: 'integer', 'x-binschema-index': 0 } }, ['a']));
    assert.equal(next.decode(old.encode({ a: 1, b: 'x' })), { a: 1, b: 'x' });
  });

  test(`${format}: a removed optional property keeps its position reserved: old readers see it absent`, () => {
    const old = compact(object({ a: { type: 'integer' }, legacy: { type: 'string' }, c: { type: 'boolean' } }, ['a']));
    const next = compact(object({ a: { type: 'integer' }, c: { type: 'boolean', 'x-binschema-index': 2 } }, ['a']));
    assert.equal(old.decode(next.encode({ a: 1, c: true })), { a: 1, c: true });
    assert.equal(next.decode(old.encode({ a: 1, c: false })), { a: 1, c: false });
    // Old bytes that carry the removed property: new readers skip its position.
    assert.equal(next.decode(old.encode({ a: 1, legacy: 'x', c: false })), { a: 1, c: false });
  });

  test(`${format}: a new required property is not readable from old bytes: missing required property`, () => {
    const old = compact(object({ id: { type: 'integer' } }, ['id']));
    const next = compact(object({ id: { type: 'integer' }, owner: { type: 'string' } }, ['id', 'owner']));
    try {
      next.decode(old.encode({ id: 1 }));
      assert.unreachable('decoded');
    } catch (error) {
      assert.ok(isDecodeError(error));
      assert.is(error.code, 'schema-violation');
      assert.is(error.offset, 0);
    }
  });
}

/** Where old readers refuse `bytes`: the error's code and offset. */
const refusal = (decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array) => {
  const { code, offset } = decodeErrorOf(decode, Buffer.from(bytes).toString('hex'));
  return [code, offset];
};

/** {id: 1, note: "x"} and {id: 1, added: "y"} in the sparse form, and where old readers find key 5. */
const sparseBytes = {
  // The map (a2 00 01 04 61 78) is a byte shorter than the array (85 01 f7 f7 f7 61 78); key 5 at offset 3.
  cbor: { old: [0xa2, 0x00, 0x01, 0x04, 0x61, 0x78], new: [0xa2, 0x00, 0x01, 0x05, 0x61, 0x79], keyAt: 3 },
  // Holes at 1-3, so the sparse object {"0": 1, "4": "x"}; key "5" at offset 6.
  ubjson: { old: [0x7b, 0x69, 0x01, 0x30, 0x69, 0x01, 0x69, 0x01, 0x34, 0x53, 0x69, 0x01, 0x78, 0x7d], new: [0x7b, 0x69, 0x01, 0x30, 0x69, 0x01, 0x69, 0x01, 0x35, 0x53, 0x69, 0x01, 0x79, 0x7d], keyAt: 6 },
  // Holes at 1-3, so the map {0: 1, 4: "x"}; key 5 at offset 3.
  msgpack: { old: [0x82, 0x00, 0x01, 0x04, 0xa1, 0x78], new: [0x82, 0x00, 0x01, 0x05, 0xa1, 0x79], keyAt: 3 },
};

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  test(`${format}: the sparse form follows the same rules: new readers read old bytes, old readers refuse a key past their positions`, () => {
    const properties = { id: { type: 'integer' }, a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, note: { type: 'string' } };
    const old = compactIn(format, object(properties, ['id']));
    const next = compactIn(format, object({ ...properties, added: { type: 'string' } }, ['id']));
    const oldBytes = old.encode({ id: 1, note: 'x' });
    assert.equal(Array.from(oldBytes), sparseBytes[format].old);
    assert.equal(next.decode(oldBytes), { id: 1, note: 'x' });
    // Old readers have positions 0-4, and refuse key 5 where it is.
    const newBytes = next.encode({ id: 1, added: 'y' });
    assert.equal(Array.from(newBytes), sparseBytes[format].new);
    assert.equal(refusal(old.decode, newBytes), ['schema-violation', sparseBytes[format].keyAt]);
  });
}

test('ubjson: an appended optional property after old dense bytes: old readers refuse the extra element', () => {
  const old = compactIn('ubjson', object({ id: { type: 'integer' } }, ['id']));
  const next = compactIn('ubjson', object({ id: { type: 'integer' }, name: { type: 'string' } }, ['id']));
  // [1, "n"]: old readers have one position, and refuse the second element at the array.
  const newBytes = next.encode({ id: 1, name: 'n' });
  assert.equal(Array.from(newBytes), [0x5b, 0x69, 0x01, 0x53, 0x69, 0x01, 0x6e, 0x5d]);
  assert.equal(refusal(old.decode, newBytes), ['schema-violation', 0]);
});

test.run();
