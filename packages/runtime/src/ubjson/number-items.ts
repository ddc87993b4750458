/** Generated decoders' reader of number arrays, for UBJSON. */
import type { Reader } from '../reader.js';
import { Marker } from './constants.js';
import { CONTAINER, readFiniteItem, readIntegerItem } from './generated-support.js';

/**
 * The items of an array of numbers (items `{"type": "number"}` or `"integer"`, inclusive bounds
 * at most) whose start and `readContainerStart` are read: `count` items (-1: up to `]`), of the
 * container's `type` (0: each with its marker, no-ops skipped between them). Each is read and
 * checked as `readFiniteItem` or `readIntegerItem` reads it. Without bounds, `i U I l D` are
 * decoded here, each stored where it is read, with the position in a local; the rest (bounds,
 * other markers, an input cut short) goes through those readers, as the loop generated per array
 * read every item before.
 */
export function readNumberItems(reader: Reader, count: number, type: number, integer: boolean, schemaPath: string, minimum = -Infinity, maximum = Infinity): number[] {
  const items: number[] = [];
  const uint8 = reader.uint8;
  const end = reader.end;
  const view = reader.view;
  const fast = minimum === -Infinity && maximum === Infinity;
  let pos = reader.pos;
  for (let index = 0; index !== count; index++) {
    let marker = type;
    if (type === 0) {
      do {
        if (pos >= end) {
          reader.pos = pos;
          reader.failEnd(1);
        }
        marker = uint8[pos++];
      } while (marker === Marker.NoOp);
      if (marker === Marker.ArrayEnd && count < 0) break;
    }
    // Near the end of the input every item takes the checked path.
    if (fast && pos + 8 <= end) {
      switch (marker) {
        case Marker.Int8:
          items.push((uint8[pos] << 24) >> 24);
          pos += 1;
          continue;
        case Marker.Uint8:
          items.push(uint8[pos]);
          pos += 1;
          continue;
        case Marker.Int16:
          items.push((((uint8[pos] << 8) | uint8[pos + 1]) << 16) >> 16);
          pos += 2;
          continue;
        case Marker.Int32:
          items.push((uint8[pos] << 24) | (uint8[pos + 1] << 16) | (uint8[pos + 2] << 8) | uint8[pos + 3]);
          pos += 4;
          continue;
        case Marker.Float64: {
          const value = view.getFloat64(pos);
          if (integer ? Number.isInteger(value) : value - value === 0) {
            items.push(value);
            pos += 8;
            continue;
          }
        }
      }
    }
    reader.pos = pos;
    if (type !== 0) CONTAINER.implied = pos;
    items.push(integer ? readIntegerItem(reader, marker, schemaPath, minimum, maximum) : readFiniteItem(reader, marker, schemaPath, minimum, maximum));
    pos = reader.pos;
  }
  reader.pos = pos;
  return items;
}
