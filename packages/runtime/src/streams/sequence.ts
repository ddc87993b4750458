import { DecodeError, type Format, isDecodeError, NOT_WELL_FORMED, UNEXPECTED_END } from '../errors.js';
import { MALFORMED, NEED_MORE, type Framer } from './framer.js';

/** What every decoder stream takes besides the format's decode options. */
export interface StreamDecodeOptions<T = unknown> {
  /**
   * Most bytes one item may take (default 16 MiB). A longer item is a `length-limit`
   * `DecodeError` as soon as its heads show it, so buffering never exceeds this.
   */
  maxItemBytes?: number;
  /** Decodes one complete item (a generated decoder); default: the generic decoder with these options. */
  decode?: (bytes: Uint8Array) => T;
}

export interface StreamEncodeOptions<T = unknown> {
  /** Encodes one value (a generated encoder); default: the generic encoder with these options. */
  encode?: (value: T) => Uint8Array;
}

/**
 * Turns chunks split at any byte into decoded items: the framer finds each item's end, the item's
 * bytes are decoded on their own, and error offsets are made offsets in the whole stream.
 */
export class SequenceDecoder {
  /** The framer found the pending item malformed; the decoder has not yet said why. */
  private malformed = false;
  /** Pending bytes the decoder last tried to explain the malformed item with. */
  private explainedWith = 0;

  constructor(
    private readonly framer: Framer,
    private readonly decodeItem: (bytes: Uint8Array) => unknown,
    /** The generic decoder: explains a malformed or truncated item with the precise error. */
    private readonly diagnose: (bytes: Uint8Array) => unknown,
  ) {}

  /** Adds a chunk and passes every item it completes to `emit`. */
  write(chunk: Uint8Array, emit: (value: unknown) => void): void {
    if (!(chunk instanceof Uint8Array)) throw new TypeError(`${this.framer.format} stream: chunks must be Uint8Arrays`);
    const pending = this.framer.pending;
    pending.append(chunk);
    if (this.malformed) return this.explainMalformed(false);
    for (;;) {
      const length = this.framer.next();
      if (length === NEED_MORE) return;
      if (length === MALFORMED) {
        this.malformed = true;
        return this.explainMalformed(false);
      }
      const offset = pending.streamOffset;
      const bytes = pending.take(length);
      let value: unknown;
      try {
        value = this.decodeItem(bytes);
      } catch (error) {
        throw relocate(error, offset);
      }
      emit(value);
    }
  }

  /** The end of input: bytes of an unfinished item are an error (RFC 8742 §2: no partial items). */
  end(): void {
    if (this.malformed) this.explainMalformed(true);
    if (this.framer.pending.length > 0) throw this.explain(UNEXPECTED_END, 'unexpected end of input inside an item');
  }

  /**
   * Throws why the pending item is malformed, once the decoder can say it whatever the chunking.
   * With too few bytes it may stop at the end of input first (UBJSON checks a count against the
   * bytes left before it reads the elements), where with more it reaches the fault the framer
   * saw; any other error stays the same with more bytes, as the decoder reads in order. So an
   * `unexpected-end` waits for more input, tried again each time the bytes double (linear
   * work), up to `maxItemBytes`: an item that needs more to explain is `length-limit`.
   */
  private explainMalformed(atEnd: boolean): void {
    const pending = this.framer.pending;
    const limit = this.framer.maxItemBytes;
    const capped = pending.length >= limit;
    if (!atEnd && !capped && pending.length < 2 * this.explainedWith) return;
    const length = Math.min(pending.length, limit);
    this.explainedWith = length;
    const error = this.diagnosis(length) ?? new DecodeError(this.framer.format, NOT_WELL_FORMED, 'malformed item', pending.streamOffset);
    if (atEnd || !(isDecodeError(error) && error.code === UNEXPECTED_END && error.offset === pending.streamOffset + length)) throw error;
    if (capped) throw this.framer.tooLong();
  }

