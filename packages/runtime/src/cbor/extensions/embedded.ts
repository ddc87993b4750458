/**
 * Tag 24 (RFC 8949 §3.4.5.1: encoded CBOR data item, a byte string) ⇄ `EmbeddedCbor`. The bytes
 * are kept as they are and decoded only when asked (`decode()`), with the options given then.
 */
import { decode } from '../codec.js';
import type { CborDecodeOptions } from '../options.js';
import type { CborExtension } from '../extensions.js';

export class EmbeddedCbor {
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  /** The embedded item; throws the `DecodeError` of its bytes (offsets within them). */
  decode(options?: CborDecodeOptions): unknown {
    return decode(this.bytes, options);
  }
}

export const embeddedCborExtension: CborExtension<EmbeddedCbor> = {
  tag: 24,
  Class: EmbeddedCbor,
  encode: (embedded) => embedded.bytes,
  decode(content) {
    if (!(content instanceof Uint8Array)) throw new TypeError('tag 24 needs a byte string');
    return new EmbeddedCbor(content);
  },
};
