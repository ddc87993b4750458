/**
 * ajv validators as a user who checks binary data with ajv ships them: each payload schema
 * compiled ahead of time to ajv's standalone code (`ajv/dist/standalone`, ES module) into the
 * git-ignored `bench/.generated/ajv/`, then imported, so the process that times them never loads
 * ajv itself (as `aot.ts` does for our modules). A stamp beside each module (the schema text, the
 * ajv version and the options) skips the compile when nothing changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Payload } from './payloads.js';
import { pinnedVersion } from './registry.js';

export type Validate = (value: unknown) => boolean;

export const AJV_DIR = fileURLToPath(new URL('../.generated/ajv/', import.meta.url));

/**
 * ajv's defaults (strict mode on, first error only) but `allowUnionTypes`: strict mode refuses
 * `type: ["number", "string"]` (object-with-many-keys, tokens) unless told that union types are
 * meant; `code.source` and `code.esm` make standalone code an ES module.
 */
const OPTIONS = { code: { source: true, esm: true }, allowUnionTypes: true } as const;

/** The ajv class of each draft a schema may declare with `$schema` (the empty fragment dropped). */
const DRAFT_CLASSES: Record<string, string> = {
  'https://json-schema.org/draft/2020-12/schema': 'ajv/dist/2020.js',
  'https://json-schema.org/draft/2019-09/schema': 'ajv/dist/2019.js',
  'http://json-schema.org/draft-07/schema': 'ajv',
};

/** Why ajv cannot compile this payload's schema here (an undeclared or unknown draft), or undefined. */
export function unsupportedDraft(payload: Payload): string | undefined {
  const declared = (payload.schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return 'the schema declares no $schema, so no ajv class is chosen for it';
  return draftClass(declared) === undefined ? `no ajv class for $schema ${declared}` : undefined;
}

function draftClass(declared: string): string | undefined {
  return DRAFT_CLASSES[declared.replace(/#$/, '')];
}

export function validatorFile(payload: Payload): string {
  return join(AJV_DIR, `${payload.name}.ajv.mjs`);
}

function stampOf(payload: Payload): string {
  return createHash('sha256').update(readFileSync(payload.schemaFile)).update(pinnedVersion('ajv')).update(JSON.stringify(OPTIONS)).digest('hex');
}

/** Writes the standalone module of every payload whose module is missing or stale. */
async function generate(payloads: Payload[]): Promise<void> {
  mkdirSync(AJV_DIR, { recursive: true });
  const { default: standaloneCode } = (await import('ajv/dist/standalone/index.js')) as unknown as { default: { default: (ajv: unknown, validate: unknown) => string } };
  for (const payload of payloads) {
    const stampFile = join(AJV_DIR, `${payload.name}.ajv.stamp`);
    const stamp = stampOf(payload);
    if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(validatorFile(payload))) continue;
    const { default: module } = (await import(draftClass((payload.schema as { $schema: string }).$schema)!)) as { default: { default: new (options: object) => { compile(schema: unknown): unknown } } };
    const ajv = new module.default(OPTIONS);
    const code = standaloneCode.default(ajv, ajv.compile(payload.schema));
    // ajv's ES module output still `require`s its runtime helpers (ucs2length for maxLength, equal…).
    writeFileSync(validatorFile(payload), code.includes('require(') ? `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${code}` : code);
    writeFileSync(stampFile, stamp);
  }
}

/** The validator of each payload ajv can compile (see `unsupportedDraft`), generated when stale and imported. */
export async function loadValidators(payloads: Payload[]): Promise<Map<Payload, Validate>> {
  const supported = payloads.filter((payload) => unsupportedDraft(payload) === undefined);
  await generate(supported);
  const validators = new Map<Payload, Validate>();
  for (const payload of supported) {
    const module = (await import(pathToFileURL(validatorFile(payload)).href)) as { default: Validate };
    validators.set(payload, module.default);
  }
  return validators;
}
