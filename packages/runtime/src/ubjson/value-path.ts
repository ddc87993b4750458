/**
 * How `valuePathIn` (`../value-path.ts`) walks UBJSON: arrays and objects, counted or up to their
 * end marker, no-ops between entries, and typed ones (`$`), whose elements carry no marker.
 */
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Reader } from '../reader.js';
import { deeper, valuePathIn, type ContainerWalk, type WalkedContainer } from '../value-path.js';
import { Marker } from './constants.js';
import { readLength } from './integer.js';

/** Where in the value of `bytes` (its item at `start`) a generated decoder's failure at `offset` is. */
export function ubjsonValuePath(bytes: Uint8Array, start: number, offset: number): string {
  const reader = new Reader('ubjson', bytes);
  reader.pos = start;
  return valuePathIn(UBJSON_WALK, reader, offset);
}

/** A container with its element type (-1: every element has its marker). */
interface UbjsonContainer extends WalkedContainer {
  readonly type: number;
}

const UBJSON_WALK: ContainerWalk = {
  enter(reader, offset, outer) {
    if (reader.pos >= offset) return undefined;
    // An element of a typed container starts with its payload: its marker is the container's type.
    const type = (outer as UbjsonContainer | undefined)?.type ?? -1;
    const marker = type >= 0 ? type : reader.u8();
    if (marker !== Marker.ArrayStart && marker !== Marker.ObjectStart) return undefined;
    return header(reader, marker === Marker.ObjectStart, DEFAULT_MAX_DEPTH);
  },
};

/** After `[` or `{`: the optional `$type` and `#count`, and how the entries go on. */
function header(reader: Reader, map: boolean, depth: number): UbjsonContainer {
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
  const end = map ? Marker.ObjectEnd : Marker.ArrayEnd;
  const inner = deeper(depth);
  return {
    map,
    type,
    more(reader, index) {
      if (count >= 0 && index >= count) return false;
      if (type < 0) while (reader.uint8[reader.pos] === Marker.NoOp) reader.pos++;
      if (count >= 0) return true;
      if (reader.uint8[reader.pos] !== end) return true;
      reader.pos++;
      return false;
    },
    key(reader) {
      // Keys are strings without their `S` (container-types.html#object).
      return reader.utf8(readLength(reader, 0));
    },
    skipValue(reader) {
      skipPayload(reader, type >= 0 ? type : valueMarker(reader), inner);
    },
  };
}

/** The marker of a value that carries one, after any no-ops. */
function valueMarker(reader: Reader): number {
  let marker = reader.u8();
  while (marker === Marker.NoOp) marker = reader.u8();
  return marker;
}

/** Moves past the payload of a value whose marker is `marker`, by its lengths and counts. */
function skipPayload(reader: Reader, marker: number, depth: number): void {
  switch (marker) {
    case Marker.Null:
    case Marker.True:
    case Marker.False:
      return;
    case Marker.Int8:
    case Marker.Uint8:
    case Marker.Char:
      return advance(reader, 1);
    case Marker.Int16:
      return advance(reader, 2);
    case Marker.Int32:
    case Marker.Float32:
      return advance(reader, 4);
    case Marker.Int64:
    case Marker.Float64:
      return advance(reader, 8);
    case Marker.String:
    case Marker.HighPrecision:
      return advance(reader, readLength(reader, 0));
    case Marker.ArrayStart:
    case Marker.ObjectStart: {
      const container = header(reader, marker === Marker.ObjectStart, depth);
      for (let index = 0; container.more(reader, index); index++) {
        if (container.map) advance(reader, readLength(reader, 0));
        container.skipValue(reader);
      }
      return;
    }
    default:
      throw new RangeError('not a value marker');
  }
}

function advance(reader: Reader, count: number): void {
  reader.need(count);
  reader.pos += count;
}
