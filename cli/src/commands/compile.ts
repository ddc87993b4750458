import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, Option, InvalidArgumentError } from 'commander';
import { compileFile, isSchemaError, type CompileOptions, type GeneratedFile } from '@binschema/compiler';

const FORMATS = ['cbor', 'ubjson'] as const;
type FormatName = (typeof FORMATS)[number];

interface CompileFlags {
  out: string;
  format: FormatName[];
  target: 'ts' | 'js';
  deterministic?: boolean;
  formatAssertion?: boolean;
  schema: string[];
  /** `<uri>=<file>` pairs for `schemasByUri`. */
  schemaUri?: string[];
  check?: boolean;
  runtime?: string;
  codeSize?: 'auto' | 'fast' | 'compact';
}

/** Exit codes: 0 written (or up to date), 1 `--check` found stale files, 2 a schema or usage error. */
export const ExitCode = { Ok: 0, Stale: 1, Error: 2 } as const;

export function registerCompile(program: Command): void {
  program
    .command('compile')
    .description('Generate one codec module per schema file and format: <out>/<name>.<format>.ts (or .js + .d.ts).')
    .argument('<schemas...>', 'schema files (<name>.schema.json or <name>.json)')
    .requiredOption('-o, --out <dir>', 'directory to write the generated modules to')
    .addOption(new Option('-f, --format <formats>', 'wire formats, comma-separated: cbor, ubjson').default(['cbor'], 'cbor').argParser(parseFormats))
    .addOption(new Option('-t, --target <target>', 'ts: one .ts module; js: .js + .d.ts').choices(['ts', 'js']).default('ts'))
    .option('--deterministic', 'CBOR: write map keys in RFC 8949 §4.2.1 order (bytes equal the generic deterministic encoder)')
    .option('--format-assertion', 'check `format` (date-time, email, uuid, …) instead of treating it as an annotation')
    .option('-s, --schema <file>', 'extra schema document for $ref, registered by its $id (repeatable)', collect, [])
    .option('--schema-uri <uri=file>', 'extra schema document served at <uri> (its $id may differ), e.g. https://example.com/a.json=a.json (repeatable)', collect, [])
    .option('--runtime <specifier>', 'import specifier of the runtime package', '@binschema/runtime')
    .addOption(
      new Option('--code-size <mode>', 'CBOR: fast (specialised code per property), compact (objects through runtime tables, code linear in the schema), auto (compact past 150 declared properties)')
        .choices(['auto', 'fast', 'compact'])
        .default('auto'),
    )
    .option('--check', 'write nothing; exit 1 when a file on disk differs from what would be generated (for CI)')
    .addHelpText('after', `
Examples:
  binschema compile schemas/*.schema.json --out src/generated
  binschema compile person.schema.json --out gen --format cbor,ubjson --target js
  binschema compile schemas/*.schema.json --out src/generated --check

Each module exports the schema's TypeScript types, encode(value) and decode(bytes) for the root,
and encode<Def>/decode<Def> for every $defs entry. Exit codes: 0 ok, 1 stale (--check), 2 error.`)
    .action((schemas: string[], flags: CompileFlags) => {
      process.exitCode = runCompile(schemas, flags, (line) => process.stdout.write(`${line}\n`));
    });
}

function parseFormats(value: string): FormatName[] {
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!(FORMATS as readonly string[]).includes(name)) throw new InvalidArgumentError(`unknown format "${name}" (expected ${FORMATS.join(', ')})`);
  }
  return [...new Set(names)] as FormatName[];
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Runs the command; returns the exit code. `print` receives one line at a time. */
export function runCompile(schemas: string[], flags: CompileFlags, print: (line: string) => void): number {
  const extraSchemas: unknown[] = [];
  for (const file of flags.schema) {
    const document = readExtraSchema(file, '--schema');
    if (typeof document === 'string') {
      print(document);
      return ExitCode.Error;
    }
    extraSchemas.push(document.value);
  }
  const schemasByUri: Record<string, unknown> = {};
  for (const pair of flags.schemaUri ?? []) {
    const split = pair.indexOf('=');
    const document = split > 0 ? readExtraSchema(pair.slice(split + 1), '--schema-uri') : `schema error: --schema-uri ${pair}: expected <uri>=<file>`;
    if (typeof document === 'string') {
      print(document);
      return ExitCode.Error;
    }
    schemasByUri[pair.slice(0, split)] = document.value;
  }
  const generated: GeneratedFile[] = [];
  try {
    for (const schemaPath of schemas) {
      for (const format of flags.format) {
        const options = {
          format,
          target: flags.target,
          deterministic: flags.deterministic === true,
          formatAssertion: flags.formatAssertion === true,
          extraSchemas,
          schemasByUri,
          runtimeModule: flags.runtime,
          codeSize: flags.codeSize,
        } as CompileOptions;
        generated.push(...compileFile(resolve(schemaPath), options));
      }
    }
  } catch (error) {
    if (!isSchemaError(error)) throw error;
    print(error.message);
    return ExitCode.Error;
  }
  return flags.check === true ? checkFiles(flags.out, generated, print) : writeFiles(flags.out, generated, print);
}

/** An extra schema document for `--schema`/`--schema-uri`, or the message saying why it cannot be used. */
function readExtraSchema(file: string, flag: string): { value: unknown } | string {
  try {
    return { value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'not JSON' : `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    return `schema error: ${flag} ${file}: ${reason}`;
  }
}

function writeFiles(outDir: string, files: GeneratedFile[], print: (line: string) => void): number {
  mkdirSync(outDir, { recursive: true });
  for (const file of files) {
    const target = join(outDir, file.fileName);
    if (readIfExists(target) === file.text) {
      print(`unchanged ${target}`);
      continue;
    }
    writeFileSync(target, file.text);
    print(`wrote ${target}`);
  }
  return ExitCode.Ok;
}

function checkFiles(outDir: string, files: GeneratedFile[], print: (line: string) => void): number {
  let stale = 0;
  for (const file of files) {
    const target = join(outDir, file.fileName);
    const current = readIfExists(target);
    if (current === file.text) continue;
    stale++;
    print(`${current === undefined ? 'missing' : 'stale'} ${target}`);
  }
  if (stale === 0) print(`${files.length} generated file(s) up to date`);
  else print(`${stale} of ${files.length} generated file(s) differ: run binschema compile without --check`);
  return stale === 0 ? ExitCode.Ok : ExitCode.Stale;
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
