/**
 * UBJSON objects of generated modules compiled with `codeSize: 'small'`: one writer and one
 * reader walk an object's `RecordTable` (`../record-table.ts`) instead of code per property. The
 * writer writes the bytes specialised code writes (`{`, keys in schema order, `}`); the reader
 * takes what specialised readers take (plain, counted `{#` and typed `{$…#` objects, no-ops
 * before keys, keys in any order) and both fail as specialised code does (same error codes,
 * offsets, value and schema paths). Read functions take `(reader, depth, marker)`, the value's
 * marker already consumed (or the element type of a typed container), as generated ones do.
 */
import { ErrorCode } from '../errors.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { RecordTable } from '../record-table.js';
import { withSchemaPath } from '../generated-support.js';
import { setEntry } from '../object-entries.js';
import { FieldKind, assembleRecord, checkedRecord, checkPropertyCount, fieldKinds, readDeclared, readExtra, recordValues, undeclaredKeys, declaredWriters, writeDeclaredEntries, writeExtra, type EntryWriter } from '../record-support.js';
import { writeKey } from './text.js';
import { CONTAINER, decodeFailure, expectedType, nextEntry, readContainerStart, readKey, readMarker, readString, tooDeep } from './generated-support.js';
import { keyTable, matchKey, type UbjsonKeyTable } from './key-table.js';

/** Writes one value (`depth` levels left); `schemaPath` is its subschema's, for the shared helpers' failures. */
export type FieldWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;
/** Reads one value whose `marker` is consumed (`depth` levels left); `schemaPath` as for `FieldWriter`. */
export type FieldReader = (reader: Reader, depth: number, marker: number, schemaPath: string) => unknown;

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
export function fieldOf(write: (writer: Writer, value: unknown, depth: number) => void, read: (reader: Reader, depth: number, marker: number) => unknown): FieldCodec {
  return { write, read };
}

/** Writes `value` with `field` (an inner object's table or a codec). */
export function writeField(writer: Writer, field: Field, value: unknown, depth: number, schemaPath: string): void {
  if (field instanceof RecordTable) writeRecord(writer, value, depth, field);
  else field.write(writer, value, depth, schemaPath);
}

/** Reads a value whose `marker` is consumed with `field` (an inner object's table or a codec). */
export function readField(reader: Reader, field: Field, depth: number, marker: number, schemaPath: string): unknown {
  return field instanceof RecordTable ? readRecord(reader, depth, marker, field) : field.read(reader, depth, marker, schemaPath);
}

/** UBJSON keys (length and UTF-8, no `S`) and values of record entries (`writeDeclaredValue`/`writeExtra`). */
const ENTRIES: EntryWriter<Field> = { key: writeKey, value: writeField };

/**
 * Writes `value`, an object of the table's schema, as a UBJSON object (container-types.html#object):
 * `{`, declared properties in table order, then the undeclared keys the schema allows, `}`.
 * Checks come first, as in specialised code: required names, undeclared keys, the property
 * count; then each value as it is written.
 */
export function writeRecord(writer: Writer, value: unknown, depth: number, table: RecordTable<Field>): void {
  const values: unknown[] = new Array(table.names.length);
  const declared = recordValues(value, depth, table, values);
  const object = value as Record<string, unknown>;
  const extras = undeclaredKeys(object, table, declared);
  checkPropertyCount(table, declared + (extras === undefined ? 0 : extras.length));
  writer.u8(0x7b); // {
  const { keys, writers } = recordFields(table);
  writeDeclaredEntries(writer, table, values, keys.encoded, writers, depth);
  if (extras !== undefined) for (const key of extras) writeExtra(ENTRIES, writer, table, key, object[key], depth);
  writer.u8(0x7d); // }
}

/**
 * Reads a UBJSON object (`marker`, consumed, must be `{`) as an object of the table's schema:
 * required properties first in the result, then optional ones in table order, then undeclared
 * keys in input order. A repeated key: the last value wins, as in the generic decoder.
 */
