// `$dynamicRef`/`$dynamicAnchor` (2020-12 Core §8.2.3.2) and 2019-09 `$recursiveRef`/`$recursiveAnchor`
// compiled by specialising definitions per dynamic scope, in both formats, with ajv's validators as
// the judge where they support the case: the generated encoder accepts exactly what ajv accepts,
// and so does the generated decoder fed the generic bytes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isEncodeError } from '@binschema/runtime';
import { compileCodec } from '../src/index.js';
import { buildIr } from '../src/ir/index.js';
import { assertVerdict, encoderAccepts, GENERIC_ENCODERS } from './support/verdicts.js';

type Schema = Record<string, unknown>;

// The extensible recursive schema of 2020-12 Core §8.2.3.2 and Appendix C: a tree whose nodes are
// whatever schema the evaluation started from. The spec's strict tree closes it with
// unevaluatedProperties (below); propertyNames says the same with an applicator of its own.
const tree: Schema = {
  $id: 'https://example.com/tree',
  $dynamicAnchor: 'node',
  type: 'object',
  properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } },
};
const strictTree: Schema = {
  $id: 'https://example.com/strict-tree',
  $dynamicAnchor: 'node',
  $ref: 'tree',
  propertyNames: { enum: ['data', 'children'] },
};

// A generic list whose items the referring resource chooses (the suite's "extendible" pattern).
const list: Schema = {
  $id: 'https://example.com/list',
  type: 'array',
  items: { $dynamicRef: '#item' },
  $defs: { item: { $dynamicAnchor: 'item' } },
};
const stringList: Schema = { $id: 'https://example.com/string-list', $ref: 'list', $defs: { item: { $dynamicAnchor: 'item', type: 'string' } } };
const numberList: Schema = { $id: 'https://example.com/number-list', $ref: 'list', $defs: { item: { $dynamicAnchor: 'item', type: 'number' } } };
const LISTS = [list, stringList, numberList];

interface Case {
  name: string;
  schema: Schema;
  extra: Schema[];
  values: unknown[];
}

const deepStrict = { children: [{ data: 1, children: [{ data: 2, extra: true }] }] };

// ajv resolves a `$dynamicRef` to the root of the outermost resource (its "recursive" support), so
// it judges the cases whose `$dynamicAnchor`s sit at resource roots, as in the tree.
const judgedByAjv: Case[] = [
  { name: 'the tree alone takes any property at any depth', schema: { $ref: 'https://example.com/tree' }, extra: [tree], values: [{}, { data: [1] }, { children: [{ extra: 1 }] }, deepStrict, { children: [1] }, 'tree'] },
  { name: 'the strict tree refuses unknown properties at every depth, through the tree', schema: strictTree, extra: [tree], values: [{}, { data: 1 }, { extra: 1 }, { children: [{ extra: 1 }] }, deepStrict, { children: [{ children: [{ data: null }] }] }] },
  { name: 'the outermost $dynamicAnchor wins over the inner ones', schema: { $id: 'https://example.com/named-tree', $dynamicAnchor: 'node', $ref: 'strict-tree', required: ['data'] }, extra: [tree, strictTree], values: [{ data: 1 }, { data: 1, children: [{ data: 2 }] }, { data: 1, children: [{}] }, { data: 1, children: [{ data: 2, x: 3 }] }, {}] },
  {
    name: 'the spec\'s strict tree (unevaluatedProperties over the tree) refuses unknown properties at every depth',
    schema: { $id: 'https://example.com/strict-tree-unevaluated', $dynamicAnchor: 'node', $ref: 'tree', unevaluatedProperties: false },
    extra: [tree],
    values: [{}, { data: 1 }, { extra: 1 }, { children: [{ extra: 1 }] }, deepStrict, { children: [{ children: [{ data: null }] }] }],
  },
  // The 2020-12 meta-schema (bundled, resolved offline) extends its vocabularies through $dynamicRef "#meta".
  {
    name: 'the 2020-12 meta-schema validates schemas at every depth',
    schema: { $ref: 'https://json-schema.org/draft/2020-12/schema' },
    extra: [],
    values: [{}, true, 5, { minLength: 1 }, { minLength: -1 }, { type: 'strnig' }, { properties: { a: { items: { maxItems: -2 } } } }, { $defs: { a: { anyOf: [] } } }, { allOf: [{ not: { required: ['a', 'a'] } }] }],
  },
];

