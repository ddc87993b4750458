import { Reader, joinPointer, isDecodeError } from '@binschema/runtime';
import { readTree, DiagnosticPrinter, type CborItem } from '@binschema/runtime/cbor';
import { readUbjsonItem, type UbjsonItem } from '@binschema/runtime/ubjson';
import { Kind, readMsgpackItem, skipItem as skipMsgpackItem, type MsgpackItem } from '@binschema/runtime/msgpack';
import { cborHead, cborLabel, msgpackHead, msgpackLabel, ubjsonHead, ubjsonLabel } from './labels.js';
import { errorContext } from './error-context.js';
import type { SchemaLocator } from './schema-locator.js';

/** Widest head shown before the label column: a CBOR head is at most 9 bytes (RFC 8949 §3). */
const HEAD_COLUMN = 18;
/** Where `--schema` labels start, after the nesting and the item. */
const LABEL_COLUMN = 40;
// Non-text map keys become pointer tokens through their notation (cut like dump values).
const keyText = new DiagnosticPrinter({ cutStrings: 60, maxOutput: Infinity });

/** The binary formats the dump reads. */
export type BinaryFormat = 'cbor' | 'ubjson' | 'msgpack';

export interface DumpOptions {
  format: BinaryFormat;
  /** Lines (items) to show before stopping. */
  maxItems: number;
  print: (line: string) => void;
  /** With `--schema`: where each item is described, and the schema's decoder for each top-level item. */
  schema?: { locator: SchemaLocator; check: (item: Uint8Array, start: number) => { offset: number; message: string } | undefined };
}

/** One open container (or tag, or chunked string) while its children are dumped. */
interface Frame {
  kind: 'array' | 'map' | 'same';
  pointer: string;
  location: string | undefined;
  seen: number;
  /** A map's current key, as a pointer token. */
  key: string;
}

/**
 * The annotated dump of a CBOR sequence, UBJSON values or MessagePack items, one line per item:
 *
 *   offset  head bytes (hex)    nesting, type(argument) value    [pointer location]
 *        0  a2                  map(2)
 *        1  61                    text(1) "a"
 *
 * Lines are printed as items are read, so everything up to a decode error shows, followed by the
 * error and the bytes around it. With a schema, each line ends in the item's JSON Pointer and
 * schema location, and the first item its decoder rejects is marked `<-- code: detail`.
 * Returns the exit code: 0, or 1 for invalid input or an item that breaks the schema.
 */
