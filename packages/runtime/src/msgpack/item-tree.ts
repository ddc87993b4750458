import type { Reader } from '../reader.js';
import { LENGTH_LIMIT, TOO_DEEP } from '../errors.js';
import { float32At, float64At } from '../reader.js';
import { Byte, Kind } from './constants.js';
import { HEAD, readHead } from './head.js';

/**
 * One MessagePack item as it sits in the bytes: where its head starts and ends, its format and
 * its content. The notation printer and `binschema inspect` both walk this tree, so the notation
 * and the byte dump always agree on what the bytes are.
 */
export interface MsgpackItem {
  /** Offset of the first byte. */
  readonly offset: number;
  /** Offset after the head: the first byte, any length or count, an ext's type byte. */
  readonly headEnd: number;
  /** Offset after the whole item. */
  end: number;
  /** The first byte, which names the format (`formatName`). */
  readonly first: number;
  /** `Kind` of the item. */
  readonly kind: number;
  /** str, bin, ext: data bytes; array: elements; map: entries; scalars: payload bytes. */
  readonly length: number;
  /** ext: the extension type. */
  readonly type?: number;
  /** Scalars: the integer (bigint beyond 2^53), float, string, bytes (bin and ext data), boolean or null. */
  readonly value?: number | bigint | string | Uint8Array | boolean | null;
  /** Arrays: the elements; maps: keys and values alternating. */
  readonly children?: MsgpackItem[];
}

/** Limits of a tree walk: nesting, and items in all (each prints at least one character). */
export interface MsgpackItemLimits {
  maxDepth: number;
  /** Items still allowed; decremented as items are read. */
  itemsLeft: number;
  /**
   * Called for each item as soon as it is known, in byte order: a scalar once read, a container
   * right after its head (its `children` fill in later). `level` is the nesting level (0 at the top).
   */
  onItem?: (item: MsgpackItem, level: number) => void;
}

/**
 * Reads the item at `reader.pos` into a tree, with the decoder's checks: 0xc1, lengths and
 * counts within the input, strict UTF-8 in str, and `limits`. Extension data is not interpreted,
 * so a timestamp with bad nanoseconds is shown as it is.
 */
export function readItemTree(reader: Reader, depth: number, limits: MsgpackItemLimits): MsgpackItem {
  const offset = reader.pos;
  if (offset >= reader.end) reader.failEnd(1);
  if (--limits.itemsLeft < 0) reader.fail(LENGTH_LIMIT, 'more items than the output limit allows', offset);
  readHead(reader);
  const { first, kind, length, type } = HEAD;
  const headEnd = reader.pos;
  const item = (value: MsgpackItem['value']): MsgpackItem => {
    const made: MsgpackItem = { offset, headEnd, end: reader.pos, first, kind, length, value };
    if (kind === Kind.Ext) (made as { type?: number }).type = type;
    limits.onItem?.(made, limits.maxDepth - depth);
    return made;
  };
  switch (kind) {
    case Kind.Array:
    case Kind.Map: {
      if (depth === 0) reader.fail(TOO_DEEP, `nesting deeper than ${limits.maxDepth}`, offset);
      const children: MsgpackItem[] = [];
      const container: MsgpackItem = { offset, headEnd, end: headEnd, first, kind, length, children };
      limits.onItem?.(container, limits.maxDepth - depth);
      const items = kind === Kind.Map ? length * 2 : length;
      for (let index = 0; index < items; index++) children.push(readItemTree(reader, depth - 1, limits));
      container.end = reader.pos;
      return container;
    }
    case Kind.Str:
      return item(reader.utf8(length));
    case Kind.Bin:
    case Kind.Ext:
      return item(reader.bytes(length));
    default:
      return item(scalar(reader, first));
  }
}

/** The value of a fixint, nil, boolean, int, uint or float whose payload `readHead` checked. */
function scalar(reader: Reader, first: number): number | bigint | boolean | null {
  if (first < 0x80) return first;
  if (first >= Byte.NegativeFixint) return first - 0x100;
  const uint8 = reader.uint8;
  const pos = reader.pos;
  switch (first) {
    case Byte.Nil:
      return null;
    case Byte.False:
      return false;
    case Byte.True:
      return true;
    case Byte.Float32:
      reader.pos += 4;
      return float32At(uint8, pos);
    case Byte.Float64:
      reader.pos += 8;
      return float64At(uint8, pos);
    case Byte.Uint8:
      return reader.u8();
    case Byte.Uint16:
      return reader.u16();
    case Byte.Uint32:
      return reader.u32();
    case Byte.Uint64:
      return reader.u64();
    case Byte.Int8:
      return reader.i8();
    case Byte.Int16:
      return reader.i16();
    case Byte.Int32:
      return reader.i32();
    default:
      return reader.i64();
  }
}
