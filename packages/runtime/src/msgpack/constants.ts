/**
 * MessagePack first bytes (msgpack spec.md, "Overview of formats"): every item starts with one
 * byte that names its format; fix formats carry a small value, length or count in that byte.
 */
export const Byte = {
  /** 0x00-0x7f: positive fixint, the value itself. */
  PositiveFixintMax: 0x7f,
  /** 0x80-0x8f: fixmap, up to 15 entries. */
  Fixmap: 0x80,
  /** 0x90-0x9f: fixarray, up to 15 elements. */
  Fixarray: 0x90,
  /** 0xa0-0xbf: fixstr, up to 31 bytes. */
  Fixstr: 0xa0,
  Nil: 0xc0,
  /** Never used: not well-formed wherever it appears. */
  NeverUsed: 0xc1,
  False: 0xc2,
  True: 0xc3,
  Bin8: 0xc4,
  Bin16: 0xc5,
  Bin32: 0xc6,
  Ext8: 0xc7,
  Ext16: 0xc8,
  Ext32: 0xc9,
  Float32: 0xca,
  Float64: 0xcb,
  Uint8: 0xcc,
  Uint16: 0xcd,
  Uint32: 0xce,
  Uint64: 0xcf,
  Int8: 0xd0,
  Int16: 0xd1,
  Int32: 0xd2,
  Int64: 0xd3,
  FixExt1: 0xd4,
  FixExt2: 0xd5,
  FixExt4: 0xd6,
  FixExt8: 0xd7,
  FixExt16: 0xd8,
  Str8: 0xd9,
  Str16: 0xda,
  Str32: 0xdb,
  Array16: 0xdc,
  Array32: 0xdd,
  Map16: 0xde,
  Map32: 0xdf,
  /** 0xe0-0xff: negative fixint, -32..-1. */
  NegativeFixint: 0xe0,
} as const;

/** spec.md "Timestamp extension type": extension type -1, data of 4, 8 or 12 bytes. */
export const TIMESTAMP_TYPE = -1;

/** What an item of a first byte is (`kindOf`). */
export const Kind = {
  Int: 0,
  Nil: 1,
  Bool: 2,
  Float: 3,
  Str: 4,
  Bin: 5,
  Array: 6,
  Map: 7,
  Ext: 8,
  /** 0xc1. */
  NeverUsed: 9,
} as const;

/** The kind of item that `first` starts. */
export function kindOf(first: number): number {
  if (first < 0x80 || first >= Byte.NegativeFixint) return Kind.Int;
  if (first < Byte.Fixarray) return Kind.Map;
  if (first < Byte.Fixstr) return Kind.Array;
  if (first < Byte.Nil) return Kind.Str;
  return KIND_C0[first - Byte.Nil];
}

/** Kinds of 0xc0..0xdf, in byte order. */
const KIND_C0: readonly number[] = [
  Kind.Nil, Kind.NeverUsed, Kind.Bool, Kind.Bool,
  Kind.Bin, Kind.Bin, Kind.Bin, Kind.Ext, Kind.Ext, Kind.Ext,
  Kind.Float, Kind.Float,
  Kind.Int, Kind.Int, Kind.Int, Kind.Int, Kind.Int, Kind.Int, Kind.Int, Kind.Int,
  Kind.Ext, Kind.Ext, Kind.Ext, Kind.Ext, Kind.Ext,
  Kind.Str, Kind.Str, Kind.Str, Kind.Array, Kind.Array, Kind.Map, Kind.Map,
];

/** Names of 0xc0..0xdf as spec.md writes them. */
const NAME_C0: readonly string[] = [
  'nil', '(never used)', 'false', 'true', 'bin8', 'bin16', 'bin32', 'ext8', 'ext16', 'ext32', 'float32', 'float64',
  'uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64',
  'fixext1', 'fixext2', 'fixext4', 'fixext8', 'fixext16', 'str8', 'str16', 'str32', 'array16', 'array32', 'map16', 'map32',
];

/** The spec's name of the format `first` starts (`positive fixint`, `fixstr`, `uint16`, `map32`, …). */
export function formatName(first: number): string {
  if (first < 0x80) return 'positive fixint';
  if (first >= Byte.NegativeFixint) return 'negative fixint';
  if (first < Byte.Fixarray) return 'fixmap';
  if (first < Byte.Fixstr) return 'fixarray';
  if (first < Byte.Nil) return 'fixstr';
  return NAME_C0[first - Byte.Nil];
}

/**
 * True for a format other than nil, false, true and the fix formats (which hold their value,
 * length or count in the first byte): the ones that notation marks with `encodingIndicators`.
 */
export function hasIndicator(first: number): boolean {
  return first > Byte.True && first < Byte.NegativeFixint;
}
