/**
 * What the record writers and write fields of every format (`<format>/record-writer.ts`,
 * `<format>/field-writers.ts`) do alike (codeSize 'small'): the checks of a record before it is
 * written (`record-table.ts`), its entries with their patterns, a union's variant by the value's
 * JSON type. They fail as specialised code does, in the same order: required properties,
 * undeclared keys, the property count, then each value as it is written.
 */
import { SCHEMA_VIOLATION, TOO_DEEP, UNEXPECTED_TYPE } from './errors.js';
import { atPath, checksHold, countKeys, encodeFailure, isPlainObject, ownValue, unknownKey, writeBytes } from './generated-support.js';
import { NO_VALUE_ALLOWED, type ConstantBytes, type Predicate, type TypeVariants } from './record-support.js';
import type { RecordTable } from './record-table.js';
import type { Writer } from './writer.js';

/**
 * Before a record is written: `value` must be an object within `depth` with every required
 * property. Fills `values` with each declared property's value (undefined when absent) and
 * returns how many are present.
 */
export function recordValues(value: unknown, depth: number, table: RecordTable<unknown>, values: unknown[]): number {
  const schemaPath = table.schemaPath;
  if (depth === 0) throw encodeFailure(TOO_DEEP, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!isPlainObject(value)) throw encodeFailure(UNEXPECTED_TYPE, 'expected object', '', schemaPath);
  const names = table.names;
  let count = 0;
  for (let index = 0; index < names.length; index++) {
    // Own properties only, as specialised code and the generic encoders read them.
    const item = ownValue(value, names[index]);
    values[index] = item;
    if (item !== undefined) count++;
    else if (table.required[index]) throw missingProperty(names[index], schemaPath);
  }
  for (const name of table.extraRequired) if (ownValue(value, name) === undefined) throw missingProperty(name, schemaPath);
  return count;
}


/**
 * The keys of `value` (checked by `recordValues`, `declared` of its declared properties present)
 * that the table does not declare, or undefined when there are none. A closed record refuses the
 * first one, with its key on the path.
 */
export function undeclaredKeys(value: Record<string, unknown>, table: RecordTable<unknown>, declared: number): string[] | undefined {
  if (table.extra === null) {
    const extra = countKeys(value) === declared ? undefined : unknownKey(value, table.known);
    if (extra !== undefined) throw atPath(encodeFailure(SCHEMA_VIOLATION, 'property not allowed', '', table.schemaPath), extra);
    return undefined;
  }
  const keys = Object.keys(value);
  return keys.length === declared ? undefined : keys.filter((key) => !table.known.has(key));
}


/** `minProperties`/`maxProperties` on the `count` entries a record writes. */
export function checkPropertyCount(table: RecordTable<unknown>, count: number): void {
  if (table.minProperties !== undefined && table.minProperties > 0 && count < table.minProperties) {
    throw encodeFailure(SCHEMA_VIOLATION, `must have at least ${table.minProperties} properties`, '', table.schemaPath);
  }
  if (table.maxProperties !== undefined && count > table.maxProperties) {
    throw encodeFailure(SCHEMA_VIOLATION, `must have at most ${table.maxProperties} properties`, '', table.schemaPath);
  }
}


function missingProperty(name: string, schemaPath: string): unknown {
  return encodeFailure(SCHEMA_VIOLATION, `missing required property ${JSON.stringify(name)}`, '', schemaPath);
}


/** The writer of `neverField` in every format: a value where the schema allows none fails at its path. */
export function writeNever(_writer: Writer, _value: unknown, _depth: number, schemaPath: string): never {
  throw encodeFailure(SCHEMA_VIOLATION, NO_VALUE_ALLOWED, '', schemaPath);
}


/** Writes one value (`depth`: its levels left); `schemaPath` is its subschema's (a format's `FieldWriter`). */
export type ValueWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;


/**
 * The writer of every format's `checkedField`: the checks over the whole value first (`what`
 * names the keywords: "fails if, not"), as specialised code runs them, then `write`.
 */
export function checkedWriter(write: ValueWriter, predicate: Predicate, what: string): ValueWriter {
  return (writer, value, depth, schemaPath) => {
    if (!checksHold(predicate, value, depth)) throw encodeFailure(SCHEMA_VIOLATION, what, '', schemaPath);
    write(writer, value, depth, schemaPath);
  };
}


/** How a format writes an entry's key and a value with one of its fields (its `writeText`/`writeKey` and `writeField`). */
export interface EntryWriter<Value> {
  key(writer: Writer, key: string): void;
  value(writer: Writer, field: Value, item: unknown, depth: number, schemaPath: string): void;
}


