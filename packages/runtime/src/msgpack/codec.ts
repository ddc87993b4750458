import { Reader } from '../reader.js';
import { idleWriter, Writer } from '../writer.js';
import { DecodeError, TOO_DEEP } from '../errors.js';
import { toEncodeError } from '../cbor/encode.js';
import { readItem } from './decode.js';
import { writeItem } from './encode.js';
import { skipAny } from './skip.js';
import { EncodeSettings, DecodeSettings, encodeSettings, decodeSettings, type MsgpackEncodeOptions, type MsgpackDecodeOptions } from './options.js';
import type { MsgpackExtension } from './extensions.js';

/** Reusable encoder: one `Writer` and one set of resolved options across calls. */
export class MsgpackEncoder {
  private readonly writer = new Writer();
  private readonly settings: EncodeSettings;
  constructor(options?: MsgpackEncodeOptions) {
    this.settings = new EncodeSettings(options);
  }
  /** The encoding of `value`; the returned bytes are never overwritten by later calls. */
  encode(value: unknown): Uint8Array {
    return encodeWith(this.writer, value, this.settings);
  }
  /** Writes instances of `extension.Class` as `extension.type` (this encoder only; the latest added wins). */
  addExtension(extension: MsgpackExtension): void {
    this.settings.addExtension(extension);
  }
}

/** Reusable decoder: one `Reader` and one key cache across calls. */
export class MsgpackDecoder {
  private readonly reader = new Reader('msgpack');
  private readonly settings: DecodeSettings;
  constructor(options?: MsgpackDecodeOptions) {
    this.settings = new DecodeSettings(options);
  }
  decode(bytes: Uint8Array | ArrayBuffer): unknown {
    return decodeWith(this.reader, bytes, this.settings);
  }
  /** Decodes `extension.type` with `extension.decode` (this decoder only). */
  addExtension(extension: MsgpackExtension): void {
    this.settings.addExtension(extension);
  }
}

// Marked pure so a bundler drops the one a program does not use.
const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('msgpack');

export function encode(value: unknown, options?: MsgpackEncodeOptions): Uint8Array {
  return encodeWith(sharedWriter, value, encodeSettings(options));
}

export function decode(bytes: Uint8Array | ArrayBuffer, options?: MsgpackDecodeOptions): unknown {
  return decodeWith(sharedReader, bytes, decodeSettings(options));
}

function encodeWith(shared: Writer, value: unknown, settings: EncodeSettings): Uint8Array {
  // A getter or an extension hook of the value may encode again while this call writes.
  const writer = idleWriter(shared);
  try {
    writeItem(writer, value, settings.maxDepth, settings);
  } catch (error) {
    writer.reset();
    throw toEncodeError(error, value, '', 'msgpack');
  }
  return writer.finish();
}

/** Any byte view or an ArrayBuffer; anything else is a programming error. */
function asBytes(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): Uint8Array {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError('msgpack decode: input must be a Uint8Array, an ArrayBuffer or an ArrayBufferView');
}

/** Runs a read; a `maxDepth` set far above the default can outrun the engine stack, which is `too-deep` too. */
function guarded<T>(reader: Reader, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw stackGuard(error, reader);
  }
}

/** The error a read failed with, an engine stack overflow as `too-deep` (see `guarded`). */
function stackGuard(error: unknown, reader: Reader): unknown {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new DecodeError('msgpack', TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
  }
  return error;
}

function decodeWith(reader: Reader, bytes: Uint8Array | ArrayBuffer, settings: DecodeSettings): unknown {
  // An extension's decode hook may decode again while this call reads: that one gets a reader of its own.
  if (reader.busy) return decodeWith(new Reader('msgpack'), bytes, settings);
  reader.reset(asBytes(bytes));
  reader.busy = true;
  let value: unknown;
  try {
    value = readItem(reader, settings.maxDepth, settings);
  } catch (error) {
    reader.busy = false;
    throw stackGuard(error, reader);
  }
  reader.busy = false;
  if (settings.rejectTrailing) reader.expectEnd();
  return value;
}

/** The items of `bytes` one after another (none for empty input), as a MessagePack stream holds them. */
export function* decodeSequence(bytes: Uint8Array | ArrayBuffer, options?: MsgpackDecodeOptions): Generator<unknown, void, undefined> {
  const settings = decodeSettings(options);
  const reader = new Reader('msgpack', asBytes(bytes));
  while (reader.pos < reader.end) yield guarded(reader, () => readItem(reader, settings.maxDepth, settings));
}

/**
 * Checks that `bytes` is one valid item without building values; throws the `DecodeError` that
 * `decode` would. Options that need the values (a key policy, extensions) decode.
 */
export function checkWellFormed(bytes: Uint8Array | ArrayBuffer, options?: MsgpackDecodeOptions): void {
  const settings = decodeSettings(options);
  if (settings.needsValues) {
    decodeWith(new Reader('msgpack'), bytes, settings);
    return;
  }
  const reader = new Reader('msgpack', asBytes(bytes));
  guarded(reader, () => skipAny(reader, settings.maxDepth));
  if (settings.rejectTrailing) reader.expectEnd();
}
