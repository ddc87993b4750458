/**
 * `$ref` resolution (2020-12 Core §8.2, §8.2.3; draft-07 Core §8): `$defs`, `definitions`, `$id`
 * resources with their own base URI, `$anchor`, JSON Pointers (RFC 6901 with percent-decoding,
 * RFC 3986 §2.1), other files, `extraSchemas`, and recursion.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIrFromFile } from '../src/ir/index.js';
import type { IrModule, IrNode, IrObject } from '../src/ir/types.js';
import { array, assertRefused, INTEGER, lower, NUMBER, object, shape, STRING } from './ir-helpers.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/refs/', import.meta.url));

function definition(module: IrModule, name: string) {
  const found = module.definitions.find((entry) => entry.name === name);
  assert.ok(found, `no definition ${name} in ${module.definitions.map((entry) => entry.name).join(', ')}`);
  return found!;
}

function property(node: IrNode, name: string): IrNode {
  assert.is(node.kind, 'object');
  const found = (node as IrObject).properties.find((entry) => entry.name === name);
  assert.ok(found, `no property ${name}`);
  return found!.node;
}

function refTarget(node: IrNode): string {
  assert.is(node.kind, 'ref', `expected a ref, got ${node.kind}`);
  return (node as { target: string }).target;
}

const local = suite('schema: refs inside one document');
local('exports every $defs entry in schema order, named by its key, and refers to it', () => {
  const module = lower({ $defs: { b: { type: 'string' }, a: { type: 'integer' } }, type: 'array', items: { $ref: '#/$defs/a' } });
  assert.equal(module.definitions.map((entry) => [entry.name, entry.exported]), [['b', true], ['a', true]]);
  assert.is(refTarget((module.root as { items: IrNode }).items), definition(module, 'a').key);
  assert.equal(shape(definition(module, 'a').node), INTEGER);
});
local('exports definitions entries too, in 2020-12 and in draft-07', () => {
  for (const $schema of ['https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#']) {
    const module = lower({ $schema, definitions: { n: { type: 'number' } }, type: 'object', properties: { v: { $ref: '#/definitions/n' } } });
    assert.equal(module.definitions.map((entry) => entry.name), ['n']);
    assert.is(refTarget(property(module.root, 'v')), module.definitions[0].key);
  }
});
local('names a ref target outside $defs by its path and does not export it', () => {
  const module = lower({ type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/properties/a' } } });
  assert.equal(module.definitions.map((entry) => [entry.name, entry.exported]), [['properties_a', false]]);
  assert.equal(shape(module.definitions[0].node), STRING);
});
local('lists exported definitions first, then the other targets by key', () => {
  const module = lower({ $defs: { z: { type: 'null' } }, type: 'object', properties: { c: { $ref: '#/properties/b' }, a: { $ref: '#/properties/c' }, b: { type: 'integer' } } });
  assert.equal(module.definitions.map((entry) => entry.name), ['z', 'properties_b', 'properties_c']);
});
local('follows RFC 6901 escapes and percent-encoding in a pointer', () => {
  const schema = { $defs: { 'a/b': { type: 'integer' }, 'c~d': { type: 'string' }, 'e f%': { type: 'null' } }, type: 'array', prefixItems: [{ $ref: '#/$defs/a~1b' }, { $ref: '#/$defs/c~0d' }, { $ref: '#/$defs/e%20f%25' }] };
  const module = lower(schema);
  const targets = (module.root as { prefixItems: IrNode[] }).prefixItems.map(refTarget);
  assert.equal(targets, ['a/b', 'c~d', 'e f%'].map((name) => definition(module, name).key));
});
local('follows a pointer into an array of subschemas', () => {
  const module = lower({ type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] }, second: { $ref: '#/properties/pair/prefixItems/1' } } });
  assert.equal(shape(module.definitions[0].node), INTEGER);
});
local('resolves an $anchor and a pointer to the same location as one definition', () => {
  const module = lower({ $defs: { p: { $anchor: 'here', type: 'boolean' } }, type: 'array', prefixItems: [{ $ref: '#here' }, { $ref: '#/$defs/p' }] });
  const [first, second] = (module.root as { prefixItems: IrNode[] }).prefixItems.map(refTarget);
  assert.is(first, second);
  assert.is(module.definitions.length, 1);
});
local('resolves a draft-07 plain-name $id as an anchor', () => {
  const module = lower({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { p: { $id: '#thing', type: 'string' } }, items: { $ref: '#thing' }, type: 'array' });
  assert.is(refTarget((module.root as { items: IrNode }).items), definition(module, 'p').key);
});
local.run();

const resources = suite('schema: $id resources and base URIs');
resources('resolves relative refs against an embedded resource’s own $id', () => {
  const schema = {
    $id: 'https://example.com/root.json',
    type: 'object',
    properties: { x: { $ref: 'nested/item.json' }, y: { $ref: 'nested/item.json#/$defs/inner' }, z: { $ref: 'https://example.com/nested/item.json#tip' } },
    $defs: {
      item: {
        $id: 'nested/item.json',
        type: 'array',
        items: { $ref: '#/$defs/inner' },
        $defs: { inner: { $anchor: 'tip', type: 'integer' } },
      },
    },
  };
  const module = lower(schema);
  const item = definition(module, 'item');
  assert.is(refTarget(property(module.root, 'x')), item.key);
  const inner = refTarget(property(module.root, 'y'));
  assert.is(refTarget(property(module.root, 'z')), inner);
  // Inside the resource `#/$defs/inner` is relative to nested/item.json, not to the root.
  assert.equal(shape(item.node), array({ items: { kind: 'ref', target: inner } }));
});
resources('uses the root $id as the base for its own fragment refs', () => {
  const module = lower({ $id: 'urn:example:root', $defs: { a: { type: 'string' } }, $ref: 'urn:example:root#/$defs/a' });
  assert.is(refTarget(module.root), definition(module, 'a').key);
});
resources('resolves refs to extraSchemas by $id, offline', () => {
  const extra = { $id: 'https://schemas.example.com/money.json', type: 'object', properties: { cents: { type: 'integer' }, currency: { $ref: '#/$defs/code' } }, $defs: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } };
  const module = lower({ type: 'array', items: { $ref: 'https://schemas.example.com/money.json' } }, { extraSchemas: [extra] });
  const money = module.definitions.find((entry) => entry.key === 'https://schemas.example.com/money.json#');
  assert.ok(money);
  assert.is(money!.name, 'money');
  assert.is(money!.exported, false);
  const code = module.definitions.find((entry) => entry.key === 'https://schemas.example.com/money.json#/$defs/code');
  assert.equal(shape(code!.node), { ...STRING, pattern: '^[A-Z]{3}$' });
});
resources('refuses an extra schema without an absolute $id', () => {
  assertRefused(() => lower({}, { extraSchemas: [{ type: 'string' }] }), 'invalid-option', '#');
});
resources('resolves refs to schemasByUri by the URI they are retrieved from, and by a different root $id', () => {
  // Core §8.2.1: the retrieval URI identifies the document; its $id (an http URL or a URN) is the base inside it.
  const byUri = {
    'https://host.example/served.json': { $id: 'https://id.example/real.json', $defs: { bar: { type: 'string' } }, $ref: '#/$defs/bar' },
    'https://host.example/urn.json': { $id: 'urn:uuid:feebdaed-ffff-0000-ffff-0000deadbeef', $defs: { n: { type: 'integer' } }, $ref: '#/$defs/n' },
  };
  const module = lower({ type: 'array', prefixItems: [{ $ref: 'https://host.example/served.json' }, { $ref: 'https://id.example/real.json#/$defs/bar' }, { $ref: 'https://host.example/urn.json' }] }, { schemasByUri: byUri });
  const targets = (module.root as { prefixItems: IrNode[] }).prefixItems.map(refTarget);
  assert.equal(targets, ['https://host.example/served.json#', 'https://host.example/served.json#/$defs/bar', 'https://host.example/urn.json#']);
  const node = (key: string) => shape(module.definitions.find((entry) => entry.key === key)!.node);
  assert.equal(node('https://host.example/served.json#/$defs/bar'), STRING);
  assert.equal(node('https://host.example/urn.json#/$defs/n'), INTEGER);
});
resources('refuses schemasByUri that is not an object of absolute URIs', () => {
  assertRefused(() => lower({}, { schemasByUri: [] as unknown as Record<string, unknown> }), 'invalid-option', '#');
  assertRefused(() => lower({}, { schemasByUri: { 'relative.json': {} } }), 'invalid-option', '#');
});
resources.run();

const files = suite('schema: refs to other files');
files('reads referenced files relative to the schema file, each with its own draft', () => {
  const module = buildIrFromFile(`${FIXTURES}main.schema.json`);
  const base = pathToFileURL(FIXTURES).href;
  assert.is(module.rootName, 'Drawing');
  assert.is(refTarget(property(module.root, 'origin')), `${base}point.schema.json#/$defs/origin`);
  assert.is(refTarget((property(module.root, 'points') as { items: IrNode }).items), `${base}point.schema.json#`);
  const segment = module.definitions.find((entry) => entry.key === `${base}shapes/line.schema.json#/$defs/segment`)!;
  assert.is(refTarget(property(segment.node, 'from')), `${base}point.schema.json#`);
  const point = module.definitions.find((entry) => entry.key === `${base}point.schema.json#`)!;
  assert.is(point.name, 'point');
  assert.equal(shape(module.definitions.find((entry) => entry.key === `${base}point.schema.json#/$defs/coordinate`)!.node), NUMBER);
  // The draft-07 file: tuple items, and `maximum` beside `$ref` ignored.
  const legacy = module.definitions.find((entry) => entry.key === `${base}legacy-draft7.schema.json#`)!;
  const size = `${base}legacy-draft7.schema.json#/definitions/size`;
  assert.equal(shape(legacy.node), array({ prefixItems: [{ kind: 'ref', target: size }, STRING], items: { kind: 'never' } }));
  assert.equal(module.definitions.map((entry) => entry.name)[0], 'label');
});
files('refuses a ref to a file that does not exist', () => {
  const error = assertRefused(() => buildIrFromFile(`${FIXTURES}missing-file.schema.json`), 'unresolved-ref', '#/properties/gone/$ref');
  assert.ok(error.source?.endsWith('missing-file.schema.json'));
});
files('names the referenced file when it fails its meta-schema', () => {
  const error = assertRefused(() => buildIrFromFile(`${FIXTURES}bad-meta.schema.json`), 'invalid-schema', '#/properties/n/minimum');
  assert.ok(error.source?.endsWith('bad-target.schema.json'));
});
files('does not read files for an inline schema without a file base URI', () => {
  assertRefused(() => lower({ $ref: 'point.schema.json' }), 'unresolved-ref', '#/$ref');
  const module = lower({ $ref: 'point.schema.json' }, undefined, { baseUri: pathToFileURL(`${FIXTURES}inline.json`).href });
  assert.is(refTarget(module.root), `${pathToFileURL(FIXTURES).href}point.schema.json#`);
});
files('never fetches over a network', () => {
  assertRefused(() => lower({ $ref: 'https://example.com/schemas/point.json' }), 'unresolved-ref', '#/$ref');
  // Only the standard meta-schemas are known without being passed (ajv's copies).
  assertRefused(() => lower({ $ref: 'https://json-schema.org/draft/2020-12/meta/nothing' }), 'unresolved-ref', '#/$ref');
  assert.ok(lower({ $ref: 'https://json-schema.org/draft/2020-12/schema' }).definitions.length > 0);
  assertRefused(() => lower({ $id: 'http://localhost:1/x.json', $ref: 'y.json' }), 'unresolved-ref', '#/$ref');
});
files.run();

const recursion = suite('schema: recursive refs');
recursion('lowers a tree whose children refer to the tree', () => {
  const module = lower({ $defs: { node: { type: 'object', properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['value'] } }, $ref: '#/$defs/node' });
  const tree = definition(module, 'node');
  assert.equal(shape(tree.node), object({ properties: [{ name: 'value', node: INTEGER, required: true }, { name: 'children', node: array({ items: { kind: 'ref', target: tree.key } }), required: false }] }));
});
recursion('lowers a linked list through a nullable ref', () => {
  const module = lower({ $defs: { list: { type: 'object', properties: { head: true, tail: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/list' }] } } } }, $ref: '#/$defs/list' });
  const list = definition(module, 'list');
  assert.equal(shape(property(list.node, 'tail')), { kind: 'union', mode: 'anyOf', variants: [{ kind: 'null' }, { kind: 'ref', target: list.key }] });
});
recursion('lowers mutual recursion in one document', () => {
  const module = lower({ $defs: { a: { type: 'object', properties: { b: { $ref: '#/$defs/b' } } }, b: { type: 'array', items: { $ref: '#/$defs/a' } } }, $ref: '#/$defs/a' });
  assert.is(refTarget(property(definition(module, 'a').node, 'b')), definition(module, 'b').key);
  assert.is(refTarget((definition(module, 'b').node as { items: IrNode }).items), definition(module, 'a').key);
});
recursion('lowers mutual recursion across two files', () => {
  const module = buildIrFromFile(`${FIXTURES}mutual-a.schema.json`);
  const base = pathToFileURL(FIXTURES).href;
  // mutual-b refers back to this root, so the root is emitted as the definition for it.
  assert.is(refTarget(module.root), `${base}mutual-a.schema.json#`);
  const a = module.definitions.find((entry) => entry.key === `${base}mutual-a.schema.json#`)!;
  assert.is(refTarget(property(a.node, 'next')), `${base}mutual-b.schema.json#`);
  const b = module.definitions.find((entry) => entry.key === `${base}mutual-b.schema.json#`)!;
  assert.is(refTarget(property(b.node, 'next')), `${base}mutual-a.schema.json#`);
  assert.is(module.rootName, 'mutual-a');
});
recursion('refers to the root with "#", and makes the root that definition', () => {
  const module = lower({ title: 'Node', type: 'object', properties: { parent: { $ref: '#' } } });
  assert.is(module.definitions.length, 1);
  const [root] = module.definitions;
  assert.equal([root.name, root.exported], ['Node', false]);
  assert.equal(module.root, { kind: 'ref', target: root.key, schemaPath: '#', annotations: { title: 'Node' } });
  assert.is(refTarget(property(root.node, 'parent')), root.key);
});
recursion.run();
