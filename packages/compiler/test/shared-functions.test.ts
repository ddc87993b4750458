// No code copied per use site: a subschema that the compiler meets in several places (a
// definition merged by `allOf` into each variant of a `oneOf`; the same `then` under several
// conditions is in check-keywords.test.ts) gets one function, so no two functions of a module have
// the same body.
import { readdirSync, readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileCodec, compileSchema } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';
import { assertVerdict, GENERIC_ENCODERS } from './support/verdicts.js';

const test = suite('copies of one subschema share one function');

/** A sink as vector's schema has it: an `allOf` of properties and a `oneOf` of kinds, used in two places. */
const sinks = {
  definitions: {
    buffer: {
      oneOf: [
        { type: 'object', required: ['type'], properties: { type: { const: 'memory' }, max: { type: 'integer' } } },
        { type: 'object', required: ['type'], properties: { type: { const: 'disk' }, size: { type: 'integer' } } },
      ],
    },
    sink: {
      allOf: [
        {
          type: 'object',
          required: ['inputs'],
          properties: {
            inputs: { type: 'array', items: { type: 'string' } },
            buffer: { oneOf: [{ $ref: '#/definitions/buffer' }, { type: 'array', items: { $ref: '#/definitions/buffer' } }], unevaluatedProperties: false },
          },
        },
        {
          oneOf: [
            { type: 'object', required: ['kind'], properties: { kind: { const: 'a' }, x: { type: 'string' } } },
            { type: 'object', required: ['kind'], properties: { kind: { const: 'b' }, y: { type: 'integer' } } },
          ],
        },
      ],
    },
  },
  type: 'object',
  properties: { one: { $ref: '#/definitions/sink' }, many: { type: 'object', additionalProperties: { $ref: '#/definitions/sink' } } },
};

/** Function bodies of a JS module that occur more than once, with their functions' names. */
function repeatedBodies(text: string): string[][] {
  const byBody = new Map<string, string[]>();
  for (const match of text.matchAll(/^function (\w+)\([^)]*\) \{\n([\s\S]*?)\n\}$/gm)) {
    const names = byBody.get(match[2]) ?? [];
    names.push(match[1]);
    byBody.set(match[2], names);
  }
  return [...byBody.values()].filter((names) => names.length > 1);
}

const payloads = readdirSync(testDataPath('payloads/')).filter((file) => file.endsWith('.schema.json'));
const schemas: [string, object][] = [
  ['sinks', sinks],
  ...payloads.map((file): [string, object] => [file, JSON.parse(readFileSync(testDataPath(`payloads/${file}`), 'utf8'))]),
];

for (const [name, schema] of schemas) {
  test(`${name}: no two functions of a module have the same body, in any format or code size`, () => {
    for (const { format } of GENERIC_ENCODERS) {
      for (const codeSize of ['small', 'speed'] as const) {
        const text = compileSchema(schema, 'shared', { format, codeSize, target: 'js' }).map((file) => file.text).join('\n');
        assert.ok(/^function \w+/m.test(text), 'the module has functions');
        assert.equal(repeatedBodies(text), [], `${format} ${codeSize}`);
      }
    }
  });
}

test('the shared functions still accept exactly what ajv accepts', () => {
  const validate = new Ajv2020({ strict: false }).compile(sinks);
  const memory = { type: 'memory', max: 1 };
  const values = [
    {},
    { one: { inputs: ['a'], kind: 'a', x: 'y' } },
    { one: { inputs: ['a'], kind: 'b', y: 1, buffer: memory } },
    { one: { inputs: ['a'], kind: 'b', y: 1, buffer: [memory, { type: 'disk', size: 2 }] } },
    { one: { inputs: ['a'], kind: 'b', y: 1, buffer: { type: 'disk', size: 'x' } } },
    { many: { s: { inputs: [], kind: 'a', buffer: [{ type: 'tape' }] } } },
    { many: { s: { inputs: [], kind: 'c' } } },
  ];
  for (const { format, encode } of GENERIC_ENCODERS) {
    const codec = compileCodec(sinks, { format });
    for (const value of values) assertVerdict(codec, encode, value, validate(value) === true, format);
  }
});

test.run();
