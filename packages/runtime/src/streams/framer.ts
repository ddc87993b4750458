import { PendingBytes } from './pending-bytes.js';
import { DecodeError, type Format, LENGTH_LIMIT } from '../errors.js';

/** `Framer.next` result: the pending bytes hold no complete item yet. */
export const NEED_MORE = -1;
/** `Framer.next` result: the pending item is malformed; decoding it gives the precise error. */
export const MALFORMED = -2;

/**
 * Finds where items end in a byte stream without decoding them, resuming across chunks, so each
 * byte is looked at once however the stream is split (RFC 8742 §2: a CBOR sequence is items
 * one after another; concatenated UBJSON values alike).
 */
export abstract class Framer {
  readonly pending = new PendingBytes();
  /** Bytes of the pending item already looked at. */
  protected scan = 0;
  abstract readonly format: Format;

  /** `maxDepth` bounds the framer's stack of open containers, as it bounds the decoder's. */
  constructor(
    readonly maxItemBytes: number,
    readonly maxDepth: number,
  ) {}

  /** Length of the next complete item at `pending.start`, `NEED_MORE` or `MALFORMED`. */
  abstract next(): number;

  /** Resets the per-item state once an item of `length` bytes has been taken. */
  protected complete(): number {
    const length = this.scan;
    this.scan = 0;
    return length;
  }

  /** Refuses an item that would hold more than `maxItemBytes` bytes (bounded buffering). */
  protected checkSize(bytes: number): void {
    if (bytes > this.maxItemBytes) throw this.tooLong();
  }

  /** The error of an item longer than `maxItemBytes`, at the item's start. */
  tooLong(): DecodeError {
    return new DecodeError(this.format, LENGTH_LIMIT, `item longer than maxItemBytes (${this.maxItemBytes})`, this.pending.streamOffset);
  }
}

/** Default `maxItemBytes`: 16 MiB. */
export const DEFAULT_MAX_ITEM_BYTES = 16 * 1024 * 1024;
