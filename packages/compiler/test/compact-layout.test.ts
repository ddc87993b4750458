// The compact layout's wire rules (README "Compact layout") on small schemas, against bytes
// written by hand from RFC 8949 and the layout's rules, and cbor-x's reading of the same bytes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder as CborXDecoder } from 'cbor-x';
import { compileCodec } from '../src/index.js';
import { compactPositions } from '../src/emit/compact-layout/positions.js';
import type { IrObject } from '../src/ir/types.js';
import { fromHex as hex, toHex } from './support/values.js';

const cborX = new CborXDecoder({ mapsAsObjects: true } as ConstructorParameters<typeof CborXDecoder>[0]);
const compact = (schema: unknown) => compileCodec(schema, { format: 'cbor', layout: 'compact' });

interface Case {
  value: unknown;
  /** The bytes, written by hand. */
  bytes: string;
  /** What cbor-x reads from them (undefined for CBOR undefined, 0xf7; a map's integer keys as text, `mapsAsObjects`). */
  generic: unknown;
}

const schemas: Record<string, { schema: unknown; cases: Case[] }> = {
  'positions in declaration order; absent optional properties are undefined in the middle and dropped at the end': {
    schema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'string' }, c: { type: 'boolean' } },
      required: ['a'],
      additionalProperties: false,
    },
    cases: [
      { value: { a: 1 }, bytes: '81 01', generic: [1] },
      { value: { a: 1, c: true }, bytes: '83 01 f7 f5', generic: [1, undefined, true] },
      { value: { a: 1, b: 'x', c: false }, bytes: '83 01 61 78 f4', generic: [1, 'x', false] },
      { value: { a: 1, b: 'x' }, bytes: '82 01 61 78', generic: [1, 'x'] },
    ],
  },
  'x-binschema-index pins a position; the others take the lowest free ones; gaps are undefined (or left out, when the sparse map is smaller)': {
    schema: {
      type: 'object',
      properties: { a: { type: 'integer', 'x-binschema-index': 3 }, b: { type: 'string' }, c: { type: 'null', 'x-binschema-index': 0 } },
      required: ['a'],
      additionalProperties: false,
    },
    // c at 0, b at 1 (the lowest free), 2 reserved, a at 3. {a: 5} as an array would be 84 f7 f7 f7 05:
    // the map {3: 5} is two bytes shorter. {a: 5, c: null}: 84 f6 f7 f7 05 or a2 00 f6 03 05, a tie: the array.
    cases: [
      { value: { a: 5 }, bytes: 'a1 03 05', generic: { 3: 5 } },
      { value: { a: 5, c: null }, bytes: '84 f6 f7 f7 05', generic: [null, undefined, undefined, 5] },
      { value: { a: 5, b: 'x', c: null }, bytes: '84 f6 61 78 f7 05', generic: [null, 'x', undefined, 5] },
    ],
  },
  'a required const takes no position; an optional const does and is written as its value': {
    schema: {
      type: 'object',
      properties: { kind: { const: 'point' }, x: { type: 'integer' }, version: { const: 2 } },
      required: ['kind', 'x'],
      additionalProperties: false,
    },
    cases: [
      { value: { kind: 'point', x: 7 }, bytes: '81 07', generic: [7] },
      { value: { kind: 'point', x: 7, version: 2 }, bytes: '82 07 02', generic: [7, 2] },
    ],
  },
  'enum values are their index in the enum array, heads as RFC 8949 §3.1 unsigned integers': {
    schema: {
      type: 'object',
      properties: {
        color: { enum: ['red', 'green', 'blue'] },
        letter: { enum: [...'abcdefghijklmnopqrstuvwxyz'] },
        shape: { enum: [{ round: true }, [1, 2], null] },
      },
      required: ['color'],
      additionalProperties: false,
    },
    cases: [
      { value: { color: 'blue' }, bytes: '81 02', generic: [2] },
      { value: { color: 'red', letter: 'z' }, bytes: '82 00 18 19', generic: [0, 25] },
      { value: { color: 'green', shape: [1, 2] }, bytes: '83 01 f7 01', generic: [1, undefined, 1] },
      { value: { color: 'green', shape: { round: true } }, bytes: '83 01 f7 00', generic: [1, undefined, 0] },
    ],
  },
  'a discriminated union is [variantIndex, …fields] and its const discriminator is not written': {
    schema: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'integer' } }, required: ['type', 'r'], additionalProperties: false },
        { $ref: '#/$defs/square' },
      ],
      $defs: { square: { type: 'object', properties: { type: { const: 'square' }, side: { type: 'integer' }, label: { type: 'string' } }, required: ['type', 'side'], additionalProperties: false } },
    },
    cases: [
      { value: { type: 'circle', r: 2 }, bytes: '82 00 02', generic: [0, 2] },
      { value: { type: 'square', side: 3 }, bytes: '82 01 03', generic: [1, 3] },
      { value: { type: 'square', side: 3, label: 'q' }, bytes: '83 01 03 61 71', generic: [1, 3, 'q'] },
    ],
  },
  'a discriminator with several values per variant keeps its position, as an enum index': {
    schema: {
      oneOf: [
        { type: 'object', properties: { op: { enum: ['add', 'replace'] }, value: { type: 'integer' } }, required: ['op', 'value'], additionalProperties: false },
        { type: 'object', properties: { op: { const: 'remove' } }, required: ['op'], additionalProperties: false },
      ],
    },
    cases: [
      { value: { op: 'replace', value: 4 }, bytes: '83 00 01 04', generic: [0, 1, 4] },
      { value: { op: 'remove' }, bytes: '81 01', generic: [1] },
    ],
  },
  'additionalProperties entries follow the positions as one map, written only when there are some (or join the sparse map)': {
    schema: {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'integer' } },
      required: ['a'],
      additionalProperties: { type: 'string' },
    },
    cases: [
      { value: { a: 1 }, bytes: '81 01', generic: [1] },
      // As an array 83 01 f7 a1 61 7a 61 71: the map {0: 1, "z": "q"} is one byte shorter.
      { value: { a: 1, z: 'q' }, bytes: 'a2 00 01 61 7a 61 71', generic: { 0: 1, z: 'q' } },
      { value: { a: 1, b: 2, y: 'p', z: 'q' }, bytes: '83 01 02 a2 61 79 61 70 61 7a 61 71', generic: [1, 2, { y: 'p', z: 'q' }] },
    ],
  },
  'nested objects are arrays in arrays; arrays and tuples stay arrays of their items': {
    schema: {
      type: 'object',
      properties: {
        p: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'], additionalProperties: false },
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { enum: ['on', 'off'] }], items: false },
        free: { type: 'object' },
      },
      required: ['p'],
      additionalProperties: false,
    },
    cases: [
      { value: { p: { x: 1, y: 2 } }, bytes: '81 82 01 02', generic: [[1, 2]] },
      { value: { p: { x: 1, y: 2 }, items: [{ id: 1 }, { id: 2 }] }, bytes: '82 82 01 02 82 81 01 81 02', generic: [[1, 2], [[1], [2]]] },
      { value: { p: { x: 1, y: 2 }, pair: ['k', 'off'], free: { any: 1 } }, bytes: '84 82 01 02 f7 82 61 6b 01 a1 63 61 6e 79 01', generic: [[1, 2], undefined, ['k', 1], { any: 1 }] },
    ],
  },
};

