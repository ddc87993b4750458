/**
 * The one way tests and benches find the data vendored in `test-data/` (payloads, conformance
 * vectors, JSON Schema Test Suite files; each folder's README names its source and licence).
 * Paths resolve like URLs: `testDataPath('payloads/')` keeps its trailing slash.
 */
import { fileURLToPath } from 'node:url';

const ROOT = new URL('./', import.meta.url);

/** `file:` URL of a file or folder under `test-data/`. */
export function testDataUrl(relative: string): URL {
  return new URL(relative, ROOT);
}

/** Absolute file-system path of a file or folder under `test-data/`. */
export function testDataPath(relative: string): string {
  return fileURLToPath(testDataUrl(relative));
}