// 2019-09 `$recursiveRef`/`$recursiveAnchor` (2019-09 Core §8.2.4.2), the same tree, judged by ajv's 2019-09 validator.
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const tree2019: Schema = {
  $schema: DRAFT_2019,
  $id: 'https://example.com/tree-2019',
  $recursiveAnchor: true,
  type: 'object',
  properties: { data: true, children: { type: 'array', items: { $recursiveRef: '#' } } },
};
const strictTree2019: Schema = { $schema: DRAFT_2019, $id: 'https://example.com/strict-tree-2019', $recursiveAnchor: true, $ref: 'tree-2019', propertyNames: { enum: ['data', 'children'] } };
const judgedByAjv2019: Case[] = [
  { name: 'the 2019-09 tree alone takes any property at any depth', schema: { $schema: DRAFT_2019, $ref: 'https://example.com/tree-2019' }, extra: [tree2019], values: [{}, { children: [{ extra: 1 }] }, deepStrict, { children: [1] }] },
  { name: 'the 2019-09 strict tree refuses unknown properties at every depth', schema: strictTree2019, extra: [tree2019], values: [{}, { data: 1 }, { extra: 1 }, { children: [{ extra: 1 }] }, deepStrict, { children: [{ children: [{ data: null }] }] }] },
  { name: 'a 2019-09 outer resource without $recursiveAnchor leaves the strict tree in charge', schema: { $schema: DRAFT_2019, $id: 'https://example.com/outer-2019', properties: { tree: { $ref: 'strict-tree-2019' } } }, extra: [tree2019, strictTree2019], values: [{ tree: deepStrict }, { tree: { children: [{ data: 1 }] } }, { tree: { children: [{ x: 1 }] } }] },
  { name: 'a 2019-09 $recursiveRef whose target has no $recursiveAnchor is a $ref', schema: { $schema: DRAFT_2019, $id: 'https://example.com/list-2019', type: 'object', required: ['a'], properties: { next: { $recursiveRef: '#' } } }, extra: [], values: [{ a: 1 }, { a: 1, next: { a: 2 } }, { a: 1, next: {} }, {}] },
];

/**
 * Anchors inside `$defs` (the suite's "extendible" pattern), beyond ajv's support: verdicts worked
 * out by hand from Core §8.2.3.2 (the outermost resource in scope declaring the anchor wins; a
 * `$dynamicRef` whose initial target has no such `$dynamicAnchor` is a `$ref`).
 */
const judgedBySpec: (Omit<Case, 'values'> & { verdicts: [unknown, boolean][] })[] = [
  // ajv lets the first scope a resource is compiled in decide for the other paths to it too.
  { name: 'the tree specialised twice in one schema', schema: { type: 'object', properties: { strict: { $ref: 'https://example.com/strict-tree' }, loose: { $ref: 'https://example.com/tree' } } }, extra: [tree, strictTree], verdicts: [[{ strict: deepStrict }, false], [{ loose: deepStrict }, true], [{ strict: { children: [{}] }, loose: { children: [{ x: 1 }] } }, true], [{ strict: { children: [{ x: 1 }] } }, false]] },
  { name: 'a list specialised by the resource that refers to it', schema: stringList, extra: [list], verdicts: [[[], true], [['a'], true], [['a', 1], false], [[null], false]] },
  { name: 'the same list specialised twice in one schema', schema: { type: 'object', properties: { strings: { $ref: 'https://example.com/string-list' }, numbers: { $ref: 'https://example.com/number-list' } } }, extra: LISTS, verdicts: [[{ strings: ['a'], numbers: [1] }, true], [{ strings: [1] }, false], [{ numbers: ['a'] }, false], [{ strings: [], numbers: [] }, true]] },
  { name: 'an outer resource\'s anchor wins over the inner one', schema: { $id: 'https://example.com/root', $ref: 'string-list', $defs: { item: { $dynamicAnchor: 'item', type: 'boolean' } } }, extra: LISTS, verdicts: [[[true], true], [['a'], false], [[1], false], [[], true]] },
  { name: 'the list alone takes any item (its own anchor binds)', schema: { $ref: 'https://example.com/list' }, extra: [list], verdicts: [[[], true], [[1, 'a', null], true], [{}, false]] },
  { name: 'a $dynamicRef to a plain $anchor is a $ref', schema: { $id: 'https://example.com/plain', $defs: { a: { $anchor: 'item', type: 'string' } }, items: { $dynamicRef: '#item' }, type: 'array' }, extra: [], verdicts: [[['a'], true], [[1], false]] },
  { name: 'a $dynamicRef with a JSON Pointer fragment is a $ref', schema: { $ref: 'https://example.com/string-list', items: { $dynamicRef: 'https://example.com/list#/$defs/item' } }, extra: LISTS, verdicts: [[['a'], true], [[1], false]] },
];

