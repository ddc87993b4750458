/**
 * Ahead-of-time modules, as users take them: `binschema compile --target js` (the built CLI)
 * writes one module per payload schema and format into the git-ignored `bench/.generated/aot/`,
 * and the bench imports them with `import()`. A stamp beside each module (a hash of the schema
 * text and of the compiler and CLI build) skips the CLI when nothing changed, so `--quick` stays
 * quick after the first run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Payload } from './payloads.js';

export type GeneratedModule = Record<string, unknown> & { encode: (value: unknown) => Uint8Array; decode: (bytes: Uint8Array) => unknown };

const root = fileURLToPath(new URL('../../', import.meta.url));
export const AOT_DIR = fileURLToPath(new URL('../.generated/aot/', import.meta.url));
const CLI = join(root, 'cli/dist/main.js');

/** The formats `binschema compile` writes a module of for each payload. */
export const AOT_FORMATS: readonly string[] = ['cbor', 'ubjson', 'msgpack'];

/** What the generated text depends on besides the schema: the compiler's and the CLI's build. */
function buildHash(): string {
  const hash = createHash('sha256');
  for (const dir of [join(root, 'packages/compiler/dist'), join(root, 'cli/dist')]) {
    for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.js')).sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return hash.digest('hex');
}

function stampOf(payload: Payload, build: string): string {
  return createHash('sha256').update(build).update(readFileSync(payload.schemaFile)).digest('hex');
}

/** The module file `binschema compile` writes for a schema file (`<name>.schema.json` → `<name>.<format>.js`). */
export function moduleFile(payload: Payload, format: string): string {
  const base = payload.schemaFile.split(/[\\/]/).pop()!.replace(/(\.schema)?\.json$/, '');
  return join(AOT_DIR, `${base}.${format}.js`);
}

let generating: Promise<void> | undefined;
const done = new Set<string>();

/** Runs the CLI once for every payload whose modules are missing or stale (every format at once). */
export function generateModules(payloads: Payload[]): Promise<void> {
  const wanted = payloads.filter((payload) => !done.has(payload.schemaFile));
  if (wanted.length === 0) return generating ?? Promise.resolve();
  const previous = generating ?? Promise.resolve();
  generating = previous.then(() => {
    mkdirSync(AOT_DIR, { recursive: true });
    const build = buildHash();
    const stale = wanted.filter((payload) => {
      const stampFile = `${moduleFile(payload, 'stamp')}`;
      const fresh = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stampOf(payload, build)
        && AOT_FORMATS.every((format) => existsSync(moduleFile(payload, format)));
      return !fresh;
    });
    if (stale.length > 0) {
      const args = [CLI, 'compile', ...stale.map((payload) => payload.schemaFile), '--out', AOT_DIR, '--format', AOT_FORMATS.join(','), '--target', 'js'];
      const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`binschema compile failed (exit ${result.status ?? result.signal}): ${(result.stderr || result.stdout).trim().split('\n')[0]}`);
      for (const payload of stale) writeFileSync(moduleFile(payload, 'stamp'), stampOf(payload, build));
    }
    for (const payload of wanted) done.add(payload.schemaFile);
  });
  return generating;
}

/** Imports the module written for `payload` and `format` (after `generateModules`). */
export async function importModule(payload: Payload, format: string): Promise<GeneratedModule> {
  const module = (await import(pathToFileURL(moduleFile(payload, format)).href)) as GeneratedModule;
  if (typeof module.encode !== 'function' || typeof module.decode !== 'function') {
    throw new Error(`${moduleFile(payload, format)} exports no encode/decode`);
  }
  return module;
}
