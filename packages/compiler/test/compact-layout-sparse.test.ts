// The compact layout's sparse form (README "Compact layout"): an object written as a map from its
// present positions to their values when that is strictly smaller than the array. Expected bytes
// are written by hand from RFC 8949 and the layout's rules, with both forms' sizes worked out in
// the comments; cbor-x reads the same bytes as maps with integer keys.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decoder as CborXDecoder } from 'cbor-x';
import { isDecodeError } from '@binschema/runtime';
import { compileCodec } from '../src/index.js';
import { sparseIsSmaller } from '../src/emit/cbor/compact-form.js';
import { fromHex as hex, toHex } from './support/values.js';
import { testDataPath } from '../../../test-data/index.js';

const compact = (schema: unknown) => compileCodec(schema, { format: 'cbor', layout: 'compact' });
const cborX = new CborXDecoder({ mapsAsObjects: false } as ConstructorParameters<typeof CborXDecoder>[0]);

/** id at 0 (required), name 1, tags 2, note 3, flag 4; closed. */
const record = compact({
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string' }, flag: { type: 'boolean' } },
  required: ['id'],
  additionalProperties: false,
});

/** a 0, b 1, c 2, d 3, all optional; other keys integers. */
const open = compact({
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' } },
  additionalProperties: { type: 'integer' },
});

/** kind: a required const (no position); x 0 (required), y 1, 2-5 reserved, label pinned at 6. */
const point = compact({
  type: 'object',
  properties: { kind: { const: 'point' }, x: { type: 'integer' }, y: { type: 'integer' }, label: { type: 'string', 'x-binschema-index': 6 } },
  required: ['kind', 'x'],
  additionalProperties: false,
});

/** first 0, late pinned at 30, far at 300: keys with one-, two- and three-byte heads. */
const wide = compact({
  type: 'object',
  properties: { first: { type: 'integer' }, late: { type: 'integer', 'x-binschema-index': 30 }, far: { type: 'string', 'x-binschema-index': 300 } },
  additionalProperties: false,
});

/** One required property pinned at 9: its shape is fixed, so the compiler picks the form. */
const pinned = compact({ type: 'object', properties: { a: { type: 'integer', 'x-binschema-index': 9 } }, required: ['a'], additionalProperties: false });

/** a at 0 and b pinned at 3, both required: a fixed shape too. */
const pinnedPair = compact({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer', 'x-binschema-index': 3 } }, required: ['a', 'b'], additionalProperties: false });

/** Variant 0 circle (r at 0); variant 1 box (w at 0, 1-5 reserved, note pinned at 6); the discriminator is not written. */
const shape = compact({
  oneOf: [
    { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'integer' } }, required: ['type', 'r'], additionalProperties: false },
    { type: 'object', properties: { type: { const: 'box' }, w: { type: 'integer' }, note: { type: 'string', 'x-binschema-index': 6 } }, required: ['type'], additionalProperties: false },
  ],
});

interface Case {
  codec: { encode(value: unknown): Uint8Array; decode(bytes: Uint8Array): unknown };
  value: unknown;
  bytes: string;
}

