/**
 * `pnpm realschemas [folder]`: every real schema (SchemaStore schemas with their valid documents)
 * of the vendored `test-data/realschemas/`, or of the folder given, through binschema, one child
 * process per schema with a timeout, and the report `bench/results/realschemas.md`: compile time,
 * ahead-of-time module size against the schema's own size, encoded size against JSON, documents
 * round-tripped, cbor-x agreement, failures.
 * Options: `--only <name>` (repeatable), `--timeout <seconds>` (default 900), `--out <file>`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDataPath } from '../../test-data/index.js';
import type { RealSchemaResult } from './realschemas-check.js';
import { listRealSchemas, type RealSchemaEntry } from './realschemas-load.js';
import { formatsOf, realSchemasMarkdown, type RealSchemaRun } from './realschemas-markdown.js';

interface Options {
  /** The folder of schemas (default: the vendored `test-data/realschemas/`). */
  dir: string;
  only: string[];
  timeoutSeconds: number;
  out: string;
}

function parseArguments(argv: string[]): Options {
  const options: Options = { dir: testDataPath('realschemas/'), only: [], timeoutSeconds: 900, out: fileURLToPath(new URL('../results/realschemas.md', import.meta.url)) };
  for (let index = 0; index < argv.length; index++) {
    const value = argv[index + 1];
    if (argv[index] === '--') continue;
    if (!argv[index].startsWith('--')) {
      options.dir = resolve(argv[index]);
      continue;
    }
    if (argv[index] === '--only' && value !== undefined) options.only.push(value);
    else if (argv[index] === '--timeout' && Number(value) > 0) options.timeoutSeconds = Number(value);
    else if (argv[index] === '--out' && value !== undefined) options.out = value;
    else throw new Error(`usage: realschemas [folder] [--only <name>]… [--timeout <seconds>] [--out <file>] (at ${argv[index]})`);
    index++;
  }
  return options;
}

/** Checks one schema in a child process; a crash or timeout becomes the run's failure. */
function runChild(dir: string, entry: RealSchemaEntry, timeoutSeconds: number, scratch: string): RealSchemaRun {
  const { name, draft } = entry;
  const docs = entry.docs.length;
  const out = join(scratch, `${name}.json`);
  const child = fileURLToPath(new URL('./realschemas-child.ts', import.meta.url));
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', child, dir, name, out], { encoding: 'utf8', timeout: timeoutSeconds * 1000, maxBuffer: 64 * 1024 * 1024 });
  const seconds = (Date.now() - started) / 1000;
  if (run.status === 0) return { name, draft, docs, seconds, result: JSON.parse(readFileSync(out, 'utf8')) as RealSchemaResult };
  const why = run.error?.message.includes('ETIMEDOUT') || run.signal === 'SIGTERM'
    ? `timed out after ${timeoutSeconds} s`
    : `child process failed (${run.signal ?? `exit ${run.status}`}): ${lastLine(run.stderr)}`;
  return { name, draft, docs, seconds, crash: why };
}

function lastLine(text: string | null): string {
  const lines = (text ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('at '));
  return (lines.find((line) => /Error/.test(line)) ?? lines[lines.length - 1] ?? '').slice(0, 300);
}

function main(): void {
  const options = parseArguments(process.argv.slice(2));
  const dir = options.dir;
  console.log(`real schemas of ${dir}`);
  const entries = listRealSchemas(dir).filter((entry) => options.only.length === 0 || options.only.includes(entry.name));
  const scratch = mkdtempSync(join(tmpdir(), 'binschema-realschemas-'));
  const runs: RealSchemaRun[] = [];
  try {
    for (const [index, entry] of entries.entries()) {
      const run = runChild(dir, entry, options.timeoutSeconds, scratch);
      runs.push(run);
      const status = run.result === undefined ? run.crash : roundTrips(run.result);
      console.log(`${index + 1}/${entries.length} ${entry.name}: ${status} (${run.seconds.toFixed(1)} s)`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, realSchemasMarkdown(runs, entries.length, sourceName(dir)));
  console.log(`wrote ${options.out}`);
}

main();

/** The folder as the report names it: relative to the repository when inside it, else its last two parts. */
function sourceName(dir: string): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const inside = relative(root, dir);
  return `${inside.startsWith('..') ? dir.split(/[\\/]/).filter(Boolean).slice(-2).join('/') : inside}/`;
}

/** `4+4+4 of 12 round-trips`: documents round-tripped per format, of all. */
function roundTrips(result: RealSchemaResult): string {
  const formats = formatsOf(result);
  return `${formats.map((format) => format.roundTripped).join('+')} of ${formats.length * result.docs} round-trips`;
}
