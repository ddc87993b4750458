/** RFC 8949 §3: major types, additional-information values and fixed initial bytes. */

export const Major = {
  Unsigned: 0,
  Negative: 1,
  Bytes: 2,
  Text: 3,
  Array: 4,
  Map: 5,
  Tag: 6,
  Simple: 7,
} as const;

/** Additional information (low 5 bits of the initial byte). */
export const Info = {
  /** 0..23: the argument itself. */
  MaxDirect: 23,
  OneByte: 24,
  TwoBytes: 25,
  FourBytes: 26,
  EightBytes: 27,
  /** 28..30 are reserved: not well-formed (RFC 8949 §3, Appendix F). */
  Indefinite: 31,
} as const;

/** Initial bytes with a fixed meaning (major type 7). */
export const InitialByte = {
  False: 0xf4,
  True: 0xf5,
  Null: 0xf6,
  Undefined: 0xf7,
  SimpleOneByte: 0xf8,
  Float16: 0xf9,
  Float32: 0xfa,
  Float64: 0xfb,
  Break: 0xff,
} as const;

/** Tags the generic codec understands (RFC 8949 §3.4). */
export const KnownTag = {
  DateString: 0,
  EpochDate: 1,
  PositiveBignum: 2,
  NegativeBignum: 3,
  SelfDescribed: 55799,
} as const;