const wire = suite('compact layout: bytes written by hand');

for (const [title, { schema, cases }] of Object.entries(schemas)) {
  wire(`${title}: encodes to the expected bytes and decodes them back`, () => {
    const codec = compact(schema);
    for (const { value, bytes } of cases) {
      assert.is(toHex(codec.encode(value)), toHex(hex(bytes)), JSON.stringify(value));
      assert.equal(codec.decode(hex(bytes)), value, bytes);
    }
  });
  wire(`${title}: cbor-x reads the bytes as the expected arrays`, () => {
    for (const { bytes, generic } of cases) assert.equal(cborX.decode(hex(bytes)), generic, bytes);
  });
  // The same positions in UBJSON (its bytes by hand: compact-layout-ubjson.test.ts).
  wire(`${title}: the values round-trip through the UBJSON compact layout`, () => {
    const codec = compileCodec(schema, { format: 'ubjson', layout: 'compact' });
    for (const { value } of cases) assert.equal(codec.decode(codec.encode(value)), value, JSON.stringify(value));
  });
}

wire('reads an indefinite-length array and wider heads than the encoder writes', () => {
  const codec = compact(schemas['positions in declaration order; absent optional properties are undefined in the middle and dropped at the end'].schema);
  assert.equal(codec.decode(hex('9f 01 f7 f5 ff')), { a: 1, c: true });
  assert.equal(codec.decode(hex('9f 01 ff')), { a: 1 });
  assert.equal(codec.decode(hex('98 02 18 01 61 78')), { a: 1, b: 'x' });
});

