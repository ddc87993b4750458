// The refactoring check of the emitter (packages/compiler/README.md, "Moving code in emit/"):
// compiles every schema the repository carries (test-data/payloads, examples/schemas, the real
// schemas of test-data/realschemas with their refs, the compiler's feature, compact-layout and
// code-size test schemas) in every format, code size and layout, plus deterministic CBOR,
// DAG-CBOR and MessagePack `largeIntegers: 'float64'` and the in-process (`'function'`) body for
// the test schemas, and writes one sha256 of the generated text per (schema, options); a
// combination the compiler refuses is recorded with its error code and message instead.
// Compiled from packages/compiler/src (no build needed). Usage:
//   node --import tsx scripts/emit-snapshot.ts --write <file>     take the snapshot
//   node --import tsx scripts/emit-snapshot.ts --compare <file>   exit 1 on any difference
// Not a committed hash file: every legitimate change of the output would have to regenerate it.
// Take the snapshot before a move, compare after it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIr, compileSchema, type CompileOptions } from '../packages/compiler/src/index.js';
import { checkOptions, generateText } from '../packages/compiler/src/compile.js';
import { SchemaError } from '../packages/compiler/src/errors.js';
import * as compactSchemas from '../packages/compiler/test/support/compact-schemas.js';
import { CASES as CODE_SIZE_CASES } from '../packages/compiler/test/support/code-size-cases.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface SnapshotSchema {
  /** `payloads/numbers`, `real/bower`, … */
  name: string;
  schema: unknown;
  /** The real schemas' base URI and the documents their `$ref`s reach. */
  baseUri?: string;
  schemasByUri?: Record<string, unknown>;
  /** Test schemas: also the option variants of one format and the in-process body. */
  variants: boolean;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every `*.schema.json` of a folder, in name order. */
function schemaFiles(folder: string, prefix: string, variants: boolean): SnapshotSchema[] {
  return readdirSync(join(ROOT, folder))
    .filter((file) => file.endsWith('.schema.json'))
    .sort()
    .map((file) => ({ name: `${prefix}/${file.slice(0, -'.schema.json'.length)}`, schema: readJson(join(ROOT, folder, file)), variants }));
}

/** test-data/realschemas: each folder with an index.json (bench/src/realschemas-load.ts reads them the same way). */
function realSchemas(): SnapshotSchema[] {
  const dir = join(ROOT, 'test-data/realschemas');
  return readdirSync(dir, { withFileTypes: true })
    .filter((item) => item.isDirectory() && existsSync(join(dir, item.name, 'index.json')))
    .map((item) => item.name)
    .sort()
    .map((name) => {
      const entry = readJson(join(dir, name, 'index.json')) as { schemaId: string; refs: Record<string, string> };
      const schemasByUri: Record<string, unknown> = {};
      for (const [uri, file] of Object.entries(entry.refs)) schemasByUri[uri] = readJson(join(dir, name, file));
      return { name: `real/${name}`, schema: readJson(join(dir, name, 'schema.json')), baseUri: entry.schemaId, schemasByUri, variants: false };
    });
}

function allSchemas(): SnapshotSchema[] {
  return [
    ...schemaFiles('test-data/payloads', 'payloads', true),
    ...schemaFiles('examples/schemas', 'examples', true),
    ...schemaFiles('packages/compiler/test/fixtures/differential', 'features', true),
    ...Object.entries(compactSchemas).map(([name, schema]) => ({ name: `compact/${name}`, schema, variants: true })),
    ...CODE_SIZE_CASES.map((entry) => ({ name: `code-size/${entry.name}`, schema: entry.schema, variants: true })),
    ...realSchemas(),
  ];
}

type Options = Omit<CompileOptions, 'baseUri' | 'schemasByUri'>;

/** The option sets a schema is compiled with, by a readable key. */
function optionSets(variants: boolean): [string, Options][] {
  const sets: [string, Options][] = [];
  for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
    sets.push([`${format} speed map`, { format, codeSize: 'speed', layout: 'map' }]);
    sets.push([`${format} small map`, { format, codeSize: 'small', layout: 'map' }]);
    sets.push([`${format} speed compact`, { format, codeSize: 'speed', layout: 'compact' }]);
    sets.push([`${format} small compact`, { format, codeSize: 'small', layout: 'compact' }]);
  }
  if (!variants) return sets;
  for (const codeSize of ['speed', 'small'] as const) {
    sets.push([`cbor ${codeSize} deterministic`, { format: 'cbor', codeSize, deterministic: true }]);
    sets.push([`cbor ${codeSize} dagCbor`, { format: 'cbor', codeSize, dagCbor: true }]);
    sets.push([`msgpack ${codeSize} largeIntegers`, { format: 'msgpack', codeSize, largeIntegers: 'float64' }]);
  }
  sets.push([`msgpack speed compact largeIntegers`, { format: 'msgpack', codeSize: 'speed', layout: 'compact', largeIntegers: 'float64' }]);
  return sets;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The hash of the output, or the refusal (`refused <code>: <message>`); any other error is a bug and throws. */
function outcome(run: () => string): string {
  try {
    return sha256(run());
  } catch (error) {
    if (error instanceof SchemaError) return `refused ${error.code}: ${error.message}`;
    throw error;
  }
}

function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of allSchemas()) {
    const refs = { baseUri: entry.baseUri, schemasByUri: entry.schemasByUri };
    for (const [key, options] of optionSets(entry.variants)) {
      out[`${entry.name} | ${key}`] = outcome(() => compileSchema(entry.schema, 'snapshot', { ...options, ...refs, target: 'ts' }).map((file) => `${file.fileName}\n${file.text}`).join('\n'));
      if (entry.variants) {
        out[`${entry.name} | ${key} | function`] = outcome(() => {
          checkOptions(options);
          return generateText(buildIr({ schema: entry.schema }, options), options, '// snapshot', 'function').text;
        });
      }
    }
  }
  return out;
}

function main(): void {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== '--write' && mode !== '--compare') || file === undefined) {
    console.error('usage: node --import tsx scripts/emit-snapshot.ts --write|--compare <file>');
    process.exit(2);
  }
  const started = performance.now();
  const now = snapshot();
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const refused = Object.values(now).filter((value) => value.startsWith('refused')).length;
  const summary = `${Object.keys(now).length} outputs (${refused} refused) in ${seconds} s`;
  if (mode === '--write') {
    writeFileSync(file, `${JSON.stringify(now, null, 1)}\n`);
    console.log(`wrote ${file}: ${summary}`);
    return;
  }
  const before = readJson(file) as Record<string, string>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  const differing = keys.filter((key) => before[key] !== now[key]);
  for (const key of differing) console.log(`differs: ${key}\n  before ${before[key] ?? '(none)'}\n  after  ${now[key] ?? '(none)'}`);
  console.log(`${summary}; ${differing.length} differ from ${file}`);
  if (differing.length > 0) process.exit(1);
}

main();
