/**
 * What the record readers and read fields of every format (`<format>/record-reader.ts`,
 * `<format>/field-readers.ts`) do alike (codeSize 'small'): the walk over an entry's patterns,
 * the result built from the entries read (required properties first, as specialised readers
 * do) and its checks, the null, false and true items of a union read without a call.
 */
import { SCHEMA_VIOLATION } from './errors.js';
import { checksHold, withSchemaPath } from './generated-support.js';
import { setEntry, setOwn } from './object-entries.js';
import { NOT_CONSTANT, type ConstantBytes, type Predicate, type TypeVariants } from './record-support.js';
import { RecordTable } from './record-table.js';
import type { Reader } from './reader.js';

/**
 * The reader of `checkedField` in formats whose readers start at the item (CBOR, MessagePack):
 * `read`, then the checks over the value built, failing at the item's start with the schema path
 * on any failure inside, as a specialised reader's `try` adds it.
 */
export function checkedReader(read: (reader: Reader, depth: number, schemaPath: string) => unknown, predicate: Predicate, what: string, failure: DecodeFailure) {
  return (reader: Reader, depth: number, schemaPath: string): unknown => {
    const offset = reader.pos;
    try {
      return checkedValue(read(reader, depth, schemaPath), predicate, depth, what, offset, schemaPath, failure);
    } catch (error) {
      throw withSchemaPath(error, schemaPath);
    }
  };
}


/** `value`, read from the item at `offset`, when its checks hold; else `checkedWriter`'s failure at that offset. */
export function checkedValue(value: unknown, predicate: Predicate, depth: number, what: string, offset: number, schemaPath: string, failure: DecodeFailure): unknown {
  if (!checksHold(predicate, value, depth)) throw failure(SCHEMA_VIOLATION, what, offset, schemaPath);
  return value;
}


/**
 * How a format reads a value with one of its fields (its `readField`). `marker`: UBJSON's value
 * marker, already consumed (CBOR passes 0 and reads its head in the field).
 */
export type EntryReader<Value> = (reader: Reader, field: Value, depth: number, marker: number, schemaPath: string) => unknown;


/** A declared property's value, read again by every pattern its name matches (as a check). */
export function readDeclared<Value>(read: EntryReader<Value>, reader: Reader, table: RecordTable<Value>, index: number, depth: number, marker: number): unknown {
  const valueStart = reader.pos;
  const value = read(reader, table.values[index], depth - 1, marker, table.paths[index]);
  for (const pattern of table.declaredPatterns[index]) {
    reader.pos = valueStart;
    read(reader, table.patterns[pattern].value, depth - 1, marker, table.patterns[pattern].path);
  }
  return value;
}


/** An undeclared key's value: read by every pattern it matches (the last read is kept), else by `extra`. */
export function readExtra<Value>(read: EntryReader<Value>, reader: Reader, table: RecordTable<Value>, key: string, depth: number, marker: number): unknown {
  const valueStart = reader.pos;
  let value: unknown;
  let matched = false;
  for (const pattern of table.patterns) {
    if (!pattern.regexp.test(key)) continue;
    reader.pos = valueStart;
    value = read(reader, pattern.value, depth - 1, marker, pattern.path);
    matched = true;
  }
  return matched ? value : read(reader, table.extra!, depth - 1, marker, table.extraPath);
}


/** A format's decoder failure (`decodeFailure` of `cbor/` or `ubjson/`). */
export type DecodeFailure = (code: string, what: string, offset: number, schemaPath: string) => unknown;


/**
 * How a record reader reads each declared property's value (`fieldKinds`): text and inner tables,
 * the commonest, by a direct call (`readString`, `readRecord`); any other field through its
 * reader, a call site every table of every module shares (megamorphic, so never inlined).
 */
export const FieldKind = { Other: 0, Text: 1, Table: 2 } as const;


/**
 * Per declared property of `table`, its `FieldKind`, from its reader (`readers`, resolved from the
 * read kit): `textField` (the format's shared reader of plain strings) is `Text`, an inner table
 * `Table`; a name that patterns match too is `Other`, as its reader checks them.
 */
