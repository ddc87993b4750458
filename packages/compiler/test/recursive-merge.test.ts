// `allOf` (and `$ref` beside sibling keywords) over a recursive reference: the way real schemas
// say "this recursive thing, plus these constraints" (issue 12). Where the merge reaches a
// definition it is still merging, the reference stays the byte layout and the other side is
// checked. ajv is the judge: the generated encoder accepts exactly what ajv accepts, and the
// generated decoder, fed the generic encoder's bytes of the same value, accepts exactly that too.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import { compileCodec } from '../src/index.js';
import { isSchemaError } from '../src/errors.js';
import { assertVerdict, GENERIC_ENCODERS } from './support/verdicts.js';

const ajv2020 = new Ajv2020({ strict: false });
const ajv07 = new Ajv({ strict: false });

interface Case {
  name: string;
  schema: Record<string, unknown>;
  values: unknown[];
}

const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/tree' } } } };

const cases: Case[] = [
  {
    name: 'items that are the recursive definition plus a required property (allOf)',
    schema: {
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { allOf: [{ $ref: '#/$defs/node' }, { required: ['name'] }] } } } } },
      $ref: '#/$defs/node',
    },
    values: [{}, { children: [] }, { children: [{ name: 'a' }] }, { children: [{}] }, { children: [{ name: 'a', children: [{ name: 1 }] }] }, { children: [{ name: 'a', children: [{}] }] }],
  },
  {
    name: 'a recursive $ref beside sibling keywords (2020-12)',
    schema: {
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node', required: ['id'] }, id: { type: 'integer' } } } },
      $ref: '#/$defs/node',
    },
    values: [{}, { next: { id: 1 } }, { next: {} }, { next: { id: 1, next: { id: 2 } } }, { next: { id: 1, next: { id: 'x' } } }, { next: { id: 1, next: {} } }],
  },
  {
    name: 'two mutually recursive definitions merged by allOf',
    schema: {
      $defs: {
        a: { type: 'object', properties: { next: { $ref: '#/$defs/a' }, size: { type: 'integer' } } },
        b: { type: 'object', properties: { next: { $ref: '#/$defs/b' }, size: { minimum: 0 } }, required: ['size'] },
      },
      allOf: [{ $ref: '#/$defs/a' }, { $ref: '#/$defs/b' }],
    },
    values: [{}, { size: 1 }, { size: -1 }, { size: 1.5 }, { size: 1, next: { size: 2 } }, { size: 1, next: {} }, { size: 1, next: { size: 2, next: { size: -3 } } }],
  },
  {
    name: 'the root itself plus constraints, reached from inside (allOf with $ref "#")',
    schema: { ...tree, $defs: { tree }, properties: { ...tree.properties, children: { type: 'array', items: { allOf: [{ $ref: '#' }, { maxProperties: 1 }] } } } },
    values: [{}, { children: [{}] }, { children: [{ name: 'a' }] }, { children: [{ name: 'a', children: [] }] }, { children: [{ children: [{ name: 'x', children: [] }] }] }],
  },
];

/** Draft-07: `$ref` siblings are ignored, but `allOf` over a recursive `$ref` merges as in 2020-12. */
const draft07Cases: Case[] = [
  {
    name: 'definitions with allOf over a recursive $ref',
    schema: {
      definitions: {
        step: { type: 'object', properties: { run: { type: 'string' }, steps: { type: 'array', items: { $ref: '#/definitions/strictStep' } } } },
        strictStep: { allOf: [{ $ref: '#/definitions/step' }, { required: ['run'] }] },
      },
      $ref: '#/definitions/step',
    },
    values: [{}, { steps: [{ run: 'a' }] }, { steps: [{}] }, { steps: [{ run: 'a', steps: [{ run: 'b' }, { steps: [] }] }] }],
  },
];

function agreesWithAjv(schema: Record<string, unknown>, values: unknown[], draft07 = false): void {
  const validate = (draft07 ? ajv07 : ajv2020).compile(schema);
  for (const { format, encode } of GENERIC_ENCODERS) {
    const codec = compileCodec(draft07 ? { $schema: 'http://json-schema.org/draft-07/schema#', ...schema } : schema, { format });
    for (const value of values) assertVerdict(codec, encode, value, validate(value) === true, format);
  }
}

const test = suite('allOf and $ref with siblings over a recursive reference');

for (const { name, schema, values } of cases) {
  test(`${name}: encoders and decoders of both formats accept exactly what ajv accepts`, () => agreesWithAjv(schema, values));
}
for (const { name, schema, values } of draft07Cases) {
  test(`draft-07 ${name}: encoders and decoders of both formats accept exactly what ajv accepts`, () => agreesWithAjv(schema, values, true));
}

// An allOf member that is the definition itself is dropped instead (self-all-of.test.ts).
test('a $ref to itself beside constraints is still refused: it never reaches a container', () => {
  for (const schema of [{ $ref: '#', minProperties: 1 }]) {
    try {
      compileCodec(schema, { format: 'cbor' });
      assert.unreachable(`compiled ${JSON.stringify(schema)}`);
    } catch (error) {
      assert.ok(isSchemaError(error), String(error));
      assert.is(error.code, 'recursive-merge');
    }
  }
});

test.run();