// Each case: the dense form's bytes and the sparse form's, by hand; the encoder must write the smaller (the array at a tie).
const cases: Record<string, Case> = {
  // Array 85 01 f7 f7 f7 f5 (6 bytes); map {0: 1, 4: true} a2 00 01 04 f5 (5).
  'a sparse object: the map of its two present positions': { codec: record, value: { id: 1, flag: true }, bytes: 'a2 00 01 04 f5' },
  // Array 84 01 f7 f7 61 78 (6 bytes); map a2 00 01 03 61 78 (6): a tie keeps the array.
  'a dense object at the tie': { codec: record, value: { id: 1, note: 'x' }, bytes: '84 01 f7 f7 61 78' },
  // Array 81 01 (2 bytes); map a1 00 01 (3).
  'a small all-required record stays the array': { codec: record, value: { id: 1 }, bytes: '81 01' },
  // Array 85 f7 f7 61 78 f7 a1 61 7a 01 (10 bytes: every position, then the extras map); map {2: "x", "z": 1} a2 02 61 78 61 7a 01 (7).
  'a sparse object with extras: their text keys join the map after the positions': { codec: open, value: { c: 'x', z: 1 }, bytes: 'a2 02 61 78 61 7a 01' },
  // Extras follow the positions, in the object's own key order.
  'extras keep their key order, after the positions whatever the object\'s order': { codec: open, value: { y: 2, c: 'x', z: 1 }, bytes: 'a3 02 61 78 61 79 02 61 7a 01' },
  // Array 87 01 f7 f7 f7 f7 f7 61 70 (9 bytes); map {0: 1, 6: "p"} a2 00 01 06 61 70 (6); the const kind in neither.
  'an object with a required const: the const is not written, in the map either': { codec: point, value: { kind: 'point', x: 1, label: 'p' }, bytes: 'a2 00 01 06 61 70' },
  // Array 82 01 02 (3 bytes); map a2 00 01 01 02 (5).
  'an object with a required const, dense': { codec: point, value: { kind: 'point', x: 1, y: 2 }, bytes: '82 01 02' },
  // Array 98 1f, 30 × f7, 07 (33 bytes); map {30: 7} a1 18 1e 07 (4): a two-byte key head.
  'a position key of 24 or more takes a two-byte head': { codec: wide, value: { late: 7 }, bytes: 'a1 18 1e 07' },
  // Map {0: 1, 300: "z"} a2 00 01 19 01 2c 61 7a: a three-byte key head.
  'a position key of 256 or more takes a three-byte head': { codec: wide, value: { first: 1, far: 'z' }, bytes: 'a2 00 01 19 01 2c 61 7a' },
  // Fixed shape: array 8a, 9 × f7, 05 (11 bytes) against map a1 09 05 (3), chosen at compile time.
  'an object of fixed shape takes the form the compiler chose': { codec: pinned, value: { a: 5 }, bytes: 'a1 09 05' },
  // Fixed shape: array 84 01 f7 f7 02 (5 bytes) against map a2 00 01 03 02 (5), a tie: the array, chosen at compile time.
  'an object of fixed shape at the tie takes the array': { codec: pinnedPair, value: { a: 1, b: 2 }, bytes: '84 01 f7 f7 02' },
  // Variant: array 82 00 01 (its index inside).
  'a union variant stays [variantIndex, …fields] when that is smaller': { codec: shape, value: { type: 'circle', r: 1 }, bytes: '82 00 01' },
  // Array 82 01 02 (3 bytes); {1: {0: 2}} a1 01 a1 00 02 (5).
  'a union variant with its one field present stays the array': { codec: shape, value: { type: 'box', w: 2 }, bytes: '82 01 02' },
  // Array 88 01 02 f7 f7 f7 f7 f7 61 6e (10 bytes); {1: {0: 2, 6: "n"}} a1 01 a2 00 02 06 61 6e (8).
  'a sparse union variant is a one-entry map from its index to its sparse map': { codec: shape, value: { type: 'box', w: 2, note: 'n' }, bytes: 'a1 01 a2 00 02 06 61 6e' },
};

const wire = suite('compact layout, sparse form: bytes written by hand');

for (const [title, { codec, value, bytes }] of Object.entries(cases)) {
  wire(`${title}: encodes to the expected bytes and decodes them back`, () => {
    assert.is(toHex(codec.encode(value)), toHex(hex(bytes)));
    assert.equal(codec.decode(hex(bytes)), value);
  });
}

