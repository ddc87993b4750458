/**
 * The schemas the cross-checks run on: the benchmark payload schemas (vendored, see
 * test-data/payloads/README.md) and the feature schemas in `fixtures/differential/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Schema } from './schema.js';
import { testDataUrl } from '../../../../test-data/index.js';

export interface NamedSchema {
  /** `payloads/numbers` or `features/recursion`. */
  name: string;
  schema: Schema;
}

const PAYLOADS = testDataUrl('payloads/');
const FEATURES = new URL('../fixtures/differential/', import.meta.url);

function loadDirectory(directory: URL, prefix: string): NamedSchema[] {
  return readdirSync(fileURLToPath(directory))
    .filter((file) => file.endsWith('.schema.json'))
    .sort()
    .map((file) => ({
      name: `${prefix}/${file.slice(0, -'.schema.json'.length)}`,
      schema: JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as Schema,
    }));
}

export function payloadSchemas(): NamedSchema[] {
  return loadDirectory(PAYLOADS, 'payloads');
}

export function featureSchemas(): NamedSchema[] {
  return loadDirectory(FEATURES, 'features');
}

export function allTestSchemas(): NamedSchema[] {
  return [...payloadSchemas(), ...featureSchemas()];
}
