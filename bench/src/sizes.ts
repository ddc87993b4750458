/**
 * `pnpm --filter @binschema/bench run sizes [--only <name>]… [--shared <dir> | --no-shared] [--timeout <s>] [--out <base>]`
 * (`--render <report.json>` writes a report's Markdown again from its JSON):
 * the size report of issue 37 (after `pnpm build`). For every payload schema, vendored real schema
 * and, when present, schema of `../shared/realschemas`: our JS modules in each format and code
 * size, the speed compile's time, and ajv's standalone validation code for the same schema, with
 * the bars marked (`sizes-rows.ts`). Writes `bench/results/sizes.md` and `sizes.json`.
 * Every measurement runs in a child process of its own (`sizes-child.ts`), one after another.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version as esbuildVersion } from 'esbuild';
import type { Format } from '@binschema/compiler';
import { describeMachine } from './machine.js';
import type { AjvSizes } from './sizes-ajv.js';
import { sizesMarkdown, summaryLine, type SizeReport } from './sizes-markdown.js';
import type { FormatSizes } from './sizes-module.js';
import { FORMATS, summariseFormat, type SizeRow } from './sizes-rows.js';
import { listSizeSchemas, loadSizeSchema, SHARED_REALSCHEMAS, type SizeSchemaRef } from './sizes-schemas.js';
import { snapshotBuild } from './sizes-snapshot.js';

const USAGE = 'usage: sizes [--only <name>]… [--shared <dir> | --no-shared] [--timeout <seconds>] [--out <base>] | sizes --render <report.json> [--out <base>]';
const require = createRequire(import.meta.url);

interface Options {
  only: string[];
  /** The shared folder of real schemas; undefined with `--no-shared`. */
  shared: string | undefined;
  timeoutSeconds: number;
  /** Output path without extension. */
  out: string;
  /** `--render`: a report's JSON, written again as Markdown without measuring anything. */
  render?: string;
}

function parseArguments(argv: string[]): Options {
  const options: Options = { only: [], shared: SHARED_REALSCHEMAS, timeoutSeconds: 600, out: fileURLToPath(new URL('../results/sizes', import.meta.url)) };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--') continue;
    if (arg === '--no-shared') {
      options.shared = undefined;
      continue;
    }
    const value = argv[++index];
    if (value === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
    if (arg === '--only') options.only.push(value);
    else if (arg === '--shared') options.shared = resolve(value);
    else if (arg === '--timeout' && Number(value) > 0) options.timeoutSeconds = Number(value);
    else if (arg === '--out') options.out = resolve(value);
    else if (arg === '--render') options.render = resolve(value);
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}

/** Where the children run: the scratch folder for their results, the compiler snapshot they import. */
interface ChildContext {
  scratch: string;
  compilerEntry: string;
  timeoutSeconds: number;
}

/** One child's JSON result, or the reason it gave none (crash, timeout). */
function runChild(task: Format | 'ajv', ref: SizeSchemaRef, context: ChildContext): { result?: unknown; failure?: string } {
  const { scratch, compilerEntry, timeoutSeconds } = context;
  const out = join(scratch, `${ref.source}-${ref.name}-${task}.json`);
  const child = fileURLToPath(new URL('./sizes-child.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', child, task, JSON.stringify(ref), out, compilerEntry], { encoding: 'utf8', timeout: timeoutSeconds * 1000, maxBuffer: 64 * 1024 * 1024 });
  if (run.status === 0) return { result: JSON.parse(readFileSync(out, 'utf8')) };
  const timedOut = run.error?.message.includes('ETIMEDOUT') === true || run.signal === 'SIGTERM';
  return { failure: timedOut ? `timed out after ${timeoutSeconds} s` : `child process failed (${run.signal ?? `exit ${run.status}`}): ${lastLine(run.stderr)}` };
}

function lastLine(text: string | null): string {
  const lines = (text ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('at '));
  return (lines.find((line) => /Error/.test(line)) ?? lines[lines.length - 1] ?? '').slice(0, 300);
}

function measureRow(ref: SizeSchemaRef, schemaBytes: number, docs: number, context: ChildContext): SizeRow {
  const formats = {} as Record<Format, FormatSizes>;
  for (const format of FORMATS) {
    const { result, failure } = runChild(format, ref, context);
    formats[format] = (result as FormatSizes | undefined) ?? { errors: [failure!] };
  }
  const { result, failure } = runChild('ajv', ref, context);
  const ajv = (result as AjvSizes | undefined) ?? { docs, formatsChecked: [], formatsUnchecked: [], error: failure };
  return { source: ref.source, name: ref.name, draft: ref.draft, schemaBytes, ajv, formats };
}

/** `, with uncommitted changes in packages/compiler/` when `git status` lists any: the modules are its output, and the build may hold them. */
function uncommittedPackages(): string {
  try {
    const status = execFileSync('git', ['status', '--porcelain', '--', 'packages/compiler'], { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return status.trim() === '' ? '' : ', with uncommitted changes in packages/compiler/';
  } catch {
    return '';
  }
}

function packageVersion(name: string): string | undefined {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  if (options.render !== undefined) {
    writeFileSync(`${options.out}.md`, sizesMarkdown(JSON.parse(readFileSync(options.render, 'utf8')) as SizeReport));
    console.log(`wrote ${options.out}.md`);
    return;
  }
  const list = listSizeSchemas(options.shared, options.only);
  if (list.sharedMissing !== undefined) console.log(`../shared/realschemas not read: ${list.sharedMissing}`);
  const machine = describeMachine();
  const uncommitted = uncommittedPackages();
  const scratch = mkdtempSync(join(tmpdir(), 'binschema-sizes-'));
  const rows: SizeRow[] = [];
  let build: string;
  try {
    const snapshot = snapshotBuild(join(scratch, 'build'));
    build = snapshot.hash;
    console.log(`measuring the build ${build} (a copy of packages/compiler and packages/runtime dist at commit ${machine.commit}${uncommitted})`);
    const context: ChildContext = { scratch, compilerEntry: snapshot.compilerEntry, timeoutSeconds: options.timeoutSeconds };
    for (const [index, ref] of list.schemas.entries()) {
      const started = Date.now();
      const { schemaBytes, docs } = loadSizeSchema(ref);
      const row = measureRow(ref, schemaBytes, docs.length, context);
      rows.push(row);
      const speed = row.formats.cbor.speed;
      console.log(`${index + 1}/${list.schemas.length} ${ref.name}: CBOR speed ${speed?.bytes ?? '—'} B in ${speed === undefined ? '—' : Math.round(speed.ms)} ms, ajv ${row.ajv.bytes ?? row.ajv.skipped ?? row.ajv.error} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const report: SizeReport = {
    machine,
    build: `${build}${uncommitted}`,
    versions: { ajv: packageVersion('ajv')!, esbuild: esbuildVersion, ajvFormats: packageVersion('ajv-formats'), ajvDraft04: packageVersion('ajv-draft-04') },
    rows,
    sharedMissing: list.sharedMissing,
    sharedDuplicates: list.sharedDuplicates,
  };
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(`${options.out}.md`, sizesMarkdown(report));
  writeFileSync(`${options.out}.json`, `${JSON.stringify(report, null, 2)}\n`);
  for (const format of FORMATS) console.log(summaryLine(summariseFormat(rows, format)));
  console.log(`wrote ${options.out}.md and .json`);
}

await main();