export function readRecord(reader: Reader, depth: number, marker: number, table: RecordTable<Field>): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  try {
    if (marker !== 0x7b) throw expectedType(reader, 'object', marker, schemaPath);
    if (depth === 0) throw tooDeep(reader, schemaPath);
    const start = reader.pos - 1;
    const count = readContainerStart(reader, 2, schemaPath);
    const type = CONTAINER.type;
    if (table.mapOnly) return readMapOnly(reader, depth, table, count, type, start);
    const { keys, readers, kinds } = recordFields(table);
    const values: unknown[] = new Array(readers.length);
    let extras: unknown[] | undefined;
    // Encoders write the declared keys in table order: the one after the last matched comes next.
    let expected = 0;
    for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
      const at = reader.pos;
      const matched = matchKey(reader, keys, expected);
      const key = matched >= 0 ? keys.names[matched] : readKey(reader);
      // No no-op between a key and its value (value-types.html#noop: only between elements).
      const valueMarker = type !== 0 ? type : readMarker(reader);
      const index = matched >= 0 ? matched : keys.fieldOf(key);
      if (index < 0) {
        if (table.extra === null) throw decodeFailure(ErrorCode.SchemaViolation, 'property not allowed', at, schemaPath);
        (extras ??= []).push(key, readExtra(readField, reader, table, key, depth, valueMarker));
        continue;
      }
      const kind = kinds[index];
      values[index] =
        kind === FieldKind.Text
          ? readString(reader, valueMarker, table.paths[index])
          : kind === FieldKind.Table
            ? readRecord(reader, depth - 1, valueMarker, table.values[index] as RecordTable<Field>)
            : readers[index](reader, depth - 1, valueMarker, table.paths[index]);
      expected = index + 1;
    }
    return assembleRecord(table, values, extras, start, decodeFailure);
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/**
 * What `writeRecord` and `readRecord` need of a table, found once: its keys pre-encoded (as
 * `matchKey` compares them and `writeKey` writes them) and per property its value's reader and
 * writer. Built on first use, so a table may hold itself (recursive schemas): readers and
 * writers of inner tables are closures, never resolved eagerly.
 */
/**
 * The entries of a `mapOnly` table's object, each stored as it is read (see `setEntry`): the
 * result `assembleRecord` builds from them, keys in input order, a repeated key in its first
 * place with its last value. No key is matched against declared names, as there are none.
 */
function readMapOnly(reader: Reader, depth: number, table: RecordTable<Field>, count: number, type: number, start: number): Record<string, unknown> {
  const read = recordFields(table).extra!;
  const result: Record<string, unknown> = {};
  let sparse = false;
  for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
    const key = readKey(reader);
    // No no-op between a key and its value (value-types.html#noop: only between elements).
    const valueMarker = type !== 0 ? type : readMarker(reader);
    sparse = setEntry(result, key, read(reader, depth - 1, valueMarker, table.extraPath), sparse);
  }
  return table.plain ? result : checkedRecord(table, result, start, decodeFailure);
}

interface RecordFields {
  keys: UbjsonKeyTable;
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
  const readers = table.values.map((field, index): FieldReader => {
    // A name that patterns match too: each of them reads the value again, as a check.
    if (table.declaredPatterns[index].length > 0) return (reader, depth, marker) => readDeclared(readField, reader, table, index, depth + 1, marker);
    return readerOf(field);
  });
  const writers = declaredWriters(ENTRIES, table, writerOf);
  const extra = table.extra === null ? undefined : readerOf(table.extra);
  return { keys: keyTable(table.names), readers, kinds: fieldKinds(table), writers, extra };
}

/** The writer of `field`: its codec's, or the record writer of an inner object's table. */
export function writerOf(field: Field): FieldWriter {
  return field instanceof RecordTable ? (writer, value, depth) => writeRecord(writer, value, depth, field) : field.write;
}

/** The reader of `field` (its value's marker consumed): its codec's, or the record reader of an inner object's table. */
export function readerOf(field: Field): FieldReader {
  return field instanceof RecordTable ? (reader, depth, marker) => readRecord(reader, depth, marker, field) : field.read;
}
