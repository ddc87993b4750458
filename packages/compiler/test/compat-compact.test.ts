/**
 * The compact layout's evolution rules (layout spec, "Evolution rules"): positions append-only,
 * enums by index, discriminated variants by index, extras after the positions. For each rule a
 * pair that breaks it and one that does not; expectations worked out by hand from the spec (the
 * map-layout findings of the same pair are listed too: the compact decoder validates the same).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCompatibility } from '../src/index.js';

type Found = [direction: string, rule: string, path: string];

interface Case {
  name: string;
  old: unknown;
  new: unknown;
  backward: boolean;
  forward: boolean;
  changes: Found[];
}

const ANY = {};
const STRING = { type: 'string' };
const object = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({ type: 'object', properties, required, ...extra });
const closed = (properties: Record<string, unknown>, required: string[] = []) => object(properties, required, { additionalProperties: false });
const variant = (kind: string, properties: Record<string, unknown>) => closed({ kind: { const: kind }, ...properties }, ['kind']);

const CASES: Case[] = [
  // Positions.
  { name: 'reordered declarations move positions: breaks both ways', old: closed({ a: STRING, b: STRING }), new: closed({ b: STRING, a: STRING }), backward: false, forward: false, changes: [['both', 'position-changed', '#/properties/a'], ['both', 'position-changed', '#/properties/b'], ['both', 'position-reused', '#/properties/a'], ['both', 'position-reused', '#/properties/b']] },
  { name: 'reordered declarations with a pin keeping the positions are compatible', old: closed({ a: STRING, b: STRING }), new: closed({ b: { ...STRING, 'x-binschema-index': 1 }, a: STRING }), backward: true, forward: true, changes: [] },
  {
    name: 'a removed property whose position another takes is a reused position',
    old: closed({ a: ANY, b: STRING }), new: closed({ c: ANY, b: { ...STRING, 'x-binschema-index': 1 } }), backward: false, forward: false,
    changes: [['backward', 'property-removed', '#/properties/a'], ['forward', 'property-added', '#/properties/c'], ['both', 'position-reused', '#/properties/c']],
  },
  {
    name: 'a removed property without pins shifts the later ones',
    old: object({ a: STRING, b: ANY, c: STRING }), new: object({ a: STRING, c: STRING }), backward: false, forward: false,
    changes: [['both', 'position-changed', '#/properties/c'], ['both', 'position-reused', '#/properties/c'], ['both', 'extras-moved', '#/additionalProperties']],
  },
  { name: 'a removed property leaving its position reserved is compatible', old: object({ a: STRING, b: ANY, c: STRING }), new: object({ a: STRING, c: { ...STRING, 'x-binschema-index': 2 } }), backward: true, forward: true, changes: [] },
  {
    name: 'a removed last property breaks new readers of old bytes',
    old: closed({ a: STRING, b: ANY }), new: closed({ a: STRING }), backward: false, forward: true,
    changes: [['backward', 'property-removed', '#/properties/b'], ['backward', 'position-removed', '#/properties/b']],
  },
  { name: 'a new optional property at the end of a closed object breaks forward only', old: closed({ a: STRING }), new: closed({ a: STRING, b: STRING }), backward: true, forward: false, changes: [['forward', 'property-added', '#/properties/b']] },
  {
    name: 'a new optional property of an open object moves the map of extras',
    old: object({ a: STRING }), new: object({ a: STRING, b: ANY }), backward: false, forward: false,
    changes: [['forward', 'position-added', '#/properties/b'], ['both', 'extras-moved', '#/additionalProperties']],
  },
  { name: 'a new required property breaks backward', old: closed({ a: STRING }), new: closed({ a: STRING, b: STRING }, ['b']), backward: false, forward: false, changes: [['backward', 'required-added', '#/properties/b'], ['forward', 'property-added', '#/properties/b']] },
  {
    name: 'a required const made optional takes a position and moves the others',
    old: closed({ kind: { const: 'x' }, a: STRING }, ['kind']), new: closed({ kind: { const: 'x' }, a: STRING }), backward: false, forward: false,
    changes: [['forward', 'required-removed', '#/properties/kind'], ['both', 'position-changed', '#/properties/kind'], ['both', 'position-changed', '#/properties/a'], ['both', 'position-reused', '#/properties/kind']],
  },
  // Enums.
  { name: 'an enum value inserted before others changes their index', old: { enum: ['a', 'b'] }, new: { enum: ['a', 'c', 'b'] }, backward: false, forward: false, changes: [['forward', 'enum-value-added', '#'], ['both', 'enum-reordered', '#']] },
  { name: 'enum values reordered break both ways', old: { enum: ['a', 'b'] }, new: { enum: ['b', 'a'] }, backward: false, forward: false, changes: [['both', 'enum-reordered', '#']] },
  { name: 'an enum value appended breaks forward only', old: { enum: ['a', 'b'] }, new: { enum: ['a', 'b', 'c'] }, backward: true, forward: false, changes: [['forward', 'enum-value-added', '#']] },
  { name: 'an enum widened to a string changes the encoding', old: { enum: ['a', 'b'] }, new: STRING, backward: false, forward: false, changes: [['forward', 'type-widened', '#'], ['both', 'enum-encoding-changed', '#']] },
  // Discriminated unions.
  {
    name: 'discriminated variants reordered break both ways',
    old: { oneOf: [variant('a', { x: STRING }), variant('b', { y: STRING })] }, new: { oneOf: [variant('b', { y: STRING }), variant('a', { x: STRING })] }, backward: false, forward: false,
    changes: [['both', 'union-variant-reordered', '#/oneOf/0'], ['both', 'union-variant-reordered', '#/oneOf/1']],
  },
  {
    name: 'a discriminated variant appended breaks forward only',
    old: { oneOf: [variant('a', { x: STRING }), variant('b', { y: STRING })] }, new: { oneOf: [variant('a', { x: STRING }), variant('b', { y: STRING }), variant('c', { z: STRING })] }, backward: true, forward: false,
    changes: [['forward', 'union-variant-added', '#/oneOf/2']],
  },
  {
    name: 'variants are paired by discriminator value, so their fields are compared with the same variant',
    old: { oneOf: [variant('a', { x: STRING, y: STRING }), variant('b', { w: { type: 'number' } })] }, new: { oneOf: [variant('b', { w: { type: 'number' } }), variant('a', { x: STRING, y: STRING })] }, backward: false, forward: false,
    changes: [['both', 'union-variant-reordered', '#/oneOf/0'], ['both', 'union-variant-reordered', '#/oneOf/1']],
  },
  // Nested places.
  { name: 'positions are checked inside array items', old: { type: 'array', items: closed({ a: STRING, b: STRING }) }, new: { type: 'array', items: closed({ b: STRING, a: STRING }) }, backward: false, forward: false, changes: [['both', 'position-changed', '#/items/properties/a'], ['both', 'position-changed', '#/items/properties/b'], ['both', 'position-reused', '#/items/properties/a'], ['both', 'position-reused', '#/items/properties/b']] },
];

const compact = suite('compat: compact layout rules');
for (const testCase of CASES) {
  compact(testCase.name, () => {
    const report = checkCompatibility(testCase.old, testCase.new, { layout: 'compact' });
    assert.equal(report.changes.map((change): Found => [change.direction, change.rule, change.path]).sort(), [...testCase.changes].sort());
    assert.is(report.backward, testCase.backward, 'backward');
    assert.is(report.forward, testCase.forward, 'forward');
  });
}
compact('the map layout does not apply the positional rules', () => {
  const report = checkCompatibility(closed({ a: STRING, b: STRING }), closed({ b: STRING, a: STRING }), { layout: 'map' });
  assert.equal(report, { backward: true, forward: true, changes: [] });
});
compact.run();
