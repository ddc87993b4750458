import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './run-cli.js';
import { CompatExit, runCompat } from '../src/commands/compat.js';

const compat = suite('binschema compat');

const v1 = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'], additionalProperties: false };
/** v1 plus an optional `tags`: old readers refuse the new key (forward break), new readers read old values. */
const v2 = { ...v1, properties: { ...v1.properties, tags: { type: 'array', items: { type: 'string' } } } };
/** v1 with `name` moved before `id`: the same values, other compact positions. */
const reordered = { ...v1, properties: { name: { type: 'string' }, id: { type: 'integer' } } };

function files(): { dir: string; path: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-compat-'));
  const write = (name: string, schema: unknown) => writeFileSync(join(dir, name), JSON.stringify(schema));
  write('v1.schema.json', v1);
  write('v2.schema.json', v2);
  write('reordered.schema.json', reordered);
  writeFileSync(join(dir, 'broken.schema.json'), '{ not json');
  return { dir, path: (name) => join(dir, name) };
}

compat('exits 0 for the same schema twice', () => {
  const { dir, path } = files();
  const run = runCli(['compat', path('v1.schema.json'), path('v1.schema.json')]);
  assert.is(run.status, 0);
  assert.match(run.stdout.toString(), /backward \(new readers, old bytes\): compatible/);
  rmSync(dir, { recursive: true });
});

compat('exits 1 and names the change, its direction and path for a breaking change', () => {
  const { dir, path } = files();
  const run = runCli(['compat', path('v1.schema.json'), path('v2.schema.json')]);
  assert.is(run.status, 1);
  const text = run.stdout.toString();
  assert.match(text, /forward {2}\(old readers, new bytes\): BREAKING/);
  assert.match(text, /forward +property-added +#\/properties\/tags/);
  rmSync(dir, { recursive: true });
});

compat('--layout compact adds the positional rules: a reordering breaks only there', () => {
  const { dir, path } = files();
  assert.is(runCli(['compat', path('v1.schema.json'), path('reordered.schema.json')]).status, 0);
  const run = runCli(['compat', path('v1.schema.json'), path('reordered.schema.json'), '--layout', 'compact', '--json']);
  assert.is(run.status, 1);
  const report = JSON.parse(run.stdout.toString()) as { backward: boolean; forward: boolean; changes: { direction: string; rule: string; path: string }[] };
  assert.is(report.backward, false);
  assert.is(report.forward, false);
  assert.ok(report.changes.some((change) => change.direction === 'both' && change.rule === 'position-changed' && change.path === '#/properties/id'));
  rmSync(dir, { recursive: true });
});

compat('exits 2 for a schema that is not JSON, a missing file, an unknown layout or a missing argument', () => {
  const { dir, path } = files();
  assert.is(runCli(['compat', path('v1.schema.json'), path('broken.schema.json')]).status, 2);
  assert.is(runCli(['compat', path('v1.schema.json'), path('missing.schema.json')]).status, 2);
  assert.is(runCli(['compat', path('v1.schema.json'), path('v2.schema.json'), '--layout', 'columns']).status, 2);
  assert.is(runCli(['compat', path('v1.schema.json')]).status, 2);
  rmSync(dir, { recursive: true });
});

compat('runCompat prints the schema error and returns the error code', () => {
  const { dir, path } = files();
  const lines: string[] = [];
  assert.is(runCompat(path('v1.schema.json'), path('broken.schema.json'), { layout: 'map' }, (line) => lines.push(line)), CompatExit.Error);
  assert.match(lines.join('\n'), /^schema error: /);
  rmSync(dir, { recursive: true });
});

compat.run();
