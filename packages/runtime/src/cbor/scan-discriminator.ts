/**
 * Finds a union's discriminator in a CBOR map for generated decoders, before they decode the
 * variant it names.
 */
import { sameBytes } from '../generated-support.js';
import type { Reader } from '../reader.js';
import { atBreak, readContainerHead, readKey, tooDeep } from './generated-support.js';
import { readScalar, skipAny } from './skip.js';

/**
 * The value of the map entry `name` wherever it is in the map at the reader's position, or
 * undefined; the caller rewinds and decodes the chosen variant. Fast path: the first key is
 * `encodedName` (how encoders write a discriminator), compared in place. Discriminators are JSON
 * scalars: the value is read as the generic decoder reads a scalar, and any other item is
 * checked and stands for no value of the union (`readScalar`), so the generic decoder stays out
 * of the module's bundle.
 */
export function scanDiscriminator(reader: Reader, name: string, encodedName: Uint8Array, depth: number, schemaPath: string): unknown {
  const offset = reader.pos;
  if (depth === 0) throw tooDeep(offset, schemaPath);
  const count = readContainerHead(reader, 5, schemaPath);
  if (count !== 0 && sameBytes(reader.uint8, reader.pos, reader.end, encodedName)) {
    reader.pos += encodedName.length;
    // A text tag (like "add") interned as keys are: read again for every value, it allocates nothing once seen.
    const initial = reader.pos < reader.end ? reader.uint8[reader.pos] : 0;
    return initial >> 5 === 3 ? readKey(reader, schemaPath) : readScalar(reader, depth - 1);
  }
  for (let entry = 0; count < 0 ? !atBreak(reader) : entry < count; entry++) {
    const key = readKey(reader, schemaPath);
    if (key === name) return readScalar(reader, depth - 1);
    skipAny(reader, depth - 1);
  }
  return undefined;
}
