/**
 * Structured clone (option `structuredClone: true`), in the bytes cbor-x writes with its
 * `structuredClone` option (and `useRecords: false`; records are a cbor-x format of their own):
 * - an object reached more than once is written in full at its first occurrence, behind tag 28
 *   (shareable), and as tag 29 (sharedref) with its number afterwards; numbers count the tag-28
 *   items in the order they start (http://cbor.schmorp.de/value-sharing). Cycles are references
 *   to a container still being read: the decoder makes the container (array, object, Set, Map)
 *   before its content, so a reference inside it can point at it;
 * - Set → tag 258 around an array; Map → tag 259 around a map (so text keys stay a Map);
 * - RegExp → tag 27 ["RegExp", source, flags]; Error → tag 27 [name, message]
 *   (http://cbor.schmorp.de/generic-object); Date → tag 1; typed arrays → RFC 8746;
 * - undefined → f7; a hole in a sparse array is written as undefined (as cbor-x does).
 *
 * Decoding is bounded: a reference to a number no tag 28 has had, or to a value that is not a
 * container and is still being read (it does not exist yet), fails with `invalid-reference`.
 */
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { isPlainObject } from '../plain-object.js';
import { isRegExp, mapSize, setSize } from '../brand-checks.js';
import { DUPLICATE_KEY, INVALID_REFERENCE, INVALID_TAG } from '../errors.js';
import { Major } from './constants.js';
import { atBreak } from './generated-support.js';
import { readArgument } from './head.js';
import { readItem } from './decode.js';
import { tooDeep } from './decode-scalars.js';
import { addStep, writeItem } from './encode.js';
import { writeInteger } from './encode-scalars.js';
import { writeHeadAt } from './head.js';
import { writeTagHead, type TagReader } from './extensions.js';
import { Tag } from './values.js';
import type { ReferenceWriter } from './encode-hooks.js';

const CloneTag = {
  GenericObject: 27,
  Shareable: 28,
  SharedRef: 29,
  Set: 258,
  Map: 259,
} as const;

/** Error classes tag 27 names (others decode as an Error with that `name`). */
const ERROR_CLASSES: Record<string, ErrorConstructor> = {
  Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError,
};

// --- Encoding ---------------------------------------------------------------------------------

/** Finds the objects `root` reaches more than once (iteratively: no stack limit on deep values). */
function findShared(root: unknown): Set<object> {
  const seen = new Set<object>();
  const shared = new Set<object>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (seen.has(value)) {
      shared.add(value);
      continue;
    }
    seen.add(value);
    if (Array.isArray(value)) for (let index = 0; index < value.length; index++) pending.push(value[index]);
    else if (value instanceof Map && mapSize(value) !== -1) for (const [key, item] of value) pending.push(key, item);
    else if (value instanceof Set && setSize(value) !== -1) for (const item of value) pending.push(item);
    else if (value instanceof Tag) pending.push(value.content);
    else if (isPlainObject(value)) for (const key of Object.keys(value)) pending.push((value as Record<string, unknown>)[key]);
  }
  return shared;
}

/** Tags 28/29 for one encode call: `begin` finds the shared objects, `reference` numbers them as written. */
export class CloneWriter implements ReferenceWriter {
  private shared: Set<object> | undefined;
  private readonly ids = new Map<object, number>();

  begin(root: unknown): void {
    const shared = findShared(root);
    this.shared = shared.size === 0 ? undefined : shared;
    this.ids.clear();
  }

  end(): void {
    this.shared = undefined;
    this.ids.clear();
  }

  reference(writer: Writer, value: object): boolean {
    if (this.shared === undefined || !this.shared.has(value)) return false;
    const id = this.ids.get(value);
    if (id !== undefined) {
      writeTagHead(writer, CloneTag.SharedRef);
      writeInteger(writer, id);
      return true;
    }
    this.ids.set(value, this.ids.size);
    writeTagHead(writer, CloneTag.Shareable);
    return false;
  }
}

