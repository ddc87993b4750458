/**
 * Extension types (spec.md "ext format family"), registered per encoder/decoder, never globally
 * (as the CBOR tag extensions). An extension maps a class to a type and back: `encode(value)`
 * gives the data bytes, `decode(data)` turns data bytes into a value. The codec only looks here
 * when something is registered: `EncodeSettings.extensions` and `DecodeSettings.extReaders` stay
 * `undefined` otherwise, and the hot paths test just that.
 */
import { DecodeError, INVALID_TAG, isCodecError } from '../errors.js';

/** One extension type. Encoding needs `Class` and `encode`, decoding `decode`. */
export interface MsgpackExtension<T = any> {
  /** Extension type, -128..127 (spec.md: -128..-1 are reserved; registering -1 replaces the timestamp). */
  type: number;
  /** Values that are instances of this class are written as this type (encoding). */
  Class?: abstract new (...args: any[]) => T;
  /** The data bytes for `value`. */
  encode?(value: T): Uint8Array;
  /** The value for data bytes (a copy the value may keep); throw to refuse them. */
  decode?(data: Uint8Array): T;
}

/** Checks an extension before it is registered (a programming error throws a TypeError). */
export function checkExtension(extension: MsgpackExtension, forEncoding: boolean): void {
  if (!Number.isInteger(extension.type) || extension.type < -128 || extension.type > 127) {
    throw new TypeError(`msgpack extension: type ${String(extension.type)} is not an integer in -128..127`);
  }
  if (forEncoding && extension.Class !== undefined && typeof extension.encode !== 'function') {
    throw new TypeError(`msgpack extension: type ${extension.type} has a Class but no encode function`);
  }
}

/** The classes extensions write, latest registered first (an exact class match wins, then `instanceof`). */
export class ExtensionWriters {
  private readonly byClass = new Map<unknown, MsgpackExtension>();
  private readonly list: MsgpackExtension[] = [];

  add(extension: MsgpackExtension): void {
    checkExtension(extension, true);
    if (extension.Class === undefined) return;
    this.byClass.set(extension.Class, extension);
    this.list.unshift(extension);
  }

  /** The extension that writes `value`, if any. */
  find(value: object): MsgpackExtension | undefined {
    if (this.list.length === 0) return undefined;
    const exact = this.byClass.get(value.constructor);
    if (exact !== undefined) return exact;
    for (const extension of this.list) if (value instanceof (extension.Class as new () => unknown)) return extension;
    return undefined;
  }
}

/**
 * The failure of an extension's `decode` at the item's offset: a `DecodeError` passes unchanged,
 * anything else becomes `invalid-tag` (the code CBOR uses for a tag whose content is refused),
 * so bad input never surfaces as another kind of exception.
 */
export function extensionFailure(error: unknown, type: number, offset: number): unknown {
  if (isCodecError(error)) return error;
  const what = error instanceof Error ? error.message : String(error);
  return new DecodeError('msgpack', INVALID_TAG, `extension type ${type} data refused: ${what}`, offset);
}