export function dump(bytes: Uint8Array, options: DumpOptions): number {
  const width = Math.max(6, String(bytes.length).length);
  const reader = new Reader(options.format, bytes);
  let shown = 0;
  let frames: Frame[] = [];
  let violation: { offset: number; message: string } | undefined;
  let violated = false;
  let pending: { line: string; offset: number } | undefined;
  const flush = (next: number): void => {
    if (pending === undefined) return;
    let line = pending.line;
    // Mark the last item that starts at or before the schema error's offset.
    if (violation !== undefined && pending.offset <= violation.offset && next > violation.offset) {
      line += `  <-- ${violation.message}`;
      violation = undefined;
      violated = true;
    }
    options.print(line);
    pending = undefined;
  };
  const emit = (offset: number, head: Uint8Array, level: number, label: string, labels = ''): void => {
    if (++shown > options.maxItems) throw new StopDump();
    flush(offset);
    const item = `${'  '.repeat(level)}${label}`;
    const line = `${String(offset).padStart(width)}  ${hex(head).padEnd(HEAD_COLUMN)}  ${labels === '' ? item : item.padEnd(LABEL_COLUMN)}${labels}`;
    pending = { line, offset };
  };
  const place = (level: number, item: CborItem | UbjsonItem | MsgpackItem, keyOf: () => string): string => {
    if (options.schema === undefined) return '';
    frames.length = level;
    const frame = describe(frames[level - 1], keyOf, options.schema.locator);
    if (item.children !== undefined) frames.push({ ...frame, kind: kindOf(item, options.format), seen: 0, key: '' });
    return `  ${frame.pointer === '' ? '/' : frame.pointer} ${frame.location ?? '(no schema)'}`;
  };
  const hooks = {
    maxDepth: 512,
    itemsLeft: Number.MAX_SAFE_INTEGER,
    onItem: (item: CborItem, level: number) => {
      const keyOf = () => (item.major === 3 && item.children === undefined ? (item.value as string) : keyText.print(item, 0));
      emit(item.offset, bytes.subarray(...cborHead(item)), level, cborLabel(item), place(level, item, keyOf));
    },
    onBreak: (offset: number, level: number) => emit(offset, bytes.subarray(offset, offset + 1), level, 'break'),
  };
  const ubjsonHooks = {
    maxDepth: 512,
    itemsLeft: Number.MAX_SAFE_INTEGER,
    onItem: (item: UbjsonItem, level: number) => {
      emit(item.offset, bytes.subarray(...ubjsonHead(item)), level, ubjsonLabel(item), place(level, item, () => item.value as string));
    },
    onEnd: (offset: number, level: number) => emit(offset, bytes.subarray(offset, offset + 1), level, 'end'),
  };
  const msgpackHooks = {
    maxDepth: 512,
    itemsLeft: Number.MAX_SAFE_INTEGER,
    onItem: (item: MsgpackItem, level: number) => {
      const keyOf = () => (typeof item.value === 'string' ? item.value : msgpackLabel(item));
      emit(item.offset, bytes.subarray(...msgpackHead(item)), level, msgpackLabel(item), place(level, item, keyOf));
    },
  };
  try {
    while (reader.pos < reader.end) {
      frames = [];
      const start = reader.pos;
      violation = options.schema?.check(itemBytes(bytes, start, options.format), start);
      if (options.format === 'cbor') readTree(reader, hooks);
      else if (options.format === 'ubjson') readUbjsonItem(reader, ubjsonHooks);
      else readMsgpackItem(reader, msgpackHooks);
      flush(reader.pos);
      if (violation !== undefined) options.print(`${' '.repeat(width)}  <-- ${violation.message}`);
      violated ||= violation !== undefined;
    }
  } catch (error) {
    flush(Number.MAX_SAFE_INTEGER);
    if (error instanceof StopDump) {
      options.print(`… stopped after ${options.maxItems} items (--max-items)`);
      return 0;
    }
    for (const line of errorContext(error, bytes, width)) options.print(line);
    return 1;
  }
  return violated ? 1 : 0;
}

/** The bytes of the top-level item at `start`, for the schema's decoder (its end found by a plain read). */
function itemBytes(bytes: Uint8Array, start: number, format: BinaryFormat): Uint8Array {
  const reader = new Reader(format, bytes);
  reader.pos = start;
  const limits = { maxDepth: 512, itemsLeft: Number.MAX_SAFE_INTEGER };
  try {
    if (format === 'cbor') readTree(reader, limits);
    else if (format === 'ubjson') readUbjsonItem(reader, limits);
    else reader.pos = skipMsgpackItem(bytes, start).end;
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    return bytes.subarray(start); // the dump reports the error itself
  }
  return bytes.subarray(start, reader.pos);
}

function describe(parent: Frame | undefined, keyOf: () => string, locator: SchemaLocator): Pick<Frame, 'pointer' | 'location'> {
  if (parent === undefined) return { pointer: '', location: '#' };
  if (parent.kind === 'same') return { pointer: parent.pointer, location: parent.location };
  if (parent.kind === 'array') {
    const token = String(parent.seen++);
    return { pointer: joinPointer(parent.pointer, token), location: locator.child(parent.location, token, true) };
  }
  // A map: keys and values alternate; both are labelled with the member's pointer.
  if (parent.seen++ % 2 === 0) parent.key = keyOf();
  return { pointer: joinPointer(parent.pointer, parent.key), location: locator.child(parent.location, parent.key, false) };
}

function kindOf(item: CborItem | UbjsonItem | MsgpackItem, format: BinaryFormat): Frame['kind'] {
  if (format === 'cbor') {
    const major = (item as CborItem).major;
    return major === 4 ? 'array' : major === 5 ? 'map' : 'same';
  }
  if (format === 'msgpack') return (item as MsgpackItem).kind === Kind.Array ? 'array' : 'map';
  return (item as UbjsonItem).marker === 0x5b ? 'array' : 'map';
}

class StopDump extends Error {}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
