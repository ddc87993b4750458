// The markers of lengths and strings, which every encoder writes, are constants of their own too:
// the writers import these, so an encode-only bundle does not keep `Marker` whole (issue 39).
/** `i`: int8. */
export const MARKER_INT8 = 0x69;
/** `U`: uint8. */
export const MARKER_UINT8 = 0x55;
/** `I`: int16. */
export const MARKER_INT16 = 0x49;
/** `l`: int32. */
export const MARKER_INT32 = 0x6c;
/** `L`: int64. */
export const MARKER_INT64 = 0x4c;
/** `S`: string, length-prefixed UTF-8. */
export const MARKER_STRING = 0x53;

/**
 * UBJSON Draft 12 marker bytes (type-reference.html). Every marker is one ASCII byte; every
 * multi-byte payload after it is big-endian (index.html#Endianness).
 */
export const Marker = {
  /** `Z`: null, no payload. */
  Null: 0x5a,
  /** `N`: no-op, skipped between container elements (value-types.html#noop). */
  NoOp: 0x4e,
  /** `T`: true. */
  True: 0x54,
  /** `F`: false. */
  False: 0x46,
  /** `i`: int8. */
  Int8: MARKER_INT8,
  /** `U`: uint8. */
  Uint8: MARKER_UINT8,
  /** `I`: int16. */
  Int16: MARKER_INT16,
  /** `l`: int32. */
  Int32: MARKER_INT32,
  /** `L`: int64. */
  Int64: MARKER_INT64,
  /** `d`: float32. */
  Float32: 0x64,
  /** `D`: float64. */
  Float64: 0x44,
  /** `H`: high-precision number, a length-prefixed JSON number text. */
  HighPrecision: 0x48,
  /** `C`: char, one byte 0..127. */
  Char: 0x43,
  /** `S`: string, length-prefixed UTF-8. */
  String: MARKER_STRING,
  /** `[` and `]`. */
  ArrayStart: 0x5b,
  ArrayEnd: 0x5d,
  /** `{` and `}`. */
  ObjectStart: 0x7b,
  ObjectEnd: 0x7d,
  /** `$`: container element type (optimized format, container-types.html#optimized). */
  Type: 0x24,
  /** `#`: container element count. */
  Count: 0x23,
} as const;
export type Marker = (typeof Marker)[keyof typeof Marker];

/**
 * Markers allowed after `$` as the element type of an optimized container: every value type but
 * No-op ("The type cannot be No-op", container-types.html#optimized). Indexed by byte.
 */
export const CONTAINER_TYPE = /* @__PURE__ */ (() => {
  const allowed = new Uint8Array(256);
  for (const marker of [
    Marker.Null, Marker.True, Marker.False, Marker.Int8, Marker.Uint8, Marker.Int16, Marker.Int32,
    Marker.Int64, Marker.Float32, Marker.Float64, Marker.HighPrecision, Marker.Char, Marker.String,
    Marker.ArrayStart, Marker.ObjectStart,
]) {
    allowed[marker] = 1;
  }
  return allowed;
})();

/** Payload bytes of a fixed-size type (type-reference.html), or -1 for S, H and containers. */
export function fixedPayloadSize(type: number): number {
  switch (type) {
    case Marker.Null:
    case Marker.True:
    case Marker.False:
      return 0;
    case Marker.Int8:
    case Marker.Uint8:
    case Marker.Char:
      return 1;
    case Marker.Int16:
      return 2;
    case Marker.Int32:
    case Marker.Float32:
      return 4;
    case Marker.Int64:
    case Marker.Float64:
      return 8;
    default:
      return -1;
  }
}

/**
 * Fewest payload bytes one element of a typed container can take (`Z`, `T`, `F`: none; strings
 * and nested containers: at least one). Used to reject a count larger than the bytes left before
 * anything is allocated.
 */
export function minElementSize(type: number): number {
  const fixed = fixedPayloadSize(type);
  if (fixed >= 0) return fixed;
  if (type === Marker.String) return 2; // length marker + length, empty text
  if (type === Marker.HighPrecision) return 3; // length marker + length + at least one digit
  return 1;
}

/**
 * Default `maxCount` (`UbjsonDecodeOptions`): the most payload-free elements typed containers may
 * declare in one decode, generic or generated.
 */
export const DEFAULT_MAX_COUNT = 1_000_000;