wire('cbor-x reads the sparse form as a Map with integer keys (standard CBOR), and extras under their text keys', () => {
  assert.equal(cborX.decode(hex('a2 00 01 04 f5')), new Map<unknown, unknown>([[0, 1], [4, true]]));
  assert.equal(cborX.decode(hex('a2 02 61 78 61 7a 01')), new Map<unknown, unknown>([[2, 'x'], ['z', 1]]));
  assert.equal(cborX.decode(hex('a2 00 01 19 01 2c 61 7a')), new Map<unknown, unknown>([[0, 1], [300, 'z']]));
  assert.equal(cborX.decode(hex('a1 01 a2 00 02 06 61 6e')), new Map<unknown, unknown>([[1, new Map<unknown, unknown>([[0, 2], [6, 'n']])]]));
  const keys = [...(cborX.decode(record.encode({ id: 1, flag: true })) as Map<unknown, unknown>).keys()];
  assert.equal(keys.map((key) => typeof key), ['number', 'number']);
});

wire('an object in a type-dispatched union is read in either form (its map is not taken for another variant)', () => {
  const codec = compact({
    type: 'object',
    properties: { spouse: { anyOf: [{ type: 'object', properties: { name: { type: 'string' }, nick: { type: 'string', 'x-binschema-index': 5 } }, additionalProperties: false }, { type: 'null' }] } },
    required: ['spouse'],
    additionalProperties: false,
  });
  // [{5: "x"}]: the spouse as the map (array 86 f7 f7 f7 f7 f7 61 78 would be 8 bytes, the map 4).
  assert.is(toHex(codec.encode({ spouse: { nick: 'x' } })), toHex(hex('81 a1 05 61 78')));
  assert.equal(codec.decode(hex('81 a1 05 61 78')), { spouse: { nick: 'x' } });
  assert.equal(codec.decode(hex('81 81 61 61')), { spouse: { name: 'a' } });
  assert.equal(codec.decode(hex('81 f6')), { spouse: null });
});

const accepted = suite('compact layout, sparse form: what decoders accept beyond what the encoder writes');

const readings: [string, Case['codec'], string, unknown][] = [
  ['positions in any order', record, 'a2 04 f5 00 01', { id: 1, flag: true }],
  ['an indefinite-length map', record, 'bf 00 01 04 f5 ff', { id: 1, flag: true }],
  ['an indefinite-length map with no entry but the required one', record, 'bf 00 01 ff', { id: 1 }],
  ['a map head wider than needed', record, 'b8 02 00 01 04 f5', { id: 1, flag: true }],
  ['key heads wider than needed (one-, two- and four-byte arguments)', record, 'a3 18 00 01 19 00 04 f5 1a 00 00 00 01 61 6e', { id: 1, name: 'n', flag: true }],
  ['an eight-byte key head', wide, 'a1 1b 00 00 00 00 00 00 00 1e 07', { late: 7 }],
  ['every position present, as a map', record, 'a5 00 01 01 61 6e 02 80 03 61 78 04 f4', { id: 1, name: 'n', tags: [], note: 'x', flag: false }],
  ['undefined under an optional position: absent, as in the array', record, 'a2 00 01 04 f7', { id: 1 }],
  ['a value under a reserved position: skipped', point, 'a2 00 01 03 82 01 a1 61 61 02', { kind: 'point', x: 1 }],
  ['extras before the positions', open, 'a2 61 7a 01 02 61 78', { c: 'x', z: 1 }],
  ['a sparse variant in an indefinite-length map', shape, 'bf 01 a1 06 61 6e ff', { type: 'box', note: 'n' }],
  ['a sparse variant whose own map is indefinite-length', shape, 'a1 01 bf 06 61 6e ff', { type: 'box', note: 'n' }],
];

for (const [title, codec, bytes, value] of readings) {
  accepted(`reads ${title}`, () => {
    assert.equal(codec.decode(hex(bytes)), value);
  });
}

const refused = suite('compact layout, sparse form: decode errors (code and offset)');

function decodeError(codec: Case['codec'], bytes: string): { code: string; offset: number; schemaPath: string | undefined } {
  try {
    codec.decode(hex(bytes));
  } catch (error) {
    assert.ok(isDecodeError(error), String(error));
    return { code: error.code, offset: error.offset, schemaPath: error.schemaPath };
  }
  throw new assert.Assertion({ message: `decoded ${bytes}`, generated: false, operator: 'throws' });
}

