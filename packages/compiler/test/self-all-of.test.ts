// A definition that names itself in its own `allOf` (issue 38, item 3), as a published schema
// does: `x: {type: object, allOf: [{$ref: x}, {properties: …}]}`. That conjunct adds no
// constraint, so the definition compiles without it, with a `self-all-of` warning at its path.
// ajv compiles such a schema but overflows the engine stack on every value that reaches the
// loop, so it judges the same schema with the self-reference written `true`; the encoder accepts
// exactly what ajv accepts, and the decoder, fed the generic encoder's bytes, accepts exactly that.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileCodec, type CodeSize, type CompileWarning } from '../src/index.js';
import { CODE_SIZES } from '../src/emit/module/code-size.js';
import { assertVerdict, GENERIC_ENCODERS } from './support/verdicts.js';
import { assertRefused, lower } from './ir-helpers.js';

const test = suite('a definition that names itself in its own allOf');
const ajv07 = new Ajv({ strict: false });
const ajv2020 = new Ajv2020({ strict: false });
/** Both code shapes, whatever their names: specialised code and record tables. */
const CODE_SHAPES = CODE_SIZES.filter((size) => size !== 'auto') as CodeSize[];

interface Case {
  name: string;
  schema: Record<string, unknown>;
  /** The schema with each self-reference in an `allOf` written `true`: what ajv can judge. */
  equivalent: Record<string, unknown>;
  draft07?: true;
  /** Where the warning points: the `allOf` member that is the definition itself. */
  selfPath: string;
  valid: unknown[];
  invalid: unknown[];
}

const nodeProperties = (ref: string) => ({
  properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 0 }, children: { type: 'array', items: { $ref: ref } } },
  required: ['name'],
});

const cases: Case[] = [
  {
    name: 'the published shape (draft-07 definitions, the self-reference first)',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { x: { type: 'object', allOf: [{ $ref: '#/definitions/x' }, nodeProperties('#/definitions/x')] } },
      $ref: '#/definitions/x',
    },
    equivalent: {
      definitions: { x: { type: 'object', allOf: [true, nodeProperties('#/definitions/x')] } },
      $ref: '#/definitions/x',
    },
    draft07: true,
    selfPath: '#/definitions/x/allOf/0',
    valid: [{ name: 'a' }, { name: 'a', size: 3, children: [] }, { name: 'a', children: [{ name: 'b', children: [{ name: 'c', size: 0 }] }] }, { name: 'a', other: [1, 'x'] }],
    invalid: [{}, { name: 1 }, { name: 'a', size: -1 }, { name: 'a', size: 1.5 }, { name: 'a', children: [{}] }, { name: 'a', children: [{ name: 'b', children: [{ name: 2 }] }] }, 5, 'x', null, []],
  },
  {
    name: '2020-12 $defs, the self-reference last, a closed object',
    schema: {
      $defs: { x: { type: 'object', ...nodeProperties('#/$defs/x'), additionalProperties: false, allOf: [{ required: ['size'] }, { $ref: '#/$defs/x' }] } },
      $ref: '#/$defs/x',
    },
    equivalent: {
      $defs: { x: { type: 'object', ...nodeProperties('#/$defs/x'), additionalProperties: false, allOf: [{ required: ['size'] }, true] } },
      $ref: '#/$defs/x',
    },
    selfPath: '#/$defs/x/allOf/1',
    valid: [{ name: 'a', size: 0 }, { name: 'a', size: 1, children: [{ name: 'b', size: 2 }] }],
    invalid: [{}, { name: 'a' }, { name: 'a', size: 1, other: 1 }, { name: 'a', size: 1, children: [{ name: 'b' }] }, { name: 1, size: 1 }, 5, null],
  },
  {
    name: 'the root naming itself ("#") in its own allOf',
    schema: { type: 'object', properties: { next: { $ref: '#' } }, allOf: [{ $ref: '#' }, { required: ['id'] }, { properties: { id: { type: 'integer' } } }] },
    equivalent: { type: 'object', properties: { next: { $ref: '#' } }, allOf: [true, { required: ['id'] }, { properties: { id: { type: 'integer' } } }] },
    selfPath: '#/allOf/0',
    valid: [{ id: 1 }, { id: 1, next: { id: 2 } }, { id: 1, next: { id: 2, next: { id: 3, x: true } } }],
    invalid: [{}, { id: 'a' }, { id: 1, next: {} }, { id: 1, next: { id: 2, next: { id: 0.5 } } }, [], 'x'],
  },
];

for (const { name, schema, equivalent, draft07, valid, invalid } of cases) {
  test(`${name}: compiles, round-trips, and accepts exactly what ajv accepts, in every format and code size`, () => {
    const validate = (draft07 ? ajv07 : ajv2020).compile(equivalent);
    for (const value of valid) assert.ok(validate(value), `ajv refuses the valid ${JSON.stringify(value)}`);
    for (const value of invalid) assert.not.ok(validate(value), `ajv accepts the invalid ${JSON.stringify(value)}`);
    for (const { format, encode } of GENERIC_ENCODERS) {
      for (const codeSize of CODE_SHAPES) {
        const codec = compileCodec(schema, { format, codeSize });
        const label = `${format} ${codeSize}`;
        for (const value of valid) {
          assertVerdict(codec, encode, value, true, label);
          assert.equal(codec.decode(codec.encode(value)), value, `${label} round trip`);
        }
        for (const value of invalid) assertVerdict(codec, encode, value, false, label);
      }
    }
  });
}

for (const { name, schema, selfPath } of cases) {
  test(`${name}: one self-all-of warning at the self-reference`, () => {
    const warnings: CompileWarning[] = [];
    compileCodec(schema, { format: 'cbor', onWarning: (warning) => warnings.push(warning) });
    assert.equal(
      warnings.map(({ code, keyword, schemaPath }) => ({ code, keyword, schemaPath })),
      [{ code: 'self-all-of', keyword: 'allOf', schemaPath: selfPath }],
    );
  });
}

test('a definition that is nothing but itself is still refused, with or without an empty conjunct', () => {
  assertRefused(() => lower({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } }), 'recursive-merge', '#/$defs/a');
  assertRefused(() => lower({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }, {}], description: 'loops' } } }), 'recursive-merge', '#/$defs/a');
});

test.run();
