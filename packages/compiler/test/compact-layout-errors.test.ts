// Compact layout: bad input is refused with the map layout's errors (code, schema path; the byte
// offset of the item at fault), bad values with its encode errors, bad options and schemas with a
// SchemaError. Hand-written CBOR faults here; UBJSON's in compact-layout-ubjson-errors.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isEncodeError } from '@binschema/runtime';
import { compileCodec, isSchemaError, type CompileOptions } from '../src/index.js';
import { fromHex as hex } from './support/values.js';
import { SHAPES } from './support/compact-schemas.js';
import { decodeErrorOf } from './support/decode-error.js';

const shapes = SHAPES;
const compact = compileCodec(shapes, { format: 'cbor', layout: 'compact' });
const map = compileCodec(shapes, { format: 'cbor' });
/** Both layouts in both formats, for the checks that hold in each. */
const layouts = {
  cbor: { compact, map },
  ubjson: { compact: compileCodec(shapes, { format: 'ubjson', layout: 'compact' }), map: compileCodec(shapes, { format: 'ubjson' }) },
};

const decodeError = decodeErrorOf;

/** Compact bytes and the map layout's bytes for the same fault, the offsets where each is found. */
const faults: { title: string; compact: string; map: string; offsets: [number, number] }[] = [
  // Map: {} / compact: [] — found at the object's start.
  { title: 'a missing required property', compact: '80', map: 'a0', offsets: [0, 0] },
  // Compact: [undefined].
  { title: 'a required property written as undefined', compact: '81 f7', map: 'a0', offsets: [0, 0] },
  // Map: {"a": "x"} / compact: ["x"].
  { title: 'a value of the wrong type at a position', compact: '81 61 78', map: 'a1 61 61 61 78', offsets: [1, 3] },
  // Map: {"a": 1, "color": "pink"} / compact: [1, 7].
  { title: 'an enum index past the enum', compact: '82 01 07', map: 'a2 61 61 01 65 63 6f 6c 6f 72 64 70 69 6e 6b', offsets: [2, 10] },
  // Map: {"a": 1, "color": 1.5}-like: a text where the index goes / a float where the text goes.
  { title: 'an enum index that is not an unsigned integer', compact: '82 01 61 78', map: 'a2 61 61 01 65 63 6f 6c 6f 72 f9 3e 00', offsets: [2, 10] },
  // Map: {"a": 1, "shape": {"type": "hexagon"}} / compact: [1, undefined, [5, 1]].
  { title: 'a variant index past the variants', compact: '83 01 f7 82 05 01', map: 'a2 61 61 01 65 73 68 61 70 65 a1 64 74 79 70 65 67 68 65 78 61 67 6f 6e', offsets: [4, 10] },
  // Map: {"a": 1, "shape": {}} / compact: [1, undefined, []].
  { title: 'a union value without its variant index', compact: '83 01 f7 80', map: 'a2 61 61 01 65 73 68 61 70 65 a0', offsets: [3, 10] },
];

const decoding = suite('compact layout: decode errors match the map layout');

for (const fault of faults) {
  decoding(`${fault.title}: the same code and schema path as the map layout, at the item's offset`, () => {
    const fromCompact = decodeError(compact.decode, fault.compact);
    const fromMap = decodeError(map.decode, fault.map);
    assert.is(fromCompact.code, fromMap.code);
    assert.is(fromCompact.schemaPath, fromMap.schemaPath);
    assert.equal([fromCompact.offset, fromMap.offset], fault.offsets);
  });
}

decoding('more elements than declared positions is a schema violation at the array, as an undeclared key is', () => {
  // [1, undefined, undefined, undefined, undefined, 2]: six elements, five positions.
  const error = decodeError(compact.decode, '86 01 f7 f7 f7 f7 02');
  assert.equal(error, { code: 'schema-violation', offset: 0, schemaPath: '#' });
  assert.is(decodeError(map.decode, 'a2 61 61 01 61 7a 02').code, 'schema-violation');
});

