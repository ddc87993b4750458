import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_REF_HINT, compileFile, isSchemaError, type CompileOptions, type CompileWarning, type GeneratedFile } from '@binschema/compiler';
import { ExitCode, type CompileFlags } from './compile-command.js';

export { ExitCode };

const CLI_REF_HINT = 'pass it with --schema <file> (by its $id) or --schema-uri <uri>=<file>';

/**
 * Runs the command; returns the exit code. `print` receives one line at a time; `warn` each
 * compiler warning (once per schema file, format and subject), for stderr.
 */
export function runCompile(schemas: string[], flags: CompileFlags, print: (line: string) => void, warn: (line: string) => void = print): number {
  const generated = generateFiles(schemas, flags, print, warn);
  if (generated === undefined) return ExitCode.Error;
  return flags.check === true ? checkFiles(flags.out, generated, print) : writeFiles(flags.out, generated, print);
}

/**
 * The files every schema compiles to in every format, or undefined once the schema error that
 * stopped them is printed. `onSchemaFile` is told each schema file read, `--schema` files included.
 */
export function generateFiles(
  schemas: string[],
  flags: CompileFlags,
  print: (line: string) => void,
  warn: (line: string) => void,
  onSchemaFile?: (path: string) => void,
): GeneratedFile[] | undefined {
  if (flags.largeIntegers !== undefined && !flags.format.includes('msgpack')) {
    print('usage error: --large-integers is a MessagePack option: add msgpack to --format');
    return undefined;
  }
  const extraSchemas: unknown[] = [];
  for (const file of flags.schema) {
    onSchemaFile?.(file);
    const document = readExtraSchema(file, '--schema');
    if (typeof document === 'string') {
      print(document);
      return undefined;
    }
    extraSchemas.push(document.value);
  }
  const schemasByUri: Record<string, unknown> = {};
  for (const pair of flags.schemaUri ?? []) {
    const split = pair.indexOf('=');
    if (split > 0) onSchemaFile?.(pair.slice(split + 1));
    const document = split > 0 ? readExtraSchema(pair.slice(split + 1), '--schema-uri') : `schema error: --schema-uri ${pair}: expected <uri>=<file>`;
    if (typeof document === 'string') {
      print(document);
      return undefined;
    }
    schemasByUri[pair.slice(0, split)] = document.value;
  }
  const generated: GeneratedFile[] = [];
  /** The schema each output file comes from. */
  const schemaOf = new Map<string, string>();
  try {
    for (const schemaPath of schemas) {
      // Warnings depend on the schema, not the wire format: reported for the first format only.
      for (const [index, format] of flags.format.entries()) {
        const options = {
          format,
          target: flags.target,
          deterministic: flags.deterministic === true,
          dagCbor: flags.dagCbor === true,
          formatAssertion: flags.formatAssertion,
          extraSchemas,
          schemasByUri,
          runtimeModule: flags.runtime,
          onWarning: index === 0 ? (warning: CompileWarning) => warn(warning.message) : undefined,
          onSchemaFile,
          codeSize: flags.codeSize,
          layout: flags.layout,
          largeIntegers: format === 'msgpack' ? flags.largeIntegers : undefined,
        } as CompileOptions;
        for (const file of compileFile(resolve(schemaPath), options)) {
          // Two schemas of one name (`a/x.schema.json`, `b/x.json`) would write the same files: one lost, `--check` stale for ever.
          const other = schemaOf.get(file.fileName);
          if (other !== undefined && resolve(other) !== resolve(schemaPath)) {
            print(`usage error: ${other} and ${schemaPath} both compile to ${join(flags.out, file.fileName)}; compile them into different --out folders or rename one`);
            return undefined;
          }
          schemaOf.set(file.fileName, schemaPath);
          generated.push(file);
        }
      }
    }
  } catch (error) {
    if (!isSchemaError(error)) throw error;
    // The API's advice names its options; here the flags that do the same.
    print(error.code === 'unresolved-ref' ? error.message.replace(API_REF_HINT, CLI_REF_HINT) : error.message);
    return undefined;
  }
  return generated;
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

/**
 * Writes the files that differ from those on disk, printing `wrote <path>` for each (and
 * `unchanged <path>` for the others unless `reportUnchanged` is false). A file that cannot be
 * written (the out path is a file, no permission, a full disk) is printed as `error: cannot
 * write <path> (<code>)` with exit code 2: not a stack trace, and not 1, which `--check` gives
 * for stale files.
 */
export function writeFiles(outDir: string, files: GeneratedFile[], print: (line: string) => void, reportUnchanged = true): number {
  let target = outDir;
  try {
    mkdirSync(outDir, { recursive: true });
    for (const file of files) {
      target = join(outDir, file.fileName);
      if (readIfExists(target) === file.text) {
        if (reportUnchanged) print(`unchanged ${target}`);
        continue;
      }
      writeFileSync(target, file.text);
      print(`wrote ${target}`);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    print(`error: cannot write ${target} (${code})`);
    return ExitCode.Error;
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
