/**
 * The benchmark schemas (test-data/payloads, see its README) load and lower, with key
 * facts checked by hand; and each payload document is accepted by its lowered IR exactly when ajv
 * accepts it, for the document and for copies with one value changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { buildIrFromFile } from '../src/ir/index.js';
import { matches } from '../src/ir/matches.js';
import type { IrArray, IrModule, IrNode, IrObject, IrUnion } from '../src/ir/types.js';
import { testDataPath } from '../../../test-data/index.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;

const PAYLOADS = testDataPath('payloads/');
const NAMES = readdirSync(PAYLOADS).filter((name) => name.endsWith('.schema.json')).map((name) => name.slice(0, -'.schema.json'.length));

const load = (name: string): IrModule => buildIrFromFile(`${PAYLOADS}${name}.schema.json`);

function definitionNode(module: IrModule, name: string): IrNode {
  const found = module.definitions.find((entry) => entry.name === name);
  assert.ok(found, `no definition ${name}`);
  return found!.node;
}

function propertyNode(node: IrNode, name: string): IrNode {
  assert.is(node.kind, 'object');
  const found = (node as IrObject).properties.find((entry) => entry.name === name);
  assert.ok(found, `no property ${name}`);
  return found!.node;
}

const facts = suite('ir: shared payload schemas');
facts('finds the eleven payload schemas', () => {
  assert.is(NAMES.length, 11);
});
for (const name of NAMES) {
  facts(`loads and lowers ${name}.schema.json as 2020-12`, () => {
    const module = load(name);
    assert.is(module.draft, '2020-12');
    assert.ok(module.rootName.length > 0);
    for (const definition of module.definitions) assert.ok(definition.node !== undefined, definition.key);
  });
}
facts('lowers combined to a closed 10-tuple', () => {
  const root = load('combined').root as IrArray;
  assert.is(root.kind, 'array');
  assert.is(root.prefixItems.length, 10);
  assert.is(root.items.kind, 'never');
  assert.ok(root.prefixItems.every((item) => item.kind === 'ref'));
});
for (const name of ['small-object', 'typical-object', 'large-object']) {
  facts(`discriminates the patch operations of ${name} by op`, () => {
    const module = load(name);
    const operation = definitionNode(module, 'operation') as IrUnion;
    assert.is(operation.kind, 'union');
    assert.is(operation.mode, 'oneOf');
    assert.equal(operation.discriminator, {
      property: 'op',
      mapping: [
        { value: 'add', variant: 0 }, { value: 'replace', variant: 0 }, { value: 'test', variant: 0 },
        { value: 'move', variant: 1 }, { value: 'copy', variant: 1 }, { value: 'remove', variant: 2 },
      ],
    });
  });
}
facts('lowers large-object with a recursive person', () => {
  const module = load('large-object');
  const person = module.definitions.find((entry) => entry.name === 'person')!;
  const children = propertyNode(person.node, 'children') as IrArray;
  assert.equal(children.items, { kind: 'ref', target: person.key, schemaPath: '#/$defs/person/properties/children/items', annotations: {} });
  const spouse = propertyNode(person.node, 'spouse') as IrUnion;
  assert.is(spouse.mode, 'anyOf');
  assert.equal(spouse.variants.map((variant) => variant.kind), ['ref', 'null']);
});
facts('lowers the many-keys object to a map of numbers or strings', () => {
  const root = load('object-with-many-keys').root as IrObject;
  assert.is(root.properties.length, 0);
  const values = root.additionalProperties as IrUnion;
  assert.is(values.mode, 'type');
  assert.equal(values.variants.map((variant) => variant.kind), ['number', 'string']);
});
facts('lowers tokens to booleans or null and very-large-object with a recursive jtdSchema', () => {
  assert.equal(((load('tokens').root as IrArray).items as IrUnion).variants.map((variant) => variant.kind), ['boolean', 'null']);
  const module = load('very-large-object');
  assert.equal(module.definitions.map((entry) => entry.name), ['testCase', 'jtdSchema']);
  const instance = propertyNode(definitionNode(module, 'testCase'), 'instance');
  assert.equal(instance, { kind: 'any', schemaPath: '#/$defs/testCase/properties/instance', annotations: { description: 'any JSON value (the instance under test)' } });
});
facts.run();

/** Copies of `value` with one leaf replaced by a value of another type or an array, at most `limit` of them. */
function mutations(value: unknown, limit: number): unknown[] {
  const out: unknown[] = [];
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (paths.length >= limit * 20) return;
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof node === 'object' && node !== null) for (const key of Object.keys(node)) walk((node as Record<string, unknown>)[key], [...path, key]);
    else paths.push(path);
  };
  walk(value, []);
  const step = Math.max(1, Math.floor(paths.length / limit));
  for (let index = 0; index < paths.length && out.length < limit; index += step) {
    const copy = structuredClone(value);
    const path = paths[index];
    let parent = copy as Record<string | number, unknown>;
    for (const token of path.slice(0, -1)) parent = parent[token] as Record<string | number, unknown>;
    const leaf = path[path.length - 1];
    const old = parent[leaf];
    // Alternate a type swap with an array where a scalar was.
    const swapped = typeof old === 'string' ? 12 : typeof old === 'number' ? 'twelve' : typeof old === 'boolean' ? 'yes' : 7;
    parent[leaf] = out.length % 2 === 0 ? swapped : [];
    out.push(copy);
  }
  return out;
}

const agreement = suite('ir: payload documents against their lowered IR, cross-checked with ajv');
for (const name of NAMES) {
  agreement(`agrees with ajv on ${name}.json and 40 one-value mutations`, () => {
    const schema = JSON.parse(readFileSync(`${PAYLOADS}${name}.schema.json`, 'utf8'));
    const document = JSON.parse(readFileSync(`${PAYLOADS}${name}.json`, 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const module = load(name);
    const nodes = new Map(module.definitions.map((entry) => [entry.key, entry.node]));
    const lookup = { nodeOf: (key: string) => nodes.get(key) };
    assert.ok(matches(lookup, document, module.root, { path: '#', source: name }), 'the document itself');
    let rejected = 0;
    for (const mutated of mutations(document, 40)) {
      const expected = validate(mutated) === true;
      assert.is(matches(lookup, mutated, module.root, { path: '#', source: name }), expected);
      if (!expected) rejected++;
    }
    assert.ok(rejected > 0, 'some mutation is invalid');
  });
}
agreement.run();
