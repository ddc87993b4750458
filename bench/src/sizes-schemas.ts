/**
 * The schemas `pnpm --filter @binschema/bench run sizes` measures, from three folders: the benchmark
 * payloads' schemas (`test-data/payloads/*.schema.json`), the vendored real schemas
 * (`test-data/realschemas/`) and, when it is there, the full set beside the repository
 * (`../shared/realschemas/`, optional: CI may lack it), less the schemas it shares with the vendored
 * folder byte for byte, so no schema counts twice.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDataPath } from '../../test-data/index.js';
import { listRealSchemas, loadRealSchema, type RealSchemaEntry } from './realschemas-load.js';

export type SizeSourceId = 'payloads' | 'realschemas' | 'shared';

/** How the report names each folder. */
export const SOURCE_LABELS: Readonly<Record<SizeSourceId, string>> = {
  payloads: 'test-data/payloads',
  realschemas: 'test-data/realschemas',
  shared: '../shared/realschemas',
};

/** The drafts the ajv side has a class for (`$schema` of the schema). */
export type Draft = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04';

/** Enough to find a schema again in a child process. */
export interface SizeSchemaRef {
  source: SizeSourceId;
  /** The folder it is listed in. */
  dir: string;
  name: string;
  draft: Draft;
}

export interface SizeSchema extends SizeSchemaRef {
  schema: unknown;
  /** The documents its `$ref`s reach, by the URI they are served at (`schemasByUri`). */
  refs: Record<string, unknown>;
  /** The URI the schema is served at (real schemas), for relative `$ref`s. */
  baseUri?: string;
  /** Schema and refs as compact JSON, UTF-8 bytes: what module sizes are compared with. */
  schemaBytes: number;
  /** Valid documents (the payload, or the real schema's docs): ajv's code must accept them. */
  docs: unknown[];
}

/** The folder beside the repository (`<repo>/../shared/realschemas`). */
export const SHARED_REALSCHEMAS = fileURLToPath(new URL('../../../shared/realschemas/', import.meta.url));

export interface SizeSchemaList {
  schemas: SizeSchemaRef[];
  /** Why the shared folder was not read, when it was not. */
  sharedMissing?: string;
  /** Shared schemas left out because the vendored folder has the same files. */
  sharedDuplicates: string[];
}

/** Every schema to measure, payloads first, each folder in name order; `only` keeps those named. */
export function listSizeSchemas(sharedDir: string | undefined, only: readonly string[] = []): SizeSchemaList {
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const payloads = payloadRefs().filter((ref) => wanted(ref.name));
  const vendoredDir = testDataPath('realschemas/');
  const vendored = listRealSchemas(vendoredDir);
  const schemas = [...payloads, ...vendored.filter((entry) => wanted(entry.name)).map((entry) => realRef('realschemas', vendoredDir, entry))];
  const list: SizeSchemaList = { schemas, sharedDuplicates: [] };
  if (sharedDir === undefined) {
    list.sharedMissing = 'not asked for (--no-shared)';
    return list;
  }
  if (!existsSync(join(sharedDir, 'INDEX.json'))) {
    list.sharedMissing = `${sharedDir} has no INDEX.json`;
    return list;
  }
  const byName = new Map(vendored.map((entry) => [entry.name, entry]));
  for (const entry of listRealSchemas(sharedDir)) {
    const twin = byName.get(entry.name);
    if (twin !== undefined && filesHash(vendoredDir, twin) === filesHash(sharedDir, entry)) list.sharedDuplicates.push(entry.name);
    else if (wanted(entry.name)) schemas.push(realRef('shared', sharedDir, entry));
  }
  return list;
}

/** Loads a listed schema with its refs and documents. */
export function loadSizeSchema(ref: SizeSchemaRef): SizeSchema {
  if (ref.source === 'payloads') {
    const schema = readJson(join(ref.dir, `${ref.name}.schema.json`));
    const docs = [readJson(join(ref.dir, `${ref.name}.json`))];
    return { ...ref, schema, refs: {}, schemaBytes: compactBytes(schema), docs };
  }
  const entry = listRealSchemas(ref.dir).find((candidate) => candidate.name === ref.name);
  if (entry === undefined) throw new Error(`no schema ${ref.name} in ${ref.dir}`);
  const real = loadRealSchema(ref.dir, entry);
  return { ...ref, schema: real.schema, refs: real.refs, baseUri: entry.schemaId, schemaBytes: real.schemaBytes, docs: real.docs.map((doc) => doc.value) };
}

/** A value as compact JSON, in UTF-8 bytes. */
export function compactBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** The draft `$schema` names (2020-12 when absent, as the compiler assumes). */
export function draftOf(schema: unknown): Draft {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared !== 'string') return '2020-12';
  const match = /draft-0([467])\/|draft\/(2019-09|2020-12)\//.exec(`${declared.replace(/#$/, '')}/`);
  if (match === null) throw new Error(`unknown $schema ${JSON.stringify(declared)}`);
  return match[1] !== undefined ? (`draft-0${match[1]}` as Draft) : (match[2] as Draft);
}

function payloadRefs(): SizeSchemaRef[] {
  const dir = testDataPath('payloads/');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.slice(0, -'.schema.json'.length))
    .sort()
    .map((name) => ({ source: 'payloads' as const, dir, name, draft: draftOf(readJson(join(dir, `${name}.schema.json`))) }));
}

function realRef(source: SizeSourceId, dir: string, entry: RealSchemaEntry): SizeSchemaRef {
  return { source, dir, name: entry.name, draft: entry.draft as Draft };
}

/** A hash of a real schema's files (schema and refs, by their URIs): equal when the files are. */
function filesHash(dir: string, entry: RealSchemaEntry): string {
  const hash = createHash('sha256').update(readFileSync(join(dir, entry.name, 'schema.json')));
  for (const [uri, file] of Object.entries(entry.refs).sort()) hash.update(uri).update(readFileSync(join(dir, entry.name, file)));
  return hash.digest('hex');
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}
