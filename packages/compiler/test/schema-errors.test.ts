/** Refusals: every failure is a `SchemaError` with a stable code and the `#/…` path of the cause. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isSchemaError } from '../src/errors.js';
import { buildIr, buildIrFromFile } from '../src/ir/index.js';
import { assertRefused, lower, schemaErrorOf } from './ir-helpers.js';

const unsupported = suite('schema errors: unsupported keywords');
const UNSUPPORTED: [string, unknown][] = [
  ['dependencies', { a: ['b'] }],
  ['unevaluatedProperties', false],
  ['unevaluatedItems', false],
  ['$dynamicRef', '#node'],
  ['$dynamicAnchor', 'node'],
  ['$recursiveRef', '#'],
  ['$recursiveAnchor', true],
];
for (const [keyword, value] of UNSUPPORTED) {
  unsupported(`refuses ${keyword} with unsupported-keyword at its path`, () => {
    // $dynamic* and $recursive* (dynamic-ref.test.ts) and unevaluated* (unevaluated.test.ts) are
    // compiled in the drafts that define them (2020-12, 2019-09) and refused in the drafts before.
    const later = keyword.startsWith('$dynamic') || keyword.startsWith('$recursive') || keyword.startsWith('unevaluated');
    const $schema = later ? 'http://json-schema.org/draft-07/schema#' : 'https://json-schema.org/draft/2020-12/schema';
    const schema = { $schema, type: 'object', properties: { field: { [keyword]: value } } };
    assertRefused(() => lower(schema), 'unsupported-keyword', `#/properties/field/${keyword}`);
  });
}
unsupported('refuses an unsupported keyword in an unused $defs entry too (every entry is exported)', () => {
  assertRefused(() => lower({ $defs: { unused: { dependencies: { a: ['b'] } } }, type: 'string' }), 'unsupported-keyword', '#/$defs/unused/dependencies');
});
unsupported('refuses unevaluatedProperties in draft-07 as well', () => {
  assertRefused(() => lower({ $schema: 'http://json-schema.org/draft-07/schema#', items: { unevaluatedProperties: false } }), 'unsupported-keyword', '#/items/unevaluatedProperties');
});
unsupported('refuses minContains in draft-07, which neither the draft nor ajv applies there', () => {
  assertRefused(() => lower({ $schema: 'http://json-schema.org/draft-07/schema#', items: { contains: {}, minContains: 2 } }), 'unsupported-keyword', '#/items/minContains');
});
unsupported('refuses a format it cannot assert when format assertion is on', () => {
  assertRefused(() => lower({ type: 'string', format: 'x-custom' }, { formatAssertion: true }), 'unsupported', '#/format');
});
unsupported.run();

const invalid = suite('schema errors: invalid schemas');
const INVALID: [string, unknown, string][] = [
  ['a misspelt type', { type: 'strnig' }, '#/type'],
  ['a string minimum', { minimum: 'x' }, '#/minimum'],
  ['a nested bad keyword', { type: 'object', properties: { a: { type: 'array', items: { maxLength: -1 } } } }, '#/properties/a/items/maxLength'],
  ['a number as a schema', { properties: { a: 5 } }, '#/properties/a'],
  ['required that is not an array', { required: 'a' }, '#/required'],
  ['a non-string $ref', { $ref: 5 }, '#/$ref'],
  ['a non-string $schema', { $schema: 7 }, '#/$schema'],
];
for (const [name, schema, path] of INVALID) invalid(`refuses ${name} with invalid-schema at ${path}`, () => {
  assertRefused(() => lower(schema), 'invalid-schema', path);
});
invalid('refuses an unknown $schema with unknown-dialect', () => {
  assertRefused(() => lower({ $schema: 'https://example.com/my-dialect', type: 'string' }), 'unknown-dialect', '#/$schema');
});
invalid('refuses a pattern that is not an ECMA-262 u-flag regex', () => {
  assertRefused(() => lower({ type: 'string', pattern: '(' }), 'invalid-pattern', '#/pattern');
  // Valid without the u flag, invalid with it (an identity escape of a letter).
  assertRefused(() => lower({ properties: { a: { pattern: '\\a' } } }), 'invalid-pattern', '#/properties/a/pattern');
  assertRefused(() => lower({ patternProperties: { '[': true } }), 'invalid-pattern', '#/patternProperties/[');
});
invalid('refuses a file that is not JSON, naming the file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'binschema-'));
  writeFileSync(join(folder, 'broken.schema.json'), '{"type": ');
  const error = assertRefused(() => buildIrFromFile(join(folder, 'broken.schema.json')), 'invalid-schema', '#');
  assert.is(error.source, join(folder, 'broken.schema.json'));
  assertRefused(() => buildIrFromFile(join(folder, 'absent.schema.json')), 'invalid-schema', '#');
});
invalid('does not quote the content of a referenced file that is not JSON', () => {
  const folder = mkdtempSync(join(tmpdir(), 'binschema-'));
  writeFileSync(join(folder, 'secret.txt'), 'password=hunter2');
  writeFileSync(join(folder, 'main.json'), '{"$ref": "secret.txt"}');
  const error = assertRefused(() => buildIrFromFile(join(folder, 'main.json')), 'invalid-schema', '#');
  assert.not.ok(error.message.includes('hunter2'), error.message);
});
invalid('refuses a $ref to a directory or a device instead of reading it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'binschema-'));
  mkdirSync(join(folder, 'sub.json'));
  assertRefused(() => buildIr({ schema: { $ref: 'sub.json' }, baseUri: pathToFileURL(join(folder, 'main.json')).href }), 'unresolved-ref', '#/$ref');
  // Reading /dev/zero would never end; it must be refused at once.
  if (existsSync('/dev/zero')) assertRefused(() => lower({ $ref: 'file:///dev/zero' }), 'unresolved-ref', '#/$ref');
});
invalid('refuses options of the wrong type', () => {
  assertRefused(() => buildIr({ schema: {} }, { formatAssertion: 'yes' as unknown as boolean }), 'invalid-option', '#');
  assertRefused(() => buildIr({ schema: {} }, { extraSchemas: {} as unknown as unknown[] }), 'invalid-option', '#');
});
invalid('refuses a relative baseUri', () => {
  assertRefused(() => buildIr({ schema: {}, baseUri: 'schemas/x.json' }), 'invalid-option', '#');
});
invalid.run();

const refs = suite('schema errors: unresolved refs');
const UNRESOLVED: [string, unknown, string][] = [
  ['a missing $defs entry', { properties: { a: { $ref: '#/$defs/nope' } } }, '#/properties/a/$ref'],
  ['a missing anchor', { items: { $ref: '#nope' } }, '#/items/$ref'],
  ['a pointer past a leaf', { $defs: { a: { type: 'string' } }, $ref: '#/$defs/a/type/x' }, '#/$ref'],
  ['a pointer to a non-schema value', { $defs: { a: { type: 'string' } }, $ref: '#/$defs/a/type' }, '#/$ref'],
  ['an array index out of range', { prefixItems: [true], items: { $ref: '#/prefixItems/1' } }, '#/items/$ref'],
  ['a leading-zero array index', { prefixItems: [true, true], items: { $ref: '#/prefixItems/01' } }, '#/items/$ref'],
  ['bad percent-encoding', { $ref: '#/$defs/%E0%A4%A' }, '#/$ref'],
  ['an unregistered URL', { $ref: 'https://example.com/schema.json' }, '#/$ref'],
];
for (const [name, schema, path] of UNRESOLVED) refs(`refuses ${name} with unresolved-ref`, () => {
  assertRefused(() => lower(schema), 'unresolved-ref', path);
});
refs.run();

const limits = suite('schema errors: limits');
limits('refuses a schema nested deeper than the limit without overflowing the stack', () => {
  let schema: unknown = { type: 'integer' };
  for (let level = 0; level < 100_000; level++) schema = { type: 'array', items: schema };
  assertRefused(() => lower(schema), 'too-deep', '#');
});
limits('refuses a cyclic JavaScript object as too deep', () => {
  const schema: Record<string, unknown> = { type: 'object' };
  schema.properties = { self: schema };
  assertRefused(() => lower(schema), 'too-deep', '#');
});
limits('lowers a schema nested 150 levels deep', () => {
  let schema: unknown = { type: 'integer' };
  for (let level = 0; level < 150; level++) schema = { type: 'array', items: schema };
  let node = lower(schema).root as { kind: string; items?: unknown };
  let depth = 0;
  while (node.kind === 'array') [node, depth] = [node.items as typeof node, depth + 1];
  assert.is(depth, 150);
});
limits('refuses a union blow-up past the node limit', () => {
  // Each allOf entry is a 4-way union; merging 12 of them distributes into 4^12 variants.
  const four = { anyOf: [{ type: 'object', required: ['a'] }, { type: 'object', required: ['b'] }, { type: 'object', required: ['c'] }, { type: 'object', required: ['d'] }] };
  const error = schemaErrorOf(() => lower({ allOf: Array.from({ length: 12 }, () => four) }));
  assert.is(error.code, 'too-large');
});
limits('refuses to run a pattern on a declared property name longer than 256 characters', () => {
  const name = 'a'.repeat(300);
  assertRefused(() => lower({ type: 'object', properties: { [name]: true }, patternProperties: { '^(a+)+$': true } }), 'unsupported', '#');
});
limits('gives the message shape schema error: <what> at <path> (<source>)', () => {
  const error = schemaErrorOf(() => lower({ type: 'strnig' }, undefined, { source: 'thing.schema.json' }));
  assert.ok(isSchemaError(error));
  assert.is(error.name, 'SchemaError');
  assert.is(error.source, 'thing.schema.json');
  assert.ok(error.message.startsWith('schema error: '));
  assert.ok(error.message.endsWith(' at #/type (thing.schema.json)'));
});
limits.run();
