/**
 * How `valuePathIn` (`../value-path.ts`) reads UBJSON: arrays and objects, counted or up to their
 * end marker, no-ops between entries, and typed ones (`$`), whose elements carry no marker.
 */
import { Reader } from '../reader.js';
import { valuePathIn, type ItemWalk, type WalkedContainer } from '../value-path.js';
import { Marker } from './constants.js';
import { readLength } from './integer.js';

/** Where in the value of `bytes` (its item at `start`) a generated decoder's failure at `offset` is. */
export function ubjsonValuePath(bytes: Uint8Array, start: number, offset: number): string {
  const reader = new Reader('ubjson', bytes);
  reader.pos = start;
  return valuePathIn(UBJSON_WALK, reader, offset);
}

/** Payload bytes of the fixed-size scalars by marker; strings and containers are read apart. */
const FIXED: Partial<Record<number, number>> = {
  [Marker.Null]: 0,
  [Marker.True]: 0,
  [Marker.False]: 0,
  [Marker.Int8]: 1,
  [Marker.Uint8]: 1,
  [Marker.Char]: 1,
  [Marker.Int16]: 2,
  [Marker.Int32]: 4,
  [Marker.Float32]: 4,
  [Marker.Int64]: 8,
  [Marker.Float64]: 8,
};

const UBJSON_WALK: ItemWalk = {
  head(reader, outer) {
    // An element of a typed container starts with its payload: its marker is the container's type.
    let marker = outer !== undefined && outer.type >= 0 ? outer.type : reader.u8();
    while (marker === Marker.NoOp) marker = reader.u8();
    if (marker === Marker.ArrayStart || marker === Marker.ObjectStart) return header(reader, marker === Marker.ObjectStart);
    const size = marker === Marker.String || marker === Marker.HighPrecision ? readLength(reader, 0) : FIXED[marker];
    if (size === undefined) throw new RangeError('not a value marker');
    reader.need(size);
    reader.pos += size;
    return undefined;
  },
  more(reader, container, index) {
    if (container.count >= 0 && index >= container.count) return false;
    if (container.type < 0) while (reader.uint8[reader.pos] === Marker.NoOp) reader.pos++;
    if (container.count >= 0) return true;
    if (reader.uint8[reader.pos] !== (container.map ? Marker.ObjectEnd : Marker.ArrayEnd)) return true;
    reader.pos++;
    return false;
  },
  key(reader) {
    // Keys are strings without their `S` (container-types.html#object).
    return reader.utf8(readLength(reader, 0));
  },
};

/** After `[` or `{`: the optional `$type` and `#count`. */
function header(reader: Reader, map: boolean): WalkedContainer {
  let type = -1;
  let count = -1;
  if (reader.uint8[reader.pos] === Marker.Type) {
    reader.pos++;
    type = reader.u8();
  }
  if (reader.uint8[reader.pos] === Marker.Count) {
    reader.pos++;
    count = readLength(reader, 0);
  }
  return { map, count, type };
}