decoding('a value at a reserved position is skipped, but must be well-formed', () => {
  // Position 3 is a gap (old is pinned at 4): [1, undefined, undefined, 9] reads as {a: 1}.
  assert.equal(compact.decode(hex('84 01 f7 f7 09')), compact.decode(hex('81 01')));
  // [1, undefined, undefined, text of 5 bytes with 1]: truncated inside the skipped value.
  assert.is(decodeError(compact.decode, '84 01 f7 f7 65 61').code, 'unexpected-end');
});

decoding('an extras map that is not a map, or that repeats a declared name, is refused', () => {
  const open = compileCodec({ type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: { type: 'integer' } }, { format: 'cbor', layout: 'compact' });
  assert.is(decodeError(open.decode, '82 01 05').code, 'unexpected-type');
  assert.is(decodeError(open.decode, '82 01 a1 61 61 02').code, 'schema-violation');
  assert.is(decodeError(open.decode, '83 01 a0 a0').code, 'schema-violation');
  assert.equal(open.decode(hex('82 f7 a1 61 62 02')), { b: 2 });
});

for (const [format, { compact, map }] of Object.entries(layouts)) {
  decoding(`${format}: every truncation of valid bytes gives one of the map layout's truncation errors`, () => {
    const value = { a: 1, color: 'red', shape: { type: 'square', side: 300 }, old: 'text' };
    const truncations = (decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array) =>
      Array.from({ length: bytes.length }, (_, length) => ({ length, error: decodeError(decode, Buffer.from(bytes.subarray(0, length)).toString('hex')) }));
    const mapCodes = new Set(truncations(map.decode, map.encode(value)).map(({ error }) => error.code));
    for (const { length, error } of truncations(compact.decode, compact.encode(value))) {
      assert.ok(mapCodes.has(error.code), `truncated to ${length}: ${error.code}`);
      assert.ok(error.offset <= length, `offset ${error.offset} within ${length}`);
    }
  });
}

const encoding = suite('compact layout: encode errors match the map layout');

const badValues: [string, unknown][] = [
  ['a missing required property', {}],
  ['a value of the wrong type', { a: 'x' }],
  ['an undeclared property', { a: 1, z: 2 }],
  ['a value outside the enum', { a: 1, color: 'pink' }],
  ['a discriminator no variant has', { a: 1, shape: { type: 'hexagon' } }],
  ['a variant missing its fields', { a: 1, shape: { type: 'circle' } }],
  ['not an object', [1]],
];

for (const [format, { compact, map }] of Object.entries(layouts)) {
  for (const [title, value] of badValues) {
    encoding(`${format}: ${title}: the same code, value path and schema path`, () => {
      const caught = (encode: (value: unknown) => unknown) => {
        try {
          encode(value);
        } catch (error) {
          assert.ok(isEncodeError(error), String(error));
          return { code: error.code, path: error.path, schemaPath: error.schemaPath };
        }
        throw new assert.Assertion({ message: 'encoded', generated: false, operator: 'throws' });
      };
      assert.equal(caught(compact.encode), caught(map.encode));
    });
  }
}

const options = suite('compact layout: options and schemas it refuses');

function schemaErrorOf(run: () => unknown): { code: string; schemaPath: string } {
  try {
    run();
  } catch (error) {
    assert.ok(isSchemaError(error), String(error));
    return { code: error.code, schemaPath: error.schemaPath };
  }
  throw new assert.Assertion({ message: 'compiled', generated: false, operator: 'throws' });
}

const refused: [string, Partial<CompileOptions>][] = [
  ['an unknown layout', { layout: 'rows' as never }],
  ['deterministic', { deterministic: true }],
  ['dagCbor', { dagCbor: true }],
  ["codeSize 'small' (record tables write maps)", { codeSize: 'small' }],
  ["codeSize 'small' in UBJSON too", { format: 'ubjson', codeSize: 'small' }],
];

