/**
 * Schema pairs for the map-layout evolution rules, one or two per rule, with the verdicts, changes
 * and witnesses worked out by hand from JSON Schema semantics: `oldOnly` is a value the old schema
 * accepts and the new rejects (the backward break), `newOnly` the other way round. Used by
 * compat-map.test.ts (the checker's report) and compat-round-trip.test.ts (real codecs).
 */
export type Found = [direction: string, rule: string, path: string];

export interface CompatCase {
  name: string;
  old: unknown;
  new: unknown;
  backward: boolean;
  forward: boolean;
  /** Every change expected, as [direction, rule, path]; compared as a set. */
  changes: Found[];
  /** Valid under the old schema only: present exactly when backward breaks (except a removed definition). */
  oldOnly?: unknown;
  /** Valid under the new schema only: present exactly when forward breaks. */
  newOnly?: unknown;
}

const object = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({ type: 'object', properties, required, ...extra });
const closed = (properties: Record<string, unknown>, required: string[] = []) => object(properties, required, { additionalProperties: false });
const STRING = { type: 'string' };

export const MAP_CASES: CompatCase[] = [
  // Types.
  { name: 'a type narrowed from string|number to string breaks backward', old: { type: ['string', 'number'] }, new: STRING, backward: false, forward: true, changes: [['backward', 'type-narrowed', '#']], oldOnly: 1 },
  { name: 'a type array reordered is compatible', old: { type: ['string', 'number'] }, new: { type: ['number', 'string'] }, backward: true, forward: true, changes: [] },
  { name: 'a string made nullable breaks forward', old: STRING, new: { type: ['string', 'null'] }, backward: true, forward: false, changes: [['forward', 'type-widened', '#']], newOnly: null },
  { name: 'integer widened to number breaks forward at its type', old: { type: 'integer' }, new: { type: 'number' }, backward: true, forward: false, changes: [['forward', 'type-widened', '#/type']], newOnly: 1.5 },
  { name: 'number narrowed to integer breaks backward at its type', old: { type: 'number' }, new: { type: 'integer' }, backward: false, forward: true, changes: [['backward', 'type-narrowed', '#/type']], oldOnly: 1.5 },
  { name: 'a property changed from string to number breaks both ways', old: object({ a: STRING }, ['a']), new: object({ a: { type: 'number' } }, ['a']), backward: false, forward: false, changes: [['both', 'type-changed', '#/properties/a']], oldOnly: { a: 'x' }, newOnly: { a: 1 } },
  { name: 'a title and description change is compatible', old: object({ a: STRING }), new: object({ a: { ...STRING, description: 'the a' } }, [], { title: 'Thing' }), backward: true, forward: true, changes: [] },
  { name: 'any narrowed to a string breaks backward', old: {}, new: STRING, backward: false, forward: true, changes: [['backward', 'type-narrowed', '#']], oldOnly: 1 },
  // Enums and consts.
  { name: 'an enum value removed breaks backward', old: { enum: ['a', 'b', 'c'] }, new: { enum: ['a', 'b'] }, backward: false, forward: true, changes: [['backward', 'enum-value-removed', '#']], oldOnly: 'c' },
  { name: 'an enum value added breaks forward', old: { enum: ['a', 'b'] }, new: { enum: ['a', 'b', 'c'] }, backward: true, forward: false, changes: [['forward', 'enum-value-added', '#']], newOnly: 'c' },
  { name: 'enum values reordered are compatible in the map layout', old: { enum: ['a', 'b'] }, new: { enum: ['b', 'a'] }, backward: true, forward: true, changes: [] },
  { name: 'a const changed breaks both ways', old: { const: 1 }, new: { const: 2 }, backward: false, forward: false, changes: [['both', 'const-changed', '#']], oldOnly: 1, newOnly: 2 },
  { name: 'a string narrowed to an enum breaks backward', old: STRING, new: { enum: ['a'] }, backward: false, forward: true, changes: [['backward', 'type-narrowed', '#']], oldOnly: 'b' },
  { name: 'an enum of a number and a string fits a number|string union', old: { enum: [1, 'a'] }, new: { type: ['number', 'string'] }, backward: true, forward: false, changes: [['forward', 'type-widened', '#']], newOnly: 2 },
  { name: 'a boolean written as enum [true, false] is compatible', old: { type: 'boolean' }, new: { enum: [false, true] }, backward: true, forward: true, changes: [] },
  // Required properties.
  { name: 'a property made required breaks backward', old: object({ a: STRING, b: STRING }, ['a']), new: object({ a: STRING, b: STRING }, ['a', 'b']), backward: false, forward: true, changes: [['backward', 'required-added', '#/properties/b']], oldOnly: { a: 'x' } },
  { name: 'a property no longer required breaks forward', old: object({ a: STRING, b: STRING }, ['a', 'b']), new: object({ a: STRING, b: STRING }, ['a']), backward: true, forward: false, changes: [['forward', 'required-removed', '#/properties/b']], newOnly: { a: 'x' } },
  // Declared properties.
  { name: 'a property removed under additionalProperties:false breaks backward', old: closed({ a: STRING, b: STRING }), new: closed({ a: STRING }), backward: false, forward: true, changes: [['backward', 'property-removed', '#/properties/b']], oldOnly: { b: 'x' } },
  { name: 'a property removed from an open object stays readable backward, and new values may put anything there', old: object({ a: STRING, b: {} }), new: object({ a: STRING }), backward: true, forward: true, changes: [] },
  { name: 'a property added where the old schema was closed breaks forward', old: closed({ a: STRING }), new: closed({ a: STRING, b: STRING }), backward: true, forward: false, changes: [['forward', 'property-added', '#/properties/b']], newOnly: { b: 'x' } },
  {
    name: 'a property added where the old schema allowed any value for it breaks backward',
    old: object({ a: STRING }), new: object({ a: STRING, b: STRING }), backward: false, forward: true, changes: [['backward', 'property-added', '#/properties/b']], oldOnly: { b: 1 },
  },
  {
    name: 'an optional property added with the type old additionalProperties gave it is compatible',
    old: object({ a: STRING }, [], { additionalProperties: STRING }), new: object({ a: STRING, b: STRING }, [], { additionalProperties: STRING }), backward: true, forward: true, changes: [],
  },
  // additionalProperties.
  { name: 'additionalProperties false to true breaks forward', old: closed({ a: STRING }), new: object({ a: STRING }, [], { additionalProperties: true }), backward: true, forward: false, changes: [['forward', 'additional-properties-widened', '#/additionalProperties']], newOnly: { z: 1 } },
  { name: 'additionalProperties true to false breaks backward', old: object({ a: STRING }), new: closed({ a: STRING }), backward: false, forward: true, changes: [['backward', 'additional-properties-narrowed', '#/additionalProperties']], oldOnly: { z: 1 } },
  { name: 'additionalProperties changed from string to number breaks both ways', old: object({}, [], { additionalProperties: STRING }), new: object({}, [], { additionalProperties: { type: 'number' } }), backward: false, forward: false, changes: [['both', 'additional-properties-changed', '#/additionalProperties']], oldOnly: { z: 'x' }, newOnly: { z: 1 } },
  // Constraints.
  { name: 'a maximum tightened breaks backward', old: { type: 'number', maximum: 10 }, new: { type: 'number', maximum: 5 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/maximum']], oldOnly: 7 },
  { name: 'a maximum loosened breaks forward', old: { type: 'number', maximum: 5 }, new: { type: 'number', maximum: 10 }, backward: true, forward: false, changes: [['forward', 'constraint-loosened', '#/maximum']], newOnly: 7 },
  { name: 'a minimum added breaks backward', old: { type: 'number' }, new: { type: 'number', minimum: 0 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/minimum']], oldOnly: -1 },
  { name: 'an inclusive maximum made exclusive at the same value breaks backward', old: { type: 'number', maximum: 5 }, new: { type: 'number', exclusiveMaximum: 5 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/exclusiveMaximum']], oldOnly: 5 },
  { name: 'an exclusive maximum 5 made an inclusive maximum 4 breaks backward (4.5 fits only the old)', old: { type: 'number', exclusiveMaximum: 5 }, new: { type: 'number', maximum: 4 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/maximum']], oldOnly: 4.5 },
  { name: 'multipleOf 2 tightened to 4 breaks backward', old: { type: 'integer', multipleOf: 2 }, new: { type: 'integer', multipleOf: 4 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/multipleOf']], oldOnly: 2 },
  { name: 'multipleOf 4 loosened to 2 breaks forward', old: { type: 'integer', multipleOf: 4 }, new: { type: 'integer', multipleOf: 2 }, backward: true, forward: false, changes: [['forward', 'constraint-loosened', '#/multipleOf']], newOnly: 2 },
  { name: 'a maxLength tightened breaks backward', old: { type: 'string', maxLength: 10 }, new: { type: 'string', maxLength: 3 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/maxLength']], oldOnly: 'abcd' },
  { name: 'a minLength loosened breaks forward', old: { type: 'string', minLength: 2 }, new: { type: 'string', minLength: 1 }, backward: true, forward: false, changes: [['forward', 'constraint-loosened', '#/minLength']], newOnly: 'a' },
  { name: 'a pattern added breaks backward', old: STRING, new: { type: 'string', pattern: '^a' }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/pattern']], oldOnly: 'b' },
  { name: 'a pattern changed cannot be proven either way', old: { type: 'string', pattern: '^a' }, new: { type: 'string', pattern: '^b' }, backward: false, forward: false, changes: [['both', 'cannot-prove', '#/pattern']], oldOnly: 'a', newOnly: 'b' },
  { name: 'maxItems tightened breaks backward', old: { type: 'array', maxItems: 3 }, new: { type: 'array', maxItems: 2 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/maxItems']], oldOnly: [1, 2, 3] },
  { name: 'uniqueItems added breaks backward', old: { type: 'array' }, new: { type: 'array', uniqueItems: true }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/uniqueItems']], oldOnly: [1, 1] },
  { name: 'maxProperties added breaks backward', old: { type: 'object' }, new: { type: 'object', maxProperties: 3 }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/maxProperties']], oldOnly: { a: 1, b: 2, c: 3, d: 4 } },
  // Unions.
  { name: 'an anyOf variant removed breaks backward', old: { anyOf: [STRING, { type: 'array' }, { type: 'boolean' }] }, new: { anyOf: [STRING, { type: 'array' }] }, backward: false, forward: true, changes: [['backward', 'union-variant-removed', '#']], oldOnly: true },
  { name: 'an anyOf variant added breaks forward', old: { anyOf: [STRING, { type: 'array' }] }, new: { anyOf: [STRING, { type: 'array' }, { type: 'boolean' }] }, backward: true, forward: false, changes: [['forward', 'union-variant-added', '#/anyOf/2']], newOnly: true },
  {
    name: 'a variant narrowed inside a union is reported at the variant',
    old: { anyOf: [STRING, { type: 'number', maximum: 10 }] }, new: { anyOf: [STRING, { type: 'number', maximum: 5 }] }, backward: false, forward: true, changes: [['backward', 'constraint-tightened', '#/anyOf/1/maximum']], oldOnly: 7,
  },
  // Arrays.
  { name: 'array items changed from string to number break both ways', old: { type: 'array', items: STRING }, new: { type: 'array', items: { type: 'number' } }, backward: false, forward: false, changes: [['both', 'type-changed', '#/items']], oldOnly: ['x'], newOnly: [1] },
  {
    name: 'a closed tuple that grows breaks forward at the new item',
    old: { type: 'array', prefixItems: [STRING], items: false }, new: { type: 'array', prefixItems: [STRING, { type: 'number' }], items: false }, backward: true, forward: false, changes: [['forward', 'array-items-widened', '#/prefixItems/1']], newOnly: ['x', 1],
  },
  // References and definitions.
  {
    name: 'a change inside a recursive definition is found once, at the definition',
    old: { $defs: { Node: object({ value: STRING, next: { $ref: '#/$defs/Node' } }) }, $ref: '#/$defs/Node' },
    new: { $defs: { Node: object({ value: { type: 'number' }, next: { $ref: '#/$defs/Node' } }) }, $ref: '#/$defs/Node' },
    backward: false, forward: false, changes: [['both', 'type-changed', '#/$defs/Node/properties/value']], oldOnly: { value: 'x' }, newOnly: { value: 1 },
  },
  { name: 'an unchanged recursive definition is compatible', old: { $defs: { Node: object({ next: { $ref: '#/$defs/Node' } }) }, $ref: '#/$defs/Node' }, new: { $defs: { Node: object({ next: { $ref: '#/$defs/Node' } }) }, $ref: '#/$defs/Node' }, backward: true, forward: true, changes: [] },
  { name: 'an exported definition removed breaks backward', old: { $defs: { Point: STRING }, type: 'number' }, new: { type: 'number' }, backward: false, forward: true, changes: [['backward', 'definition-removed', '#/$defs/Point']] },
  // What the checker cannot prove.
  { name: 'a `not` excluding more values breaks backward only', old: { type: 'string', not: { const: 'x' } }, new: { type: 'string', not: { enum: ['x', 'y'] } }, backward: false, forward: true, changes: [['backward', 'cannot-prove', '#']], oldOnly: 'y' },
  { name: 'a `not` added cannot be proven backward', old: STRING, new: { type: 'string', not: { const: 'x' } }, backward: false, forward: true, changes: [['backward', 'cannot-prove', '#']], oldOnly: 'x' },
];