const faults: [string, Case['codec'], string, { code: string; offset: number; schemaPath: string }][] = [
  // record has positions 0-4.
  ['a position key beyond the object\'s positions, at the key', record, 'a2 00 01 05 01', { code: 'schema-violation', offset: 3, schemaPath: '#' }],
  ['a repeated position key, at the second one', record, 'a3 00 01 04 f5 00 02', { code: 'schema-violation', offset: 5, schemaPath: '#' }],
  ['a repeated position key past 32 positions, at the second one', wide, 'a2 19 01 2c 61 7a 19 01 2c 61 79', { code: 'schema-violation', offset: 6, schemaPath: '#' }],
  ['a repeated reserved position, at the second one', point, 'a3 00 01 03 01 03 02', { code: 'schema-violation', offset: 5, schemaPath: '#' }],
  ['a text key on an object that allows no extras, at the key', record, 'a2 00 01 61 7a 01', { code: 'schema-violation', offset: 3, schemaPath: '#' }],
  ['a declared name as a text key, at the key', open, 'a1 61 61 61 78', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a float key, at the key', record, 'a2 00 01 f9 3c 00 f5', { code: 'schema-violation', offset: 3, schemaPath: '#' }],
  ['a negative integer key, at the key', record, 'a2 00 01 20 f5', { code: 'schema-violation', offset: 3, schemaPath: '#' }],
  ['a byte string key, at the key', record, 'a2 00 01 41 04 f5', { code: 'schema-violation', offset: 3, schemaPath: '#' }],
  ['an unsigned integer key of indefinite length (not well-formed), at the key', record, 'a2 00 01 1f f5', { code: 'not-well-formed', offset: 3, schemaPath: '#' }],
  ['a missing required property, at the map', record, 'a1 04 f5', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a required property as undefined, at the map', record, 'a1 00 f7', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a value of the wrong type, at the value', record, 'a2 00 01 01 05', { code: 'unexpected-type', offset: 4, schemaPath: '#/properties/name' }],
  ['an extra entry of the wrong type, at the value', open, 'a1 61 7a 61 78', { code: 'unexpected-type', offset: 3, schemaPath: '#/additionalProperties' }],
  ['a malformed value under a reserved position', point, 'a2 00 01 03 65 61', { code: 'unexpected-end', offset: 6, schemaPath: '#' }],
  ['an indefinite-length map without its break', record, 'bf 00 01', { code: 'unexpected-end', offset: 3, schemaPath: '#' }],
  // Unions: the one-entry map around a sparse variant.
  ['a sparse variant map of two entries, at the map', shape, 'a2 01 a0 00 a0', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a sparse variant map without an entry, at the map', shape, 'a0', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
  ['a sparse variant index past the variants, at the index', shape, 'a1 05 a1 00 01', { code: 'schema-violation', offset: 1, schemaPath: '#' }],
  ['a sparse variant holding an array, at the array', shape, 'a1 01 82 01 02', { code: 'unexpected-type', offset: 2, schemaPath: '#' }],
  ['an indefinite-length variant map with a second entry, at the map', shape, 'bf 01 a0 00 a0 ff', { code: 'schema-violation', offset: 0, schemaPath: '#' }],
];

for (const [title, codec, bytes, expected] of faults) {
  refused(`refuses ${title}`, () => {
    assert.equal(decodeError(codec, bytes), expected);
  });
}

refused('names both forms when an object is neither an array nor a map', () => {
  // 0x61 0x78: the text "x" where a compact object (dense array or sparse map) belongs.
  for (const codec of [record, shape]) {
    try {
      codec.decode(hex('61 78'));
      assert.unreachable('decoded a text string as an object');
    } catch (error) {
      assert.ok(isDecodeError(error), String(error));
      assert.equal([error.code, error.offset], ['unexpected-type', 0]);
      assert.match(error.message, 'expected array or map');
    }
  }
});

refused('every truncation of a sparse encoding is a DecodeError at or before the end of the input', () => {
  const encodings: [Case['codec'], string][] = [
    [record, 'a2 00 01 04 f5'],
    [open, 'a3 02 61 78 61 79 02 61 7a 01'],
    [point, 'a2 00 01 06 61 70'],
    [wide, 'a2 00 01 19 01 2c 61 7a'],
    [shape, 'a1 01 a2 00 02 06 61 6e'],
    [record, 'bf 00 01 04 f5 ff'],
    [record, 'b8 02 00 01 1a 00 00 00 04 f5'],
  ];
  for (const [codec, bytes] of encodings) {
    const whole = hex(bytes);
    codec.decode(whole);
    for (let length = 0; length < whole.length; length++) {
      try {
        codec.decode(whole.subarray(0, length));
        assert.unreachable(`${bytes} truncated to ${length}: decoded`);
      } catch (error) {
        assert.ok(isDecodeError(error), `${bytes} truncated to ${length}: ${String(error)}`);
        assert.ok(error.offset <= length, `${bytes} truncated to ${length}: offset ${error.offset}`);
      }
    }
  }
});

const rule = suite('compact layout, sparse form: the choice rule');

rule('counts the array head, the undefined placeholders and the extras map head against the map head and its keys', () => {
  // Dense 1 + 3 placeholders = 4, sparse 1 + 2 keys = 3.
  assert.ok(sparseIsSmaller({ length: 5, present: 2, keyBytes: 2, extras: 0, variant: 0 }));
  // Dense 1 + 2 = 3, sparse 1 + 2 = 3: a tie, the array.
  assert.not.ok(sparseIsSmaller({ length: 4, present: 2, keyBytes: 2, extras: 0, variant: 0 }));
  // Extras: dense 1 (head of 4) + 2 placeholders + 1 (extras map head) = 4, sparse 1 + 1 key = 2.
  assert.ok(sparseIsSmaller({ length: 4, present: 1, keyBytes: 1, extras: 1, variant: 0 }));
  // Wide keys: dense 1 + 1 = 2, sparse 1 + 2 + 2 = 5.
  assert.not.ok(sparseIsSmaller({ length: 3, present: 2, keyBytes: 4, extras: 0, variant: 0 }));
  // 24 elements take a two-byte array head: dense 2 + 22 = 24, sparse 1 + 2 = 3.
  assert.ok(sparseIsSmaller({ length: 24, present: 2, keyBytes: 2, extras: 0, variant: 0 }));
  // A variant's one-entry map costs a byte: sparse 1 + 1 + 1 = 3 against dense 1 + 1 placeholder = 2,
  // 1 + 2 = 3 (a tie) and 1 + 3 = 4.
  assert.not.ok(sparseIsSmaller({ length: 2, present: 1, keyBytes: 1, extras: 0, variant: 1 }));
  assert.not.ok(sparseIsSmaller({ length: 3, present: 1, keyBytes: 1, extras: 0, variant: 1 }));
  assert.ok(sparseIsSmaller({ length: 4, present: 1, keyBytes: 1, extras: 0, variant: 1 }));
});

const sizes = suite('compact layout, sparse form: payload sizes');

const payload = (name: string) => ({
  schema: JSON.parse(readFileSync(testDataPath(`payloads/${name}.schema.json`), 'utf8')) as unknown,
  value: JSON.parse(readFileSync(testDataPath(`payloads/${name}.json`), 'utf8')) as unknown,
});

sizes('very-large-object is smaller than msgpackr records (18,864 bytes, bench/results/latest.md) and round-trips', () => {
  const { schema, value } = payload('very-large-object');
  const codec = compact(schema);
  const bytes = codec.encode(value).slice();
  assert.ok(bytes.length < 18_864, `${bytes.length} bytes`);
  assert.equal(codec.decode(bytes), value);
});

sizes('small-object keeps its 16 bytes (all-required records stay arrays)', () => {
  const { schema, value } = payload('small-object');
  assert.is(compact(schema).encode(value).length, 16);
});

wire.run();
accepted.run();
refused.run();
rule.run();
sizes.run();
