// Every assertion keyword in both directions, with ajv as the judge of validity: the generated
// encoder accepts exactly what ajv accepts (else EncodeError), and the generated decoder, fed the
// generic encoder's bytes of the same value, accepts exactly that too (else a schema DecodeError).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isEncodeError } from '@binschema/runtime';
import { encode as genericEncode } from '@binschema/runtime/cbor';
import { compileCodec } from '../src/index.js';
import { assertVerdict, encoderAccepts } from './support/verdicts.js';

const ajv = new Ajv2020({ strict: false });

interface Case {
  keyword: string;
  schema: Record<string, unknown>;
  values: unknown[];
}

const cases: Case[] = [
  { keyword: 'minimum', schema: { type: 'number', minimum: 2.5 }, values: [2.5, 2.4, 100, -1] },
  { keyword: 'maximum', schema: { type: 'integer', maximum: 10 }, values: [10, 11, -5, 10.5] },
  { keyword: 'exclusiveMinimum', schema: { type: 'number', exclusiveMinimum: 0 }, values: [0, 1e-9, -0.5] },
  { keyword: 'exclusiveMaximum', schema: { type: 'number', exclusiveMaximum: 1 }, values: [1, 0.999, 2] },
  { keyword: 'multipleOf', schema: { type: 'integer', multipleOf: 3 }, values: [9, 10, -3, 0] },
  { keyword: 'integer', schema: { type: 'integer' }, values: [1, 1.5, 2 ** 53, -0, 'a'] },
  { keyword: 'minLength', schema: { type: 'string', minLength: 2 }, values: ['ab', 'a', '😀', '😀😀', ''] },
  { keyword: 'maxLength', schema: { type: 'string', maxLength: 2 }, values: ['ab', 'abc', '😀😀', '😀😀😀'] },
  { keyword: 'pattern', schema: { type: 'string', pattern: 'b+c' }, values: ['abbc', 'ac', 'xbcx', ''] },
  { keyword: 'pattern (unicode)', schema: { type: 'string', pattern: '^\\p{Lu}' }, values: ['Élan', 'élan'] },
  { keyword: 'minItems', schema: { type: 'array', minItems: 2 }, values: [[1, 2], [1], []] },
  { keyword: 'maxItems', schema: { type: 'array', items: { type: 'integer' }, maxItems: 2 }, values: [[1, 2], [1, 2, 3]] },
  { keyword: 'uniqueItems', schema: { type: 'array', uniqueItems: true }, values: [[1, 2], [1, 1], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [[1], [2]], [[1], [1]]] },
  { keyword: 'minProperties', schema: { type: 'object', minProperties: 2 }, values: [{ a: 1, b: 2 }, { a: 1 }] },
  { keyword: 'maxProperties', schema: { type: 'object', properties: { a: {} }, maxProperties: 1 }, values: [{ a: 1 }, { a: 1, b: 2 }, {}] },
  { keyword: 'required', schema: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a', 'b'] }, values: [{ a: 1, b: null }, { a: 1 }, { b: 1 }] },
  { keyword: 'propertyNames', schema: { type: 'object', propertyNames: { maxLength: 3 } }, values: [{ abc: 1 }, { abcd: 1 }] },
  { keyword: 'enum', schema: { enum: ['a', 1, null, { x: [1, 2] }] }, values: ['a', 1, null, { x: [1, 2] }, { x: [2, 1] }, 'b', true] },
  { keyword: 'const', schema: { const: { a: 1, b: [true] } }, values: [{ b: [true], a: 1 }, { a: 1 }, { a: 1, b: [false] }] },
  { keyword: 'additionalProperties false', schema: { type: 'object', properties: { a: {} }, additionalProperties: false }, values: [{ a: 1 }, { a: 1, b: 2 }, {}] },
  { keyword: 'additionalProperties schema', schema: { type: 'object', properties: { a: {} }, additionalProperties: { type: 'string' } }, values: [{ a: 1, b: 'x' }, { a: 1, b: 2 }] },
  { keyword: 'additionalProperties absent', schema: { type: 'object', properties: { a: { type: 'integer' } } }, values: [{ a: 1, b: [1, { c: null }] }, { a: 'x' }] },
  {
    keyword: 'patternProperties',
    schema: { type: 'object', patternProperties: { '^n_': { type: 'number' }, '_s$': { type: 'string' } }, additionalProperties: false },
    values: [{ n_1: 1, x_s: 'a' }, { n_1: 'a' }, { n_s: 1 }, { other: 1 }, {}],
  },
  {
    keyword: 'patternProperties on declared properties',
    schema: { type: 'object', properties: { n_a: { type: 'number', maximum: 10 } }, patternProperties: { '^n_': { type: 'integer' } } },
    values: [{ n_a: 1 }, { n_a: 1.5 }, { n_a: 11 }, { n_b: 2.5 }, { n_b: 2, other: 'x' }],
  },
  { keyword: 'type union', schema: { type: ['string', 'null'] }, values: ['a', null, 1] },
  { keyword: 'anyOf overlapping', schema: { anyOf: [{ type: 'integer', minimum: 5 }, { type: 'number', maximum: 0 }] }, values: [6, -1.5, 2, 'a'] },
  { keyword: 'oneOf overlapping', schema: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 10 }] }, values: [1, 11, 10.5, 'a'] },
  { keyword: 'prefixItems', schema: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false }, values: [['a', 1], ['a'], ['a', 1, 2], [1, 'a']] },
];

const test = suite('generated CBOR codecs check assertions like ajv');

for (const { keyword, schema, values } of cases) {
  test(`${keyword}: encoder and decoder accept exactly the values ajv accepts`, () => {
    const codec = compileCodec(schema, { format: 'cbor' });
    const validate = ajv.compile(schema);
    for (const value of values) {
      const valid = validate(value) === true;
      assertVerdict(codec, genericEncode, value, valid);
    }
  });
}

test('multipleOf tolerates binary rounding of decimal fractions (0.3 is a multiple of 0.1)', () => {
  const codec = compileCodec({ type: 'number', multipleOf: 0.1 }, { format: 'cbor' });
  assert.is(codec.decode(codec.encode(0.3)), 0.3);
  assert.is(codec.decode(codec.encode(1.2)), 1.2);
  assert.not.ok(encoderAccepts(codec.encode, 0.35));
});

test('rejects NaN and infinities for numbers, as ajv does by default', () => {
  const codec = compileCodec({ type: 'number' }, { format: 'cbor' });
  for (const value of [NaN, Infinity, -Infinity]) {
    assertVerdict(codec, genericEncode, value, false);
  }
});

test.run();
