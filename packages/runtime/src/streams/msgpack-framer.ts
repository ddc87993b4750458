import { DecodeError, NOT_WELL_FORMED, TOO_DEEP } from '../errors.js';
import { Byte, Kind, kindOf } from '../msgpack/constants.js';
import { fixextLength, lengthAt, lengthWidth, scalarWidth } from '../msgpack/head.js';
import { Framer, NEED_MORE } from './framer.js';

/**
 * Item boundaries of MessagePack items one after another (spec.md "Formats"), found from the
 * heads alone: a stack of the items each open array or map still expects, and the bytes of a
 * str, bin or ext still to pass. Each head is taken whole or waited for without consuming any
 * of it. Checks nothing beyond what framing needs (0xc1, nesting); the decoder checks the item.
 * Those two it reports itself, with the decoder's code and message at their stream offset: the
 * decoder, given the bytes so far, would refuse an array whose count runs past them first.
 */
export class MsgpackFramer extends Framer {
  readonly format = 'msgpack' as const;
  /** Items each open container still expects. */
  private readonly open: number[] = [];
  /** Bytes of a str, bin or ext still to pass. */
  private skip = 0;
  /** Where the last head read starts in the pending item. */
  private head = 0;

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
      const first = bytes[pos];
      const kind = kindOf(first);
      if (kind === Kind.NeverUsed) throw this.failure(NOT_WELL_FORMED, 'reserved byte 0xc1 (never used)', this.scan);
      const width = lengthWidth(first);
      // The whole head: first byte, length or count, an ext's type byte; a scalar with its payload.
      const headSize = 1 + width + (kind === Kind.Ext ? 1 : 0) + scalarWidth(first);
      if (pending.end - pos < headSize) return NEED_MORE;
      this.head = this.scan;
      this.scan += headSize;
      this.checkSize(this.scan);
      const length = width !== 0 ? lengthAt(bytes, pos + 1, width) : fixLength(first, kind);
      if (this.enter(kind, length)) return this.complete();
    }
  }

  /** After a head: true when that completes the top-level item. */
  private enter(kind: number, length: number): boolean {
    switch (kind) {
      case Kind.Str:
      case Kind.Bin:
      case Kind.Ext:
        this.checkSize(this.scan + length);
        this.skip = length;
        return length === 0 && this.itemDone();
      case Kind.Array:
      case Kind.Map: {
        const items = kind === Kind.Map ? length * 2 : length;
        // Every item takes at least one byte.
        this.checkSize(this.scan + items);
        if (items === 0) return this.itemDone();
        if (this.open.length >= this.maxDepth) throw this.failure(TOO_DEEP, `nesting deeper than ${this.maxDepth}`, this.head);
        this.open.push(items);
        return false;
      }
      default:
        return this.itemDone();
    }
  }

  /** A `DecodeError` at `at` bytes into the pending item. */
  private failure(code: string, what: string, at: number): DecodeError {
    return new DecodeError('msgpack', code, what, this.pending.streamOffset + at);
  }

  /** One item finished: counts it in its container, closing containers it completes. */
  private itemDone(): boolean {
    const open = this.open;
    while (open.length > 0) {
      const last = open.length - 1;
      if (--open[last] > 0) return false;
      open.pop();
    }
    return true;
  }
}

/** The length or count a fix format holds in its first byte; fixext's data length. */
function fixLength(first: number, kind: number): number {
  if (kind === Kind.Str) return first & 0x1f;
  if (kind === Kind.Array || kind === Kind.Map) return first & 0x0f;
  return kind === Kind.Ext && first >= Byte.FixExt1 ? fixextLength(first) : 0;
}
