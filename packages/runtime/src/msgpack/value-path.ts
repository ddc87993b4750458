/** How `valuePathIn` (`../value-path.ts`) reads MessagePack: maps and arrays, all of them sized. */
import { Reader } from '../reader.js';
import { skipItem, valuePathIn, type ItemWalk } from '../value-path.js';

/** Where in the value of `bytes` (its item at `start`) a generated decoder's failure at `offset` is. */
export function msgpackValuePath(bytes: Uint8Array, start: number, offset: number): string {
  const reader = new Reader('msgpack', bytes);
  reader.pos = start;
  return valuePathIn(MSGPACK_WALK, reader, offset);
}

const MSGPACK_WALK: ItemWalk = {
  head(reader) {
    const first = reader.u8();
    const count = containerCount(reader, first);
    if (count >= 0) return { map: isMap(first), count, type: -1 };
    const size = payloadSize(reader, first);
    reader.need(size);
    reader.pos += size;
    return undefined;
  },
  more: (_reader, container, index) => index < container.count,
  key(reader) {
    const start = reader.pos;
    const first = reader.u8();
    if ((first >= 0xa0 && first <= 0xbf) || (first >= 0xd9 && first <= 0xdb)) return reader.utf8(payloadSize(reader, first));
    reader.pos = start;
    skipItem(MSGPACK_WALK, reader);
    return undefined;
  },
};

/** Entries of the map or array whose head byte is `first` (its length bytes read), or -1 for any other item. */
function containerCount(reader: Reader, first: number): number {
  if (first >= 0x80 && first <= 0x9f) return first & 0x0f;
  if (first === 0xdc || first === 0xde) return reader.u16();
  if (first === 0xdd || first === 0xdf) return reader.u32();
  return -1;
}

function isMap(first: number): boolean {
  return (first & 0xf0) === 0x80 || first === 0xde || first === 0xdf;
}

/** Bytes after the head of a scalar whose head byte is `first` (its length bytes read). */
function payloadSize(reader: Reader, first: number): number {
  if (first < 0x80 || first >= 0xe0) return 0;
  if (first >= 0xa0 && first <= 0xbf) return first & 0x1f;
  switch (first) {
    case 0xc4:
    case 0xd9:
      return reader.u8();
    case 0xc5:
    case 0xda:
      return reader.u16();
    case 0xc6:
    case 0xdb:
      return reader.u32();
    case 0xc7:
      return reader.u8() + 1;
    case 0xc8:
      return reader.u16() + 1;
    case 0xc9:
      return reader.u32() + 1;
    default:
      // Fixed sizes: float32/64, (u)int8..64, fixext 1..16 with their type byte.
      return FIXED_SIZES[first - 0xc0] ?? 0;
  }
}

/** Payload bytes of 0xc0..0xd8 by head byte (the ones `payloadSize` does not read a length for). */
const FIXED_SIZES: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 2, 3, 5, 9, 17];
