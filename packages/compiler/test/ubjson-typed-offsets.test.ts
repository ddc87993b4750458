// An element of a UBJSON typed container (`[$<type>#<count>`, `{$<type>#<count>`) has no marker
// of its own: a failure at it is at its first payload byte, as a failure at a marked value is at
// its marker. Generated decoders (speed, small and the compact layout) and the generic decoder
// report the same offset. Inputs and offsets are written by hand; offsets count from byte 0.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as decodeGeneric } from '@binschema/runtime/ubjson';
import { compileCodec } from '../src/index.js';
import { decodeErrorOf } from './support/decode-error.js';

const INTEGERS = { type: 'array', items: { type: 'integer', maximum: 5 } };
const NUMBERS_NOT_3 = { type: 'array', items: { type: 'number', not: { const: 3 } } };
const SHORT_STRINGS = { type: 'array', items: { type: 'string', maxLength: 3 } };
const COLOURS = { type: 'array', items: { enum: ['red', 'blue'] } };
const SMALL_VALUES = { type: 'object', additionalProperties: { type: 'integer', maximum: 5 } };
const RECORD = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'] };

type Case = [title: string, schema: unknown, hex: string, expected: { code: string; offset: number; schemaPath: string }];

const cases: Case[] = [
  // [$i#3: 1 2 9; the 9 is at 8 (the header is 6 bytes: [ $ i # i 03).
  ['a typed integer past its maximum', INTEGERS, '5b 24 69 23 69 03 01 02 09', { code: 'schema-violation', offset: 8, schemaPath: '#/items' }],
  // The same items with their markers: the third marker is at 8 too.
  ['the same integer with its marker', INTEGERS, '5b 23 69 03 69 01 69 02 69 09', { code: 'schema-violation', offset: 8, schemaPath: '#/items' }],
  ['a typed float where an integer goes', INTEGERS, '5b 24 64 23 69 01 3f c0 00 00', { code: 'unexpected-type', offset: 6, schemaPath: '#/items' }],
  ['typed strings where integers go', INTEGERS, '5b 24 53 23 69 01 69 01 61', { code: 'unexpected-type', offset: 6, schemaPath: '#/items' }],
  ['a typed integer the schema excludes (not)', NUMBERS_NOT_3, '5b 24 69 23 69 02 01 03', { code: 'schema-violation', offset: 7, schemaPath: '#/items' }],
  // [$S#2: "x" "abcd"; the second string (i 04 a b c d) starts at 9.
  ['a typed string too long', SHORT_STRINGS, '5b 24 53 23 69 02 69 01 78 69 04 61 62 63 64', { code: 'schema-violation', offset: 9, schemaPath: '#/items' }],
  ['a typed string outside the enum', COLOURS, '5b 24 53 23 69 02 69 03 72 65 64 69 04 70 69 6e 6b', { code: 'schema-violation', offset: 11, schemaPath: '#/items' }],
  // {$i#2: "x" 1, "y" 7; the 7 is at 13.
  ['a typed object value past its maximum', SMALL_VALUES, '7b 24 69 23 69 02 69 01 78 01 69 01 79 07', { code: 'schema-violation', offset: 13, schemaPath: '#/additionalProperties' }],
  // {$S#1: "id" "a"; the string value (i 01 61) starts at 10.
  ['a typed string where a declared integer goes', RECORD, '7b 24 53 23 69 01 69 02 69 64 69 01 61', { code: 'unexpected-type', offset: 10, schemaPath: '#/properties/id' }],
];

const generated = suite('UBJSON typed containers: failures at an element are at its first byte');

for (const [codeSize, options] of [
  ['speed', {}],
  ['small', { codeSize: 'small' }],
] as const) {
  for (const [title, schema, hex, expected] of cases) {
    const codec = compileCodec(schema, { format: 'ubjson', ...options });
    generated(`${codeSize}: ${title}: ${hex}`, () => {
      assert.equal(decodeErrorOf((bytes) => codec.decode(bytes), hex), expected);
    });
  }
}

generated('compact layout: a typed integer at a position fails at its first byte', () => {
  const codec = compileCodec({ type: 'object', properties: { a: { type: 'integer', maximum: 5 }, b: { type: 'integer', maximum: 5 } }, required: ['a', 'b'] }, { format: 'ubjson', layout: 'compact' });
  // [$i#2: 1 9; the 9 is at 7.
  assert.equal(decodeErrorOf((bytes) => codec.decode(bytes), '5b 24 69 23 69 02 01 09'), { code: 'schema-violation', offset: 7, schemaPath: '#/properties/b' });
});

generated('a decode after a typed element failed reports a marked value at its marker', () => {
  for (const options of [{}, { codeSize: 'small' }] as const) {
    const codec = compileCodec(INTEGERS, { format: 'ubjson', ...options });
    // The typed element at 8 fails first; then a marked 9 whose marker is at 7, just before it.
    assert.equal(decodeErrorOf((bytes) => codec.decode(bytes), '5b 24 69 23 69 03 01 02 09').offset, 8);
    assert.equal(decodeErrorOf((bytes) => codec.decode(bytes), '5b 4e 4e 4e 4e 69 01 69 09 5d').offset, 7);
  }
});

generated('generic decoder: a typed array or object element past maxDepth fails at its first byte', () => {
  // [ [$[#1 ]: the inner element (its `]`) starts at 7.
  assert.equal(decodeErrorOf((bytes) => decodeGeneric(bytes, { maxDepth: 2 }), '5b 5b 24 5b 23 69 01 5d 5d'), { code: 'too-deep', offset: 7, schemaPath: undefined });
  // [ {$[#1 "k" ]: the element after the key (i 01 6b) starts at 10.
  assert.equal(decodeErrorOf((bytes) => decodeGeneric(bytes, { maxDepth: 2 }), '5b 7b 24 5b 23 69 01 69 01 6b 5d 5d'), { code: 'too-deep', offset: 10, schemaPath: undefined });
  // With a marker, the same array fails at its `[` (5).
  assert.equal(decodeErrorOf((bytes) => decodeGeneric(bytes, { maxDepth: 2 }), '5b 5b 23 69 01 5b 5d 5d').offset, 5);
});

generated('a discriminator scan skipping a typed array of arrays past the depth limit fails at the element', () => {
  const codec = compileCodec({
    oneOf: [
      { type: 'object', properties: { op: { const: 'a' }, x: {} }, required: ['op'] },
      { type: 'object', properties: { op: { const: 'b' } }, required: ['op'] },
    ],
  }, { format: 'ubjson' });
  // {"x": [[…[ [$[#1 ] ]…]], "op": "a"}: the object is level 1, 510 plain arrays levels 2 to 511,
  // the typed array 512 (the limit), its element (no marker: its first byte is its `]`) 513.
  const head = [0x7b, 0x69, 0x01, 0x78, ...Array<number>(510).fill(0x5b), 0x5b, 0x24, 0x5b, 0x23, 0x69, 0x01];
  const bytes = Uint8Array.from([...head, 0x5d, ...Array<number>(510).fill(0x5d), 0x69, 0x02, 0x6f, 0x70, 0x53, 0x69, 0x01, 0x61, 0x7d]);
  let error: unknown;
  try {
    codec.decode(bytes);
  } catch (caught) {
    error = caught;
  }
  assert.equal(error instanceof Error && { code: (error as { code?: string }).code, offset: (error as { offset?: number }).offset }, { code: 'too-deep', offset: head.length });
});

generated.run();
