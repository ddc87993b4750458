import type { Reader } from '../reader.js';
import { hexByte, LENGTH_LIMIT, NOT_WELL_FORMED, TOO_DEEP } from '../errors.js';
import { CONTAINER_TYPE, Marker, minElementSize } from './constants.js';
import { readLength } from './integer.js';
import { NumberShape, asciiText, jsonNumberShape } from './high-precision.js';

/**
 * One UBJSON value as it sits in the bytes, for the UBJSON notation and `binschema inspect`.
 * Elements of a typed container (`[$i#3 …`) have no marker byte of their own: their `offset` is
 * their payload and `marker` the container's type. Object keys have `marker` -1 (a key is a
 * length and UTF-8, container-types.html#object).
 */
export interface UbjsonItem {
  readonly offset: number;
  /** Offset after the marker and any length or optimized header (where the payload starts). */
  readonly headEnd: number;
  end: number;
  /** The value's marker byte (`i`, `S`, `[`, …); -1 for an object key. */
  readonly marker: number;
  /** Strings, high-precision numbers and keys: the marker of their length (`U`, `i`, `I`, `l`, `L`). */
  readonly lengthMarker?: number;
  /** Containers: `$` type marker, or -1 when not typed. */
  readonly typeMarker?: number;
  /** Containers: the marker of the `#` count, or -1 when not counted. */
  readonly countMarker?: number;
  /** Containers: the `#` count (elements, or pairs for objects), or -1 when not counted. */
  readonly count?: number;
  /** False when the value came without a marker of its own (typed container element). */
  readonly marked: boolean;
  /** Scalars: the value; `H` keeps its text; `[$U#n` is a `Uint8Array`. */
  readonly value?: number | bigint | string | boolean | null | Uint8Array;
  /** Arrays: elements; objects: keys and values alternating. */
  readonly children?: UbjsonItem[];
}

/** Nesting and item limits of a tree walk (items are counted as read). */
export interface UbjsonItemLimits {
  maxDepth: number;
  itemsLeft: number;
  /** Called for each value and key as soon as it is known, in byte order (containers right after their header). */
  onItem?: (item: UbjsonItem, level: number) => void;
  /** Called for the `]` or `}` at `offset` that ends a container at `level`. */
  onEnd?: (offset: number, level: number) => void;
}

function announce<T extends UbjsonItem>(limits: UbjsonItemLimits, item: T, depth: number): T {
  limits.onItem?.(item, limits.maxDepth - depth);
  return item;
}

/**
 * Reads the value at `reader.pos` (no-ops are not values: not allowed here), with the
 * decoder's checks: known markers, `C` 0..127, strict UTF-8, `H` text a JSON number, lengths and
 * counts non-negative and within the bytes left, typed-container types and counts
 * (container-types.html#optimized), and `limits`.
 */
export function readUbjsonTree(reader: Reader, depth: number, limits: UbjsonItemLimits): UbjsonItem {
  const offset = reader.pos;
  const marker = reader.u8();
  return readPayloadTree(reader, offset, marker, true, depth, limits);
}

function readPayloadTree(reader: Reader, offset: number, marker: number, marked: boolean, depth: number, limits: UbjsonItemLimits): UbjsonItem {
  if (--limits.itemsLeft < 0) reader.fail(LENGTH_LIMIT, 'more items than the output limit allows', offset);
  const scalar = (value: UbjsonItem['value'], lengthMarker?: number, headEnd = offset + (marked ? 1 : 0)): UbjsonItem =>
    announce(limits, { offset, headEnd, end: reader.pos, marker, marked, value, lengthMarker }, depth);
  switch (marker) {
    case Marker.Null:
      return scalar(null);
    case Marker.True:
      return scalar(true);
    case Marker.False:
      return scalar(false);
    case Marker.Int8:
      return scalar(reader.i8());
    case Marker.Uint8:
      return scalar(reader.u8());
    case Marker.Int16:
      return scalar(reader.i16());
    case Marker.Int32:
      return scalar(reader.i32());
    case Marker.Int64:
      return scalar(reader.i64());
    case Marker.Float32:
      return scalar(reader.f32());
    case Marker.Float64:
      return scalar(reader.f64());
    case Marker.Char: {
      const code = reader.u8();
      // value-types.html#char: "must not have a decimal value larger than 127".
      if (code > 127) reader.fail(NOT_WELL_FORMED, `char ${hexByte(code)} above 127`, reader.pos - 1);
      return scalar(String.fromCharCode(code));
    }
    case Marker.String: {
      const lengthMarker = reader.peek();
      const length = readLength(reader);
      const headEnd = reader.pos;
      return scalar(reader.utf8(length), lengthMarker, headEnd);
    }
    case Marker.HighPrecision:
      return announce(limits, readHighPrecision(reader, offset, marked), depth);
    case Marker.ArrayStart:
    case Marker.ObjectStart:
      if (depth === 0) reader.fail(TOO_DEEP, `nesting deeper than ${limits.maxDepth}`, offset);
      return readContainer(reader, offset, marker, marked, depth, limits);
    default: {
      const what = marker === Marker.NoOp ? 'no-op where a value is required' : `invalid marker ${hexByte(marker)}`;
      return reader.fail(NOT_WELL_FORMED, what, offset);
    }
  }
}

