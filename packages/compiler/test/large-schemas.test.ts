// Schemas large in breadth rather than depth (issue 12): the compiler gives a codec or a
// SchemaError, never an engine exception. A flat `a || b || …` chain of 2,000 operands used to
// overflow TypeScript's binder while the module was emitted.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileCodec, compileSchema } from '../src/index.js';
import { assertVerdict, GENERIC_ENCODERS } from './support/verdicts.js';

const ajv = new Ajv2020({ strict: false });

/** Names with quotes, backticks and a template opener, as in the schemas. */
const names = (count: number, stem: string): string[] => Array.from({ length: count }, (_, index) => `${stem}${index}"\`'\${x}`);

interface Case {
  name: string;
  schema: Record<string, unknown>;
  values: unknown[];
}

const values2000 = names(2000, 'v');
const cases: Case[] = [
  { name: 'an enum of 2,000 strings', schema: { enum: values2000 }, values: [values2000[0], values2000[1999], 'v1999', 5, null] },
  { name: 'an enum of 2,000 mixed primitives', schema: { enum: [...values2000.slice(0, 1000), ...Array.from({ length: 1000 }, (_, index) => index * 2), null, true] }, values: [4, 5, null, true, false, values2000[999], values2000[1000]] },
  {
    name: 'an anyOf of 300 const branches',
    schema: { anyOf: values2000.slice(0, 300).map((value) => ({ const: value })) },
    values: [values2000[0], values2000[299], values2000[300], 1],
  },
  {
    // ajv, the judge, nests a parenthesis per name, and overflows its own stack at 2,000.
    name: 'dependentRequired naming 300 properties',
    schema: { type: 'object', dependentRequired: { a: names(300, 'p') } },
    values: [{}, { a: 1 }, Object.fromEntries([['a', 1], ...names(300, 'p').map((name) => [name, 1])]), { b: 1 }],
  },
  {
    name: 'propertyNames with an enum of 1,000 names',
    schema: { type: 'object', propertyNames: { enum: names(1000, 'k') } },
    values: [{}, { [names(1000, 'k')[999]]: 1 }, { other: 1 }],
  },
];

const test = suite('schemas with thousands of values or branches');

for (const { name, schema, values } of cases) {
  test(`${name}: compiles in both formats and agrees with ajv`, () => {
    const validate = ajv.compile(schema);
    for (const { format, encode } of GENERIC_ENCODERS) {
      const codec = compileCodec(schema, { format });
      for (const value of values) assertVerdict(codec, encode, value, validate(value) === true, format);
    }
  });
}

test('an enum of 2,000 strings compiles ahead of time to both targets', () => {
  for (const format of ['cbor', 'ubjson'] as const) {
    for (const target of ['ts', 'js'] as const) {
      const files = compileSchema({ enum: values2000 }, 'big-enum', { format, target });
      assert.ok(files.every((file) => file.text.length > 0));
    }
  }
});

test.run();
