/**
 * The bytes of a stream not yet handed out as items: one growable buffer, appended at `end` and
 * consumed from `start`. Space is reclaimed by moving the live bytes to the front only when at
 * most half the buffer is live, so each byte is moved O(1) times on average (linear overall).
 */
const INITIAL_SIZE = 4096;
/** An empty buffer larger than this (1 MiB) is replaced by a small one. */
const SHRINK_ABOVE = 1024 * 1024;

export class PendingBytes {
  bytes = new Uint8Array(INITIAL_SIZE);
  /** First byte not yet handed out. */
  start = 0;
  /** One past the last byte received. */
  end = 0;
  /** Offset in the whole stream of `bytes[start]`, for error offsets. */
  streamOffset = 0;

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.bytes.length) this.makeRoom(chunk.length);
    this.bytes.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** Hands out the next `length` bytes as a copy (the buffer is reused) and consumes them. */
  take(length: number): Uint8Array {
    const item = this.bytes.slice(this.start, this.start + length);
    this.drop(length);
    return item;
  }

  /** Consumes `length` bytes without handing them out. */
  drop(length: number): void {
    this.start += length;
    this.streamOffset += length;
    if (this.start !== this.end) return;
    this.start = this.end = 0;
    // After a large item, give the memory back rather than keep it for the life of the stream.
    if (this.bytes.length > SHRINK_ABOVE) this.bytes = new Uint8Array(INITIAL_SIZE);
  }

  /** A view of the first `length` pending bytes, all by default (valid until the next `append`). */
  view(length = this.length): Uint8Array {
    return this.bytes.subarray(this.start, this.start + length);
  }

  private makeRoom(extra: number): void {
    const live = this.end - this.start;
    const needed = live + extra;
    if (needed <= this.bytes.length / 2) {
      this.bytes.copyWithin(0, this.start, this.end);
    } else {
      const grown = new Uint8Array(Math.max(needed * 2, this.bytes.length * 2));
      grown.set(this.bytes.subarray(this.start, this.end));
      this.bytes = grown;
    }
    this.start = 0;
    this.end = live;
  }
}
