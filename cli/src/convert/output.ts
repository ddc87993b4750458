import type { Writable } from 'node:stream';

/** Bytes gathered before one write: few system calls, little memory. */
const BATCH_BYTES = 64 * 1024;

/**
 * Item-by-item output to a stream, batched into 64 KiB writes that wait for `drain` when the
 * stream is full, so memory stays bounded however fast the input comes.
 */
export class BatchedOutput {
  private parts: Uint8Array[] = [];
  private pending = 0;
  bytesOut = 0;

  constructor(private readonly stream: Pick<Writable, 'write' | 'once'>) {}

  /** Adds one item's output; the caller awaits `flush()` once `full`. */
  add(part: Uint8Array | string): void {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    this.parts.push(bytes);
    this.pending += bytes.length;
    this.bytesOut += bytes.length;
  }

  get full(): boolean {
    return this.pending >= BATCH_BYTES;
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const batch = Buffer.concat(this.parts, this.pending);
    this.parts = [];
    this.pending = 0;
    if (!this.stream.write(batch)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }
}
