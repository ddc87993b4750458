/**
 * The benchmark documents: every `<name>.json` in `test-data/payloads/`, with the JSON Schema
 * `<name>.schema.json` beside it (see `test-data/payloads/README.md` for where they come from).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { testDataPath } from '../../test-data/index.js';

export interface Payload {
  /** File name without `.json`: `small-object`. */
  name: string;
  /** The parsed document; never handed to a codec directly (see `fresh.ts`). */
  value: unknown;
  /** The JSON text as UTF-8 bytes, exactly as stored. */
  json: Uint8Array;
  schema: unknown;
  schemaFile: string;
}

/** Loads the payloads in name order; `only` keeps those whose name contains it. */
export function loadPayloads(only?: string): Payload[] {
  const dir = testDataPath('payloads/');
  const names = readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => only === undefined || name.includes(only))
    .sort();
  return names.map((name) => {
    const json = readFileSync(join(dir, `${name}.json`));
    const schemaFile = join(dir, `${name}.schema.json`);
    return {
      name,
      value: JSON.parse(json.toString('utf8')),
      json: new Uint8Array(json),
      schema: JSON.parse(readFileSync(schemaFile, 'utf8')),
      schemaFile,
    };
  });
}