function readHighPrecision(reader: Reader, offset: number, marked: boolean): UbjsonItem {
  const lengthMarker = reader.peek();
  const length = readLength(reader);
  const start = reader.pos;
  if (jsonNumberShape(reader.uint8, start, start + length) === NumberShape.Invalid) {
    reader.fail(NOT_WELL_FORMED, 'high-precision text is not a JSON number', start);
  }
  reader.pos = start + length;
  const value = asciiText(reader.uint8, start, start + length);
  return { offset, headEnd: start, end: reader.pos, marker: Marker.HighPrecision, marked, value, lengthMarker };
}

function readContainer(reader: Reader, offset: number, marker: number, marked: boolean, depth: number, limits: UbjsonItemLimits): UbjsonItem {
  const isObject = marker === Marker.ObjectStart;
  let typeMarker = -1;
  let countMarker = -1;
  let count = -1;
  if (reader.peek() === Marker.Type) {
    reader.pos++;
    typeMarker = reader.u8();
    if (CONTAINER_TYPE[typeMarker] !== 1) reader.fail(NOT_WELL_FORMED, `invalid container type ${hexByte(typeMarker)}`, reader.pos - 1);
    // container-types.html#optimized: "a type cannot be specified by itself".
    if (reader.peek() !== Marker.Count) reader.fail(NOT_WELL_FORMED, 'container type without a count', reader.pos);
  }
  if (reader.peek() === Marker.Count) {
    reader.pos++;
    countMarker = reader.peek();
    const countOffset = reader.pos;
    const perEntry = (isObject ? 2 : 0) + (typeMarker === -1 ? 1 : minElementSize(typeMarker));
    count = readLength(reader, perEntry);
    // Payload-free elements (`[$Z#n`) take no bytes: each is an item, so the item limit bounds them.
    if (count > limits.itemsLeft) reader.fail(LENGTH_LIMIT, `count ${count} beyond the item limit`, countOffset);
  }
  const headEnd = reader.pos;
  const header = { offset, headEnd, marker, marked, typeMarker, countMarker, count };
  if (!isObject && typeMarker === Marker.Uint8) {
    // binary-data.html: `[$U#n` is a byte array; one item, not n.
    return announce(limits, { ...header, end: reader.pos + count, value: reader.bytes(count) }, depth);
  }
  const children: UbjsonItem[] = [];
  const item = announce(limits, { ...header, end: headEnd, children }, depth);
  const inner = depth - 1;
  for (let index = 0; count === -1 || index < count; index++) {
    if (count === -1 || typeMarker === -1) skipNoOps(reader);
    if (count === -1 && reader.peek() === (isObject ? Marker.ObjectEnd : Marker.ArrayEnd)) {
      limits.onEnd?.(reader.pos, limits.maxDepth - depth);
      reader.pos++;
      break;
    }
    if (isObject) children.push(readKey(reader, inner, limits));
    const elementOffset = reader.pos;
    children.push(typeMarker === -1 ? readUbjsonTree(reader, inner, limits) : readPayloadTree(reader, elementOffset, typeMarker, false, inner, limits));
  }
  item.end = reader.pos;
  return item;
}

/** container-types.html: no-ops may sit between elements and are ignored. */
function skipNoOps(reader: Reader): void {
  while (reader.peek() === Marker.NoOp) reader.pos++;
}

function readKey(reader: Reader, depth: number, limits: UbjsonItemLimits): UbjsonItem {
  const offset = reader.pos;
  if (--limits.itemsLeft < 0) reader.fail(LENGTH_LIMIT, 'more items than the output limit allows', offset);
  const lengthMarker = reader.peek();
  const length = readLength(reader);
  const headEnd = reader.pos;
  const value = reader.utf8(length);
  return announce(limits, { offset, headEnd, end: reader.pos, marker: -1, marked: false, value, lengthMarker }, depth);
}
