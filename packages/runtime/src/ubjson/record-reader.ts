/**
 * UBJSON objects of generated modules compiled with `codeSize: 'small'`, read: one reader walks an
 * object's table (`../record-table.ts`) instead of code per property, each value read by the field
 * the table names, found in the module's read kit. It takes what specialised readers take (plain, counted `{#` and typed `{$…#`
 * objects, no-ops before keys, keys in any order) and fails as they do (same error codes,
 * offsets, value and schema paths). Read functions take `(reader, depth, marker)`, the value's
 * marker already consumed (or the element type of a typed container), as generated ones do. The
 * writer is `record-writer.ts`, and only it meets the write kit, so a module's decode-only bundle
 * carries no writer (issue 39).
 */
import { SCHEMA_VIOLATION } from '../errors.js';
import type { Reader } from '../reader.js';
import { RecordTable, resolveField, type FieldKit, type FieldSpec } from '../record-table.js';
import { withSchemaPath } from '../generated-support.js';
import { setEntry } from '../object-entries.js';
import { FieldKind, assembleRecord, checkedRecord, fieldKinds, readDeclared, readExtra, type EntryReader } from '../record-reading.js';
import { CONTAINER, decodeFailure, expectedType, nextEntry, readKey, readObjectStart, readString, readValueMarker } from './generated-support.js';
import { keyTable, matchKey, type UbjsonKeyTable } from './key-table.js';
import { readStringField } from './field-readers.js';

/** Reads one value whose `marker` is consumed (`depth` levels left); `schemaPath` is its subschema's, for the shared fields' failures. */
export type FieldReader = (reader: Reader, depth: number, marker: number, schemaPath: string) => unknown;

/**
 * Reads a UBJSON object (`marker`, consumed, must be `{`) as an object of the table's schema:
 * required properties first in the result, then optional ones in table order, then undeclared
 * keys in input order. A repeated key: the last value wins, as in the generic decoder. Each value
 * is read with its field from `fields` (the module's read kit).
 */
export function readRecord(reader: Reader, depth: number, marker: number, table: RecordTable<FieldSpec>, fields: FieldKit): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  try {
    if (marker !== 0x7b) throw expectedType(reader, 'object', marker, schemaPath);
    const start = reader.pos - 1;
    const count = readObjectStart(reader, depth, schemaPath);
    const type = CONTAINER.type;
    if (table.mapOnly) return readMapOnly(reader, depth, table, count, type, start, fields);
    const { keys, readers, kinds, entries } = recordFields(table, fields);
    const values: unknown[] = new Array(readers.length);
    let extras: unknown[] | undefined;
    // Encoders write the declared keys in table order: the one after the last matched comes next.
    let expected = 0;
    for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
      const at = reader.pos;
      const matched = matchKey(reader, keys, expected);
      const key = matched >= 0 ? keys.names[matched] : readKey(reader);
      // No no-op between a key and its value (value-types.html#noop: only between elements).
      const valueMarker = readValueMarker(reader, type);
      const index = matched >= 0 ? matched : keys.fieldOf(key);
      if (index < 0) {
        if (table.extra === null) throw decodeFailure(SCHEMA_VIOLATION, 'property not allowed', at, schemaPath);
        (extras ??= []).push(key, readExtra(entries, reader, table, key, depth, valueMarker));
        continue;
      }
      const kind = kinds[index];
      values[index] =
        kind === FieldKind.Text
          ? readString(reader, valueMarker, table.paths[index])
          : kind === FieldKind.Table
            ? readRecord(reader, depth - 1, valueMarker, table.values[index] as RecordTable<FieldSpec>, fields)
            : readers[index](reader, depth - 1, valueMarker, table.paths[index]);
      expected = index + 1;
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
function readMapOnly(reader: Reader, depth: number, table: RecordTable<FieldSpec>, count: number, type: number, start: number, fields: FieldKit): Record<string, unknown> {
  const read = recordFields(table, fields).extra!;
  const result: Record<string, unknown> = {};
  let sparse = false;
  for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
    const key = readKey(reader);
    // No no-op between a key and its value (value-types.html#noop: only between elements).
    const valueMarker = readValueMarker(reader, type);
    sparse = setEntry(result, key, read(reader, depth - 1, valueMarker, table.extraPath), sparse);
  }
  return table.plain ? result : checkedRecord(table, result, start, decodeFailure);
}

/**
 * What `readRecord` needs of a table, found once: its keys pre-encoded (as `matchKey` compares
 * them), per property its value's reader, and the reader of other entries' values
 * (`EntryReader`: extra properties, pattern checks), their fields found once each. Built on first
 * use, so a table may hold itself (recursive schemas): readers of inner tables are closures,
 * never resolved eagerly.
 */
interface RecordFields {
  keys: UbjsonKeyTable;
  readers: FieldReader[];
  /** How `readRecord` calls each property's reader (`fieldKinds`). */
  kinds: Uint8Array;
  /** The reader of undeclared keys' values (`table.extra`), when there are such keys. */
  extra: FieldReader | undefined;
  entries: EntryReader<FieldSpec>;
}

function recordFields(table: RecordTable<FieldSpec>, fields: FieldKit): RecordFields {
  return (table.reading ??= fieldsOf(table, fields)) as RecordFields;
}

function fieldsOf(table: RecordTable<FieldSpec>, fields: FieldKit): RecordFields {
  const found = new Map<FieldSpec, FieldReader>();
  const readerFor = (spec: FieldSpec): FieldReader => {
    let read = found.get(spec);
    if (read === undefined) found.set(spec, (read = readerOf(spec, fields)));
    return read;
  };
  const entries: EntryReader<FieldSpec> = (reader, spec, depth, marker, schemaPath) => readerFor(spec)(reader, depth, marker, schemaPath);
  const readers = table.values.map((field, index): FieldReader => {
    // A name that patterns match too: each of them reads the value again, as a check.
    if (table.declaredPatterns[index].length > 0) return (reader, depth, marker) => readDeclared(entries, reader, table, index, depth + 1, marker);
    return readerFor(field);
  });
  const extra = table.extra === null ? undefined : readerFor(table.extra);
  return { keys: keyTable(table.names), readers, kinds: fieldKinds(table, readers, readStringField), extra, entries };
}

/** Reads a value whose `marker` is consumed of the field `spec` names, with `fields` (an inner table through `readRecord`). */
export function readSpec(reader: Reader, depth: number, marker: number, spec: FieldSpec, fields: FieldKit, schemaPath: string): unknown {
  let read = SPECS.get(spec as object);
  if (read === undefined) SPECS.set(spec as object, (read = readerOf(spec, fields)));
  return read(reader, depth, marker, schemaPath);
}

/** The readers of the fields `readSpec` was called with (a module's hoisted unions), each found once. */
const SPECS = /* @__PURE__ */ new WeakMap<object, FieldReader>();

/** The reader of the field `spec` names in `fields` (its value's marker consumed). */
function readerOf(spec: FieldSpec, fields: FieldKit): FieldReader {
  return resolveField<FieldReader>(spec, fields, (table) => (reader, depth, marker) => readRecord(reader, depth, marker, table, fields));
}