const FORMATS = GENERIC_ENCODERS;

/** Both formats' encoder and decoder give `expected(value)` for every value. */
function agrees({ schema, extra }: Omit<Case, 'values'>, values: unknown[], expected: (value: unknown) => boolean): void {
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec(schema, { format, extraSchemas: extra });
    for (const value of values) {
      const valid = expected(value);
      assertVerdict(codec, encode, value, valid, format);
    }
  }
}

function agreesWithAjv(testCase: Case, draft2019 = false): void {
  const ajv = draft2019 ? new Ajv2019({ strict: false }) : new Ajv2020({ strict: false });
  for (const document of testCase.extra) ajv.addSchema(document);
  const validate = ajv.compile(testCase.schema);
  const valid = (value: unknown): boolean => validate(value) === true;
  // Every case has values of both verdicts, so agreement cannot come from a codec that takes all or nothing.
  assert.ok(testCase.values.some(valid) && !testCase.values.every(valid), 'values of both verdicts');
  agrees(testCase, testCase.values, valid);
}

const codecs = suite('generated codecs resolve $dynamicRef like ajv and the spec');
for (const testCase of judgedByAjv) codecs(`${testCase.name}: CBOR and UBJSON accept exactly what ajv accepts`, () => agreesWithAjv(testCase));
for (const testCase of judgedByAjv2019) codecs(`${testCase.name}: CBOR and UBJSON accept exactly what ajv accepts`, () => agreesWithAjv(testCase, true));
for (const testCase of judgedBySpec) {
  codecs(`${testCase.name}: CBOR and UBJSON accept exactly the values Core §8.2.3.2 makes valid`, () => {
    const verdicts = new Map(testCase.verdicts);
    agrees(testCase, [...verdicts.keys()], (value) => verdicts.get(value)!);
  });
}
codecs('an exported $defs entry that is its own resource starts the dynamic scope there: its codec is the loose tree, the root\'s the strict one', () => {
  const schema: Schema = { $id: 'https://example.com/strict-root', $dynamicAnchor: 'node', $ref: 'tree', unevaluatedProperties: false, $defs: { tree } };
  // ajv judges the definition as a `$ref` from outside reaches it (the differential suite's wrapper).
  const ajv = new Ajv2020({ strict: false });
  const validateRoot = ajv.compile(schema);
  const validateTree = ajv.compile({ $defs: { tree }, $ref: '#/$defs/tree' });
  const values = [{ data: 1 }, { data: 1, children: [{ extra: 1 }] }, deepStrict, { extra: 1 }];
  assert.equal(values.map((value) => validateTree(value)), [true, true, true, true]);
  assert.equal(values.map((value) => validateRoot(value)), [true, false, false, false]);
  for (const { format, encode } of FORMATS) {
    const codec = compileCodec(schema, { format });
    const definition = codec.definitions?.tree;
    assert.ok(definition !== undefined, 'the tree has its own codec');
    for (const value of values) {
      assertVerdict(definition, encode, value, validateTree(value), `${format} tree`);
      assert.is(encoderAccepts(codec.encode, value), validateRoot(value), `${format} encode ${JSON.stringify(value)}`);
    }
  }
});

codecs.run();

const definitions = suite('ir: definitions specialised per dynamic scope');

/** Keys of the module's definitions of the schema at `location` (a URI with its fragment), any bindings. */
function definitionsAt(schema: Schema, extra: Schema[], location: string): string[] {
  const keys = buildIr({ schema }, { extraSchemas: extra }).definitions.map((definition) => definition.key);
  return keys.filter((key) => key === location || key.startsWith(`${location} `));
}

definitions('lowers a definition once per distinct binding of the anchors it can reach', () => {
  const twice = definitionsAt(judgedBySpec[2].schema, LISTS, 'https://example.com/list#');
  assert.is(twice.length, 2, twice.join('\n'));
  assert.ok(twice.some((key) => key.includes('string-list')) && twice.some((key) => key.includes('number-list')), twice.join('\n'));
});

