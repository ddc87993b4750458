/**
 * Lowering rules, one small schema each, with the expected IR written by hand from JSON Schema
 * 2020-12 (Validation §6, Core §10) and the contract in src/ir/types.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ANY, array, BOOLEAN, INTEGER, NEVER, NULL, NUMBER, object, rootShape, STRING } from './ir-helpers.js';

const SIX_TYPES = (overrides: Record<string, unknown>) => ({
  kind: 'union',
  mode: 'type',
  variants: [NULL, BOOLEAN, overrides.number ?? NUMBER, overrides.string ?? STRING, overrides.array ?? array({}), overrides.object ?? object({})],
});

const types = suite('normalise: type');
const typeCases: [string, unknown, unknown][] = [
  ['true is any', true, ANY],
  ['false is never', false, NEVER],
  ['the empty schema is any', {}, ANY],
  ['only annotations is any', { title: 'x', $comment: 'y', readOnly: true }, { ...ANY, annotations: { title: 'x' } }],
  ['type null', { type: 'null' }, NULL],
  ['type boolean', { type: 'boolean' }, BOOLEAN],
  ['type integer is a number node marked integer', { type: 'integer' }, INTEGER],
  ['type number', { type: 'number' }, NUMBER],
  ['type string', { type: 'string' }, STRING],
  ['a nullable string is a type union', { type: ['string', 'null'] }, { kind: 'union', mode: 'type', variants: [STRING, NULL] }],
  ['integer and number together are number', { type: ['integer', 'number'] }, NUMBER],
  ['integer or string keeps both', { type: ['integer', 'string'] }, { kind: 'union', mode: 'type', variants: [INTEGER, STRING] }],
  ['keywords of another type do not apply', { type: 'string', minimum: 3 }, STRING],
  ['a typeless minimum restricts only numbers', { minimum: 3 }, SIX_TYPES({ number: { ...NUMBER, minimum: 3 } })],
  ['typeless properties restrict only objects', { required: ['a'] }, SIX_TYPES({ object: object({ extraRequired: ['a'] }) })],
  ['typeless minLength restricts only strings', { minLength: 2 }, SIX_TYPES({ string: { ...STRING, minLength: 2 } })],
  ['typeless maxItems restricts only arrays', { maxItems: 2 }, SIX_TYPES({ array: array({ maxItems: 2 }) })],
];
for (const [name, schema, expected] of typeCases) types(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
types.run();

const numbers = suite('normalise: numbers');
const numberCases: [string, unknown, unknown][] = [
  ['inclusive bounds', { type: 'integer', minimum: 0, maximum: 255 }, { ...INTEGER, minimum: 0, maximum: 255 }],
  ['exclusive bounds kept exclusive', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, { ...NUMBER, exclusiveMinimum: 0, exclusiveMaximum: 1 }],
  ['multipleOf', { type: 'number', multipleOf: 0.5 }, { ...NUMBER, multipleOf: 0.5 }],
  ['a minimum above the maximum as never', { type: 'number', minimum: 2, maximum: 1 }, NEVER],
  ['equal exclusive bounds as never', { type: 'number', exclusiveMinimum: 1, maximum: 1 }, NEVER],
  ['an integer range with no whole number as never', { type: 'integer', minimum: 0.2, maximum: 0.8 }, NEVER],
  ['an integer range holding one whole number', { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 2 }, { ...INTEGER, exclusiveMinimum: 0, exclusiveMaximum: 2 }],
];
for (const [name, schema, expected] of numberCases) numbers(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
numbers('reads draft-04 boolean exclusiveMinimum as an exclusive bound', () => {
  const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', minimum: 3, exclusiveMinimum: true, maximum: 9 };
  assert.equal(rootShape(schema), { ...NUMBER, exclusiveMinimum: 3, maximum: 9 });
});
numbers.run();

const strings = suite('normalise: strings');
const stringCases: [string, unknown, unknown][] = [
  ['length bounds', { type: 'string', minLength: 1, maxLength: 8 }, { ...STRING, minLength: 1, maxLength: 8 }],
  ['a pattern, unanchored and verbatim', { type: 'string', pattern: '^[a-z]+\\d*$' }, { ...STRING, pattern: '^[a-z]+\\d*$' }],
  ['minLength above maxLength as never', { type: 'string', minLength: 3, maxLength: 2 }, NEVER],
  ['format as an annotation by default', { type: 'string', format: 'email' }, { ...STRING, annotations: { format: 'email' } }],
];
for (const [name, schema, expected] of stringCases) strings(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
strings('puts format on the string node when format assertion is on', () => {
  assert.equal(rootShape({ type: 'string', format: 'date-time' }, { formatAssertion: true }), { ...STRING, format: 'date-time' });
});
strings.run();

const arrays = suite('normalise: arrays');
const arrayCases: [string, unknown, unknown][] = [
  ['items', { type: 'array', items: { type: 'string' } }, array({ items: STRING })],
  ['prefixItems with items false', { type: 'array', prefixItems: [{ type: 'integer' }, true], items: false }, array({ prefixItems: [INTEGER, ANY], items: NEVER })],
  ['counts and uniqueness', { type: 'array', minItems: 1, maxItems: 3, uniqueItems: true }, array({ minItems: 1, maxItems: 3, uniqueItems: true })],
  ['uniqueItems false as absent', { type: 'array', uniqueItems: false }, array({})],
  ['minItems above maxItems as never', { type: 'array', minItems: 3, maxItems: 2 }, NEVER],
  ['more required items than a closed tuple holds as never', { type: 'array', prefixItems: [true], items: false, minItems: 2 }, NEVER],
  [
    'draft-07 array-form items with additionalItems',
    { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: [{ type: 'string' }, { type: 'null' }], additionalItems: { type: 'boolean' } },
    array({ prefixItems: [STRING, NULL], items: BOOLEAN }),
  ],
  ['draft-07 object-form items ignores additionalItems', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: { type: 'string' }, additionalItems: false }, array({ items: STRING })],
];
for (const [name, schema, expected] of arrayCases) arrays(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
arrays.run();

const objects = suite('normalise: objects');
const objectCases: [string, unknown, unknown][] = [
  [
    'properties in schema order with required flags',
    { type: 'object', properties: { b: { type: 'string' }, a: { type: 'integer' } }, required: ['a'] },
    object({ properties: [{ name: 'b', node: STRING, required: false }, { name: 'a', node: INTEGER, required: true }] }),
  ],
  ['required names without a property schema', { type: 'object', required: ['x', 'y'] }, object({ extraRequired: ['x', 'y'] })],
  ['additionalProperties false as never', { type: 'object', additionalProperties: false }, object({ additionalProperties: NEVER })],
  ['a map of strings', { type: 'object', additionalProperties: { type: 'string' } }, object({ additionalProperties: STRING })],
  ['patternProperties', { type: 'object', patternProperties: { '^x-': { type: 'integer' } } }, object({ patternProperties: [{ pattern: '^x-', node: INTEGER }] })],
  ['propertyNames', { type: 'object', propertyNames: { maxLength: 3 } }, object({ propertyNames: SIX_TYPES({ string: { ...STRING, maxLength: 3 } }) })],
  ['propertyNames false', { type: 'object', propertyNames: false }, object({ propertyNames: NEVER })],
  [
    'matching patternProperties folded into declared properties',
    { type: 'object', properties: { ab: { type: 'integer' }, b: { type: 'string' } }, patternProperties: { '^a': { maximum: 9 }, 'b$': { type: 'integer' } } },
    object({
      properties: [{ name: 'ab', node: { ...INTEGER, maximum: 9 }, required: false }, { name: 'b', node: NEVER, required: false }],
      patternProperties: [
        { pattern: '^a', node: { kind: 'union', mode: 'type', variants: [NULL, BOOLEAN, { ...NUMBER, maximum: 9 }, STRING, array({}), object({})] } },
        { pattern: 'b$', node: INTEGER },
      ],
    }),
  ],
  ['property counts', { type: 'object', minProperties: 1, maxProperties: 4 }, object({ minProperties: 1, maxProperties: 4 })],
  ['a required property that can have no value as never', { type: 'object', properties: { a: false }, required: ['a'] }, NEVER],
  ['an optional property that can have no value, kept (it must be absent)', { type: 'object', properties: { a: false } }, object({ properties: [{ name: 'a', node: NEVER, required: false }] })],
];
for (const [name, schema, expected] of objectCases) objects(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
objects.run();

const literals = suite('normalise: enum and const');
const literalCases: [string, unknown, unknown][] = [
  ['const', { const: { a: [1, null] } }, { kind: 'literal', values: [{ a: [1, null] }] }],
  ['enum without duplicates (1 and 1.0 are equal)', { enum: ['a', 1, 1.0, 'a', null] }, { kind: 'literal', values: ['a', 1, null] }],
  ['enum filtered by type', { type: 'string', enum: ['a', 1, null, 'b'] }, { kind: 'literal', values: ['a', 'b'] }],
  ['enum filtered by a typeless bound', { enum: [1, 5, 'x'], minimum: 2 }, { kind: 'literal', values: [5, 'x'] }],
  ['enum filtered by pattern and length', { type: 'string', enum: ['ab', 'abc', 'b'], pattern: '^a', maxLength: 2 }, { kind: 'literal', values: ['ab'] }],
  ['enum and const together', { enum: [1, 2], const: 2 }, { kind: 'literal', values: [2] }],
  ['an enum no value of which fits as never', { type: 'integer', enum: ['a', 1.5] }, NEVER],
  ['enum of objects filtered by required', { type: 'object', required: ['k'], enum: [{ k: 1 }, { j: 1 }] }, { kind: 'literal', values: [{ k: 1 }] }],
];
for (const [name, schema, expected] of literalCases) literals(`lowers ${name}`, () => assert.equal(rootShape(schema), expected));
literals.run();

const annotations = suite('normalise: annotations');
annotations('keeps title, description, default, examples, deprecated and format', () => {
  const schema = { type: 'string', title: 'T', description: 'D', default: 'x', examples: ['y'], deprecated: true, format: 'uri', readOnly: true, writeOnly: false, $comment: 'c', contentMediaType: 'text/plain', contentEncoding: 'base64' };
  assert.equal(rootShape(schema), { ...STRING, annotations: { title: 'T', description: 'D', default: 'x', examples: ['y'], deprecated: true, format: 'uri' } });
});
annotations('ignores unknown keywords (they are annotations)', () => {
  assert.equal(rootShape({ type: 'integer', 'x-custom': { not: {} }, units: 'cm' }), INTEGER);
});
annotations('drops format from annotations when it is asserted', () => {
  assert.equal(rootShape({ type: 'string', format: 'uuid', title: 'id' }, { formatAssertion: true }), { ...STRING, format: 'uuid', annotations: { title: 'id' } });
});
annotations.run();
