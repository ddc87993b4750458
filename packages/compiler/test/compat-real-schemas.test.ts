/**
 * The checker on real schemas (test-data/payloads and test-data/realschemas). JSON Schema does
 * not care about the order of `properties`, `oneOf`/`anyOf` variants or `enum` values, so a copy
 * with all of them reversed must be compatible both ways in the map layout (no false alarm, no
 * `cannot-prove` on an unchanged meaning); one real change made by hand must be found.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testDataPath } from '../../../test-data/index.js';
import { checkCompatibility } from '../src/index.js';

/** Schemas whose `$ref`s reach documents not carried in test-data (they need extra schemas). */
const NEEDS_OTHER_DOCUMENTS = new Set(['compilerconfig', 'pre-commit-config']);

function schemas(): { name: string; schema: unknown }[] {
  const found: { name: string; schema: unknown }[] = [];
  const payloads = testDataPath('payloads/');
  for (const file of readdirSync(payloads).filter((name) => name.endsWith('.schema.json')).sort()) {
    found.push({ name: `payloads/${file}`, schema: JSON.parse(readFileSync(join(payloads, file), 'utf8')) });
  }
  const real = testDataPath('realschemas/');
  for (const name of readdirSync(real).sort()) {
    const file = join(real, name, 'schema.json');
    if (NEEDS_OTHER_DOCUMENTS.has(name) || !existsSync(file)) continue;
    found.push({ name: `realschemas/${name}`, schema: JSON.parse(readFileSync(file, 'utf8')) });
  }
  return found;
}

/** The schema with every `properties` object, `oneOf`/`anyOf` list and `enum` list in reverse order. */
function reversed(value: unknown, keyword?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => reversed(item));
    return keyword === 'oneOf' || keyword === 'anyOf' || keyword === 'enum' ? items.reverse() : items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const copy: Record<string, unknown> = {};
  for (const key of keyword === 'properties' ? keys.reverse() : keys) copy[key] = reversed((value as Record<string, unknown>)[key], key);
  return copy;
}

const real = suite('compat: real schemas');
const all = schemas();
real('finds the payload and real-world schemas', () => {
  assert.ok(all.length >= 20, `${all.length} schemas`);
});
for (const { name, schema } of all) {
  real(`${name}: reordered properties, variants and enum values are compatible in the map layout`, () => {
    const report = checkCompatibility(schema, reversed(schema));
    assert.equal(report.changes, []);
    assert.ok(report.backward && report.forward);
  });
}
real('payloads/very-large-object: a new required root property is found as required-added', () => {
  const schema = JSON.parse(readFileSync(testDataPath('payloads/very-large-object.schema.json'), 'utf8')) as Record<string, unknown>;
  const changed = structuredClone(schema) as { properties: Record<string, unknown>; required?: string[] };
  changed.properties.addedForTheTest = { type: 'string' };
  changed.required = [...(changed.required ?? []), 'addedForTheTest'];
  const report = checkCompatibility(schema, changed);
  assert.is(report.backward, false);
  assert.ok(report.changes.some((change) => change.rule === 'required-added' && change.path === '#/properties/addedForTheTest'));
});
real.run();
