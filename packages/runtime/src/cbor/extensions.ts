/**
 * Tag extensions (cbor-x's `addExtension`), registered per encoder/decoder, never globally.
 *
 * An extension maps a class to a tag and back: `encode(value)` gives the tag content (encoded
 * by the generic encoder), `decode(content)` turns the decoded content into a value. The generic
 * codec only looks here when something is registered: `EncodeSettings.hooks` and
 * `DecodeSettings.tagReaders` stay `undefined` otherwise, and the hot paths test just that.
 */
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { DecodeError, INVALID_TAG, isCodecError } from '../errors.js';
import { Major } from './constants.js';
import { writeHeadAt } from './head.js';
import { readItem } from './decode.js';

/** One tag extension. Encoding needs `Class` and `encode`, decoding `decode`. */
export interface CborExtension<T = any> {
  /** Tag number (RFC 8949 §3.4), a safe integer. */
  tag: number;
  /** Values that are instances of this class are written with `tag` (encoding). */
  Class?: abstract new (...args: any[]) => T;
  /** The tag content for `value`; the generic encoder writes it. */
  encode?(value: T): unknown;
  /** The value for a decoded tag content; throw a `DecodeError` (or anything) to refuse it. */
  decode?(content: unknown): T;
}

/** Reads a tag's content from the reader (after its head at `offset`) and returns the tag's value. */
export type TagReader = (reader: Reader, offset: number, depth: number, settings: any) => unknown;

/** Writes one object the encoder does not handle itself; false when it is not one of its types. */
export type ObjectWriter = (writer: Writer, value: object, depth: number, settings: any) => boolean;

/** Writes the head of tag `tag` (a safe integer), shortest form. */
export function writeTagHead(writer: Writer, tag: number): void {
  writer.ensure(9);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Tag, tag);
}

/**
 * The failure of an extension's `decode` at the tag's offset: a `DecodeError` passes unchanged,
 * anything else becomes `invalid-tag` (bad input never surfaces as another kind of exception).
 */
export function extensionFailure(error: unknown, tag: number, offset: number): unknown {
  if (isCodecError(error)) return error;
  const what = error instanceof Error ? error.message : String(error);
  return new DecodeError('cbor', INVALID_TAG, `tag ${tag} content refused: ${what}`, offset);
}

/** Checks an extension before it is registered (a programming error throws a TypeError). */
export function checkExtension(extension: CborExtension, forEncoding: boolean): void {
  if (!Number.isSafeInteger(extension.tag) || extension.tag < 0) throw new TypeError(`cbor extension: tag ${String(extension.tag)} is not a safe integer >= 0`);
  if (forEncoding && extension.Class !== undefined && typeof extension.encode !== 'function') {
    throw new TypeError(`cbor extension: tag ${extension.tag} has a Class but no encode function`);
  }
}

/** The tag reader of an extension: its `decode` of the decoded content. */
export function contentReader(extension: CborExtension): TagReader {
  const decode = extension.decode!;
  return (reader, offset, depth, settings) => {
    const content = readItem(reader, depth, settings);
    try {
      return decode(content);
    } catch (error) {
      throw extensionFailure(error, extension.tag, offset);
    }
  };
}
