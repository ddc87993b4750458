// unevaluatedProperties and unevaluatedItems (2020-12 Core §11.2–11.3, 2019-09 Core §9.3.1.3 and
// §9.3.2.4) in every format, with ajv as the judge: the generated encoder accepts exactly what ajv
// accepts (else EncodeError), and the generated decoder, fed the generic encoder's bytes of the
// same value, accepts exactly that too. One case per way a subschema can evaluate members, and
// tests that the value-independent case becomes the node's shape (a closed record / tuple).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { buildIr, compileCodec, compileSchema } from '../src/index.js';
import { isSchemaError } from '../src/errors.js';
import { assertVerdict, encoderAccepts, GENERIC_ENCODERS } from './support/verdicts.js';

const ajv2020 = new Ajv2020({ strict: false });
const ajv2019 = new Ajv2019({ strict: false });

interface Case {
  what: string;
  schema: Record<string, unknown>;
  values: unknown[];
}

const named = (name: string) => ({ type: 'object', properties: { [name]: true }, required: [name] });

const propertyCases: Case[] = [
  { what: 'a schema for unevaluated properties', schema: { properties: { a: { type: 'integer' } }, unevaluatedProperties: { type: 'string' } }, values: [{}, { a: 1, b: 'x' }, { b: 2 }, 5, [1]] },
  { what: 'properties from allOf and $ref (static)', schema: { $defs: { base: { properties: { id: { type: 'integer' } }, required: ['id'] } }, $ref: '#/$defs/base', allOf: [{ properties: { name: { type: 'string' } } }], unevaluatedProperties: false }, values: [{ id: 1 }, { id: 1, name: 'n' }, { id: 1, other: 2 }, { name: 'n' }, 'text'] },
  { what: 'adjacent patternProperties', schema: { patternProperties: { '^x-': true }, properties: { a: true }, unevaluatedProperties: false }, values: [{ a: 1, 'x-b': 2 }, { b: 1 }, {}, null] },
  { what: 'additionalProperties in allOf (everything evaluated)', schema: { allOf: [{ additionalProperties: { type: 'integer' } }], unevaluatedProperties: false }, values: [{ a: 1 }, { a: 'x' }, {}] },
  { what: 'anyOf: only matching variants evaluate', schema: { type: 'object', anyOf: [named('a'), named('b')], unevaluatedProperties: false }, values: [{ a: 1 }, { b: 1 }, { a: 1, b: 2 }, { a: 1, c: 2 }, {}] },
  { what: 'oneOf: the matching variant evaluates', schema: { oneOf: [{ ...named('a'), properties: { a: { const: 1 } } }, { ...named('a'), properties: { a: { const: 2 }, b: true } }], unevaluatedProperties: false }, values: [{ a: 1 }, { a: 2, b: 0 }, { a: 1, b: 0 }, { a: 3 }] },
  { what: 'if/then/else', schema: { if: named('kind'), then: { properties: { size: true } }, else: { properties: { name: true } }, unevaluatedProperties: false }, values: [{ kind: 1, size: 2 }, { kind: 1, name: 2 }, { name: 1 }, { size: 1 }, {}] },
  { what: 'dependentSchemas when its property is present', schema: { properties: { card: true }, dependentSchemas: { card: { properties: { billing: true } } }, unevaluatedProperties: false }, values: [{ card: 1, billing: 2 }, { billing: 2 }, { card: 1 }, { card: 1, x: 1 }] },
  { what: 'not evaluates nothing', schema: { properties: { a: true }, not: { not: { properties: { b: true }, required: ['b'] } }, unevaluatedProperties: false }, values: [{ a: 1 }, { a: 1, b: 2 }, { b: 2 }] },
  { what: 'nested unevaluatedProperties evaluates everything', schema: { allOf: [{ properties: { a: true }, unevaluatedProperties: { type: 'integer' } }], unevaluatedProperties: false }, values: [{ a: 'x', b: 1 }, { b: 'x' }, {}] },
  { what: 'conditions inside conditions', schema: { anyOf: [{ ...named('a'), oneOf: [named('b'), named('c')] }, named('d')], unevaluatedProperties: false }, values: [{ a: 1, b: 1 }, { a: 1, c: 1 }, { a: 1, b: 1, c: 1 }, { a: 1, d: 1 }, { a: 1, b: 1, d: 1 }] },
  { what: 'a condition through $ref', schema: { $defs: { tagged: { properties: { tag: { const: 't' } }, required: ['tag'] } }, anyOf: [{ $ref: '#/$defs/tagged' }, named('id')], unevaluatedProperties: false }, values: [{ tag: 't' }, { tag: 'u', id: 1 }, { tag: 'u' }, { id: 1 }] },
  { what: 'recursion through a property', schema: { $defs: { tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/tree' } } }, oneOf: [named('leaf'), named('node')], unevaluatedProperties: false } }, $ref: '#/$defs/tree' }, values: [{ leaf: 1 }, { node: 1, kids: [{ leaf: 2 }] }, { node: 1, kids: [{ leaf: 2, x: 1 }] }, { leaf: 1, x: 1 }] },
];

const itemCases: Case[] = [
  { what: 'prefixItems from allOf and $ref (static)', schema: { $defs: { pair: { prefixItems: [true, { type: 'string' }] } }, prefixItems: [{ type: 'integer' }], $ref: '#/$defs/pair', unevaluatedItems: false }, values: [[], [1], [1, 'a'], [1, 'a', 2], 'x'] },
  { what: 'a schema for unevaluated items', schema: { prefixItems: [{ type: 'string' }], unevaluatedItems: { type: 'integer' } }, values: [['a', 1, 2], ['a', 'b'], [], { 0: 'x' }] },
  { what: 'items in allOf (everything evaluated)', schema: { allOf: [{ items: { type: 'integer' } }], unevaluatedItems: false }, values: [[1, 2], ['a'], []] },
  { what: 'anyOf', schema: { prefixItems: [{ const: 'a' }], anyOf: [{ prefixItems: [true, { const: 'b' }] }, { prefixItems: [true, true, { const: 'c' }] }], unevaluatedItems: false }, values: [['a', 'b'], ['a', 'x', 'c'], ['a', 'b', 'c'], ['a', 'b', 'x'], ['a']] },
  { what: 'if/then/else', schema: { if: { prefixItems: [{ const: 1 }] }, then: { prefixItems: [true, true] }, else: { items: { type: 'string' } }, unevaluatedItems: false }, values: [[1], [1, 2], [1, 2, 3], [2, 'b']] },
  { what: 'adjacent contains', schema: { prefixItems: [true], contains: { type: 'string' }, unevaluatedItems: false }, values: [[1, 'a'], [1, 2], ['a'], [1, 'a', 'b']] },
  { what: 'contains in allOf members', schema: { allOf: [{ contains: { multipleOf: 2 } }, { contains: { multipleOf: 3 } }], unevaluatedItems: { multipleOf: 5 } }, values: [[2, 3], [2, 3, 5], [6]] },
  { what: 'minContains 0', schema: { contains: { type: 'string' }, minContains: 0, unevaluatedItems: false }, values: [[], [1], ['a', 1]] },
  { what: 'nested unevaluatedItems evaluates everything', schema: { allOf: [{ unevaluatedItems: { type: 'integer' } }], unevaluatedItems: false }, values: [[1, 2], ['a'], []] },
];

/** Draft 2019-09: tuple `items` and `additionalItems`; `contains` evaluates nothing. */
const draft2019Cases: Case[] = [
  { what: 'tuple items and additionalItems in allOf', schema: { items: [{ type: 'string' }], allOf: [{ items: [true, true], additionalItems: false }], unevaluatedItems: false }, values: [['a'], ['a', 1], ['a', 1, 2]] },
  { what: 'tuple items without additionalItems', schema: { allOf: [{ items: [true] }], unevaluatedItems: { type: 'string' } }, values: [[1, 'a'], [1, 2], []] },
  { what: 'anyOf of objects', schema: { anyOf: [named('a'), named('b')], unevaluatedProperties: false }, values: [{ a: 1 }, { a: 1, c: 1 }] },
];

/**
 * Values where ajv 8.20 departs from the specification, with the verdict the spec gives (and the
 * JSON Schema Test Suite case that shows it, where there is one); ajv cannot judge these.
 */
const specVerdicts: (Case & { valid: boolean[]; draft2019?: boolean })[] = [
  // Core §10.2.2.1: `if` produces annotations when it validates, with or without then/else (suite:
  // "unevaluatedProperties can see annotations from if without then and else"); ajv skips a lone if.
  { what: 'if without then or else evaluates when it matches', schema: { if: { patternProperties: { '^f': { type: 'string' } } }, unevaluatedProperties: false }, values: [{ foo: 'x' }, { bar: 'x' }], valid: [true, false] },
  // Core §7.7.1.1: a failing variant drops the annotations of its passing subschemas; ajv keeps them.
  { what: 'a failing variant evaluates nothing, not even its passing oneOf', schema: { anyOf: [{ ...named('a'), oneOf: [named('b'), named('c')] }, named('d')], unevaluatedProperties: false }, values: [{ d: 1, b: 1 }], valid: [false] },
  // The else branch's `items` evaluates every item (Core §10.3.1.2).
  { what: 'else with items', schema: { if: { prefixItems: [{ const: 1 }] }, then: { prefixItems: [true, true] }, else: { items: { type: 'string' } }, unevaluatedItems: false }, values: [['a', 'b']], valid: [true] },
  // Core §10.3.1.3: contains evaluates the items it matches, no others (suite: "unevaluatedItems
  // depends on adjacent contains", "… multiple nested contains", "… with minContains = 0").
  { what: 'contains evaluates only matching items', schema: { prefixItems: [true], contains: { type: 'string' }, unevaluatedItems: false }, values: [[1, 'a', 2], [1, 'a', 'b']], valid: [false, true] },
  { what: 'contains in allOf members', schema: { allOf: [{ contains: { multipleOf: 2 } }, { contains: { multipleOf: 3 } }], unevaluatedItems: { multipleOf: 5 } }, values: [[2, 3, 7], [2, 3, 10]], valid: [false, true] },
  { what: 'contains with minContains 0', schema: { contains: { type: 'string' }, minContains: 0, unevaluatedItems: false }, values: [['a'], ['a', 'b']], valid: [true, true] },
  // A $dynamicRef target evaluates like a $ref target, in the scope that binds it: here the root
  // resource's `addons` (the suite's "unevaluatedProperties with $dynamicRef", with a condition
  // added). ajv 8.20 overflows its stack compiling this schema.
  {
    what: 'what a $dynamicRef target evaluates',
    schema: {
      $id: 'https://example.com/derived',
      $ref: './base',
      $defs: {
        derived: { $dynamicAnchor: 'addons', properties: { bar: { type: 'string' } }, anyOf: [named('baz'), true] },
        base: { $id: './base', $dynamicRef: '#addons', $defs: { defaultAddons: { $dynamicAnchor: 'addons' } }, properties: { foo: { type: 'string' } }, unevaluatedProperties: false },
      },
    },
    values: [{ foo: 'a', bar: 'b' }, { foo: 'a', baz: 1 }, { foo: 'a', qux: 1 }, { bar: 1 }],
    valid: [true, true, false, false],
  },
  // 2019-09 Core §9.3.1.4: contains produces no annotation there, so it evaluates nothing.
  { what: 'draft 2019-09 contains evaluates nothing', schema: { contains: { type: 'string' }, unevaluatedItems: false }, values: [['a'], [1, 'a']], valid: [false, false], draft2019: true },
];

const FORMATS = GENERIC_ENCODERS;

function agreesWithAjv(schema: Record<string, unknown>, values: unknown[], draft2019 = false): void {
  const validate = (draft2019 ? ajv2019 : ajv2020).compile(schema);
  const input = draft2019 ? { $schema: 'https://json-schema.org/draft/2019-09/schema', ...schema } : schema;
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec(input, { format });
    for (const value of values) {
      const valid = validate(value) === true;
      assertVerdict(codec, encode, value, valid, format);
    }
  }
}

const test = suite('generated codecs check unevaluatedProperties and unevaluatedItems like ajv');

for (const { what, schema, values } of propertyCases) {
  test(`unevaluatedProperties with ${what}: codecs of every format accept exactly the values ajv accepts`, () => agreesWithAjv(schema, values));
}
for (const { what, schema, values } of itemCases) {
  test(`unevaluatedItems with ${what}: codecs of every format accept exactly the values ajv accepts`, () => agreesWithAjv(schema, values));
}
for (const { what, schema, values } of draft2019Cases) {
  test(`draft 2019-09 ${what}: codecs of every format accept exactly the values ajv accepts`, () => agreesWithAjv(schema, values, true));
}

for (const { what, schema, values, valid, draft2019 } of specVerdicts) {
  test(`${what}: codecs of every format give the specification's verdict`, () => {
    const input = draft2019 === true ? { $schema: 'https://json-schema.org/draft/2019-09/schema', ...schema } : schema;
    for (const { format, encode } of FORMATS) {
      const codec = compileCodec(input, { format });
      values.forEach((value, index) => {
        assertVerdict(codec, encode, value, valid[index], format);
      });
    }
  });
}

const extendsSchema = {
  $defs: { base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
  allOf: [{ $ref: '#/$defs/base' }, { properties: { name: { type: 'string' } } }],
  unevaluatedProperties: false,
};

test('allOf "extends" with unevaluatedProperties false is a closed record, not a check', () => {
  const root = buildIr({ schema: extendsSchema }).root;
  assert.is(root.kind, 'object');
  assert.is(root.checks, undefined);
  if (root.kind === 'object') assert.is(root.additionalProperties.kind, 'never');
});

test('the closed record encoder refuses an extra key with the key\'s pointer', () => {
  for (const { format } of FORMATS) {
    try {
      compileCodec(extendsSchema, { format }).encode({ id: 1, name: 'n', extra: true });
      assert.unreachable('encoded an unevaluated property');
    } catch (error) {
      assert.ok(isEncodeError(error));
      assert.is(error.code, 'schema-violation');
      assert.is(error.path, '/extra');
    }
  }
});

test('the closed record decoder refuses bytes with an extra key at the key\'s offset', () => {
  // {"id": 1, "x": 2}: CBOR a2 62 6964 01 61 78 02 (the key "x" at 5);
  // UBJSON { i 2 id i 1 i 1 x i 2 } (the key's length marker at 7); MessagePack 82 a2 6964 01 a1 78 02 (at 5).
  const offsets = { cbor: 5, ubjson: 7, msgpack: 5 };
  for (const { format, encode } of FORMATS) {
    try {
      compileCodec(extendsSchema, { format }).decode(encode({ id: 1, x: 2 }));
      assert.unreachable('decoded an unevaluated property');
    } catch (error) {
      assert.ok(isDecodeError(error));
      assert.is(error.code, 'schema-violation');
      assert.is(error.offset, offsets[format]);
    }
  }
});

test('a static prefix with unevaluatedItems false is a closed tuple, not a check', () => {
  const root = buildIr({ schema: { type: 'array', prefixItems: [{ type: 'string' }], allOf: [{ prefixItems: [true, { type: 'integer' }] }], unevaluatedItems: false } }).root;
  assert.is(root.kind, 'array');
  assert.is(root.checks, undefined);
  if (root.kind === 'array') {
    assert.is(root.prefixItems.length, 2);
    assert.is(root.items.kind, 'never');
  }
});

test('anyOf variants every value matches evaluate statically: a closed record, judged like ajv', () => {
  const schema = { type: 'object', anyOf: [{ properties: { a: {} } }, { properties: { b: true }, title: 'B' }], unevaluatedProperties: false };
  const root = buildIr({ schema }).root;
  assert.is(root.checks, undefined);
  for (const variant of root.kind === 'union' ? root.variants : [root]) {
    assert.ok(variant.kind === 'object' && variant.additionalProperties.kind === 'never', 'every variant is a closed record');
  }
  agreesWithAjv(schema, [{ a: 1 }, { b: 1 }, { a: 1, b: 'x' }, { c: 1 }, {}]);
});

test('an if subschema used by its check and by the evaluation gets one predicate', () => {
  const schema = { if: named('kind'), then: { properties: { size: true } }, unevaluatedProperties: false };
  for (const { format } of FORMATS) {
    const text = compileSchema(schema, 'conditional', { format }).map((file) => file.text).join('\n');
    // `/** @schema #/if */` on one line, or the last line of a longer JSDoc.
    assert.is(text.match(/@schema #\/if(?:\n| \*\/)/g)?.length, 1, `${format}: predicates of #/if`);
  }
});

const extensible = {
  $defs: { extensions: { patternProperties: { '^x-': true } } },
  type: 'object',
  properties: { name: { type: 'string' } },
  $ref: '#/$defs/extensions',
  unevaluatedProperties: false,
};

test('patternProperties from a $ref beside unevaluatedProperties false give a closed record (OpenAPI 3.1 extensions)', () => {
  const root = buildIr({ schema: extensible }).root;
  assert.is(root.checks, undefined);
  assert.ok(root.kind === 'object' && root.additionalProperties.kind === 'never' && root.patternProperties.length === 1);
  agreesWithAjv(extensible, [{ name: 'n' }, { name: 'n', 'x-a': 1 }, { 'x-': [] }, { other: 1 }, { name: 1 }]);
  for (const { format } of FORMATS) {
    try {
      compileCodec(extensible, { format }).encode({ name: 'n', other: 1 });
      assert.unreachable('encoded an unevaluated property');
    } catch (error) {
      assert.ok(isEncodeError(error));
      assert.is(error.path, '/other');
    }
  }
});

test('patterns with unevaluatedProperties are judged like ajv on unions, untyped schemas and allOf', () => {
  const schemas = [
    { patternProperties: { '^p': { type: 'integer' } }, allOf: [{ properties: { pa: true, q: { type: 'string' } } }], unevaluatedProperties: { type: 'boolean' } },
    { type: 'object', patternProperties: { '^x-': true }, anyOf: [{ required: ['a'] }, { required: ['b'] }], unevaluatedProperties: false },
    { patternProperties: { '^x-': true }, properties: { a: true }, required: ['a', 'x-r'], unevaluatedProperties: false },
  ];
  const values = [{}, { pa: 1 }, { pa: 'x' }, { q: 's' }, { p1: 2, z: true }, { z: 1 }, { a: 1 }, { b: 1, 'x-1': 0 }, { a: 1, 'x-r': 0 }, { a: 1, c: 1 }, 'text', [1], null];
  for (const schema of schemas) agreesWithAjv(schema, values);
});

test('an evaluation that depends on the value stays a check', () => {
  const root = buildIr({ schema: { type: 'object', anyOf: [named('a'), named('b')], unevaluatedProperties: false } }).root;
  assert.equal(root.checks?.map((check) => check.kind), ['unevaluatedProperties']);
});

test('__proto__ and constructor keys are unevaluated own keys, never looked up through the prototype', () => {
  // Neither key is evaluated by the variant that matches, so both values are invalid (ajv
  // accepts the own __proto__ key, so it is not the judge here); {"a": 1} is valid.
  const schema = { anyOf: [named('a'), named('b')], unevaluatedProperties: false };
  const verdicts: [string, boolean][] = [['{"a": 1, "__proto__": {"polluted": 1}}', false], ['{"b": 1, "constructor": 2}', false], ['{"a": 1}', true]];
  for (const [text, valid] of verdicts) {
    const value = JSON.parse(text) as unknown;
    for (const { format, encode } of FORMATS) {
      const codec = compileCodec(schema, { format });
      assertVerdict(codec, encode, value, valid, format);
    }
  }
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

test('enum values are filtered by unevaluatedProperties at compile time', () => {
  // The const is checked against the object (matches.ts), whose property has the check.
  const schema = {
    allOf: [{ enum: [{ x: { a: 1 } }, { x: { a: 1, z: 2 } }, { x: { b: 1 } }] }, { properties: { x: { anyOf: [named('a'), named('b')], unevaluatedProperties: false } } }],
  };
  agreesWithAjv(schema, [{ x: { a: 1 } }, { x: { a: 1, z: 2 } }, { x: { b: 1 } }, { x: {} }]);
});

test('refuses a $ref that reaches its own schema in place while collecting what it evaluates', () => {
  const recursive = { $defs: { node: { anyOf: [{ $ref: '#/$defs/node' }, named('a')], unevaluatedProperties: false } }, $ref: '#/$defs/node' };
  try {
    compileCodec(recursive, { format: 'cbor' });
    assert.unreachable('compiled an in-place cycle');
  } catch (error) {
    assert.ok(isSchemaError(error));
    assert.is(error.code, 'recursive-merge');
  }
});

test('follows $recursiveRef under unevaluatedProperties (2019-09) in the scope it enters, like ajv', () => {
  const schema = {
    $id: 'https://example.com/recursive-2019', $recursiveAnchor: true, type: 'object',
    properties: { a: true, next: { $recursiveRef: '#' } }, anyOf: [{ required: ['a'] }, { properties: { b: { $recursiveRef: '#' } } }], unevaluatedProperties: false,
  };
  agreesWithAjv(schema, [{}, { a: 1 }, { b: {} }, { b: { c: 1 } }, { c: 1 }, { next: { b: { a: 1 } } }, { next: { c: 1 } }], true);
});

test('a draft-07 document reached by reference evaluates through its allOf, if and dependencies', () => {
  // Draft-07 has no annotations of its own; its subschemas evaluate by 2020-12's rules and their
  // own draft's keywords (Core §7.7.1.1). Verdicts from the spec: ajv cannot mix the drafts.
  const legacy = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    allOf: [{ properties: { a: true } }],
    if: { properties: { k: { const: 1 } }, required: ['k'] },
    then: { properties: { t: true } },
    dependencies: { d: { properties: { e: true } }, n: ['a'] },
  };
  const schema = { $ref: 'https://example.com/legacy.json', properties: { b: true, d: true }, unevaluatedProperties: false };
  const verdicts: [unknown, boolean][] = [[{ a: 1, b: 1 }, true], [{ k: 1, t: 1 }, true], [{ k: 2, t: 1 }, false], [{ d: 1, e: 1 }, true], [{ e: 1 }, false], [{ n: 1, a: 1 }, false], [{ c: 1 }, false]];
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec(schema, { format, schemasByUri: { 'https://example.com/legacy.json': legacy } });
    for (const [value, valid] of verdicts) {
      assertVerdict(codec, encode, value, valid, format);
    }
  }
});

test('refuses a diamond of in-place references that would be walked 2^40 times, quickly', () => {
  const $defs: Record<string, unknown> = { a40: { properties: { x: true } } };
  for (let level = 0; level < 40; level++) $defs[`a${level}`] = { allOf: [{ $ref: `#/$defs/a${level + 1}` }, { $ref: `#/$defs/a${level + 1}` }] };
  const started = Date.now();
  try {
    compileCodec({ $defs, $ref: '#/$defs/a0', unevaluatedProperties: false }, { format: 'cbor' });
    assert.unreachable('walked the diamond');
  } catch (error) {
    assert.ok(isSchemaError(error));
    assert.is(error.code, 'too-large');
  }
  assert.ok(Date.now() - started < 20_000, 'refused within the node budget, not after a long walk');
});

test('a cyclic value fails unevaluatedProperties with an EncodeError, not a stack overflow', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.b = cyclic;
  for (const { format } of FORMATS) {
    const codec = compileCodec({ anyOf: [named('a'), named('c')], unevaluatedProperties: { $ref: '#' } }, { format });
    assert.not.ok(encoderAccepts(codec.encode, cyclic));
  }
});

test.run();
