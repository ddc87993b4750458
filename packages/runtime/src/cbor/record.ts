/**
 * CBOR maps of generated modules compiled with `codeSize: 'small'`: one writer and one reader
 * walk an object's `RecordTable` (`../record-table.ts`) instead of code per property. They check
 * and fail as the specialised code does (same error codes, offsets, value and schema paths), in
 * the same order: required properties, then undeclared keys, then the values in write order.
 */
import { ErrorCode } from '../errors.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { RecordTable } from '../record-table.js';
import { withSchemaPath } from '../generated-support.js';
import { setEntry } from '../object-entries.js';
import { FieldKind, assembleRecord, checkedRecord, checkPropertyCount, fieldKinds, recordValues, undeclaredKeys, readDeclared, readExtra, writeDeclared, declaredWriters, writeDeclaredEntries, writeExtra, type EntryWriter } from '../record-support.js';
import { writeHead } from './head.js';
import { writeText } from './encode-scalars.js';
import { atBreak, compareKeys, decodeFailure, readContainerHead, readKey, readString, tooDeep } from './generated-support.js';
import { keyTable, matchKey, type KeyTable } from './key-table.js';

/** Writes one value (`depth` levels left); `schemaPath` is its subschema's, for the shared helpers' failures. */
export type FieldWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;
/** Reads one value (`depth` levels left); `schemaPath` as for `FieldWriter`. */
export type FieldReader = (reader: Reader, depth: number, schemaPath: string) => unknown;

/** How a field's value is written and read: a shared codec (`stringField`, `listOf(…)`) or a generated pair (`fieldOf`). */
export interface FieldCodec {
  write: FieldWriter;
  read: FieldReader;
  /** The codec reads text as `readString` does (`stringField`): record readers call that directly (`FieldKind`). */
  text?: true;
}

/** A table row's value: a codec, or the table of an inner object (written and read as a record). */
export type Field = FieldCodec | RecordTable<Field>;

/** The codec of a generated write/read function pair. */
export function fieldOf(write: (writer: Writer, value: unknown, depth: number) => void, read: (reader: Reader, depth: number) => unknown): FieldCodec {
  return { write, read };
}

/** Writes `value` with `field` (an inner object's table or a codec). */
export function writeField(writer: Writer, field: Field, value: unknown, depth: number, schemaPath: string): void {
  if (field instanceof RecordTable) writeRecord(writer, value, depth, field);
  else field.write(writer, value, depth, schemaPath);
}

/** Reads a value with `field` (an inner object's table or a codec). */
export function readField(reader: Reader, field: Field, depth: number, schemaPath: string): unknown {
  return field instanceof RecordTable ? readRecord(reader, depth, field) : field.read(reader, depth, schemaPath);
}

/**
 * Writes `value`, an object of the table's schema, as a CBOR map: declared properties in table
 * order (RFC 8949 §4.2.1 key order when the table is `sorted`), then the undeclared keys the
 * schema allows. Checks come first, as in specialised code: required names, undeclared keys,
 * the property count; then each value as it is written.
 */
export function writeRecord(writer: Writer, value: unknown, depth: number, table: RecordTable<Field>): void {
  const values: unknown[] = new Array(table.names.length);
  const declared = recordValues(value, depth, table, values);
  const object = value as Record<string, unknown>;
  const extras = undeclaredKeys(object, table, declared);
  const count = declared + (extras === undefined ? 0 : extras.length);
  checkPropertyCount(table, count);
  writeHead(writer, 5, count);
  if (table.sorted) {
    writeSorted(writer, object, values, extras, depth, table);
    return;
  }
  const { keys, writers } = recordFields(table);
  writeDeclaredEntries(writer, table, values, keys.encoded, writers, depth);
  if (extras !== undefined) for (const key of extras) writeExtra(ENTRIES, writer, table, key, object[key], depth);
}

/** RFC 8949 §4.2.1: every entry, declared or not, in the order of its encoded key. */
function writeSorted(writer: Writer, value: Record<string, unknown>, values: unknown[], extras: string[] | undefined, depth: number, table: RecordTable<Field>): void {
  const keys: string[] = table.names.filter((_, index) => values[index] !== undefined);
  if (extras !== undefined) keys.push(...extras);
  keys.sort(compareKeys);
  for (const key of keys) {
    const index = table.index.get(key);
    if (index === undefined) writeExtra(ENTRIES, writer, table, key, value[key], depth);
    else writeDeclared(ENTRIES, writer, table, index, values[index], depth);
  }
}

/** CBOR keys and values of record entries (`writeDeclared`/`writeExtra`). */
const ENTRIES: EntryWriter<Field> = { key: writeText, value: writeField };