/** A declared property: key, value, and the check of every pattern its name matches (written, then rewound). */
export function writeDeclared<Value>(format: EntryWriter<Value>, writer: Writer, table: RecordTable<Value>, index: number, item: unknown, depth: number): void {
  const key = table.names[index];
  try {
    format.key(writer, key);
    writeDeclaredValue(format, writer, table, index, item, depth - 1);
  } catch (error) {
    throw atPath(error, key);
  }
}


/**
 * Per declared property of `table`, the writer of its value: `writerOf` its field, or, when
 * patterns match its name too, one that writes it and then checks it against each of them.
 */
export function declaredWriters<Value>(format: EntryWriter<Value>, table: RecordTable<Value>, writerOf: (field: Value) => ValueWriter): ValueWriter[] {
  return table.values.map((field, index): ValueWriter => {
    if (table.declaredPatterns[index].length > 0) return (writer, value, depth) => writeDeclaredValue(format, writer, table, index, value, depth);
    return writerOf(field);
  });
}


/**
 * The declared properties present in `values` (by property index), in table order: each key's
 * pre-encoded bytes, then its value through `writers` (`declaredWriters`). A failure gets the
 * property's name on its path.
 */
export function writeDeclaredEntries(writer: Writer, table: RecordTable<unknown>, values: unknown[], encodedKeys: readonly Uint8Array[], writers: readonly ValueWriter[], depth: number): void {
  let index = 0;
  try {
    for (; index < values.length; index++) {
      const item = values[index];
      if (item === undefined) continue;
      writeBytes(writer, encodedKeys[index]);
      writers[index](writer, item, depth - 1, table.paths[index]);
    }
  } catch (error) {
    throw atPath(error, table.names[index]);
  }
}


/** A declared property's value (`depth`: the value's levels left), and the check of every pattern its name matches. */
export function writeDeclaredValue<Value>(format: EntryWriter<Value>, writer: Writer, table: RecordTable<Value>, index: number, item: unknown, depth: number): void {
  format.value(writer, table.values[index], item, depth, table.paths[index]);
  for (const pattern of table.declaredPatterns[index]) checkByWriting(format, writer, table.patterns[pattern].value, item, depth, table.patterns[pattern].path);
}


/** An undeclared key: every matching pattern applies (the first writes, the others check), else `extra`. */
export function writeExtra<Value>(format: EntryWriter<Value>, writer: Writer, table: RecordTable<Value>, key: string, item: unknown, depth: number): void {
  try {
    format.key(writer, key);
    let matched = false;
    for (const pattern of table.patterns) {
      if (!pattern.regexp.test(key)) continue;
      if (matched) checkByWriting(format, writer, pattern.value, item, depth - 1, pattern.path);
      else format.value(writer, pattern.value, item, depth - 1, pattern.path);
      matched = true;
    }
    if (!matched) format.value(writer, table.extra!, item, depth - 1, table.extraPath);
  } catch (error) {
    throw atPath(error, key);
  }
}


function checkByWriting<Value>(format: EntryWriter<Value>, writer: Writer, field: Value, item: unknown, depth: number, schemaPath: string): void {
  // Relative to `start`: a write that grows the buffer may move the output.
  const before = writer.pos - writer.start;
  format.value(writer, field, item, depth, schemaPath);
  writer.pos = writer.start + before;
}


/**
 * The writer of a union told apart by JSON type: the variant of the value's type writes it
 * (`writers`: each variant's writer, found once by the format's `writerOf`); null and booleans of
 * the format's shared write fields are their byte. A value of no variant's type fails at the
 * union's `schemaPath`.
 */
export function unionWriter<Value>(union: TypeVariants<Value>, writers: ValueWriter[], bytes: ConstantBytes<Value>): ValueWriter {
  const nullByte = union.fields[union.byType[0]] === bytes.nullField ? bytes.null : -1;
  const booleans = union.fields[union.byType[1]] === bytes.booleanField;
  return (writer, value, depth, schemaPath) => {
    if (value === null && nullByte >= 0) return writer.u8(nullByte);
    if (booleans && typeof value === 'boolean') return writer.u8(value ? bytes.true : bytes.false);
    const type = jsonTypeIndex(value);
    const index = type < 0 ? -1 : union.byType[type];
    if (index < 0) throw encodeFailure(UNEXPECTED_TYPE, `expected ${union.expected}`, '', schemaPath);
    writers[index](writer, value, depth, union.paths[index] ?? schemaPath);
  };
}

/** The index of the type of `value` in `TypeVariants.byType` (null, boolean, number, string, array, object), or -1 (not a JSON value). */
function jsonTypeIndex(value: unknown): number {
  if (value === null) return 0;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 3;
    case 'object':
      return Array.isArray(value) ? 4 : isPlainObject(value) ? 5 : -1;
    default:
      return -1;
  }
}
