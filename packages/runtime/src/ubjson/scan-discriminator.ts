/**
 * Finds a union's discriminator in a UBJSON object for generated decoders, before they decode
 * the variant it names.
 */
import { sameBytes } from '../generated-support.js';
import type { Reader } from '../reader.js';
import { BUDGET, CONTAINER, expectedType, nextEntry, readKey, readObjectStart, readValueMarker } from './generated-support.js';
import { readScalar } from './skip.js';

/**
 * The value of the entry `name` of the object whose `{` was just consumed, wherever it is, or
 * undefined; the caller rewinds and decodes the chosen variant (BUDGET is restored, so the second
 * read is not counted twice). Fast path: the first key is `encodedName` (how encoders write a
 * discriminator), compared in place. Discriminators are JSON scalars: values are read as the
 * generic decoder reads them, objects and arrays checked and skipped (`readScalar`), so the
 * generic decoder stays out of the module's bundle.
 */
export function scanDiscriminator(reader: Reader, marker: number, name: string, encodedName: Uint8Array, depth: number, schemaPath: string): unknown {
  if (marker !== 0x7b) throw expectedType(reader, 'object', marker, schemaPath);
  const left = BUDGET.left;
  const count = readObjectStart(reader, depth, schemaPath);
  const type = CONTAINER.type;
  let found: unknown;
  for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
    const hit = sameBytes(reader.uint8, reader.pos, reader.end, encodedName);
    if (hit) reader.pos += encodedName.length;
    const key = hit ? name : readKey(reader);
    const valueMarker = readValueMarker(reader, type);
    // A string tag (like "add") interned as keys are (after \`S\`, a string is a key's length and bytes): it allocates nothing once seen.
    if (key === name && valueMarker === 0x53) {
      found = readKey(reader);
      break;
    }
    const value = readScalar(reader, valueMarker, depth - 1);
    if (key === name) {
      found = value;
      break;
    }
  }
  BUDGET.left = left;
  return found;
}
