/**
 * The compat checker's view of the compact layout's positions (`compactLayout`, by name, over the
 * code generators' `compactPositions`), expectations worked out by hand: pins first, the others
 * lowest free in declaration order, required consts take no position, unused positions below the
 * count are reserved.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIr, compactLayout, isSchemaError, type IrObject } from '../src/index.js';

function layoutOf(schema: Record<string, unknown>) {
  const root = buildIr({ schema }).root as IrObject;
  assert.is(root.kind, 'object');
  return compactLayout(root);
}

const positions = suite('compactPositions');

positions('assigns positions in declaration order', () => {
  const layout = layoutOf({ type: 'object', properties: { b: {}, a: {}, c: {} } });
  assert.equal(layout.positions, [{ name: 'b', position: 0 }, { name: 'a', position: 1 }, { name: 'c', position: 2 }]);
});

positions('honours x-binschema-index pins and gives the others the lowest free positions', () => {
  const layout = layoutOf({ type: 'object', properties: { a: {}, b: { 'x-binschema-index': 0 }, c: {}, d: { 'x-binschema-index': 4 } } });
  assert.equal(layout.positions, [{ name: 'b', position: 0 }, { name: 'a', position: 1 }, { name: 'c', position: 2 }, { name: 'd', position: 4 }]);
  assert.equal(layout.reserved, [3]);
  assert.is(layout.count, 5);
});

positions('a required const takes no position; an optional const does', () => {
  const layout = layoutOf({ type: 'object', properties: { kind: { const: 'point' }, version: { const: 2 }, x: {} }, required: ['kind'] });
  assert.equal(layout.implied, ['kind']);
  assert.equal(layout.positions, [{ name: 'version', position: 0 }, { name: 'x', position: 1 }]);
});

positions('a discriminator with several values per variant keeps its position (an enum index)', () => {
  const layout = layoutOf({ type: 'object', properties: { type: { enum: ['a', 'b'] }, x: {} }, required: ['type'] });
  assert.equal(layout.implied, []);
  assert.equal(layout.positions, [{ name: 'type', position: 0 }, { name: 'x', position: 1 }]);
});

positions('an object without properties has no positions', () => {
  assert.equal(layoutOf({ type: 'object' }), { positions: [], reserved: [], count: 0, implied: [] });
});

const pinErrors: [string, Record<string, unknown>, string][] = [
  ['a pin used twice', { type: 'object', properties: { a: { 'x-binschema-index': 1 }, b: { 'x-binschema-index': 1 } } }, '#/properties/b/x-binschema-index'],
  ['a negative pin', { type: 'object', properties: { a: { 'x-binschema-index': -1 } } }, '#/properties/a/x-binschema-index'],
  ['a fractional pin', { type: 'object', properties: { a: { 'x-binschema-index': 1.5 } } }, '#/properties/a/x-binschema-index'],
  ['a string pin', { type: 'object', properties: { a: { 'x-binschema-index': '1' } } }, '#/properties/a/x-binschema-index'],
];
for (const [name, schema, path] of pinErrors) {
  positions(`rejects ${name} with a SchemaError at the keyword`, () => {
    try {
      layoutOf(schema);
      assert.unreachable('should throw');
    } catch (error) {
      assert.ok(isSchemaError(error));
      assert.is((error as { code: string }).code, 'invalid-schema');
      assert.is((error as { schemaPath: string }).schemaPath, path);
    }
  });
}

positions.run();
