/**
 * UBJSON objects of generated modules compiled with `codeSize: 'compact'`: one writer and one
 * reader walk an object's `RecordTable` (`../record-table.ts`) instead of code per property. The
 * writer writes the bytes specialised code writes (`{`, keys in schema order, `}`); the reader
 * takes what specialised readers take (plain, counted `{#` and typed `{$…#` objects, no-ops
 * before keys, keys in any order) and both fail as specialised code does (same error codes,
 * offsets, value and schema paths). Read functions take `(reader, depth, marker)`, the value's
 * marker already consumed (or the element type of a typed container), as generated ones do.
 */
import { ErrorCode } from '../errors.js';
import { KeyCache } from '../key-cache.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { RecordTable } from '../record-table.js';
import { withSchemaPath } from '../generated-support.js';
import { assembleRecord, checkPropertyCount, readDeclared, readExtra, recordValues, undeclaredKeys, writeDeclared, writeExtra, type EntryWriter } from '../record-support.js';
import { writeKey } from './text.js';
import { CONTAINER, decodeFailure, expectedType, nextEntry, readContainerStart, readKeyWith, readMarker, tooDeep } from './generated-support.js';

/** Writes one value (`depth` levels left); `schemaPath` is its subschema's, for the shared helpers' failures. */
export type FieldWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;
/** Reads one value whose `marker` is consumed (`depth` levels left); `schemaPath` as for `FieldWriter`. */
export type FieldReader = (reader: Reader, depth: number, marker: number, schemaPath: string) => unknown;

/** How a field's value is written and read: a shared codec (`stringField`, `listOf(…)`) or a generated pair (`fieldOf`). */
export interface FieldCodec {
  write: FieldWriter;
  read: FieldReader;
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

/** UBJSON keys (length and UTF-8, no `S`) and values of record entries (`writeDeclared`/`writeExtra`). */
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
  for (let index = 0; index < values.length; index++) if (values[index] !== undefined) writeDeclared(ENTRIES, writer, table, index, values[index], depth);
  if (extras !== undefined) for (const key of extras) writeExtra(ENTRIES, writer, table, key, object[key], depth);
  writer.u8(0x7d); // }
}

/** Interned keys of every compact reader. */
const KEYS = /* @__PURE__ */ new KeyCache();

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
    const values: unknown[] = new Array(table.names.length);
    let extras: unknown[] | undefined;
    for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
      const at = reader.pos;
      const key = readKeyWith(reader, KEYS);
      // No no-op between a key and its value (value-types.html#noop: only between elements).
      const valueMarker = type !== 0 ? type : readMarker(reader);
      const index = table.index.get(key);
      if (index !== undefined) values[index] = readDeclared(readField, reader, table, index, depth, valueMarker);
      else if (table.extra === null) throw decodeFailure(ErrorCode.SchemaViolation, 'property not allowed', at, schemaPath);
      else (extras ??= []).push(key, readExtra(readField, reader, table, key, depth, valueMarker));
    }
    return assembleRecord(table, values, extras, start, decodeFailure);
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}
