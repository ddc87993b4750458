import { Marker, fixedPayloadSize } from '../ubjson/constants.js';
import { Framer, MALFORMED, NEED_MORE } from './framer.js';

/** An open container: its element type (0 when each element has a marker) and what is left. */
interface OpenContainer {
  object: boolean;
  type: number;
  /** Entries still expected, or -1 until the closing marker. */
  left: number;
  /** In an object: the next thing is a key. */
  atKey: boolean;
}

/** Size of an integer length or count with marker `marker` (index.html: `i U I l L`), or -1. */
function lengthSize(marker: number): number {
  switch (marker) {
    case Marker.Int8:
    case Marker.Uint8:
      return 2;
    case Marker.Int16:
      return 3;
    case Marker.Int32:
      return 5;
    case Marker.Int64:
      return 9;
    default:
      return -1;
  }
}

/**
 * Value boundaries of concatenated UBJSON values (Draft 12), found from markers, lengths and
 * container headers alone. Each step reads one whole unit (a marker with its fixed payload, a
 * length, a container header) or waits for more bytes without consuming any. No-ops between
 * top-level values are dropped: the spec names keep-alive in streams as their use
 * (value-types.html#noop). Checks nothing beyond what framing needs; the decoder checks the value.
 */
export class UbjsonFramer extends Framer {
  readonly format = 'ubjson' as const;
  private readonly open: OpenContainer[] = [];
  /** Bytes still to pass: string content, or the payloads of a fixed-size typed container. */
  private skip = 0;
  /** Whether the bytes being skipped are a key (which does not end an entry). */
  private skippingKey = false;

  next(): number {
    const pending = this.pending;
    for (;;) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, pending.length - this.scan);
        this.scan += step;
        this.skip -= step;
        if (this.skip > 0) return NEED_MORE;
        if (this.skippingKey) this.skippingKey = false;
        else if (this.valueDone()) return this.complete();
        continue;
      }
      const result = this.step();
      if (result !== 0) return result === 1 ? this.complete() : result;
    }
  }

  /** One unit: 0 to go on, 1 when the top-level value is complete, or `NEED_MORE`/`MALFORMED`. */
  private step(): number {
    const pending = this.pending;
    const bytes = pending.bytes;
    let pos = pending.start + this.scan;
    const container = this.open[this.open.length - 1];
    const atKey = container !== undefined && container.object && container.atKey;
    // A typed container's values have no marker, so no no-op or end marker either; a
    // payload-free one (`Z`, `T`, `F`) takes no bytes at all, even at the end of the input.
    if (container !== undefined && container.type !== 0 && !atKey) return this.payload(container.type, pos, 0);
    // No-ops: before a value or key of an untyped container, and between top-level values.
    while (pos < pending.end && bytes[pos] === Marker.NoOp) {
      if (container === undefined) pending.drop(1);
      else this.scan++;
      pos = pending.start + this.scan;
    }
    if (pos >= pending.end) return NEED_MORE;
    if (container !== undefined && container.left === -1 && (atKey || !container.object)) {
      if (bytes[pos] === (container.object ? Marker.ObjectEnd : Marker.ArrayEnd)) {
        this.scan++;
        this.open.pop();
        return this.valueDone() ? 1 : 0;
      }
    }
    if (atKey) return this.key(pos);
    return this.payload(bytes[pos], pos + 1, 1);
  }

  /** An object key: a length, then that many bytes. */
  private key(pos: number): number {
    const length = this.lengthAt(pos);
    if (length < 0) return length;
    this.scan += this.lengthBytes;
    this.open[this.open.length - 1].atKey = false;
    this.checkSize(this.scan + length);
    this.skip = length;
    this.skippingKey = length > 0;
    return 0;
  }

  /**
   * The payload of a value of type `type` at `pos`; `head` bytes before `pos` (its marker) belong
   * to the same unit. `scan` moves only once the whole unit is there.
   */
  private payload(type: number, pos: number, head: number): number {
    const size = fixedPayloadSize(type);
    if (size >= 0) {
      if (this.pending.end - pos < size) return NEED_MORE;
      this.scan += head + size;
      return this.valueDone() ? 1 : 0;
    }
    if (type === Marker.String || type === Marker.HighPrecision) {
      const length = this.lengthAt(pos);
      if (length < 0) return length;
      this.scan += head + this.lengthBytes;
      this.checkSize(this.scan + length);
      this.skip = length;
      return length === 0 && this.valueDone() ? 1 : 0;
    }
    if (type === Marker.ArrayStart || type === Marker.ObjectStart) return this.header(type === Marker.ObjectStart, pos, head);
    return MALFORMED;
  }

  /** After `[` or `{`: `$type#count`, `#count` or nothing (container-types.html#optimized). */
  private header(object: boolean, pos: number, head: number): number {
    const pending = this.pending;
    const bytes = pending.bytes;
    let at = pos;
    if (at >= pending.end) return NEED_MORE;
    let type = 0;
    if (bytes[at] === Marker.Type) {
      if (pending.end - at < 3) return NEED_MORE;
      type = bytes[at + 1];
      if (type === Marker.NoOp || bytes[at + 2] !== Marker.Count) return MALFORMED;
      at += 2;
    }
    let left = -1;
    if (bytes[at] === Marker.Count) {
      left = this.lengthAt(at + 1);
      if (left < 0) return left;
      at += 1 + this.lengthBytes;
    }
    this.scan += head + (at - pos);
    return this.enter(object, type, left);
  }

  /** Opens a container whose header was read. */
  private enter(object: boolean, type: number, left: number): number {
    const size = object ? -1 : fixedPayloadSize(type);
    if (size >= 0 && type !== 0) {
      // A typed array of fixed-size elements: pass them as one run of bytes.
      this.checkSize(this.scan + size * left);
      this.skip = size * left;
      return this.skip === 0 && this.valueDone() ? 1 : 0;
    }
    // Every entry of any other container takes at least one byte.
    if (left > 0) this.checkSize(this.scan + left);
    if (left === 0) return this.valueDone() ? 1 : 0;
    if (this.open.length >= this.maxDepth) return MALFORMED;
    this.open.push({ object, type, left, atKey: object });
    return 0;
  }

  /** Size of the last length `lengthAt` read. */
  private lengthBytes = 0;

  /** The length or count at `pos` (marker and integer), or `NEED_MORE`, or `MALFORMED` if invalid or negative. */
  private lengthAt(pos: number): number {
    const pending = this.pending;
    const bytes = pending.bytes;
    if (pos >= pending.end) return NEED_MORE;
    const size = lengthSize(bytes[pos]);
    if (size < 0) return MALFORMED;
    if (pending.end - pos < size) return NEED_MORE;
    let value = bytes[pos] === Marker.Uint8 ? bytes[pos + 1] : (bytes[pos + 1] << 24) >> 24;
    for (let index = 2; index < size; index++) value = value * 256 + bytes[pos + index];
    if (value < 0) return MALFORMED;
    this.lengthBytes = size;
    return value;
  }

  /** One value finished: counts it in its container, closing containers it completes. */
  private valueDone(): boolean {
    const open = this.open;
    while (open.length > 0) {
      const container = open[open.length - 1];
      if (container.object) container.atKey = true;
      if (container.left === -1 || --container.left > 0) return false;
      open.pop();
    }
    return true;
  }
}
