/**
 * One UBJSON value read as the generic decoder reads it with the default options
 * (`ValueDecoder.readPayload`: the same markers, lengths, UTF-8 of strings and keys, high-precision
 * text, no-ops, typed containers, payload-free element budget and nesting limit, so the same
 * error codes and offsets), but with containers checked and skipped instead of built. Generated
 * decoders read a discriminator's value with it and skip the entries before one, so a decode-only
 * bundle of a module carries no generic decoder (issue 39).
 */
import { hexByte, LENGTH_LIMIT, NOT_WELL_FORMED, TOO_DEEP } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import type { Reader } from '../reader.js';
import { CONTAINER_TYPE, DEFAULT_MAX_COUNT, Marker, minElementSize } from './constants.js';
import { BUDGET, readKey } from './generated-support.js';
import { readHighPrecision } from './high-precision.js';
import { readLength } from './integer.js';

/** What `readScalar` gives for an object or an array. */
export const NOT_SCALAR: unique symbol = /* @__PURE__ */ Symbol('not a scalar');

/**
 * The value whose marker (`marker`) is consumed, with `depth` nesting levels left (as
 * `readAnyValue` takes them): a scalar's value as the generic decoder gives it (an `L` or `H`
 * integer beyond 2^53 - 1 a bigint, `H` with a fraction its text), an object or array checked
 * and skipped, read as `NOT_SCALAR`. Typed containers draw on the decode's `BUDGET`.
 */
