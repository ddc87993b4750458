/**
 * Default buffer size; grows by doubling. Outputs are carved from it, so a fresh buffer is
 * allocated every capacity bytes of output: a zeroed 256 KiB buffer costs about 3.6 us on Node 20
 * against 2.7 us for 64 KiB (the allocator hands large blocks out already zeroed), a third of
 * the cost a byte (.tmp measurements, noisy). The price: a kept output can hold up to 256 KiB.
 */
const DEFAULT_CAPACITY = 256 * 1024;
/** When less than this share of the buffer is left after `finish()`, the next output starts in a new buffer. */
const MIN_FREE_SHARE = 8;

/**
 * Growable byte buffer shared by every encoder. Fields are public so generated code can call
 * `ensure(n)` once for a fixed-size run and then write `uint8[pos++]` inline.
 *
 * Outputs are carved from one large buffer: `finish()` returns a view of the bytes written since
 * the previous `finish()` and the next output starts after it, so a returned `Uint8Array` is
 * never overwritten and no per-call copy is made (the approach cbor-x takes). When the buffer runs
 * low a new one is allocated; old outputs keep the old one alive.
 *
 * The class keeps only what every encoder calls: a method is in every bundle that has the class,
 * while a function is left out of the bundles that never call it (`writeBytes` in
 * `generated-support.ts`). Wider numbers and text are written inline or by each format's own functions.
 */
export class Writer {
  uint8: Uint8Array;
  view: DataView;
  /** Next write position. */
  pos = 0;
  /** Where the output in progress starts. */
  start = 0;
  /**
   * `uint8.length`, kept in a plain field: the hot `ensure` then reads no typed-array length
   * (json-pack's Writer does the same). Set wherever `uint8` is replaced, which only the Writer does.
   */
  private capacity: number;
  private readonly initialCapacity: number;

  constructor(capacity: number = DEFAULT_CAPACITY) {
    this.initialCapacity = Math.max(64, capacity);
    this.uint8 = new Uint8Array(this.initialCapacity);
    this.capacity = this.initialCapacity;
    this.view = new DataView(this.uint8.buffer);
  }

  /** Makes room for `extra` more bytes at `pos`. */
  ensure(extra: number): void {
    if (this.pos + extra > this.capacity) this.grow(extra);
  }

  private grow(extra: number): void {
    const used = this.pos - this.start;
    const capacity = Math.max(this.initialCapacity, (used + extra) * 2);
    const next = new Uint8Array(capacity);
    next.set(this.uint8.subarray(this.start, this.pos));
    this.uint8 = next;
    this.capacity = capacity;
    this.view = new DataView(next.buffer);
    this.start = 0;
    this.pos = used;
  }

  /** Drops the output in progress (after a failed encode). */
  reset(): void {
    this.pos = this.start;
  }

  /** Returns the bytes written since the last finish; they stay valid and unchanged. */
  finish(): Uint8Array {
    // The constructor rather than `subarray`: `subarray` looks up the species constructor and
    // costs about twice as much (10 ns a call on Node 20, .tmp measurements, noisy), which is 8%
    // of encoding a small object. The Writer allocates every `uint8` itself, so its byteOffset is 0.
    const out = new Uint8Array(this.uint8.buffer, this.start, this.pos - this.start);
    // Start the next output on an 8-byte boundary so the engine keeps aligned views cheap.
    const next = (this.pos + 7) & ~7;
    if (this.capacity - next < this.capacity / MIN_FREE_SHARE) {
      this.uint8 = new Uint8Array(Math.max(this.initialCapacity, this.uint8.length));
      this.capacity = this.uint8.length;
      this.view = new DataView(this.uint8.buffer);
      this.start = this.pos = 0;
    } else {
      this.start = this.pos = next;
    }
    return out;
  }

  u8(value: number): void {
    this.ensure(1);
    this.uint8[this.pos++] = value;
  }

  f64(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, value);
    this.pos += 8;
  }
}


/** Room a writer for a nested output starts with: such outputs are rare, and it grows as needed. */
export const NESTED_CAPACITY = 1024;

/**
 * `writer` when no output is in progress on it, else a fresh writer. An encode that starts while
 * another is writing (a getter or an extension hook of the value calls `encode` again) must not
 * carve its output from the middle of the outer one: each output is the bytes from `start`, so the
 * outer would lose what it wrote before. Between encodes `pos === start` (`finish`, `reset`).
 */
export function idleWriter(writer: Writer): Writer {
  return writer.pos === writer.start ? writer : new Writer(NESTED_CAPACITY);
}
