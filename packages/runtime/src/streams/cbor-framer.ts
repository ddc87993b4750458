import { Major } from '../cbor/constants.js';
import { Framer, MALFORMED, NEED_MORE } from './framer.js';

/** An open container in `CborFramer.open`: items still expected, or `UNTIL_BREAK`. */
const UNTIL_BREAK = -1;

/**
 * Item boundaries of a CBOR sequence (RFC 8742), found from the heads alone (RFC 8949 §3):
 * a stack of the items each open container still expects, and the string bytes still to pass.
 * Checks nothing beyond what framing needs; the decoder checks the complete item.
 */
export class CborFramer extends Framer {
  readonly format = 'cbor' as const;
  private readonly open: number[] = [];
  /** Bytes of a string's content still to pass. */
  private skip = 0;

  next(): number {
    const pending = this.pending;
    const bytes = pending.bytes;
    for (;;) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, pending.length - this.scan);
        this.scan += step;
        this.skip -= step;
        if (this.skip > 0) return NEED_MORE;
        if (this.itemDone()) return this.complete();
        continue;
      }
      const pos = pending.start + this.scan;
      if (pos >= pending.end) return NEED_MORE;
      const initial = bytes[pos];
      const major = initial >> 5;
      const info = initial & 0x1f;
      if (info >= 28 && info <= 30) return MALFORMED;
      const headSize = info < 24 || info === 31 ? 1 : 1 + (1 << (info - 24));
      if (pending.end - pos < headSize) return NEED_MORE;
      this.scan += headSize;
      this.checkSize(this.scan);
      if (info === 31) {
        if (major === Major.Simple) {
          // A break closes the innermost indefinite-length item (RFC 8949 §3.2.1).
          if (this.open.length === 0 || this.open[this.open.length - 1] !== UNTIL_BREAK) return MALFORMED;
          this.open.pop();
          if (this.itemDone()) return this.complete();
        } else if (major >= Major.Bytes && major <= Major.Map) {
          if (!this.push(UNTIL_BREAK)) return MALFORMED;
        } else {
          return MALFORMED;
        }
        continue;
      }
      const argument = info < 24 ? info : readArgumentAt(bytes, pos + 1, headSize - 1);
      const entered = this.enter(major, argument);
      if (entered === MALFORMED) return MALFORMED;
      if (entered) return this.complete();
    }
  }

  /**
   * After a definite head: true when that completes the top-level item, `MALFORMED` when it
   * nests deeper than `maxDepth` (the decoder then reports `too-deep`).
   */
  private enter(major: number, argument: number): boolean | typeof MALFORMED {
    switch (major) {
      case Major.Bytes:
      case Major.Text:
        this.checkSize(this.scan + argument);
        this.skip = argument;
        return argument === 0 && this.itemDone();
      case Major.Array:
      case Major.Map: {
        const items = major === Major.Map ? argument * 2 : argument;
        // Every item takes at least one byte.
        this.checkSize(this.scan + items);
        if (items === 0) return this.itemDone();
        return this.push(items) ? false : MALFORMED;
      }
      case Major.Tag:
        return this.push(1) ? false : MALFORMED;
      default:
        return this.itemDone();
    }
  }

  /** Opens a container; false beyond `maxDepth`. */
  private push(items: number): boolean {
    if (this.open.length >= this.maxDepth) return false;
    this.open.push(items);
    return true;
  }

  /** One item finished: counts it in its container, closing containers it completes. */
  private itemDone(): boolean {
    const open = this.open;
    while (open.length > 0) {
      const last = open.length - 1;
      if (open[last] === UNTIL_BREAK) return false;
      if (--open[last] > 0) return false;
      open.pop();
    }
    return true;
  }
}

/** Big-endian unsigned argument of 1, 2, 4 or 8 bytes (beyond 2^53 inexact, still huge). */
function readArgumentAt(bytes: Uint8Array, pos: number, size: number): number {
  let value = 0;
  for (let index = 0; index < size; index++) value = value * 256 + bytes[pos + index];
  return value;
}
