/**
 * `allOf` merging, `$ref` beside other keywords, `oneOf`/`anyOf` unions and their discriminators.
 * Expectations written by hand from Validation/Core 2020-12 §10.2.1 (an instance is valid
 * against `allOf` when valid against every subschema).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ANY, array, assertRefused, INTEGER, lower, NEVER, NULL, NUMBER, object, rootShape, shape, STRING } from './ir-helpers.js';

const allOf = suite('normalise: allOf');
const allOfCases: [string, unknown, unknown][] = [
  ['of string and integer as never', { allOf: [{ type: 'string' }, { type: 'integer' }] }, NEVER],
  ['of number and integer as integer', { allOf: [{ type: 'number' }, { type: 'integer' }] }, INTEGER],
  ['of a nullable string and a string as a string', { allOf: [{ type: ['string', 'null'] }, { type: 'string', minLength: 1 }] }, { ...STRING, minLength: 1 }],
  ['by tightening number bounds', { type: 'number', allOf: [{ minimum: 1, maximum: 10 }, { minimum: 2, maximum: 20, multipleOf: 2 }] }, { ...NUMBER, minimum: 2, maximum: 10, multipleOf: 2 }],
  ['of integer multiples as their least common multiple', { type: 'integer', allOf: [{ multipleOf: 4 }, { multipleOf: 6 }] }, { ...INTEGER, multipleOf: 12 }],
  ['keeping the tighter of inclusive and exclusive bounds', { type: 'number', allOf: [{ minimum: 1 }, { exclusiveMinimum: 1 }, { maximum: 5 }, { exclusiveMaximum: 6 }] }, { ...NUMBER, exclusiveMinimum: 1, maximum: 5 }],
  ['of contradictory bounds as never', { allOf: [{ type: 'integer', minimum: 5 }, { maximum: 4 }] }, NEVER],
  ['of two equal patterns as one', { type: 'string', allOf: [{ pattern: 'a' }, { pattern: 'a' }] }, { ...STRING, pattern: 'a' }],
  ['of two patterns as one regex with a lookahead each', { type: 'string', allOf: [{ pattern: '^a' }, { pattern: 'b$' }] }, { ...STRING, pattern: '^(?=[\\s\\S]*?(?:^a))(?=[\\s\\S]*?(?:b$))' }],
  [
    'of objects: properties joined, shared ones merged, required unioned',
    { allOf: [{ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } }, required: ['a'] }, { properties: { a: { minimum: 0 }, c: { type: 'null' } }, required: ['c', 'z'] }] },
    object({
      properties: [
        { name: 'a', node: { ...INTEGER, minimum: 0 }, required: true },
        { name: 'b', node: STRING, required: false },
        { name: 'c', node: NULL, required: true },
      ],
      extraRequired: ['z'],
    }),
  ],
  [
    'of objects: a property declared on one side meets the other side’s additionalProperties',
    { allOf: [{ type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }, { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: { type: 'integer' } }] },
    object({ properties: [{ name: 'a', node: INTEGER, required: false }], additionalProperties: NEVER }),
  ],
  [
    'of objects with a required property the other side forbids as never',
    { allOf: [{ type: 'object', properties: { a: true }, required: ['a'] }, { type: 'object', additionalProperties: false }] },
    NEVER,
  ],
  [
    'of arrays: a longer prefix meets the other side’s items',
    { allOf: [{ type: 'array', prefixItems: [{ type: 'integer' }], items: { type: 'number' } }, { type: 'array', prefixItems: [true, { minimum: 1 }], minItems: 1 }] },
    array({ prefixItems: [INTEGER, { ...NUMBER, minimum: 1 }], items: NUMBER, minItems: 1 }),
  ],
  ['of an enum and a type as the enum filtered', { allOf: [{ enum: [1, 'a', 2.5] }, { type: 'integer' }] }, { kind: 'literal', values: [1] }],
  ['of two enums as their common values', { allOf: [{ enum: [1, 2, 3] }, { enum: [3, 2, 4] }] }, { kind: 'literal', values: [2, 3] }],
  ['of true as the other side', { allOf: [true, { type: 'string' }] }, STRING],
  ['with false as never', { allOf: [false, { type: 'string' }] }, NEVER],
];
for (const [name, schema, expected] of allOfCases) allOf(`merges allOf ${name}`, () => assert.equal(rootShape(schema), expected));
allOf('inlines a non-recursive $ref target into the merge', () => {
  const module = lower({ $defs: { base: { type: 'object', properties: { id: { type: 'integer' } } } }, allOf: [{ $ref: '#/$defs/base' }, { required: ['id'] }] });
  assert.equal(shape(module.root), object({ properties: [{ name: 'id', node: INTEGER, required: true }] }));
});
allOf('inlines one level of a recursive $ref target and keeps the recursion as a ref', () => {
  const tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/tree' } } } };
  const module = lower({ $defs: { tree }, allOf: [{ $ref: '#/$defs/tree' }, { required: ['children'] }] });
  const key = module.definitions[0].key;
  assert.equal(shape(module.root), object({ properties: [{ name: 'children', node: array({ items: { kind: 'ref', target: key } }), required: true }] }));
});
allOf('drops an allOf member that is the definition itself: it adds no constraint (issue 38)', () => {
  const module = lower({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }, { type: 'object' }] } } });
  assert.equal(shape(module.definitions.find((definition) => definition.name === 'a')!.node), object({}));
});
allOf('refuses a definition that is only a reference to itself', () => {
  assertRefused(() => lower({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } }), 'recursive-merge', '#/$defs/a');
  assertRefused(() => lower({ $ref: '#' }), 'recursive-merge', '#');
});
allOf('keeps one side of a merge of two mutually recursive definitions as a reference and checks the other', () => {
  const schema = {
    $defs: {
      a: { type: 'object', properties: { next: { $ref: '#/$defs/a' } } },
      b: { type: 'object', properties: { next: { $ref: '#/$defs/b' } } },
    },
    allOf: [{ $ref: '#/$defs/a' }, { $ref: '#/$defs/b' }],
  };
  const root = lower(schema).root;
  assert.is(root.kind, 'object');
  const next = root.kind === 'object' ? root.properties.find((property) => property.name === 'next')?.node : undefined;
  assert.is(next?.kind, 'ref');
  assert.equal(next?.checks?.map((check) => check.kind), ['allOf']);
});
allOf('refuses to merge patterns with back-references', () => {
  assertRefused(() => lower({ type: 'string', allOf: [{ pattern: '(a)\\1' }, { pattern: 'b' }] }), 'unsupported', '#');
});
allOf('merges patternProperties with the other side’s additionalProperties when only one side has patterns', () => {
  // A key matching ^a must be an integer (left) and a string (right, as an additional key).
  const schema = { allOf: [{ type: 'object', patternProperties: { '^a': { type: 'integer' } } }, { type: 'object', additionalProperties: { type: 'string' } }] };
  assert.equal(rootShape(schema), object({ patternProperties: [{ pattern: '^a', node: NEVER }], additionalProperties: STRING }));
});
allOf('folds the other side’s matching patterns into a declared property', () => {
  const schema = { allOf: [{ type: 'object', properties: { ab: { type: 'integer' }, x: true } }, { type: 'object', patternProperties: { '^a': { minimum: 0 } } }] };
  const minimumZero = { kind: 'union', mode: 'type', variants: [NULL, { kind: 'boolean' }, { ...NUMBER, minimum: 0 }, STRING, array({}), object({})] };
  assert.equal(rootShape(schema), object({
    properties: [{ name: 'ab', node: { ...INTEGER, minimum: 0 }, required: false }, { name: 'x', node: ANY, required: false }],
    patternProperties: [{ pattern: '^a', node: minimumZero }],
  }));
});
allOf('refuses to merge patterns on both sides when one also constrains additionalProperties', () => {
  const schema = { allOf: [{ type: 'object', patternProperties: { '^a': true } }, { type: 'object', patternProperties: { '^b': true }, additionalProperties: false }] };
  assertRefused(() => lower(schema), 'unsupported', '#');
});
allOf.run();

const refSiblings = suite('normalise: $ref beside other keywords');
refSiblings('applies a 2020-12 $ref together with its siblings', () => {
  const module = lower({ $defs: { n: { type: 'integer' } }, $ref: '#/$defs/n', minimum: 1 });
  assert.equal(shape(module.root), { ...INTEGER, minimum: 1 });
});
refSiblings('keeps a 2020-12 $ref with only annotations beside it as a ref', () => {
  const module = lower({ $defs: { n: { type: 'integer' } }, properties: { x: { $ref: '#/$defs/n', description: 'count' } }, type: 'object' });
  const property = (module.root as { properties: { node: unknown }[] }).properties[0];
  assert.equal(shape(property.node), { kind: 'ref', target: module.definitions[0].key, annotations: { description: 'count' } });
});
refSiblings('ignores draft-07 $ref siblings, as the spec says', () => {
  const module = lower({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'integer' } }, $ref: '#/definitions/n', minimum: 1, not: {} });
  assert.equal(shape(module.root), { kind: 'ref', target: module.definitions[0].key });
});
refSiblings.run();

const unions = suite('normalise: oneOf and anyOf');
unions('lowers oneOf and anyOf to unions with their mode', () => {
  assert.equal(rootShape({ oneOf: [{ type: 'string' }, { type: 'integer' }] }), { kind: 'union', mode: 'oneOf', variants: [STRING, INTEGER] });
  assert.equal(rootShape({ anyOf: [{ type: 'string' }, { type: 'integer' }] }), { kind: 'union', mode: 'anyOf', variants: [STRING, INTEGER] });
});
unions('distributes sibling keywords over the variants and drops the impossible ones', () => {
  const schema = { type: 'object', required: ['a'], oneOf: [{ properties: { a: { type: 'string' } } }, { type: 'string' }, { type: 'object', maxProperties: 3 }] };
  assert.equal(rootShape(schema), {
    kind: 'union',
    mode: 'oneOf',
    variants: [object({ properties: [{ name: 'a', node: STRING, required: true }] }), object({ extraRequired: ['a'], maxProperties: 3 })],
  });
});
unions('finds a discriminator from required const properties', () => {
  const schema = {
    oneOf: [
      { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind', 'r'] },
      { type: 'object', properties: { kind: { enum: ['square', 'box'] }, side: { type: 'number' } }, required: ['kind'] },
    ],
  };
  const root = lower(schema).root as { discriminator?: unknown };
  assert.equal(root.discriminator, { property: 'kind', mapping: [{ value: 'circle', variant: 0 }, { value: 'square', variant: 1 }, { value: 'box', variant: 1 }] });
});
unions('finds no discriminator when the property is optional in a variant or values repeat', () => {
  const optional = { oneOf: [{ type: 'object', properties: { k: { const: 1 } }, required: ['k'] }, { type: 'object', properties: { k: { const: 2 } } }] };
  assert.is((lower(optional).root as { discriminator?: unknown }).discriminator, undefined);
  const repeated = { anyOf: [{ type: 'object', properties: { k: { const: 1 } }, required: ['k'] }, { type: 'object', properties: { k: { enum: [2, 1] } }, required: ['k'] }] };
  assert.is((lower(repeated).root as { discriminator?: unknown }).discriminator, undefined);
});
unions('tells apart discriminator values of different types (1 and "1")', () => {
  const schema = { oneOf: [{ type: 'object', properties: { k: { const: 1 } }, required: ['k'] }, { type: 'object', properties: { k: { const: '1' } }, required: ['k'] }] };
  assert.equal((lower(schema).root as { discriminator?: unknown }).discriminator, { property: 'k', mapping: [{ value: 1, variant: 0 }, { value: '1', variant: 1 }] });
});
unions('finds a discriminator through $refs and after a sibling makes the property required', () => {
  const schema = {
    $defs: { a: { type: 'object', properties: { t: { const: 'a' } } }, b: { type: 'object', properties: { t: { const: 'b' } } } },
    required: ['t'],
    oneOf: [{ $ref: '#/$defs/a' }, { $ref: '#/$defs/b' }],
  };
  assert.equal((lower(schema).root as { discriminator?: unknown }).discriminator, { property: 't', mapping: [{ value: 'a', variant: 0 }, { value: 'b', variant: 1 }] });
});
unions('honours an OpenAPI discriminator with a mapping and implicit names', () => {
  const schema = {
    $defs: {
      Cat: { type: 'object', properties: { pet: { type: 'string' } }, required: ['pet'] },
      Dog: { type: 'object', properties: { pet: { type: 'string' } }, required: ['pet'] },
    },
    oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
    discriminator: { propertyName: 'pet', mapping: { kitty: '#/$defs/Cat' } },
  };
  assert.equal((lower(schema).root as { discriminator?: unknown }).discriminator, { property: 'pet', mapping: [{ value: 'kitty', variant: 0 }, { value: 'Dog', variant: 1 }] });
});
unions('keeps the discriminator of variants that survive a sibling keyword', () => {
  const schema = {
    oneOf: [
      { type: 'object', properties: { k: { const: 'a' } }, required: ['k'] },
      { type: 'object', properties: { k: { const: 'b' } }, required: ['k'], additionalProperties: false },
      { type: 'object', properties: { k: { const: 'c' } }, required: ['k'] },
    ],
    required: ['extra'],
  };
  const root = lower(schema).root as { variants: unknown[]; discriminator?: unknown };
  assert.is(root.variants.length, 2);
  assert.equal(root.discriminator, { property: 'k', mapping: [{ value: 'a', variant: 0 }, { value: 'c', variant: 1 }] });
});
unions('lowers a union with one possible variant to that variant', () => {
  assert.equal(rootShape({ type: 'string', anyOf: [{ type: 'integer' }, { minLength: 2 }] }), { ...STRING, minLength: 2 });
  assert.equal(rootShape({ type: 'null', oneOf: [{ type: 'integer' }, { type: 'string' }] }), NEVER);
  assert.equal(rootShape({ anyOf: [true] }), ANY);
});
unions.run();