  private explain(code: string, what: string): unknown {
    const pending = this.framer.pending;
    return this.diagnosis(pending.length) ?? new DecodeError(this.framer.format, code, what, pending.streamOffset + pending.length);
  }

  /** The decoder's error for the first `length` pending bytes at its stream offset, or undefined if it has none. */
  private diagnosis(length: number): unknown {
    const pending = this.framer.pending;
    try {
      this.diagnose(pending.view(length));
    } catch (error) {
      return relocate(error, pending.streamOffset);
    }
    return undefined;
  }
}

/** A `DecodeError` at an offset in one item, moved to the item's offset in the stream. */
function relocate(error: unknown, offset: number): unknown {
  if (!isDecodeError(error) || offset === 0) return error;
  const moved = error as DecodeError;
  return new DecodeError(moved.format as Format, moved.code, moved.detail, moved.offset + offset, moved.schemaPath, moved.valuePath);
}

/**
 * A WHATWG `TransformStream` (globals only) from bytes to the items `sequence` decodes.
 *
 * Its readable side is a `ReadableStream` of our own, set on the instance over the transform's
 * own: erroring a stream drops what it has queued, so a `TransformStream` that throws loses the
 * items decoded before the error from the same chunk (which ones depended on how the input was
 * split and how fast the reader read). Here a decode error waits until the reader has taken every
 * item before it and asks for more; only then do both sides fail with it.
 */
export function decoderStream<T>(sequence: SequenceDecoder): TransformStream<Uint8Array, T> {
  let items!: ReadableStreamDefaultController<T>;
  let sides!: TransformStreamDefaultController<never>;
  /** Resumes the writer held back until the reader takes the queued items (backpressure). */
  let resume: (() => void) | undefined;
  /** A decode error waiting for the queue before it to be read, and the write that fails with it. */
  let held: { error: unknown; reject: (reason: unknown) => void } | undefined;

  const readable = new ReadableStream<T>(
    {
      start(controller) {
        items = controller;
      },
      // Called when the reader wants an item and the queue is empty.
      pull() {
        if (held !== undefined) {
          const { error, reject } = held;
          held = undefined;
          items.error(error);
          reject(error);
          return;
        }
        resume?.();
        resume = undefined;
      },
      cancel(reason) {
        // Both sides fail with `reason`, and a write held back for the reader settles with it.
        sides.error(reason);
        held?.reject(reason);
        held = undefined;
        resume?.();
      },
    },
    { highWaterMark: 0 },
  );

  /** The error now if nothing is queued before it, else a write that fails when the reader reaches it. */
  function fail(error: unknown): Promise<void> {
    if (items.desiredSize === 0) {
      items.error(error);
      return Promise.reject(error);
    }
    return new Promise((_, reject) => (held = { error, reject }));
  }

  const stream = new TransformStream<Uint8Array, never>(
    {
      start(controller) {
        sides = controller;
      },
      transform(chunk) {
        try {
          sequence.write(chunk, (value) => items.enqueue(value as T));
        } catch (error) {
          return fail(error);
        }
        // Hold the writer while the reader has items to take, as a TransformStream does.
        if ((items.desiredSize ?? 0) < 0) return new Promise<void>((resolve) => (resume = resolve));
      },
      flush() {
        try {
          sequence.end();
        } catch (error) {
          return fail(error);
        }
        items.close();
      },
    },
    undefined,
    // The transform's own readable side is never read: a high-water mark of 1 keeps it from
    // holding back writes.
    { highWaterMark: 1 },
  );
  Object.defineProperty(stream, 'readable', { value: readable });
  return stream as unknown as TransformStream<Uint8Array, T>;
}

/** A WHATWG `TransformStream` from values to their bytes, one chunk per value. */
export function encoderStream<T>(encode: (value: T) => Uint8Array): TransformStream<T, Uint8Array> {
  return new TransformStream<T, Uint8Array>({
    transform(value, controller) {
      controller.enqueue(encode(value));
    },
  });
}
