/**
 * CBOR maps of generated modules compiled with `codeSize: 'compact'`: one writer and one reader
 * walk an object's `RecordTable` (`../record-table.ts`) instead of code per property. They check
 * and fail as the specialised code does (same error codes, offsets, value and schema paths), in
 * the same order: required properties, then undeclared keys, then the values in write order.
 */
import { ErrorCode } from '../errors.js';
import { KeyCache } from '../key-cache.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { RecordTable } from '../record-table.js';
import { atPath, encodeFailure, isPlainObject, ownValue, unknownKey, withSchemaPath } from '../generated-support.js';
import { setOwn } from '../object-entries.js';
import { readArgument, writeHead } from './head.js';
import { readText } from './decode.js';
import { writeText } from './encode-scalars.js';
import { atBreak, compareKeys, decodeFailure, expectedType, readContainerHead, tooDeep } from './generated-support.js';

/** Writes one value (`depth` levels left); `schemaPath` is its subschema's, for the shared helpers' failures. */
export type FieldWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;
/** Reads one value (`depth` levels left); `schemaPath` as for `FieldWriter`. */
export type FieldReader = (reader: Reader, depth: number, schemaPath: string) => unknown;

/** How a field's value is written and read: a shared codec (`stringField`, `listOf(…)`) or a generated pair (`fieldOf`). */
export interface FieldCodec {
  write: FieldWriter;
  read: FieldReader;
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
  const schemaPath = table.schemaPath;
  if (depth === 0) throw encodeFailure(ErrorCode.TooDeep, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!isPlainObject(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected object', '', schemaPath);
  const names = table.names;
  const values: unknown[] = new Array(names.length);
  let count = 0;
  for (let index = 0; index < names.length; index++) {
    const item = table.inherited[index] ? ownValue(value, names[index]) : value[names[index]];
    values[index] = item;
    if (item !== undefined) count++;
    else if (table.required[index]) throw missing(names[index], schemaPath);
  }
  for (const name of table.extraRequired) if (ownValue(value, name) === undefined) throw missing(name, schemaPath);
  let extras: string[] | undefined;
  if (table.extra === null) {
    const extra = countOwnKeys(value) === count ? undefined : unknownKey(value, table.known);
    if (extra !== undefined) throw atPath(encodeFailure(ErrorCode.SchemaViolation, 'property not allowed', '', schemaPath), extra);
  } else {
    const keys = Object.keys(value);
    if (keys.length !== count) {
      extras = keys.filter((key) => !table.known.has(key));
      count += extras.length;
    }
  }
  if (table.minProperties !== undefined && table.minProperties > 0 && count < table.minProperties) {
    throw encodeFailure(ErrorCode.SchemaViolation, `must have at least ${table.minProperties} properties`, '', schemaPath);
  }
  if (table.maxProperties !== undefined && count > table.maxProperties) {
    throw encodeFailure(ErrorCode.SchemaViolation, `must have at most ${table.maxProperties} properties`, '', schemaPath);
  }
  writeHead(writer, 5, count);
  if (table.sorted) {
    writeSorted(writer, value, values, extras, depth, table);
    return;
  }
  for (let index = 0; index < names.length; index++) if (values[index] !== undefined) writeDeclared(writer, table, index, values[index], depth);
  if (extras !== undefined) for (const key of extras) writeExtra(writer, table, key, value[key], depth);
}

/** RFC 8949 §4.2.1: every entry, declared or not, in the order of its encoded key. */
function writeSorted(writer: Writer, value: Record<string, unknown>, values: unknown[], extras: string[] | undefined, depth: number, table: RecordTable<Field>): void {
  const keys: string[] = table.names.filter((_, index) => values[index] !== undefined);
  if (extras !== undefined) keys.push(...extras);
  keys.sort(compareKeys);
  for (const key of keys) {
    const index = table.index.get(key);
    if (index === undefined) writeExtra(writer, table, key, value[key], depth);
    else writeDeclared(writer, table, index, values[index], depth);
  }
}

function missing(name: string, schemaPath: string): unknown {
  return encodeFailure(ErrorCode.SchemaViolation, `missing required property ${JSON.stringify(name)}`, '', schemaPath);
}

/** A declared property: key, value, and the check of every pattern its name matches (written, then rewound). */
function writeDeclared(writer: Writer, table: RecordTable<Field>, index: number, item: unknown, depth: number): void {
  const key = table.names[index];
  try {
    writeText(writer, key);
    writeField(writer, table.values[index], item, depth - 1, table.paths[index]);
    for (const pattern of table.declaredPatterns[index]) checkByWriting(writer, table.patterns[pattern].value, item, depth - 1, table.patterns[pattern].path);
  } catch (error) {
    throw atPath(error, key);
  }
}

/** An undeclared key: every matching pattern applies (the first writes, the others check), else `extra`. */
function writeExtra(writer: Writer, table: RecordTable<Field>, key: string, item: unknown, depth: number): void {
  try {
    writeText(writer, key);
    let matched = false;
    for (const pattern of table.patterns) {
      if (!pattern.regexp.test(key)) continue;
      if (matched) checkByWriting(writer, pattern.value, item, depth - 1, pattern.path);
      else writeField(writer, pattern.value, item, depth - 1, pattern.path);
      matched = true;
    }
    if (!matched) writeField(writer, table.extra!, item, depth - 1, table.extraPath);
  } catch (error) {
    throw atPath(error, key);
  }
}

function checkByWriting(writer: Writer, field: Field, item: unknown, depth: number, schemaPath: string): void {
  // Relative to `start`: a write that grows the buffer may move the output.
  const before = writer.pos - writer.start;
  writeField(writer, field, item, depth, schemaPath);
  writer.pos = writer.start + before;
}

/** Own enumerable keys, without allocating the key array. */
function countOwnKeys(value: object): number {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count++;
  return count;
}

/** Interned map keys of every compact reader. */
const KEYS = new KeyCache();

/** A map key: must be text (a JSON object's keys are strings); definite keys are interned. */
function readRecordKey(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== 3) throw expectedType(reader, 'text key', offset, schemaPath);
  const length = readArgument(reader, initial & 0x1f, offset);
  if (length < 0) {
    reader.pos = offset;
    return readText(reader);
  }
  reader.need(length);
  const key = KEYS.get(reader.uint8, reader.pos, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in text', reader.pos);
  reader.pos += length;
  return key;
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
    const names = table.names;
    const values: unknown[] = new Array(names.length);
    let extras: unknown[] | undefined;
    for (let entry = 0; count < 0 ? !atBreak(reader) : entry < count; entry++) {
      const at = reader.pos;
      const key = readRecordKey(reader, schemaPath);
      const index = table.index.get(key);
      if (index !== undefined) values[index] = readDeclared(reader, table, index, depth);
      else if (table.extra === null) throw decodeFailure(ErrorCode.SchemaViolation, 'property not allowed', at, schemaPath);
      else (extras ??= []).push(key, readExtra(reader, table, key, depth));
    }
    const fail = (what: string) => decodeFailure(ErrorCode.SchemaViolation, what, start, schemaPath);
    const result: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) {
      if (!table.required[index]) continue;
      if (values[index] === undefined) throw fail(`missing required property ${JSON.stringify(names[index])}`);
      setOwn(result, names[index], values[index]);
    }
    for (let index = 0; index < names.length; index++) if (!table.required[index] && values[index] !== undefined) setOwn(result, names[index], values[index]);
    if (extras !== undefined) for (let pair = 0; pair < extras.length; pair += 2) setOwn(result, extras[pair] as string, extras[pair + 1]);
    for (const name of table.extraRequired) if (!Object.prototype.hasOwnProperty.call(result, name)) throw fail(`missing required property ${JSON.stringify(name)}`);
    if (table.minProperties !== undefined || table.maxProperties !== undefined) {
      const size = Object.keys(result).length;
      if (table.minProperties !== undefined && table.minProperties > 0 && size < table.minProperties) throw fail(`must have at least ${table.minProperties} properties`);
      if (table.maxProperties !== undefined && size > table.maxProperties) throw fail(`must have at most ${table.maxProperties} properties`);
    }
    return result;
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/** A declared property's value, read again by every pattern its name matches (as a check). */
function readDeclared(reader: Reader, table: RecordTable<Field>, index: number, depth: number): unknown {
  const valueStart = reader.pos;
  const value = readField(reader, table.values[index], depth - 1, table.paths[index]);
  for (const pattern of table.declaredPatterns[index]) {
    reader.pos = valueStart;
    readField(reader, table.patterns[pattern].value, depth - 1, table.patterns[pattern].path);
  }
  return value;
}

/** An undeclared key's value: read by every pattern it matches (the last read is kept), else by `extra`. */
function readExtra(reader: Reader, table: RecordTable<Field>, key: string, depth: number): unknown {
  const valueStart = reader.pos;
  let value: unknown;
  let matched = false;
  for (const pattern of table.patterns) {
    if (!pattern.regexp.test(key)) continue;
    reader.pos = valueStart;
    value = readField(reader, pattern.value, depth - 1, pattern.path);
    matched = true;
  }
  return matched ? value : readField(reader, table.extra!, depth - 1, table.extraPath);
}
