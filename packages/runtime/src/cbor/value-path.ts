/** How `valuePathIn` (`../value-path.ts`) reads CBOR: arrays and maps, definite or not, through tags. */
import { Reader } from '../reader.js';
import { skipItem, valuePathIn, type ItemWalk } from '../value-path.js';
import { readArgument } from './head.js';

/** Where in the value of `bytes` (its item at `start`) a generated decoder's failure at `offset` is. */
export function cborValuePath(bytes: Uint8Array, start: number, offset: number): string {
  const reader = new Reader('cbor', bytes);
  reader.pos = start;
  return valuePathIn(CBOR_WALK, reader, offset);
}

const CBOR_WALK: ItemWalk = {
  head(reader) {
    for (;;) {
      const start = reader.pos;
      const initial = reader.u8();
      const major = initial >> 5;
      const argument = readArgument(reader, initial & 0x1f, start);
      // A tag wraps the item after it (the self-described prefix, RFC 8949 §3.4.6).
      if (major === 6) continue;
      if (major === 4 || major === 5) return { map: major === 5, count: argument, type: -1 };
      if (major === 2 || major === 3) skipString(reader, argument);
      // Integers, floats and simple values end with their argument.
      return undefined;
    }
  },
  more(reader, container, index) {
    if (container.count >= 0) return index < container.count;
    if (reader.uint8[reader.pos] !== 0xff) return true;
    reader.pos++;
    return false;
  },
  key(reader) {
    const start = reader.pos;
    const initial = reader.u8();
    if (initial >> 5 === 3) {
      const length = readArgument(reader, initial & 0x1f, start);
      if (length >= 0) return reader.utf8(length);
      let text = '';
      while (reader.uint8[reader.pos] !== 0xff) text += CBOR_WALK.key(reader) ?? '';
      reader.pos++;
      return text;
    }
    reader.pos = start;
    skipItem(CBOR_WALK, reader);
    return undefined;
  },
};

/** The payload of a byte or text string of `length` bytes, or its chunks up to the break (-1). */
function skipString(reader: Reader, length: number): void {
  if (length < 0) {
    while (reader.uint8[reader.pos] !== 0xff) CBOR_WALK.head(reader, undefined);
    reader.pos++;
    return;
  }
  reader.need(length);
  reader.pos += length;
}
