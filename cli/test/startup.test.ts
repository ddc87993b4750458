import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli, bytes } from './run-cli.js';

// Under these hooks any import of the compiler (or TypeScript) throws: a command that succeeds
// under them never loaded it.
const blockCompiler = ['--import', new URL('./fixtures/register-block.mjs', import.meta.url).href];

const startup = suite('binschema start-up');
const dir = mkdtempSync(join(tmpdir(), 'binschema-startup-'));

startup('prints --version without loading the compiler', () => {
  const run = runCli(['--version'], undefined, blockCompiler);
  assert.is(run.status, 0, run.stderr);
  assert.match(run.stdout.toString(), /^\d+\.\d+\.\d+\n$/);
});

startup('runs inspect and convert without a schema without loading the compiler', () => {
  assert.is(runCli(['inspect', '-', '--diag'], bytes('83010203'), blockCompiler).stdout.toString(), '[1, 2, 3]\n');
  assert.is(runCli(['convert', '-', '--to', 'json', '-q'], bytes('83010203'), blockCompiler).stdout.toString(), '[1,2,3]\n');
});

startup('the hooks do block the compiler: compile fails under them', () => {
  const schema = join(dir, 'p.schema.json');
  writeFileSync(schema, '{"type": "integer"}');
  const run = runCli(['compile', schema, '--out', join(dir, 'out')], undefined, blockCompiler);
  assert.not.equal(run.status, 0);
  assert.match(run.stderr, /blocked import of @binschema\/compiler/);
});

startup.after(() => rmSync(dir, { recursive: true }));
startup.run();
