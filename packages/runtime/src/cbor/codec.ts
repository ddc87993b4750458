import { Reader } from '../reader.js';
import { idleWriter, Writer } from '../writer.js';
import { DecodeError, TOO_DEEP } from '../errors.js';
import { readItem } from './decode.js';
import { writeItem, toEncodeError } from './encode.js';
import { skipAny } from './skip.js';
import { DEFAULT_MAX_BIGNUM_BYTES } from './bignum.js';
import {
  EncodeSettings,
  DecodeSettings,
  encodeSettings,
  decodeSettings,
  withEncodeFeatures,
  withDecodeFeatures,
  type CborEncodeOptions,
  type CborDecodeOptions,
} from './options.js';
import type { CborExtension } from './extensions.js';

/** Reusable encoder: one `Writer` and one set of resolved options across calls. */
export class CborEncoder {
  private readonly writer = new Writer();
  private readonly settings: EncodeSettings;
  constructor(options?: CborEncodeOptions) {
    this.settings = withEncodeFeatures(new EncodeSettings(options), options);
  }
  /** The encoding of `value`; the returned bytes are never overwritten by later calls. */
  encode(value: unknown): Uint8Array {
    return encodeWith(this.writer, value, this.settings);
  }
  /** Writes instances of `extension.Class` as `extension.tag` (this encoder only; the latest added wins). */
  addExtension(extension: CborExtension): void {
    this.settings.addExtension(extension);
  }
}

/** Reusable decoder: one `Reader` and one key cache across calls. */
export class CborDecoder {
  private readonly reader = new Reader('cbor');
  private readonly settings: DecodeSettings;
  constructor(options?: CborDecodeOptions) {
    this.settings = withDecodeFeatures(new DecodeSettings(options), options);
  }
  decode(bytes: Uint8Array | ArrayBuffer): unknown {
    return decodeWith(this.reader, bytes, this.settings);
  }
  /** Decodes `extension.tag` with `extension.decode` (this decoder only). */
  addExtension(extension: CborExtension): void {
    this.settings.addExtension(extension);
  }
}

// Marked pure so a bundler drops the one a program does not use: a decode-only bundle then ships
// no Writer and no UTF-8 encoder, an encode-only one no Reader and no UTF-8 decoder.
const sharedWriter = /* @__PURE__ */ new Writer();
const sharedReader = /* @__PURE__ */ new Reader('cbor');

export function encode(value: unknown, options?: CborEncodeOptions): Uint8Array {
  return encodeWith(sharedWriter, value, encodeSettings(options));
}

export function decode(bytes: Uint8Array | ArrayBuffer, options?: CborDecodeOptions): unknown {
  return decodeWith(sharedReader, bytes, decodeSettings(options));
}

/** RFC 8949 §3.4.6: tag 55799, the self-described CBOR prefix. */
const SELF_DESCRIBED = [0xd9, 0xd9, 0xf7];

function encodeWith(shared: Writer, value: unknown, settings: EncodeSettings): Uint8Array {
  // A getter or an extension hook of the value may encode again while this call writes.
  const writer = idleWriter(shared);
  const references = settings.hooks?.references;
  references?.begin(value);
  try {
    if (settings.selfDescribe) {
      writer.ensure(3);
      for (const byte of SELF_DESCRIBED) writer.uint8[writer.pos++] = byte;
    }
    writeItem(writer, value, settings.maxDepth, settings);
  } catch (error) {
    writer.reset();
    throw toEncodeError(error, value, '');
  } finally {
    references?.end();
  }
  return writer.finish();
}

/** Accepts any byte view or an ArrayBuffer; anything else is a programming error. */
function asBytes(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): Uint8Array {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError('cbor decode: input must be a Uint8Array, an ArrayBuffer or an ArrayBufferView');
}

function decodeWith(reader: Reader, bytes: Uint8Array | ArrayBuffer, settings: DecodeSettings): unknown {
  // An extension's decode hook may decode again while this call reads.
  if (reader.busy) return decodeNested(bytes, settings);
  reader.reset(asBytes(bytes));
  if (settings.references !== undefined) settings.references.length = 0;
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

/** A decode started during another (by an extension's hook): a reader and structured-clone references of its own. */
function decodeNested(bytes: Uint8Array | ArrayBuffer, settings: DecodeSettings): unknown {
  const outerReferences = settings.references;
  if (outerReferences !== undefined) settings.references = [];
  try {
    return decodeWith(new Reader('cbor'), bytes, settings);
  } finally {
    settings.references = outerReferences;
  }
}

/**
 * A `maxDepth` set far above the default can outrun the engine stack; that surfaces as a
 * `DecodeError` too, never a `RangeError`.
 */
function stackGuard(error: unknown, reader: Reader): unknown {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new DecodeError('cbor', TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
  }
  return error;
}

/** RFC 8742 CBOR sequence: the items of `bytes` one after another (none for empty input). */
export function* decodeSequence(bytes: Uint8Array | ArrayBuffer, options?: CborDecodeOptions): Generator<unknown, void, undefined> {
  const settings = decodeSettings(options);
  const reader = new Reader('cbor', asBytes(bytes));
  while (reader.pos < reader.end) {
    let value: unknown;
    // Structured-clone references stay within one item of the sequence.
    if (settings.references !== undefined) settings.references.length = 0;
    try {
      value = readItem(reader, settings.maxDepth, settings);
    } catch (error) {
      throw stackGuard(error, reader);
    }
    yield value;
  }
}

/**
 * Checks that `bytes` is one valid item without building values; throws the `DecodeError` that
 * `decode` would. Options that need the values (a duplicate-key or key-type policy) decode.
 */
export function checkWellFormed(bytes: Uint8Array | ArrayBuffer, options?: CborDecodeOptions): void {
  const settings = decodeSettings(options);
  if (settings.rejectDuplicates || settings.stringifyKeys || settings.maxBignumBytes !== DEFAULT_MAX_BIGNUM_BYTES || settings.tagReaders !== undefined) {
    decodeWith(new Reader('cbor'), bytes, settings);
    return;
  }
  const reader = new Reader('cbor', asBytes(bytes));
  try {
    skipAny(reader, settings.maxDepth);
  } catch (error) {
    throw stackGuard(error, reader);
  }
  if (settings.rejectTrailing) reader.expectEnd();
}