for (const [title, extra] of refused) {
  options(`refuses ${title} with invalid-option`, () => {
    assert.equal(schemaErrorOf(() => compileCodec({ type: 'object', properties: { a: {} } }, { format: 'cbor', layout: 'compact', ...extra } as CompileOptions)), { code: 'invalid-option', schemaPath: '#' });
  });
}

const badIndexes: [string, unknown][] = [['negative', -1], ['fractional', 1.5], ['a string', '1'], ['past the limit', 5000]];
for (const [title, index] of badIndexes) {
  options(`refuses an x-binschema-index that is ${title}, pointing at it`, () => {
    const schema = { type: 'object', properties: { a: { type: 'integer', 'x-binschema-index': index } } };
    assert.equal(schemaErrorOf(() => compileCodec(schema, { format: 'cbor', layout: 'compact' })), { code: 'invalid-schema', schemaPath: '#/properties/a/x-binschema-index' });
  });
}

options('refuses an x-binschema-index two properties share', () => {
  const schema = { type: 'object', properties: { a: { 'x-binschema-index': 1 }, b: { 'x-binschema-index': 1 } } };
  assert.equal(schemaErrorOf(() => compileCodec(schema, { format: 'cbor', layout: 'compact' })), { code: 'invalid-schema', schemaPath: '#/properties/b/x-binschema-index' });
});

// The wire types split alike in every format: an object is an array or a map (UBJSON: `[` or `{`), an enum an integer.
for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  options(`${format}: refuses a union whose object variants could decode as each other, and one whose wire types collide`, () => {
    const overlapping = { anyOf: [{ type: 'object', properties: { x: { type: 'string' } }, required: ['x'] }, { type: 'object', properties: { y: { type: 'string' } }, required: ['y'] }] };
    assert.equal(schemaErrorOf(() => compileCodec(overlapping, { format, layout: 'compact' })), { code: 'unsupported', schemaPath: '#' });
    const colliding = { oneOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'array', items: { type: 'string' } }] };
    assert.equal(schemaErrorOf(() => compileCodec(colliding, { format, layout: 'compact' })), { code: 'unsupported', schemaPath: '#' });
    const enumOrNumber = { oneOf: [{ enum: ['low', 'high'] }, { type: 'number' }] };
    assert.equal(schemaErrorOf(() => compileCodec(enumOrNumber, { format, layout: 'compact' })), { code: 'unsupported', schemaPath: '#' });
    const sameJsonType = { oneOf: [{ enum: ['low', 'high'] }, { type: 'string', pattern: '^x' }] };
    assert.equal(schemaErrorOf(() => compileCodec(sameJsonType, { format, layout: 'compact' })), { code: 'unsupported', schemaPath: '#' });
    // The same schemas compile in the map layout.
    compileCodec(overlapping, { format });
    compileCodec(colliding, { format });
    compileCodec(enumOrNumber, { format });
  });
}

// { spouse: null, level: 'high' }: [null, 1] as CBOR (82 f6 01), UBJSON ([ Z i 1 ]) and MessagePack (92 c0 01).
const dispatched = { cbor: [0x82, 0xf6, 0x01], ubjson: [0x5b, 0x5a, 0x69, 0x01, 0x5d], msgpack: [0x92, 0xc0, 0x01] };

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  options(`${format}: keeps type-dispatched unions whose wire types differ: an object (array) or null, an enum (integer) or a boolean`, () => {
    const codec = compileCodec(
      {
        type: 'object',
        properties: {
          spouse: { anyOf: [{ type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false }, { type: 'null' }] },
          level: { oneOf: [{ enum: ['low', 'high'] }, { type: 'boolean' }] },
        },
        required: ['spouse', 'level'],
        additionalProperties: false,
      },
      { format, layout: 'compact' },
    );
    for (const value of [{ spouse: { name: 'A' }, level: 'high' }, { spouse: null, level: true }]) assert.equal(codec.decode(codec.encode(value)), value);
    assert.equal(Array.from(codec.encode({ spouse: null, level: 'high' })), dispatched[format]);
  });
}

decoding.run();
encoding.run();
options.run();
