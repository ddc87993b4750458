import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { CLI } from './run-cli.js';

// `binschema compile --watch` run as users run it: a process that stays up while files change.
// Every step waits for the output line it expects (a loaded machine may take seconds to start
// Node, load the compiler and see a file event), never for a fixed time.

const watchSuite = suite('binschema compile --watch');

/** Generous: a 2-core machine under load can take several seconds per step. */
const STEP_TIMEOUT_MS = 60_000;

/** The child's stdout and stderr as lines, and a way to wait until some of them have appeared. */
function outputOf(child: ChildProcess): { waitFor: (pattern: RegExp, count: number) => Promise<void>; text: () => string } {
  let text = '';
  const changed = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    text += chunk.toString('utf8');
    for (const check of changed) check();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  child.on('exit', () => {
    for (const check of changed) check();
  });
  const matches = (pattern: RegExp): number => text.split('\n').filter((line) => pattern.test(line)).length;
  const waitFor = (pattern: RegExp, count: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const fail = (why: string): void => {
        changed.delete(check);
        clearTimeout(timer);
        reject(new Error(`${why} waiting for ${count} line(s) matching ${pattern}; output so far:\n${text}`));
      };
      const check = (): void => {
        if (matches(pattern) >= count) {
          changed.delete(check);
          clearTimeout(timer);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) fail(`exited (${child.exitCode ?? child.signalCode})`);
      };
      const timer = setTimeout(() => fail(`timed out after ${STEP_TIMEOUT_MS} ms`), STEP_TIMEOUT_MS);
      changed.add(check);
      check();
    });
  return { waitFor, text: () => text };
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

watchSuite('recompiles when the schema or a file it references changes, survives a schema error keeping the old output and an out folder it cannot write, and stops on SIGINT with exit code 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'binschema-watch-'));
  mkdirSync(join(dir, 'common'));
  const schema = join(dir, 'order.schema.json');
  const money = join(dir, 'common', 'money.json');
  const generated = join(dir, 'gen', 'order.cbor.ts');
  const order = (properties: object): string => json({ type: 'object', properties: { total: { $ref: 'common/money.json' }, ...properties } });
  writeFileSync(schema, order({}));
  writeFileSync(money, json({ type: 'object', properties: { amount: { type: 'integer' } } }));
  const child = spawn(process.execPath, [CLI, 'compile', 'order.schema.json', '--out', 'gen', '--watch'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const output = outputOf(child);
  const wrote = /^wrote gen[\\/]order\.cbor\.ts$/;
  try {
    await output.waitFor(/^watching 2 schema file\(s\)/, 1);
    assert.is(output.text().split('\n').filter((line) => wrote.test(line)).length, 1);

    // The schema, written in place.
    writeFileSync(schema, order({ note: { type: 'string' } }));
    await output.waitFor(wrote, 2);
    assert.match(readFileSync(generated, 'utf8'), /\bnote\b/);

    // The file its $ref loads, in another folder, saved as editors do: a new file renamed over it.
    writeFileSync(`${money}.tmp`, json({ type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } } }));
    renameSync(`${money}.tmp`, money);
    await output.waitFor(wrote, 3);
    const beforeError = readFileSync(generated, 'utf8');
    assert.match(beforeError, /\bcurrency\b/);

    // A schema error: printed with its pointer; the process goes on and the old output stays.
    writeFileSync(schema, json({ type: 'object', properties: { total: { type: 'objekt' } } }));
    await output.waitFor(/^schema error: .* at #\/properties\/total\/type \(/, 1);
    assert.is(child.exitCode, null);
    assert.is(readFileSync(generated, 'utf8'), beforeError);

    // Fixed: compiled again.
    writeFileSync(schema, order({ paid: { type: 'boolean' } }));
    await output.waitFor(wrote, 4);
    assert.match(readFileSync(generated, 'utf8'), /\bpaid\b/);

    // An out folder it cannot write (a file in its place): an error line, and the process goes on.
    rmSync(join(dir, 'gen'), { recursive: true });
    writeFileSync(join(dir, 'gen'), 'a file where the folder goes');
    writeFileSync(schema, order({ due: { type: 'string' } }));
    await output.waitFor(/^error: cannot write gen \(EEXIST\)$/, 1);
    assert.is(child.exitCode, null);
    rmSync(join(dir, 'gen'));
    writeFileSync(schema, order({ due: { type: 'string' }, id: { type: 'integer' } }));
    await output.waitFor(wrote, 5);
    assert.match(readFileSync(generated, 'utf8'), /\bdue\b/);

    child.kill('SIGINT');
    assert.equal(await exited, { code: 0, signal: null });
  } finally {
    child.kill('SIGKILL'); // only if a step failed: the process has exited otherwise
    rmSync(dir, { recursive: true, force: true });
  }
});

watchSuite.run();
