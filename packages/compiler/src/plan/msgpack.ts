import type { IrObject } from '../ir/types.js';
import { encode } from '@binschema/runtime/msgpack';
import { isClosedObject } from './shape.js';

/**
 * MessagePack decisions taken at compile time (msgpack spec.md): pre-encoded str items (keys,
 * string constants), container heads and small unsigned integers, in the smallest form the
 * generic encoder writes ("serializers SHOULD use the format which represents the data in the
 * smallest number of bytes").
 */

const encoder = new TextEncoder();

/** A str item: the smallest head (fixstr, str8, str16, str32) + UTF-8, the generic encoder's bytes (schema strings are valid Unicode; lone surrogates become U+FFFD as in `cborText`). */
export function msgpackText(text: string): Uint8Array {
  const utf8 = encoder.encode(text);
  const length = utf8.length;
  const head = length < 32 ? [0xa0 + length] : length < 0x100 ? [0xd9, length] : length < 0x1_0000 ? [0xda, length >>> 8, length & 0xff] : [0xdb, length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff];
  return Uint8Array.from([...head, ...utf8]);
}

/** The smallest head of `count` elements (fixarray 0x90 + n below 16, array16 0xdc, array32 0xdd). */
export function msgpackArrayHead(count: number): Uint8Array {
  return sizedHead(count, 0x90, 0xdc);
}

/** The smallest head of `count` entries (fixmap 0x80 + n below 16, map16 0xde, map32 0xdf). */
export function msgpackMapHead(count: number): Uint8Array {
  return sizedHead(count, 0x80, 0xde);
}

/** A non-negative integer (an index or position) in the generic encoder's form: positive fixint, uint8, uint16, uint32. */
export function msgpackUnsigned(value: number): Uint8Array {
  return encode(value).slice();
}

function sizedHead(count: number, fix: number, wide16: number): Uint8Array {
  if (count < 16) return Uint8Array.of(fix + count);
  if (count < 0x1_0000) return Uint8Array.of(wide16, count >>> 8, count & 0xff);
  return Uint8Array.of(wide16 + 1, count >>> 24, (count >>> 16) & 0xff, (count >>> 8) & 0xff, count & 0xff);
}

export interface MsgpackObjectPlan {
  /** Encoded key (str head + UTF-8) per entry of `IrObject.properties`. */
  keys: Uint8Array[];
  /** Property indices in the order the encoder writes them: schema order (MessagePack has no canonical key order). */
  writeOrder: number[];
  /** The map head when the entry count is known at compile time (every declared property required, no other keys allowed). */
  fixedHead: Uint8Array | undefined;
}

export function planMsgpackObject(node: IrObject): MsgpackObjectPlan {
  const fixed = isClosedObject(node) && node.properties.every((property) => property.required);
  return {
    keys: node.properties.map((property) => msgpackText(property.name)),
    writeOrder: node.properties.map((_, index) => index),
    fixedHead: fixed ? msgpackMapHead(node.properties.length) : undefined,
  };
}