/**
 * Set, Map (its tag; the generic encoder writes the map), RegExp and Error; false for other
 * objects. `instanceof` is the cheap filter; the brand checks leave a fake prototype (which the
 * built-in methods would throw on) to the generic encoder, which refuses it.
 */
export function writeCloneType(writer: Writer, value: object, depth: number, settings: unknown): boolean {
  if (value instanceof Set) {
    const size = setSize(value);
    if (size !== -1) return writeSet(writer, value, size, depth, settings);
  }
  if (value instanceof Map && mapSize(value) !== -1) {
    writeTagHead(writer, CloneTag.Map);
    return false;
  }
  if (value instanceof RegExp && isRegExp(value)) return writeGeneric(writer, ['RegExp', value.source, value.flags], depth, settings);
  if (value instanceof Error) return writeGeneric(writer, [value.name, value.message], depth, settings);
  return false;
}

function writeSet(writer: Writer, value: Set<unknown>, size: number, depth: number, settings: unknown): true {
  writeTagHead(writer, CloneTag.Set);
  writer.ensure(9);
  writer.pos = writeHeadAt(writer.uint8, writer.pos, Major.Array, size);
  let index = 0;
  for (const item of value) {
    try {
      writeItem(writer, item, depth - 1, settings as never);
    } catch (error) {
      throw addStep(error, index, item);
    }
    index++;
  }
  return true;
}

function writeGeneric(writer: Writer, content: unknown[], depth: number, settings: unknown): true {
  writeTagHead(writer, CloneTag.GenericObject);
  writeItem(writer, content, depth - 1, settings as never);
  return true;
}

// --- Decoding ---------------------------------------------------------------------------------

/** One tag-28 value of the item being decoded. */
interface SharedValue {
  /** The container made before the content (a reference may point at it), or the finished value. */
  value: unknown;
  complete: boolean;
  /** A reference took the container before it was complete: its content must go into it. */
  used: boolean;
}

/** The shared values of the item being decoded, by number (the decoder empties it per item). */
export type CloneReferences = SharedValue[];

type CloneSettings = { references: CloneReferences };

/** The container to make before reading a shareable's content, from the content's head. */
function placeholderFor(reader: Reader): object | undefined {
  const start = reader.pos;
  if (start >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[start];
  const major = initial >> 5;
  if (major === Major.Array) return [];
  if (major === Major.Map) return {};
  if (major !== Major.Tag || (initial & 0x1f) > 27) return undefined;
  reader.pos = start + 1;
  const tag = readArgument(reader, initial & 0x1f, start);
  reader.pos = start;
  if (tag === CloneTag.Set) return new Set();
  if (tag === CloneTag.Map) return new Map();
  return undefined;
}

/** Moves a finished content into the container references already point at; false if the kinds differ. */
function fill(container: object, content: unknown): boolean {
  if (Array.isArray(container)) {
    if (!Array.isArray(content)) return false;
    for (let index = 0; index < content.length; index++) container[index] = content[index];
    return true;
  }
  if (container instanceof Set) {
    if (!(content instanceof Set)) return false;
    for (const item of content) container.add(item);
    return true;
  }
  if (container instanceof Map) {
    if (!(content instanceof Map)) return false;
    for (const [key, item] of content) container.set(key, item);
    return true;
  }
  if (typeof content !== 'object' || content === null || !isPlainObject(content)) return false;
  // Own properties, `__proto__` included, never through the prototype setter.
  for (const key of Object.keys(content)) {
    Object.defineProperty(container, key, { value: (content as Record<string, unknown>)[key], writable: true, enumerable: true, configurable: true });
  }
  return true;
}

const readShareable: TagReader = (reader, offset, depth, settings: CloneSettings) => {
  const references = settings.references;
  const shared: SharedValue = { value: placeholderFor(reader), complete: false, used: false };
  references.push(shared);
  const content = readItem(reader, depth, settings as never);
  if (shared.used && !fill(shared.value as object, content)) {
    reader.fail(INVALID_REFERENCE, 'a shared value referenced inside itself changed kind', offset);
  }
  if (!shared.used) shared.value = content;
  shared.complete = true;
  return shared.value;
};

const readSharedRef: TagReader = (reader, offset, depth, settings: CloneSettings) => {
  const id = readItem(reader, depth, settings as never);
  const references = settings.references;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= references.length) {
    return reader.fail(INVALID_REFERENCE, `reference ${String(id)} to no shared value`, offset);
  }
  const shared = references[id];
  if (!shared.complete) {
    if (shared.value === undefined) reader.fail(INVALID_REFERENCE, `reference ${id} to a value not yet complete`, offset);
    shared.used = true;
  }
  return shared.value;
};

