/** How `valuePathIn` (`../value-path.ts`) walks CBOR: arrays and maps, definite or not, through tags. */
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { deeper, valuePathIn, type ContainerWalk, type WalkedContainer } from '../value-path.js';
import { readArgument } from './head.js';

/** Where in the value of `bytes` (its item at `start`) a generated decoder's failure at `offset` is. */
export function cborValuePath(bytes: Uint8Array, start: number, offset: number): string {
  const reader = new Reader('cbor', bytes);
  reader.pos = start;
  return valuePathIn(CBOR_WALK, reader, offset);
}

const CBOR_WALK: ContainerWalk = {
  enter(reader, offset) {
    // A tag wraps the item it is on (the self-described prefix, RFC 8949 §3.4.6).
    while (reader.pos < offset && reader.uint8[reader.pos] >> 5 === 6) readArgument(reader, reader.u8() & 0x1f, reader.pos - 1);
    if (reader.pos >= offset) return undefined;
    const head = reader.pos;
    const initial = reader.u8();
    const major = initial >> 5;
    if (major !== 4 && major !== 5) return undefined;
    return container(major === 5, readArgument(reader, initial & 0x1f, head));
  },
};

function container(map: boolean, count: number): WalkedContainer {
  return {
    map,
    more(reader, index) {
      if (count >= 0) return index < count;
      if (reader.uint8[reader.pos] !== 0xff) return true;
      reader.pos++;
      return false;
    },
    key: keyText,
    skipValue: (reader) => skip(reader, DEFAULT_MAX_DEPTH),
  };
}

/** A map key's text (definite or in chunks), or undefined for a key of another type, skipped. */
function keyText(reader: Reader): string | undefined {
  const head = reader.pos;
  const initial = reader.u8();
  if (initial === 0x7f) {
    let text = '';
    while (reader.uint8[reader.pos] !== 0xff) text += keyText(reader) ?? '';
    reader.pos++;
    return text;
  }
  if (initial >> 5 === 3) return reader.utf8(readArgument(reader, initial & 0x1f, head));
  reader.pos = head;
  skip(reader, DEFAULT_MAX_DEPTH);
  return undefined;
}

/** Moves past one item by its heads. */
function skip(reader: Reader, depth: number): void {
  const inner = deeper(depth);
  const head = reader.pos;
  const initial = reader.u8();
  const major = initial >> 5;
  const argument = readArgument(reader, initial & 0x1f, head);
  // Integers, floats and simple values end with their argument.
  if (major <= 1 || major === 7) return;
  if (major === 6) return skip(reader, inner);
  if (argument < 0) {
    while (reader.uint8[reader.pos] !== 0xff) skip(reader, inner);
    reader.pos++;
    return;
  }
  if (major <= 3) {
    reader.need(argument);
    reader.pos += argument;
    return;
  }
  const items = major === 5 ? argument * 2 : argument;
  for (let index = 0; index < items; index++) skip(reader, inner);
}