definitions('shares one definition between references made in the same dynamic scope', () => {
  const schema = { type: 'object', properties: { a: { $ref: 'https://example.com/string-list' }, b: { $ref: 'https://example.com/string-list' } } };
  assert.is(definitionsAt(schema, LISTS, 'https://example.com/list#').length, 1);
  assert.is(definitionsAt(schema, LISTS, 'https://example.com/string-list#').length, 1);
  assert.is(definitionsAt(schema, LISTS, 'https://example.com/string-list#/$defs/item').length, 1);
});

definitions('keeps the key of a location without dynamic anchors in scope unchanged', () => {
  const keys = definitionsAt({ $ref: 'https://example.com/tree' }, [tree], 'https://example.com/tree#');
  assert.is(keys.length, 1);
  // The tree binds its own anchor, so its key names that binding; a schema without anchors keeps plain keys.
  assert.ok(keys.every((key) => key.includes('"node"=https://example.com/tree#')), keys.join('\n'));
  const plain = buildIr({ schema: { $defs: { a: { type: 'string' } }, $ref: '#/$defs/a' } });
  assert.equal(plain.definitions.map((definition) => definition.key), ['binschema:///inline.schema.json#/$defs/a']);
});

definitions('closes the recursion of the strict tree with one definition per resource', () => {
  const module = buildIr({ schema: strictTree }, { extraSchemas: [tree] });
  const keys = module.definitions.map((definition) => definition.key);
  assert.is(keys.length, 2, keys.join('\n'));
  assert.ok(keys.every((key) => key.includes('"node"=binschema:///inline.schema.json#')), keys.join('\n'));
});

definitions('refuses $dynamicRef and $dynamicAnchor in draft-07, which does not define them', () => {
  for (const keyword of ['$dynamicRef', '$dynamicAnchor']) {
    try {
      buildIr({ schema: { $schema: 'http://json-schema.org/draft-07/schema#', items: { [keyword]: '#a' } } });
      assert.unreachable(`accepted ${keyword}`);
    } catch (error) {
      assert.is((error as { code?: string }).code, 'unsupported-keyword');
      assert.is((error as { schemaPath?: string }).schemaPath, `#/items/${keyword}`);
    }
  }
});

/** Level i offers two resources binding `n<i>` differently, each referring to both of level i+1: 2^levels scopes reach the leaf. */
function multiplyingScopes(levels: number): { schema: Schema; extra: Schema[] } {
  const anchors = Object.fromEntries(Array.from({ length: levels }, (_, index) => [`d${index}`, { $dynamicAnchor: `n${index}` }]));
  const leaf = { $id: 'https://h.example/leaf', type: 'array', prefixItems: Array.from({ length: levels }, (_, index) => ({ $dynamicRef: `#n${index}` })), $defs: anchors };
  const extra: Schema[] = [leaf];
  for (let level = 0; level < levels; level++) {
    const next = level === levels - 1 ? ['https://h.example/leaf'] : [`https://h.example/a${level + 1}`, `https://h.example/b${level + 1}`];
    for (const side of ['a', 'b']) {
      extra.push({ $id: `https://h.example/${side}${level}`, type: 'array', items: { anyOf: next.map(($ref) => ({ $ref })) }, $defs: { x: { $dynamicAnchor: `n${level}`, type: side === 'a' ? 'string' : 'number' } } });
    }
  }
  return { schema: { anyOf: [{ $ref: 'https://h.example/a0' }, { $ref: 'https://h.example/b0' }] }, extra };
}

definitions('specialises the leaf once per reachable scope (2^3 here)', () => {
  const { schema, extra } = multiplyingScopes(3);
  assert.is(definitionsAt(schema, extra, 'https://h.example/leaf#').length, 8);
});

definitions('refuses scopes that multiply definitions past the limit with too-large, quickly', () => {
  const { schema, extra } = multiplyingScopes(16);
  const started = performance.now();
  try {
    buildIr({ schema }, { extraSchemas: extra });
    assert.unreachable('lowered 2^16 scopes');
  } catch (error) {
    assert.is((error as { code?: string }).code, 'too-large');
  }
  assert.ok(performance.now() - started < 10_000, 'within seconds');
});

definitions.run();
