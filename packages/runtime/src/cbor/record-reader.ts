/**
 * CBOR maps of generated modules compiled with `codeSize: 'small'`, read: one reader walks an
 * object's table (`../record-table.ts`) instead of code per property, each value read by the field
 * the table names, found in the module's read kit. It checks and fails as the specialised code
 * does (same error codes, offsets, value and schema paths). The writer is `record-writer.ts`, and
 * only it meets the write kit, so a module's decode-only bundle carries no writer (issue 39).
 */
import { SCHEMA_VIOLATION } from '../errors.js';
import type { Reader } from '../reader.js';
import { RecordTable, resolveField, type FieldKit, type FieldSpec } from '../record-table.js';
import { withSchemaPath } from '../generated-support.js';
import { setEntry } from '../object-entries.js';
import { FieldKind, assembleRecord, checkedRecord, fieldKinds, readDeclared, readExtra, type EntryReader } from '../record-reading.js';
import { atBreak, compareKeys, decodeFailure, readContainerHead, readKey, readString, tooDeep } from './generated-support.js';
import { keyTable, matchKey, type KeyTable } from './key-table.js';
import { readStringField } from './field-readers.js';

/** Reads one value (`depth` levels left); `schemaPath` is its subschema's, for the shared fields' failures. */
export type FieldReader = (reader: Reader, depth: number, schemaPath: string) => unknown;

/**
 * Reads a CBOR map (any head, keys in any order) as an object of the table's schema: required
 * properties first in the result, then optional ones in table order, then undeclared keys in
 * input order. A repeated key: the last value wins, as in the generic decoder. Each value is read
 * with its field from `fields` (the module's read kit).
 */
export function readRecord(reader: Reader, depth: number, table: RecordTable<FieldSpec>, fields: FieldKit): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  try {
    if (depth === 0) throw tooDeep(reader.pos, schemaPath);
    const start = reader.pos;
    const count = readContainerHead(reader, 5, schemaPath);
    if (table.mapOnly) return readMapOnly(reader, depth, table, count, start, fields);
    const { keys, next, readers, kinds, entries } = recordFields(table, fields);
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
          if (table.extra === null) throw decodeFailure(SCHEMA_VIOLATION, 'property not allowed', at, schemaPath);
          (extras ??= []).push(key, readExtra(entries, reader, table, key, depth, 0));
          continue;
        }
      }
      const kind = kinds[index];
      values[index] =
        kind === FieldKind.Text ? readString(reader, table.paths[index]) : kind === FieldKind.Table ? readRecord(reader, depth - 1, table.values[index] as RecordTable<FieldSpec>, fields) : readers[index](reader, depth - 1, table.paths[index]);
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
function readMapOnly(reader: Reader, depth: number, table: RecordTable<FieldSpec>, count: number, start: number, fields: FieldKit): Record<string, unknown> {
  const read = recordFields(table, fields).extra!;
  const result: Record<string, unknown> = {};
  let sparse = false;
  for (let entry = 0; count < 0 ? !atBreak(reader) : entry < count; entry++) {
    const key = readKey(reader, table.schemaPath);
    sparse = setEntry(result, key, read(reader, depth - 1, table.extraPath), sparse);
  }
  return table.plain ? result : checkedRecord(table, result, start, decodeFailure);
}

/**
 * What `readRecord` needs of a table, found once: its keys pre-encoded, as `matchKey` compares
 * them, per property the write-order position after it (the key expected next) and its value's
 * reader, and the reader of other entries' values (`EntryReader`: extra properties, pattern
 * checks), their fields found once each.
 */
interface RecordFields {
  keys: KeyTable;
  next: Int32Array;
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
  // CBOR items carry no separate marker.
  const entries: EntryReader<FieldSpec> = (reader, spec, depth, _marker, schemaPath) => readerFor(spec)(reader, depth, schemaPath);
  const names = table.names;
  const order = table.sorted ? names.map((_, index) => index).sort((a, b) => compareKeys(names[a], names[b])) : undefined;
  const keys = keyTable(names, order);
  const next = new Int32Array(names.length);
  keys.order.forEach((index, position) => (next[index] = position + 1));
  const readers = table.values.map((field, index): FieldReader => {
    // A name that patterns match too: each of them reads the value again, as a check.
    if (table.declaredPatterns[index].length > 0) return (reader, depth) => readDeclared(entries, reader, table, index, depth + 1, 0);
    return readerFor(field);
  });
  const extra = table.extra === null ? undefined : readerFor(table.extra);
  return { keys, next, readers, kinds: fieldKinds(table, readers, readStringField), extra, entries };
}

/** Reads a value of the field `spec` names, with `fields` (an inner table through `readRecord`). */
export function readSpec(reader: Reader, depth: number, spec: FieldSpec, fields: FieldKit, schemaPath: string): unknown {
  let read = SPECS.get(spec as object);
  if (read === undefined) SPECS.set(spec as object, (read = readerOf(spec, fields)));
  return read(reader, depth, schemaPath);
}

/** The readers of the fields `readSpec` was called with (a module's hoisted unions), each found once. */
const SPECS = /* @__PURE__ */ new WeakMap<object, FieldReader>();

/** The reader of the field `spec` names in `fields`. */
function readerOf(spec: FieldSpec, fields: FieldKit): FieldReader {
  return resolveField<FieldReader>(spec, fields, (table) => (reader, depth) => readRecord(reader, depth, table, fields));
}