/** `readField` for the shared entry walks (`readDeclared`/`readExtra`): CBOR items carry no separate marker. */
function readEntry(reader: Reader, field: Field, depth: number, _marker: number, schemaPath: string): unknown {
  return readField(reader, field, depth, schemaPath);
}

/**
 * Reads a CBOR map (any head, keys in any order) as an object of the table's schema: required
 * properties first in the result, then optional ones in table order, then undeclared keys in
 * input order. A repeated key: the last value wins, as in the generic decoder.
 */
export function readRecord(reader: Reader, depth: number, table: RecordTable<Field>): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  try {
    if (depth === 0) throw tooDeep(reader.pos, schemaPath);
    const start = reader.pos;
    const count = readContainerHead(reader, 5, schemaPath);
    if (table.mapOnly) return readMapOnly(reader, depth, table, count, start);
    const { keys, next, readers, kinds } = recordFields(table);
    const values: unknown[] = new Array(readers.length);
    let extras: unknown[] | undefined;
    let expected = 0;
    for (let entry = 0; count < 0 ? !atBreak(reader) : entry < count; entry++) {
      const at = reader.pos;
      let index = matchKey(reader, keys, expected);
      if (index < 0) {
        const key = readKey(reader, schemaPath);
        index = keys.fieldOf(key);
        if (index < 0) {
          if (table.extra === null) throw decodeFailure(ErrorCode.SchemaViolation, 'property not allowed', at, schemaPath);
          (extras ??= []).push(key, readExtra(readEntry, reader, table, key, depth, 0));
          continue;
        }
      }
      const kind = kinds[index];
      values[index] =
        kind === FieldKind.Text ? readString(reader, table.paths[index]) : kind === FieldKind.Table ? readRecord(reader, depth - 1, table.values[index] as RecordTable<Field>) : readers[index](reader, depth - 1, table.paths[index]);
      expected = next[index];
    }
    return assembleRecord(table, values, extras, start, decodeFailure);
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/**
 * The entries of a `mapOnly` table's object, each stored as it is read (see `setEntry`): the
 * result `assembleRecord` builds from them, keys in input order, a repeated key in its first
 * place with its last value. No key is matched against declared names, as there are none.
 */
function readMapOnly(reader: Reader, depth: number, table: RecordTable<Field>, count: number, start: number): Record<string, unknown> {
  const read = recordFields(table).extra!;
  const result: Record<string, unknown> = {};
  let sparse = false;
  for (let entry = 0; count < 0 ? !atBreak(reader) : entry < count; entry++) {
    const key = readKey(reader, table.schemaPath);
    sparse = setEntry(result, key, read(reader, depth - 1, table.extraPath), sparse);
  }
  return table.plain ? result : checkedRecord(table, result, start, decodeFailure);
}

/**
 * What `writeRecord` and `readRecord` need of a table, found once: its keys pre-encoded, as
 * `matchKey` compares them, per property the write-order position after it (the key expected
 * next), and its value's reader and writer.
 */
interface RecordFields {
  keys: KeyTable;
  next: Int32Array;
  readers: FieldReader[];
  /** How `readRecord` calls each property's reader (`fieldKinds`). */
  kinds: Uint8Array;
  writers: FieldWriter[];
  /** The reader of undeclared keys' values (`table.extra`), when there are such keys. */
  extra: FieldReader | undefined;
}

function recordFields(table: RecordTable<Field>): RecordFields {
  return (table.formatFields ??= fieldsOf(table)) as RecordFields;
}

function fieldsOf(table: RecordTable<Field>): RecordFields {
  const names = table.names;
  const order = table.sorted ? names.map((_, index) => index).sort((a, b) => compareKeys(names[a], names[b])) : undefined;
  const keys = keyTable(names, order);
  const next = new Int32Array(names.length);
  keys.order.forEach((index, position) => (next[index] = position + 1));
  const readers = table.values.map((field, index): FieldReader => {
    // A name that patterns match too: each of them reads the value again, as a check.
    if (table.declaredPatterns[index].length > 0) return (reader, depth) => readDeclared(readEntry, reader, table, index, depth + 1, 0);
    return readerOf(field);
  });
  const writers = declaredWriters(ENTRIES, table, writerOf);
  const extra = table.extra === null ? undefined : readerOf(table.extra);
  return { keys, next, readers, kinds: fieldKinds(table), writers, extra };
}

/** The writer of `field`: its codec's, or the record writer of an inner object's table. */
export function writerOf(field: Field): FieldWriter {
  return field instanceof RecordTable ? (writer, value, depth) => writeRecord(writer, value, depth, field) : field.write;
}

/** The reader of `field`: its codec's, or the record reader of an inner object's table. */
export function readerOf(field: Field): FieldReader {
  return field instanceof RecordTable ? (reader, depth) => readRecord(reader, depth, field) : field.read;
}
