/**
 * What the generic encoder asks about objects it has no rule for, once something is registered:
 * structured clone's shared references first, then the extensions (latest registered first, as
 * cbor-x), then the built-in writers (structured clone types, typed arrays). Without any of them
 * `EncodeSettings.hooks` is `undefined` and the encoder never comes here.
 */
import type { Writer } from '../writer.js';
import { addStep, writeItem } from './encode.js';
import { checkExtension, writeTagHead, type CborExtension, type ObjectWriter } from './extensions.js';
import type { EncodeSettings } from './options.js';

/** Per-call state of a structured-clone encode (`structured-clone.ts`). */
export interface ReferenceWriter {
  /** Prepares for one top-level value: finds the objects it reaches more than once. */
  begin(root: unknown): void;
  end(): void;
  /** Writes a reference (tag 29) to an object already written and returns true, or marks a first occurrence (tag 28). */
  reference(writer: Writer, value: object): boolean;
}

export class EncodeHooks {
  private readonly byClass = new Map<unknown, CborExtension>();
  private readonly extensions: CborExtension[] = [];
  private readonly writers: ObjectWriter[] = [];
  references: ReferenceWriter | undefined;

  addExtension(extension: CborExtension): void {
    checkExtension(extension, true);
    if (extension.Class === undefined) return;
    this.byClass.set(extension.Class, extension);
    this.extensions.unshift(extension);
  }

  addWriter(write: ObjectWriter): void {
    if (!this.writers.includes(write)) this.writers.push(write);
  }

  /** Writes `value` and returns true when a hook handles it; false leaves it to the generic rules. */
  write(writer: Writer, value: object, depth: number, settings: EncodeSettings): boolean {
    if (this.references !== undefined) {
      if (this.references.reference(writer, value)) return true;
    } else {
      // Plain objects and arrays are the generic encoder's own, unless references are tracked.
      const constructor = value.constructor;
      if (constructor === Object || constructor === Array) return false;
    }
    const extension = this.extensionFor(value);
    if (extension !== undefined) {
      writeTagHead(writer, extension.tag);
      const content = extension.encode!(value);
      try {
        writeItem(writer, content, depth - 1, settings);
      } catch (error) {
        throw addStep(error, 'content', content);
      }
      return true;
    }
    for (const write of this.writers) if (write(writer, value, depth, settings)) return true;
    return false;
  }

  private extensionFor(value: object): CborExtension | undefined {
    if (this.extensions.length === 0) return undefined;
    const exact = this.byClass.get(value.constructor);
    if (exact !== undefined) return exact;
    for (const extension of this.extensions) if (value instanceof (extension.Class as new () => unknown)) return extension;
    return undefined;
  }
}
