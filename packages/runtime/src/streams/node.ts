/**
 * Node `Transform` streams for CBOR sequences (RFC 8742), concatenated UBJSON values and
 * MessagePack items one after another, with the behaviour and options of the WHATWG streams in
 * `@binschema/runtime/streams` (bounded by `maxItemBytes`, items split at any byte, stream offsets
 * in errors). A separate subpath, so that only code that asks for Node streams imports `node:stream`.
 *
 * Node object-mode streams cannot carry `null` (it ends the stream): a decoded null item is
 * pushed as `NULL_ITEM` (`Symbol.for('null')`, as cbor-x does), and encoders take `NULL_ITEM`
 * for null.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { SequenceDecoder } from './sequence.js';
import { cborSequenceDecoder, cborItemEncoder, type CborStreamDecodeOptions, type CborStreamEncodeOptions } from './cbor.js';
import { ubjsonSequenceDecoder, ubjsonItemEncoder, type UbjsonStreamDecodeOptions, type UbjsonStreamEncodeOptions } from './ubjson.js';
import { msgpackSequenceDecoder, msgpackItemEncoder, type MsgpackStreamDecodeOptions, type MsgpackStreamEncodeOptions } from './msgpack.js';

/** Stands for a null item in object mode (`Symbol.for('null')`). */
export const NULL_ITEM: unique symbol = /* @__PURE__ */ Symbol.for('null') as never;

/**
 * Bytes in (writable side), decoded items out (readable side, object mode).
 *
 * A decode error destroys the stream, and destroying drops the items still buffered: so the
 * error is held until the reader has taken every item decoded before it. Every way of reading
 * (`'data'`, `read()`, async iteration, `pipe`) goes through `read()`, which delivers it.
 */
class DecoderTransform extends Transform {
  private readonly sequence: SequenceDecoder;
  /** Fails the stream with a held decode error. */
  private held: (() => void) | undefined;
  constructor(sequence: SequenceDecoder) {
    super({ readableObjectMode: true });
    this.sequence = sequence;
  }
  override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.sequence.write(chunk, (value) => this.push(value === null ? NULL_ITEM : value));
    } catch (error) {
      return this.fail(error as Error, callback);
    }
    callback();
  }
  override _flush(callback: TransformCallback): void {
    try {
      this.sequence.end();
    } catch (error) {
      return this.fail(error as Error, callback);
    }
    callback();
  }
  override read(size?: number): unknown {
    const item: unknown = super.read(size);
    if (this.held !== undefined && this.readableLength === 0) this.held();
    return item;
  }
  /** Fails now if nothing is buffered, else when the last buffered item has been read. */
  private fail(error: Error, callback: TransformCallback): void {
    if (this.readableLength === 0) return callback(error);
    this.held = () => {
      this.held = undefined;
      callback(error);
    };
  }
}

/** Values in (writable side, object mode), bytes out. */
class EncoderTransform extends Transform {
  private readonly encode: (value: unknown) => Uint8Array;
  constructor(encode: (value: never) => Uint8Array) {
    super({ writableObjectMode: true });
    this.encode = encode as (value: unknown) => Uint8Array;
  }
  override _transform(value: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    let bytes: Uint8Array;
    try {
      bytes = this.encode(value === NULL_ITEM ? null : value);
    } catch (error) {
      return callback(error as Error);
    }
    callback(null, bytes);
  }
}

export class CborDecoderStream extends DecoderTransform {
  constructor(options?: CborStreamDecodeOptions) {
    super(cborSequenceDecoder(options));
  }
}

export class CborEncoderStream extends EncoderTransform {
  constructor(options?: CborStreamEncodeOptions) {
    super(cborItemEncoder(options));
  }
}

export class UbjsonDecoderStream extends DecoderTransform {
  constructor(options?: UbjsonStreamDecodeOptions) {
    super(ubjsonSequenceDecoder(options));
  }
}

export class UbjsonEncoderStream extends EncoderTransform {
  constructor(options?: UbjsonStreamEncodeOptions) {
    super(ubjsonItemEncoder(options));
  }
}

export class MsgpackDecoderStream extends DecoderTransform {
  constructor(options?: MsgpackStreamDecodeOptions) {
    super(msgpackSequenceDecoder(options));
  }
}

export class MsgpackEncoderStream extends EncoderTransform {
  constructor(options?: MsgpackStreamEncodeOptions) {
    super(msgpackItemEncoder(options));
  }
}
