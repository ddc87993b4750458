/**
 * JavaScript stand-ins for CBOR items that have no native JavaScript type (RFC 8949 §3.3, §3.4).
 */

/** A tagged item whose tag the generic codec does not interpret (RFC 8949 §3.4). */
export class Tag {
  /** Tag number, 0..2^64-1 (a bigint only beyond 2^53-1). */
  readonly tag: number | bigint;
  readonly content: unknown;
  constructor(tag: number | bigint, content: unknown) {
    this.tag = tag;
    this.content = content;
  }
}

/**
 * A simple value (major type 7) other than false, true, null and undefined (RFC 8949 §3.3).
 * Valid numbers are 0..19 and 32..255; 24..31 are reserved and cannot be encoded.
 */
export class Simple {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}
