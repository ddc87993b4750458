import type { IrArray, IrNumber, IrObject } from '../ir/types.js';
import { Marker } from '@binschema/runtime/ubjson';
import type { JsonType } from './shape.js';

/**
 * UBJSON (Draft 12) decisions taken at compile time: pre-encoded key and string bytes, the
 * integer marker a `minimum`/`maximum` range fixes, and which arrays become optimized typed
 * containers (`[$<type>#<count>`, container-types.html#optimized). Every multi-byte number is
 * big-endian (index.html#Endianness).
 */

const encoder = new TextEncoder();

/** An integer length as the runtime writes it: the smallest of `i U I l` (a length is never negative). */
export function ubjsonLength(length: number): number[] {
  if (length <= 127) return [Marker.Int8, length];
  if (length <= 255) return [Marker.Uint8, length];
  if (length <= 32767) return [Marker.Int16, length >>> 8, length & 0xff];
  return [Marker.Int32, length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff];
}

/** An object key: length and UTF-8, no `S` (container-types.html#object), as the runtime's `writeKey`. */
export function ubjsonKey(text: string): Uint8Array {
  const utf8 = encoder.encode(text);
  return Uint8Array.from([...ubjsonLength(utf8.length), ...utf8]);
}

/** A fixed integer marker: its byte, payload size and the values it holds. */
export interface FixedInteger {
  marker: number;
  name: 'int8' | 'uint8' | 'int16';
  size: 1 | 2;
  min: number;
  max: number;
}

/**
 * Markers a range may fix. Only the one- and two-byte payloads: a fixed marker costs at most one
 * byte over the smallest one (0..1000 as `I` where 5 would fit `i`) and saves the width branches;
 * `l` would cost up to three bytes a value, so wider ranges keep the smallest marker per value.
 */
const FIXED_INTEGERS: readonly FixedInteger[] = [
  { marker: Marker.Int8, name: 'int8', size: 1, min: -128, max: 127 },
  { marker: Marker.Uint8, name: 'uint8', size: 1, min: 0, max: 255 },
  { marker: Marker.Int16, name: 'int16', size: 2, min: -32768, max: 32767 },
];

/** The integer marker every valid value of `node` fits, when its bounds fix one; else undefined. */
export function fixedInteger(node: IrNumber): FixedInteger | undefined {
  if (!node.integer) return undefined;
  const low = Math.max(node.minimum ?? -Infinity, node.exclusiveMinimum === undefined ? -Infinity : Math.floor(node.exclusiveMinimum) + 1);
  const high = Math.min(node.maximum ?? Infinity, node.exclusiveMaximum === undefined ? Infinity : Math.ceil(node.exclusiveMaximum) - 1);
  return FIXED_INTEGERS.find((fixed) => low >= fixed.min && high <= fixed.max);
}

/**
 * The element type of an array that can be an optimized typed container: no tuple prefix and
 * integer items whose range fits `i` or `I`. Never `U`: `[$U#` is binary data
 * (binary-data.html), which the generic decoder and @shelacek/ubjson give back as a Uint8Array,
 * so 0..255 items go as `I` (two bytes each, what `U <n>` costs per item in a plain array).
 * A `$ref` is not followed (the item writer of a definition writes its own marker).
 */
export function typedArrayItems(node: IrArray): FixedInteger | undefined {
  if (node.prefixItems.length > 0 || node.items.kind !== 'number') return undefined;
  const fixed = fixedInteger(node.items);
  if (fixed === undefined || fixed.marker !== Marker.Uint8) return fixed;
  return FIXED_INTEGERS.find((candidate) => candidate.marker === Marker.Int16);
}

export interface UbjsonObjectPlan {
  /** Encoded key (length + UTF-8) per entry of `IrObject.properties`. */
  keys: Uint8Array[];
  /** Property indices in the order the encoder writes them: schema order (UBJSON has no canonical order). */
  writeOrder: number[];
  /** True when the first written property is required, so `{` and its key merge into one constant. */
  mergeOpen: boolean;
}

export function planUbjsonObject(node: IrObject): UbjsonObjectPlan {
  const keys = node.properties.map((property) => ubjsonKey(property.name));
  const writeOrder = node.properties.map((_, index) => index);
  return { keys, writeOrder, mergeOpen: node.properties.length > 0 && node.properties[0].required };
}

/** The markers that can start a value of each JSON type, as the generic decoder reads them. */
export const markersOfJsonType: Record<JsonType, readonly number[]> = {
  null: [Marker.Null],
  boolean: [Marker.True, Marker.False],
  // `H` holds an integer or decimal text; the generic decoder gives a number only for safe integers.
  integer: [Marker.Int8, Marker.Uint8, Marker.Int16, Marker.Int32, Marker.Int64, Marker.Float32, Marker.Float64, Marker.HighPrecision],
  number: [Marker.Int8, Marker.Uint8, Marker.Int16, Marker.Int32, Marker.Int64, Marker.Float32, Marker.Float64, Marker.HighPrecision],
  string: [Marker.String, Marker.Char],
  array: [Marker.ArrayStart],
  object: [Marker.ObjectStart],
};