export function readScalar(reader: Reader, marker: number, depth: number): unknown {
  try {
    return payload(reader, marker, DEFAULT_MAX_DEPTH - depth);
  } catch (error) {
    // As the generic decoder: an engine stack overflow is a nesting problem of the input.
    if (error instanceof RangeError) reader.fail(TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/** `ValueDecoder.readPayload` without building containers; `used`: the levels above (0 at the top). */
function payload(reader: Reader, marker: number, used: number): unknown {
  const uint8 = reader.uint8;
  switch (marker) {
    case Marker.Uint8:
      if (reader.pos >= reader.end) reader.failEnd(1);
      return uint8[reader.pos++];
    case Marker.Int8:
      if (reader.pos >= reader.end) reader.failEnd(1);
      return (uint8[reader.pos++] << 24) >> 24;
    case Marker.Int16:
      return reader.i16();
    case Marker.Int32:
      return reader.i32();
    case Marker.Int64:
      return reader.i64();
    case Marker.Float32:
      return reader.f32();
    case Marker.Float64:
      return reader.f64();
    case Marker.String:
      return reader.utf8(textLength(reader));
    case Marker.ObjectStart:
      skipObject(reader, used);
      return NOT_SCALAR;
    case Marker.ArrayStart:
      skipArray(reader, used);
      return NOT_SCALAR;
    case Marker.Null:
      return null;
    case Marker.True:
      return true;
    case Marker.False:
      return false;
    case Marker.Char: {
      if (reader.pos >= reader.end) reader.failEnd(1);
      const code = uint8[reader.pos];
      // value-types.html#char: "must not have a decimal value larger than 127".
      if (code > 127) reader.fail(NOT_WELL_FORMED, `char ${hexByte(code)} above 127`, reader.pos);
      reader.pos++;
      return String.fromCharCode(code);
    }
    case Marker.HighPrecision:
      return readHighPrecision(reader, 'auto');
    default:
      return reader.fail(NOT_WELL_FORMED, marker === Marker.NoOp ? 'no-op where a value is required' : `invalid marker ${hexByte(marker)}`, reader.pos - 1);
  }
}

/** A marker and its payload (`ValueDecoder.readValue`). */
function value(reader: Reader, used: number): unknown {
  if (reader.pos >= reader.end) reader.failEnd(1);
  return payload(reader, reader.uint8[reader.pos++], used);
}

/** The length of a string: `readLength` with the one-byte forms (`U n`, `i n`) inline (`ValueDecoder.readTextLength`). */
function textLength(reader: Reader): number {
  const uint8 = reader.uint8;
  const pos = reader.pos;
  if (pos + 1 < reader.end && (uint8[pos] === Marker.Uint8 || (uint8[pos] === Marker.Int8 && uint8[pos + 1] < 128))) {
    reader.pos = pos + 2;
    return uint8[pos + 1];
  }
  return readLength(reader);
}

/** A container past the depth limit, at its consumed marker (`offset`: an element of a typed container has none: `implied`). */
function tooDeep(reader: Reader, used: number, offset = reader.pos - 1): void {
  if (used >= DEFAULT_MAX_DEPTH) reader.fail(TOO_DEEP, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, offset);
}

/** An element of a typed container (`type` fixed by `$`) starts with its payload: too deep, it fails at that first byte. */
function implied(reader: Reader, type: number, used: number): void {
  if (type === Marker.ArrayStart || type === Marker.ObjectStart) tooDeep(reader, used, reader.pos);
}

/** After `[`: a typed or counted header, or elements up to `]`, no-ops skipped. */
function skipArray(reader: Reader, used: number): void {
  tooDeep(reader, used);
  if (reader.pos >= reader.end) reader.failEnd(1);
  const first = reader.uint8[reader.pos];
  const inner = used + 1;
  if (first === Marker.Type) {
    const type = typedHeader(reader, 0);
    // A local: skipping an element that is a typed container reads a header of its own.
    const count = headerCount;
    // `[$U#n` is bytes (binary-data.html), already counted against the bytes left; Z, T and F have no payload.
    if (type === Marker.Uint8) {
      reader.pos += count;
    } else if (type !== Marker.Null && type !== Marker.True && type !== Marker.False) {
      // Every element has the same type and depth: if one is too deep, the first is.
      if (count > 0) implied(reader, type, inner);
      for (let index = 0; index < count; index++) payload(reader, type, inner);
    }
    return;
  }
  if (first === Marker.Count) {
    reader.pos++;
    const count = readLength(reader);
    for (let index = 0; index < count; index++) {
      let marker: number;
      do {
        if (reader.pos >= reader.end) reader.failEnd(1);
        marker = reader.uint8[reader.pos++];
      } while (marker === Marker.NoOp);
      payload(reader, marker, inner);
    }
    return;
  }
  for (;;) {
    if (reader.pos >= reader.end) reader.failEnd(1);
    const marker = reader.uint8[reader.pos++];
    if (marker === Marker.ArrayEnd) return;
    if (marker !== Marker.NoOp) payload(reader, marker, inner);
  }
}

/** After `{`: a typed or counted header, or key/value pairs up to `}`, no-ops before keys skipped. */
function skipObject(reader: Reader, used: number): void {
  tooDeep(reader, used);
  if (reader.pos >= reader.end) reader.failEnd(1);
  const first = reader.uint8[reader.pos];
  const inner = used + 1;
  if (first === Marker.Type || first === Marker.Count) {
    const typed = first === Marker.Type;
    let type = -1;
    let count: number;
    if (typed) {
      type = typedHeader(reader, 2); // a key takes at least 2 bytes
      count = headerCount;
    } else {
      reader.pos++;
      count = readLength(reader, 3); // a key takes at least 2 bytes, a value 1
    }
    for (let index = 0; index < count; index++) {
      if (!typed) while (reader.pos < reader.end && reader.uint8[reader.pos] === Marker.NoOp) reader.pos++;
      readKey(reader);
      if (typed && index === 0) implied(reader, type, inner); // after its key: if one value is too deep, the first is
      if (typed) payload(reader, type, inner);
      else value(reader, inner);
    }
    return;
  }
  for (;;) {
    if (reader.pos >= reader.end) reader.failEnd(1);
    const marker = reader.uint8[reader.pos];
    if (marker === Marker.ObjectEnd) {
      reader.pos++;
      return;
    }
    if (marker === Marker.NoOp) {
      reader.pos++;
      continue;
    }
    readKey(reader);
    value(reader, inner);
  }
}

/** The count of the typed header `typedHeader` read last: callers copy it before skipping elements, which may read headers of their own. */
let headerCount = 0;

/**
 * `$<type>#<count>` at the reader (`ValueDecoder.readTypedHeader`): the type, the count in
 * `headerCount`, checked against the bytes left, or for payload-free elements against `BUDGET`.
 */
function typedHeader(reader: Reader, perEntry: number): number {
  reader.pos++; // '$'
  if (reader.pos >= reader.end) reader.failEnd(1);
  const type = reader.uint8[reader.pos];
  if (CONTAINER_TYPE[type] !== 1) reader.fail(NOT_WELL_FORMED, `invalid container type ${hexByte(type)}`, reader.pos);
  reader.pos++;
  if (reader.pos >= reader.end) reader.failEnd(1);
  if (reader.uint8[reader.pos] !== Marker.Count) reader.fail(NOT_WELL_FORMED, 'container type without a count', reader.pos);
  reader.pos++;
  const countOffset = reader.pos;
  const count = readLength(reader, 0);
  const size = perEntry + minElementSize(type);
  if (size === 0) {
    if (count > BUDGET.left || count > 0xffff_ffff) reader.fail(LENGTH_LIMIT, `count ${count} beyond maxCount ${DEFAULT_MAX_COUNT}`, countOffset);
    BUDGET.left -= count;
  } else if (count * size > reader.end - reader.pos) {
    reader.failEnd(count * size);
  }
  headerCount = count;
  return type;
}
