/**
 * UBJSON objects of generated modules compiled with `codeSize: 'small'`, written: one writer walks
 * an object's table (`../record-table.ts`) instead of code per property, each value written by the
 * field the table names, found in the module's write kit. It writes the bytes specialised code
 * writes (`{`, keys in schema order, `}`) and fails as it does (same error codes, value and schema
 * paths). The reader is `record-reader.ts`, and only it meets the read kit, so a module's
 * encode-only bundle carries no reader (issue 39).
 */
import type { Writer } from '../writer.js';
import { resolveField, type FieldKit, type FieldSpec, type RecordTable } from '../record-table.js';
import { checkPropertyCount, declaredWriters, recordValues, undeclaredKeys, writeDeclaredEntries, writeExtra, type EntryWriter } from '../record-writing.js';
import { writeKey } from './text.js';
import { keyTable } from './key-table.js';

/** Writes one value (`depth` levels left); `schemaPath` is its subschema's, for the shared fields' failures. */
export type FieldWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;

/**
 * Writes `value`, an object of the table's schema, as a UBJSON object (container-types.html#object):
 * `{`, declared properties in table order, then the undeclared keys the schema allows, `}`.
 * Checks come first, as in specialised code: required names, undeclared keys, the property
 * count; then each value as it is written with its field from `fields` (the module's write kit).
 */
export function writeRecord(writer: Writer, value: unknown, depth: number, table: RecordTable<FieldSpec>, fields: FieldKit): void {
  const values: unknown[] = new Array(table.names.length);
  const declared = recordValues(value, depth, table, values);
  const object = value as Record<string, unknown>;
  const extras = undeclaredKeys(object, table, declared);
  checkPropertyCount(table, declared + (extras === undefined ? 0 : extras.length));
  writer.u8(0x7b); // {
  const { encoded, writers, entries } = recordWriters(table, fields);
  writeDeclaredEntries(writer, table, values, encoded, writers, depth);
  if (extras !== undefined) for (const key of extras) writeExtra(entries, writer, table, key, object[key], depth);
  writer.u8(0x7d); // }
}

/** Writes `value` of the field `spec` names, with `fields` (an inner table through `writeRecord`). */
export function writeSpec(writer: Writer, value: unknown, depth: number, spec: FieldSpec, fields: FieldKit, schemaPath: string): void {
  let write = SPECS.get(spec as object);
  if (write === undefined) SPECS.set(spec as object, (write = writerOf(spec, fields)));
  write(writer, value, depth, schemaPath);
}

/** The writers of the fields `writeSpec` was called with (a module's hoisted unions), each found once. */
const SPECS = /* @__PURE__ */ new WeakMap<object, FieldWriter>();

/** The writer of the field `spec` names in `fields`. */
function writerOf(spec: FieldSpec, fields: FieldKit): FieldWriter {
  return resolveField<FieldWriter>(spec, fields, (table) => (writer, value, depth) => writeRecord(writer, value, depth, table, fields));
}

/**
 * What `writeRecord` needs of a table, found once: its keys pre-encoded (as `writeKey` writes
 * them), each declared value's writer, and the keys and values of other entries (`EntryWriter`:
 * extra properties, pattern checks), their fields found once each. Built on first use, so a table
 * may hold itself (recursive schemas): writers of inner tables are closures, never resolved eagerly.
 */
interface RecordWriters {
  encoded: readonly Uint8Array[];
  writers: FieldWriter[];
  entries: EntryWriter<FieldSpec>;
}

function recordWriters(table: RecordTable<FieldSpec>, fields: FieldKit): RecordWriters {
  return (table.writing ??= writersOf(table, fields)) as RecordWriters;
}

function writersOf(table: RecordTable<FieldSpec>, fields: FieldKit): RecordWriters {
  const found = new Map<FieldSpec, FieldWriter>();
  const writerFor = (spec: FieldSpec): FieldWriter => {
    let write = found.get(spec);
    if (write === undefined) found.set(spec, (write = writerOf(spec, fields)));
    return write;
  };
  // UBJSON keys: a length and UTF-8, no `S`.
  const entries: EntryWriter<FieldSpec> = { key: writeKey, value: (writer, spec, item, depth, schemaPath) => writerFor(spec)(writer, item, depth, schemaPath) };
  return { encoded: keyTable(table.names).encoded, writers: declaredWriters(entries, table, writerFor), entries };
}
