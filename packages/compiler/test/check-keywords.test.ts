// The keywords compiled as checks over the value (not, if/then/else, dependentRequired,
// dependentSchemas/dependencies, contains/minContains/maxContains), in both formats, with ajv as
// the judge: the generated encoder accepts exactly what ajv accepts (else EncodeError), and the
// generated decoder, fed the generic encoder's bytes of the same value, accepts exactly that too.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { compileCodec, compileSchema } from '../src/index.js';
import { isSchemaError } from '../src/errors.js';
import { assertVerdict, encoderAccepts, GENERIC_ENCODERS } from './support/verdicts.js';

const ajv2020 = new Ajv2020({ strict: false });
const ajv07 = new Ajv({ strict: false });

interface Case {
  keyword: string;
  schema: Record<string, unknown>;
  values: unknown[];
}

const positive = { type: 'integer', minimum: 1 };
/** The same `then` (titles aside) under two conditions. */
const repeatedThen = { type: 'object', allOf: [0, 1].map((n) => ({ if: { required: [`k${n}`] }, then: { properties: { v: { type: 'string', title: `v${n}` } }, not: { required: ['x'] } } })) };

const cases: Case[] = [
  { keyword: 'not', schema: { type: 'integer', not: { multipleOf: 3 } }, values: [1, 3, 6, 7, 'a'] },
  { keyword: 'not on an object property', schema: { type: 'object', properties: { a: { not: { type: 'string' } } } }, values: [{ a: 1 }, { a: 'x' }, {}, { a: [1] }] },
  { keyword: 'not over any value', schema: { not: { type: ['string', 'null'] } }, values: [1, 'a', null, [null], { a: 'b' }] },
  { keyword: 'not of a union', schema: { type: 'array', items: { not: { anyOf: [{ type: 'integer' }, { type: 'object', required: ['x'] }] } } }, values: [[], [1], ['a', {}], [{ x: 1 }]] },
  { keyword: 'if/then/else', schema: { if: { type: 'integer' }, then: { minimum: 0 }, else: { type: 'string' } }, values: [1, -1, 'a', 1.5, null] },
  { keyword: 'if/then', schema: { type: 'object', if: { required: ['kind'] }, then: { required: ['size'] } }, values: [{}, { kind: 1 }, { kind: 1, size: 2 }, { size: 2 }] },
  { keyword: 'if/else', schema: { type: 'array', if: { maxItems: 1 }, else: { items: positive } }, values: [[], [-5], [1, 2], [1, -2]] },
  { keyword: 'if with recursion through $defs', schema: { $defs: { tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/tree' } } }, if: { required: ['leaf'] }, then: { not: { required: ['kids'] } } } }, $ref: '#/$defs/tree' }, values: [{}, { leaf: 1 }, { leaf: 1, kids: [] }, { kids: [{ leaf: 1 }, { leaf: 2, kids: [{}] }] }] },
  { keyword: 'dependentRequired', schema: { dependentRequired: { card: ['billing', 'name'], name: [] } }, values: [{}, { card: 1 }, { card: 1, billing: 2, name: 3 }, { billing: 1 }, [1], 'card'] },
  { keyword: 'dependentRequired with declared properties', schema: { type: 'object', properties: { a: { type: 'integer' } }, dependentRequired: { a: ['b'] } }, values: [{ a: 1 }, { a: 1, b: null }, { b: 1 }] },
  { keyword: 'dependentSchemas', schema: { type: 'object', dependentSchemas: { a: { properties: { b: { type: 'string' } }, required: ['b'] } } }, values: [{}, { a: 1 }, { a: 1, b: 'x' }, { a: 1, b: 2 }, { b: 2 }] },
  { keyword: 'dependentSchemas false', schema: { dependentSchemas: { __proto__x: false, b: false } }, values: [{}, { b: 1 }, { __proto__x: 1 }, { other: 1 }, 5] },
  { keyword: 'contains', schema: { contains: { type: 'integer', minimum: 5 } }, values: [[], [1], [1, 6], [6, 7], 'x', { 0: 6 }] },
  { keyword: 'contains with minContains', schema: { type: 'array', contains: { const: 1 }, minContains: 2 }, values: [[1], [1, 1], [1, 2, 1], []] },
  { keyword: 'contains with maxContains', schema: { type: 'array', items: { type: 'integer' }, contains: { minimum: 3 }, maxContains: 1 }, values: [[], [3], [3, 4], [1, 3, 2]] },
  { keyword: 'minContains 0', schema: { contains: { type: 'string' }, minContains: 0, maxContains: 1 }, values: [[], [1], ['a'], ['a', 'b']] },
  { keyword: 'minContains without contains', schema: { minContains: 2 }, values: [[], [1]] },
  { keyword: 'contains of a tuple', schema: { type: 'array', prefixItems: [{ type: 'string' }], contains: { type: 'null' } }, values: [['a'], ['a', null], [null]] },
  // Checks merged in with a $ref target or with the one variant left of a union must all survive the merge.
  { keyword: 'not of a $ref target beside another not, merged by allOf', schema: { $defs: { a: { type: 'object', not: { required: ['x'] } } }, allOf: [{ $ref: '#/$defs/a' }, { type: 'object', not: { required: ['y'] } }] }, values: [{}, { x: 1 }, { y: 1 }, { z: 1 }] },
  { keyword: 'not of the one anyOf variant left, beside another not', schema: { type: 'object', not: { required: ['y'] }, anyOf: [{ type: 'object', not: { required: ['x'] } }, { type: 'string' }] }, values: [{}, { x: 1 }, { y: 1 }, 'a'] },
  // Equal subschemas under several conditions share one predicate; ones that differ only inside a const (in a key named like an IR field) must not.
  { keyword: 'if/then repeating one subschema', schema: repeatedThen, values: [{}, { k0: 1, v: 'a' }, { k1: 1, v: 2 }, { k0: 1, x: 1 }, { k1: 1, x: 1, v: 'a' }, { k0: 1, k1: 1, v: 1 }] },
  { keyword: 'if/then with consts that differ only inside', schema: { type: 'object', allOf: [['a', 'x'], ['b', 'y']].map(([key, tag]) => ({ if: { required: [key] }, then: { properties: { v: { const: { schemaPath: tag, annotations: tag } } } } })) }, values: [{ a: 1, v: { schemaPath: 'x', annotations: 'x' } }, { a: 1, v: { schemaPath: 'y', annotations: 'y' } }, { b: 1, v: { schemaPath: 'y', annotations: 'y' } }, { b: 1, v: { schemaPath: 'x', annotations: 'x' } }] },
  // An `if` without `type` lets every other JSON type through (one runtime test for the five); a `then` of one `not` is that test negated.
  { keyword: 'if without type, then of one not', schema: { if: { required: ['a'] }, then: { not: { required: ['b'] } } }, values: [null, true, 1.5, 'a', [1], {}, { a: 1 }, { a: 1, b: 2 }, { b: 2 }] },
  { keyword: 'if over four of the other types', schema: { if: { type: ['null', 'boolean', 'string', 'array', 'object'], required: ['a'] }, then: false }, values: [null, false, 2, 2.5, 'a', [], {}, { a: 1 }] },
  { keyword: 'if over integers among the other types', schema: { not: { type: ['null', 'boolean', 'integer', 'string', 'array', 'object'], required: ['a'] } }, values: [null, true, 2, 2.5, 'a', [[]], {}, { a: 1 }] },
  // A predicate that only asks "is it an array/object" spends no depth; one that looks inside does.
  { keyword: 'if on arrays and objects it does not look inside', schema: { if: { type: ['array', 'object'], required: ['a'] }, then: { not: { type: 'array' } }, else: { type: ['array', 'string'] } }, values: [[], [[[]]], { a: 1 }, { b: 1 }, 'x', 1] },
];

/** Draft-07 `dependencies`, judged by ajv's draft-07 validator. */
const draft07Cases: Case[] = [
  { keyword: 'dependencies (names)', schema: { dependencies: { a: ['b', 'c'] } }, values: [{}, { a: 1 }, { a: 1, b: 2, c: 3 }, { b: 1 }, 'a'] },
  { keyword: 'dependencies (schema)', schema: { type: 'object', dependencies: { a: { properties: { a: { maximum: 3 } } } } }, values: [{ a: 1 }, { a: 4 }, { b: 4 }] },
  { keyword: 'contains', schema: { contains: { const: 'x' } }, values: [[], ['x'], ['y', 'x'], ['y'], 'x'] },
];

const FORMATS = GENERIC_ENCODERS;

function agreesWithAjv(schema: Record<string, unknown>, values: unknown[], draft07 = false): void {
  const validate = (draft07 ? ajv07 : ajv2020).compile(schema);
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec(draft07 ? { $schema: 'http://json-schema.org/draft-07/schema#', ...schema } : schema, { format });
    for (const value of values) {
      const valid = validate(value) === true;
      assertVerdict(codec, encode, value, valid, format);
    }
  }
}

const test = suite('generated codecs check not, if/then/else, dependent* and contains like ajv');

for (const { keyword, schema, values } of cases) {
  test(`${keyword}: encoders and decoders of every format accept exactly the values ajv accepts`, () => agreesWithAjv(schema, values));
}

for (const { keyword, schema, values } of draft07Cases) {
  test(`draft-07 ${keyword}: encoders and decoders of every format accept exactly the values ajv accepts`, () => agreesWithAjv(schema, values, true));
}

test('enum values are filtered at compile time by the multipleOf rule generated code runs (0.3 is a multiple of 0.1)', () => {
  for (const { format } of FORMATS) {
    const filtered = compileCodec({ enum: [0.3, 0.25, 'a'], multipleOf: 0.1 }, { format });
    const checked = compileCodec({ multipleOf: 0.1 }, { format });
    for (const value of [0.3, 0.25]) assert.is(encoderAccepts(filtered.encode, value), encoderAccepts(checked.encode, value), `${format} ${value}`);
    assert.ok(encoderAccepts(filtered.encode, 0.3), `${format} keeps 0.3`);
  }
});

test('dependentSchemas looks at own properties only: an inherited toString does not trigger it', () => {
  // 2020-12 Core §10.2.2.4 applies the subschema when the instance has the property; a plain {} has
  // none of its own (ajv's default property test sees the inherited one, so it is not the judge here).
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec({ type: 'object', dependentSchemas: { toString: false } }, { format });
    assertVerdict(codec, encode, {}, true, format);
    assertVerdict(codec, encode, { toString: 1 }, false, format);
  }
});

test('equal subschemas under several conditions get one predicate, named by the first', () => {
  for (const { format } of FORMATS) {
    const text = compileSchema(repeatedThen, 'conditional', { format }).map((file) => file.text).join('\n');
    // `/** @schema #/allOf/0/then */` on one line, or the last line of a longer JSDoc.
    assert.ok(/@schema #\/allOf\/0\/then(?:\n| \*\/)/.test(text), `${format}: a predicate of #/allOf/0/then`);
    assert.not.ok(/@schema #\/allOf\/1\/then/.test(text), `${format}: #/allOf/1/then shares it`);
    assert.ok(/@schema #\/allOf\/1\/if(?:\n| \*\/)/.test(text), `${format}: the conditions differ, so each has its own`);
  }
});

const schema = { type: 'object', properties: { a: { type: 'integer', not: { const: 3 } } } };

test('an encoder names the failing value by JSON Pointer and the check by schema path', () => {
  for (const { format } of FORMATS) {
    const codec = compileCodec(schema, { format });
    try {
      codec.encode({ a: 3 });
      assert.unreachable('encoded a value that fails not');
    } catch (error) {
      assert.ok(isEncodeError(error));
      assert.is(error.code, 'schema-violation');
      assert.is(error.path, '/a');
      assert.is(error.schemaPath, '#/properties/a');
    }
  }
});

test('a decoder reports a failed check at the start offset of the value', () => {
  // {"a": 3}: CBOR a1 61 61 03 (the value at 3); UBJSON { i 1 a i 3 } (int8 3) (the value's marker at 4); MessagePack 81 a1 61 03 (at 3).
  const expected = { cbor: [0xa1, 0x61, 0x61, 0x03], ubjson: [0x7b, 0x69, 0x01, 0x61, 0x69, 0x03, 0x7d], msgpack: [0x81, 0xa1, 0x61, 0x03] };
  const offsets = { cbor: 3, ubjson: 4, msgpack: 3 };
  for (const { format, encode } of FORMATS) {
    const bytes = encode({ a: 3 });
    assert.equal([...bytes], expected[format]);
    try {
      compileCodec(schema, { format }).decode(bytes);
      assert.unreachable('decoded a value that fails not');
    } catch (error) {
      assert.ok(isDecodeError(error));
      assert.is(error.code, 'schema-violation');
      assert.is(error.offset, offsets[format]);
    }
  }
});

test('refuses a definition that reaches itself through not without a container in between', () => {
  // {"not": {"$ref": "#"}} would make the predicate call itself on the same value forever.
  const recursive = { $defs: { loop: { not: { $ref: '#/$defs/loop' } } }, type: 'object' };
  try {
    compileCodec(recursive, { format: 'cbor' });
    assert.unreachable('compiled an unguarded recursion through not');
  } catch (error) {
    assert.ok(isSchemaError(error));
    assert.is(error.code, 'recursive-merge');
  }
});

test('a cyclic value fails a check with an EncodeError, not a stack overflow', () => {
  const cyclic: unknown[] = [];
  cyclic.push(cyclic);
  for (const { format } of FORMATS) {
    const codec = compileCodec({ not: { type: 'array', items: { type: 'string' } } }, { format });
    assert.not.ok(encoderAccepts(codec.encode, cyclic));
  }
});

test.run();