const readSet: TagReader = (reader, offset, depth, settings) => {
  const content = readItem(reader, depth, settings);
  if (!Array.isArray(content)) reader.fail(INVALID_TAG, 'tag 258 needs an array', offset);
  return new Set(content as unknown[]);
};

/**
 * Tag 259: the map's entries straight into a `Map`, in their order (through a plain object,
 * index-like text keys would move to the front).
 */
const readMap: TagReader = (reader, offset, depth, settings) => {
  const start = reader.pos;
  if (start >= reader.end) reader.failEnd(1);
  const initial = reader.uint8[start];
  if (initial >> 5 !== Major.Map) return reader.fail(INVALID_TAG, 'tag 259 needs a map', offset);
  if (depth === 0) tooDeep(reader, settings, start);
  reader.pos = start + 1;
  const count = readArgument(reader, initial & 0x1f, start);
  const map = new Map<unknown, unknown>();
  for (let index = 0; count === -1 ? !atBreak(reader) : index < count; index++) {
    const keyOffset = reader.pos;
    const key = readItem(reader, depth - 1, settings);
    if (settings.rejectDuplicates && map.has(key)) reader.fail(DUPLICATE_KEY, 'repeated map key', keyOffset);
    map.set(key, readItem(reader, depth - 1, settings));
  }
  return map;
};

const readGenericObject: TagReader = (reader, offset, depth, settings) => {
  const content = readItem(reader, depth, settings);
  if (!Array.isArray(content) || typeof content[0] !== 'string') return new Tag(CloneTag.GenericObject, content);
  const [name, first, second] = content as [string, unknown, unknown];
  if (name === 'RegExp') {
    if (typeof first !== 'string' || typeof second !== 'string') reader.fail(INVALID_TAG, 'tag 27 RegExp needs a source and flags', offset);
    try {
      return new RegExp(first as string, second as string);
    } catch {
      return reader.fail(INVALID_TAG, 'tag 27 RegExp with an invalid pattern or flags', offset);
    }
  }
  // Other classes (http://cbor.schmorp.de/generic-object) stay a Tag; so does an error with a non-text message.
  if (!(Object.hasOwn(ERROR_CLASSES, name) || name.endsWith('Error')) || (first !== undefined && typeof first !== 'string')) {
    return new Tag(CloneTag.GenericObject, content);
  }
  const ErrorClass = Object.hasOwn(ERROR_CLASSES, name) ? ERROR_CLASSES[name] : undefined;
  const error = ErrorClass !== undefined ? new ErrorClass(first) : new Error(first);
  if (ErrorClass === undefined) error.name = name;
  return error;
};

/** The tag readers structured clone adds (typed arrays come with the option too). */
export function cloneReaders(): [number, TagReader][] {
  return [
    [CloneTag.Shareable, readShareable],
    [CloneTag.SharedRef, readSharedRef],
    [CloneTag.Set, readSet],
    [CloneTag.Map, readMap],
    [CloneTag.GenericObject, readGenericObject],
  ];
}
