/** Generated decoders' reader of number arrays, for MessagePack. */
import type { Reader } from '../reader.js';
import { preallocate } from '../preallocate.js';
import { Byte } from './constants.js';
import { readFiniteItem, readIntegerItem } from './generated-support.js';

/**
 * The `count` items of an array of numbers (items `{"type": "number"}` or `"integer"`, inclusive
 * bounds at most), each read and checked as `readFiniteItem` or `readIntegerItem` reads it. Without
 * bounds, the int32 forms and float64 are decoded here, each stored where it is read, with the
 * position in a local; the rest (bounds, other forms, an input cut short, items of another type)
 * goes through those readers. With a call per item the numbers payload took 2.6x as long (.tmp
 * A/B, Node 26); one value variable for every form, kept as a double, took 1.8x.
 */
export function readNumberItems(reader: Reader, count: number, integer: boolean, schemaPath: string, minimum = -Infinity, maximum = Infinity): number[] {
  const items = preallocate<number>(reader, count);
  const uint8 = reader.uint8;
  const end = reader.end;
  const view = reader.view;
  const fast = minimum === -Infinity && maximum === Infinity;
  let pos = reader.pos;
  for (let index = 0; index < count; index++) {
    // Near the end of the input every item takes the checked path.
    if (fast && pos + 9 <= end) {
      const first = uint8[pos];
      if (first < 0x80) {
        items[index] = first;
        pos += 1;
        continue;
      }
      if (first >= Byte.NegativeFixint) {
        items[index] = first - 0x100;
        pos += 1;
        continue;
      }
      switch (first) {
        case Byte.Uint8:
          items[index] = uint8[pos + 1];
          pos += 2;
          continue;
        case Byte.Uint16:
          items[index] = (uint8[pos + 1] << 8) | uint8[pos + 2];
          pos += 3;
          continue;
        case Byte.Uint32:
          items[index] = view.getUint32(pos + 1);
          pos += 5;
          continue;
        case Byte.Int8:
          items[index] = (uint8[pos + 1] << 24) >> 24;
          pos += 2;
          continue;
        case Byte.Int16:
          items[index] = (((uint8[pos + 1] << 8) | uint8[pos + 2]) << 16) >> 16;
          pos += 3;
          continue;
        case Byte.Int32:
          items[index] = (uint8[pos + 1] << 24) | (uint8[pos + 2] << 16) | (uint8[pos + 3] << 8) | uint8[pos + 4];
          pos += 5;
          continue;
        case Byte.Float64: {
          const value = view.getFloat64(pos + 1);
          if (integer ? Number.isInteger(value) : value - value === 0) {
            items[index] = value;
            pos += 9;
            continue;
          }
        }
      }
    }
    reader.pos = pos;
    items[index] = integer ? readIntegerItem(reader, schemaPath, minimum, maximum) : readFiniteItem(reader, schemaPath, minimum, maximum);
    pos = reader.pos;
  }
  reader.pos = pos;
  return items;
}
