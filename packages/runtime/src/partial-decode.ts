/** What `decodeLevel` and `decodeAt` of both formats share: the raw item, index tokens, the not-found error. */

import { DecodeError, type Format, PATH_NOT_FOUND } from './errors.js';
import { pointerFrom } from './pointer.js';

/**
 * A nested item left undecoded by `decodeLevel`: a view of its bytes in the input (no copy) and
 * the offset where it starts, decoded on demand (as json-pack's `JsonPackValue` from `readLevel`).
 */
export class RawItem {
  /** The item's encoded bytes: a view into the input, valid as long as the input is. */
  readonly bytes: Uint8Array;
  /** Byte offset of the item in the input it came from. */
  readonly offset: number;
  private readonly decoder: (bytes: Uint8Array) => unknown;
  constructor(bytes: Uint8Array, offset: number, decoder: (bytes: Uint8Array) => unknown) {
    this.bytes = bytes;
    this.offset = offset;
    this.decoder = decoder;
  }
  /** The decoded item, with the options of the `decodeLevel` call that made it. */
  decode(): unknown {
    return this.decoder(this.bytes);
  }
}

/** The array index a JSON Pointer token names (RFC 6901 §4: `0` or digits without a leading zero), or -1. */
export function arrayIndex(token: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return -1;
  const index = Number(token);
  return Number.isSafeInteger(index) ? index : -1;
}

/** `path-not-found` for `tokens[step]`, at the offset of the item it could not enter. */
export function pathNotFound(format: Format, tokens: string[], step: number, offset: number): DecodeError {
  const at = pointerFrom(tokens.slice(0, step));
  return new DecodeError(format, PATH_NOT_FOUND, `no ${JSON.stringify(tokens[step])} in the item`, offset, undefined, at);
}
