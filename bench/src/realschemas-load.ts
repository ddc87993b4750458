/**
 * Real-world schemas with their valid documents (SchemaStore; `test-data/realschemas/README.md`):
 * `<dir>/<name>/schema.json`, `refs/*.json` (other documents its `$ref`s reach, by URL) and
 * `docs/*.json`. The list is `<dir>/INDEX.json`; a folder without it (the repository's
 * `test-data/realschemas/`) lists every sub-folder, each with its own `index.json` entry.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One `INDEX.json` entry (the fields used here). */
export interface RealSchemaEntry {
  name: string;
  draft: string;
  /** The URI the schema is served at: its `$id`, else `https://json.schemastore.org/<name>.json`. */
  schemaId: string;
  /** Absolute URL of each external `$ref` target → the file under the schema's folder holding it. */
  refs: Record<string, string>;
  /** Document files, relative to the schema's folder. */
  docs: string[];
}

export interface RealDocument {
  file: string;
  value: unknown;
  /** The document as compact JSON, UTF-8: what the encoded sizes compare with. */
  compactJsonBytes: number;
}

export interface RealSchema {
  entry: RealSchemaEntry;
  schema: unknown;
  /** The documents `$ref`s reach, by the URL they are served at (`schemasByUri`). */
  refs: Record<string, unknown>;
  docs: RealDocument[];
  /** Schema and refs as compact JSON, UTF-8 bytes: what module sizes are compared with. */
  schemaBytes: number;
}

/** The entries of a folder of real schemas, in name order. */
export function listRealSchemas(dir: string): RealSchemaEntry[] {
  const index = join(dir, 'INDEX.json');
  const entries = existsSync(index)
    ? (readJson(index) as RealSchemaEntry[])
    : readdirSync(dir, { withFileTypes: true })
        .filter((item) => item.isDirectory() && existsSync(join(dir, item.name, 'index.json')))
        .map((item) => readJson(join(dir, item.name, 'index.json')) as RealSchemaEntry);
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function loadRealSchema(dir: string, entry: RealSchemaEntry): RealSchema {
  const folder = join(dir, entry.name);
  const schema = readJson(join(folder, 'schema.json'));
  const refs: Record<string, unknown> = {};
  for (const [uri, file] of Object.entries(entry.refs)) refs[uri] = readJson(join(folder, file));
  const docs = entry.docs.map((file) => {
    const value = readJson(join(folder, file));
    return { file, value, compactJsonBytes: Buffer.byteLength(JSON.stringify(value)) };
  });
  const schemaBytes = [schema, ...Object.values(refs)].reduce<number>((total, document) => total + Buffer.byteLength(JSON.stringify(document)), 0);
  return { entry, schema, refs, docs, schemaBytes };
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}