wire('the map layout is unchanged by the option', () => {
  const schema = schemas['a required const takes no position; an optional const does and is written as its value'].schema;
  assert.is(toHex(compileCodec(schema, { format: 'cbor' }).encode({ kind: 'point', x: 7 })), toHex(hex('a2 64 6b 69 6e 64 65 70 6f 69 6e 74 61 78 07')));
  assert.is(toHex(compileCodec(schema, { format: 'cbor', layout: 'map' }).encode({ kind: 'point', x: 7 })), toHex(hex('a2 64 6b 69 6e 64 65 70 6f 69 6e 74 61 78 07')));
});

const positions = suite('compactPositions');

const object = (properties: { name: string; required?: boolean; index?: number; node?: IrObject['properties'][number]['node'] }[], closed = true): IrObject => ({
  kind: 'object',
  schemaPath: '#',
  annotations: {},
  properties: properties.map(({ name, required = false, index, node }) => ({ name, required, schemaPath: `#/properties/${name}`, node: node ?? { kind: 'any', schemaPath: `#/properties/${name}`, annotations: {} }, ...(index === undefined ? {} : { index }) })),
  patternProperties: [],
  additionalProperties: closed ? { kind: 'never', schemaPath: '#/additionalProperties', annotations: {} } : { kind: 'any', schemaPath: '#/additionalProperties', annotations: {} },
  extraRequired: [],
});

positions('gives pinned properties their index and the others the lowest free positions in order', () => {
  const result = compactPositions(object([{ name: 'a' }, { name: 'b', index: 0 }, { name: 'c', required: true }, { name: 'd', index: 5 }]));
  assert.equal(result.positionOf, [1, 0, 2, 5]);
  assert.equal(result.slots, [1, 0, 2, undefined, undefined, 3]);
  assert.is(result.requiredLength, 3);
  assert.is(result.open, false);
});

positions('leaves required constants out and keeps optional ones', () => {
  const constant = { kind: 'literal' as const, values: ['x'], schemaPath: '#', annotations: {} };
  const result = compactPositions(object([{ name: 'k', required: true, node: constant }, { name: 'o', node: constant }], false));
  assert.equal(result.omitted, [0]);
  assert.equal(result.positionOf, [undefined, 0]);
  assert.is(result.requiredLength, 0);
  assert.is(result.open, true);
});

positions('refuses an index used twice, pointing at the second property', () => {
  try {
    compactPositions(object([{ name: 'a', index: 1 }, { name: 'b', index: 1 }]));
    assert.unreachable('no error');
  } catch (error) {
    assert.is((error as { code: string }).code, 'invalid-schema');
    assert.is((error as { schemaPath: string }).schemaPath, '#/properties/b/x-binschema-index');
  }
});

wire.run();
positions.run();
