/** JavaScript stand-ins for MessagePack items that have no native JavaScript type. */

/**
 * An extension item (spec.md "ext format family") of a type no extension reads: `type` is a
 * signed 8-bit integer (-128..127; negative types are reserved by the spec), `data` its bytes.
 */
export class Ext {
  readonly type: number;
  readonly data: Uint8Array;
  constructor(type: number, data: Uint8Array) {
    this.type = type;
    this.data = data;
  }
}

/**
 * A timestamp (extension type -1, spec.md "Timestamp extension type") exactly as the bytes hold
 * it: seconds since 1970-01-01T00:00:00Z (signed 64-bit; a number when it is a safe integer,
 * else a bigint) and nanoseconds 0..999,999,999. The decoder gives these with
 * `timestamp: 'object'`; the encoder writes them in the smallest of the three forms.
 */
export class Timestamp {
  readonly seconds: number | bigint;
  readonly nanoseconds: number;
  constructor(seconds: number | bigint, nanoseconds = 0) {
    this.seconds = seconds;
    this.nanoseconds = nanoseconds;
  }
}