export function fieldKinds(table: RecordTable<unknown>, readers: readonly unknown[], textField: unknown): Uint8Array {
  return Uint8Array.from(table.values, (field, index) => {
    if (table.declaredPatterns[index].length > 0) return FieldKind.Other;
    if (field instanceof RecordTable) return FieldKind.Table;
    return readers[index] === textField ? FieldKind.Text : FieldKind.Other;
  });
}

/**
 * The object a reader returns from the entries it read (`values` per declared name, `extras` as
 * key, value pairs in input order): required properties first, then optional ones in table
 * order, then undeclared keys. Missing properties and the property count fail at `start`, the
 * object's first byte.
 */
export function assembleRecord(table: RecordTable<unknown>, values: unknown[], extras: unknown[] | undefined, start: number, failure: DecodeFailure): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  const names = table.names;
  const order = table.resultOrder;
  // Required properties come first in `order`: checked before the result is built.
  let position = 0;
  for (; position < order.length && table.required[order[position]]; position++) {
    if (values[order[position]] === undefined) throw missingRead(failure, names[order[position]], start, schemaPath);
  }
  let result: Record<string, unknown>;
  if (table.build !== undefined) {
    result = table.build(values);
  } else {
    result = {};
    for (let required = 0; required < position; required++) setOwn(result, names[order[required]], values[order[required]]);
  }
  for (; position < order.length; position++) if (values[order[position]] !== undefined) setOwn(result, names[order[position]], values[order[position]]);
  if (extras !== undefined) {
    let sparse = false;
    for (let pair = 0; pair < extras.length; pair += 2) sparse = setEntry(result, extras[pair] as string, extras[pair + 1], sparse);
  }
  return table.plain ? result : checkedRecord(table, result, start, failure);
}


/**
 * A record's own checks once its result is built (`RecordTable.plain` says there are none):
 * undeclared required names, then the property count, failing at `start`.
 */
export function checkedRecord(table: RecordTable<unknown>, result: Record<string, unknown>, start: number, failure: DecodeFailure): Record<string, unknown> {
  const schemaPath = table.schemaPath;
  const fail = (what: string) => failure(SCHEMA_VIOLATION, what, start, schemaPath);
  for (const name of table.extraRequired) if (!Object.prototype.hasOwnProperty.call(result, name)) throw missingRead(failure, name, start, schemaPath);
  if (table.minProperties !== undefined || table.maxProperties !== undefined) {
    const size = Object.keys(result).length;
    if (table.minProperties !== undefined && table.minProperties > 0 && size < table.minProperties) throw fail(`must have at least ${table.minProperties} properties`);
    if (table.maxProperties !== undefined && size > table.maxProperties) throw fail(`must have at most ${table.maxProperties} properties`);
  }
  return result;
}


/** A reader's failure for the required property `name` absent from the object read at `start`. */
function missingRead(failure: DecodeFailure, name: string, start: number, schemaPath: string): unknown {
  return failure(SCHEMA_VIOLATION, `missing required property ${JSON.stringify(name)}`, start, schemaPath);
}


/**
 * Per first byte (or marker; `variantOf` gives its variant), the value of a null, false or true
 * item that its variant reads with the format's shared read field, else `NOT_CONSTANT`: such
 * items are read without a call (a list of them, `tokens`, made four calls an item). Undefined
 * when no variant is such a field, so those unions look nothing up.
 */
export function unionConstants<Value>(union: TypeVariants<Value>, variantOf: Int8Array, bytes: ConstantBytes<Value>): unknown[] | undefined {
  const constants: unknown[] = new Array(256).fill(NOT_CONSTANT);
  let found = false;
  const take = (byte: number, value: null | boolean, field: Value) => {
    if (variantOf[byte] < 0 || union.fields[variantOf[byte]] !== field) return;
    constants[byte] = value;
    found = true;
  };
  take(bytes.null, null, bytes.nullField);
  take(bytes.false, false, bytes.booleanField);
  take(bytes.true, true, bytes.booleanField);
  return found ? constants : undefined;
}
