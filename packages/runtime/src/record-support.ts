/**
 * What the compact record writers and readers and field codecs of every format
 * (`cbor/record.ts`, `ubjson/record.ts`, `msgpack/record.ts`, their `fields.ts`) do alike: the checks of a record
 * (`record-table.ts`), the walk over its entries' patterns, the values of an enum and the
 * variants of a union told apart by JSON type. They fail as specialised code does, in the same
 * order: required properties, undeclared keys, the property count, then each value as it is
 * written; a reader builds the result with required properties first, as specialised readers do.
 */
import { ErrorCode } from './errors.js';
import { atPath, checksHold, countKeys, encodeFailure, isPlainObject, jsonEqual, ownValue, unknownKey, withSchemaPath, writeBytes } from './generated-support.js';
import { setEntry, setOwn } from './object-entries.js';
import { RecordTable } from './record-table.js';
import type { Reader } from './reader.js';
import type { Writer } from './writer.js';

/**
 * Before a record is written: `value` must be an object within `depth` with every required
 * property. Fills `values` with each declared property's value (undefined when absent) and
 * returns how many are present.
 */
export function recordValues(value: unknown, depth: number, table: RecordTable<unknown>, values: unknown[]): number {
  const schemaPath = table.schemaPath;
  if (depth === 0) throw encodeFailure(ErrorCode.TooDeep, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!isPlainObject(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected object', '', schemaPath);
  const names = table.names;
  let count = 0;
  for (let index = 0; index < names.length; index++) {
    const item = table.inherited[index] ? ownValue(value, names[index]) : value[names[index]];
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
    if (extra !== undefined) throw atPath(encodeFailure(ErrorCode.SchemaViolation, 'property not allowed', '', table.schemaPath), extra);
    return undefined;
  }
  const keys = Object.keys(value);
  return keys.length === declared ? undefined : keys.filter((key) => !table.known.has(key));
}

/** `minProperties`/`maxProperties` on the `count` entries a record writes. */
export function checkPropertyCount(table: RecordTable<unknown>, count: number): void {
  if (table.minProperties !== undefined && table.minProperties > 0 && count < table.minProperties) {
    throw encodeFailure(ErrorCode.SchemaViolation, `must have at least ${table.minProperties} properties`, '', table.schemaPath);
  }
  if (table.maxProperties !== undefined && count > table.maxProperties) {
    throw encodeFailure(ErrorCode.SchemaViolation, `must have at most ${table.maxProperties} properties`, '', table.schemaPath);
  }
}

function missingProperty(name: string, schemaPath: string): unknown {
  return encodeFailure(ErrorCode.SchemaViolation, `missing required property ${JSON.stringify(name)}`, '', schemaPath);
}

/** What a `false` subschema (`additionalProperties: false` beside `patternProperties`…) fails with. */
export const NO_VALUE_ALLOWED = 'no value is allowed here';

/** The writer of `neverField` in every format: a value where the schema allows none fails at its path. */
export function writeNever(_writer: Writer, _value: unknown, _depth: number, schemaPath: string): never {
  throw encodeFailure(ErrorCode.SchemaViolation, NO_VALUE_ALLOWED, '', schemaPath);
}

/** A generated predicate over a built value: its `not`, `if`/`then`/`else`… (compiler `predicates.ts`). */
export type Predicate = (value: unknown, depth: number) => boolean;

/**
 * The writer of every format's `checkedField`: the checks over the whole value first (`what`
 * names the keywords: "fails if, not"), as specialised code runs them, then `write`.
 */
export function checkedWriter(write: ValueWriter, predicate: Predicate, what: string): ValueWriter {
  return (writer, value, depth, schemaPath) => {
    if (!checksHold(predicate, value, depth)) throw encodeFailure(ErrorCode.SchemaViolation, what, '', schemaPath);
    write(writer, value, depth, schemaPath);
  };
}

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
  if (!checksHold(predicate, value, depth)) throw failure(ErrorCode.SchemaViolation, what, offset, schemaPath);
  return value;
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

/** Writes one value (`depth`: its levels left); `schemaPath` is its subschema's (a format's `FieldWriter`). */
export type ValueWriter = (writer: Writer, value: unknown, depth: number, schemaPath: string) => void;

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

/** Per declared property of `table`, its `FieldKind` (a name that patterns match too: `Other`, as its reader checks them). */
export function fieldKinds(table: RecordTable<unknown>): Uint8Array {
  return Uint8Array.from(table.values, (field, index) => {
    if (table.declaredPatterns[index].length > 0) return FieldKind.Other;
    if (field instanceof RecordTable) return FieldKind.Table;
    return (field as { text?: boolean }).text === true ? FieldKind.Text : FieldKind.Other;
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
  const fail = (what: string) => failure(ErrorCode.SchemaViolation, what, start, schemaPath);
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
  return failure(ErrorCode.SchemaViolation, `missing required property ${JSON.stringify(name)}`, start, schemaPath);
}

/** The allowed values of a `const`/`enum` field (JSON values as the schema gives them) and the failure message. */
export class EnumValues {
  readonly message: string;

  constructor(readonly values: readonly unknown[]) {
    this.message = values.length === 1 ? `must equal ${JSON.stringify(values[0])}` : `must be one of ${JSON.stringify(values)}`;
  }

  /** Whether `value` deep-equals one of the values. */
  allows(value: unknown): boolean {
    return this.values.some((candidate) => jsonEqual(value, candidate));
  }
}

/**
 * Whether every value of a `const`/`enum` is a string: such enums are read as text (a number
 * there is the wrong type) and written from a key table of their pre-encoded strings, as
 * specialised code does; `EnumValues` checks the others.
 */
export function isTextEnum(values: readonly unknown[]): values is readonly string[] {
  return values.every((candidate) => typeof candidate === 'string');
}

/** A variant of a union told apart by JSON type: its types (`null`, `boolean`, `number`, `integer`, `string`, `array`, `object`, comma-separated), its field, and its schema path (for shared codecs). */
export type TypeVariant<Value> = readonly [types: string, field: Value, schemaPath?: string];

/**
 * How a format writes null, false and true (one byte or marker each), and its shared codecs that
 * write and read them so (`nullField`, `booleanField`): a union whose variant is one of those
 * codecs writes and reads such a value without calling it.
 */
export interface ConstantBytes<Value> {
  null: number;
  false: number;
  true: number;
  nullField: Value;
  booleanField: Value;
}

/** No constant at this byte (`TypeVariants.constants`). */
export const NOT_CONSTANT: unique symbol = /* @__PURE__ */ Symbol('not a constant');

/** The variants of a `typeUnion` field; `expected` names their types for the failure when none fits. */
export class TypeVariants<Value> {
  private readonly tests: Set<string>[];
  /** The variant of each JSON type (`JSON_TYPES` order), found once: -1 for none. */
  private readonly byType: Int8Array;
  readonly fields: Value[];
  readonly paths: (string | undefined)[];

  constructor(
    readonly expected: string,
    variants: readonly TypeVariant<Value>[],
  ) {
    this.tests = variants.map(([types]) => new Set(types.split(',')));
    this.fields = variants.map(([, field]) => field);
    this.paths = variants.map(([, , path]) => path);
    this.byType = Int8Array.from(JSON_TYPES, (type) => this.ofType(type));
  }

  /** The variant that writes `value`; a value of no variant's type fails at `schemaPath`. */
  ofValue(value: unknown, schemaPath: string): number {
    const type = jsonTypeIndex(value);
    const index = type < 0 ? -1 : this.byType[type];
    if (index < 0) throw encodeFailure(ErrorCode.UnexpectedType, `expected ${this.expected}`, '', schemaPath);
    return index;
  }

  /**
   * The writer of the union: the variant of the value's type writes it (its writer found once by
   * the format's `writerOf`); null and booleans of the format's shared codecs are their byte.
   */
  writer(writerOf: (field: Value) => ValueWriter, bytes: ConstantBytes<Value>): ValueWriter {
    const writers = this.fields.map(writerOf);
    const nullByte = this.fields[this.byType[0]] === bytes.nullField ? bytes.null : -1;
    const booleans = this.fields[this.byType[1]] === bytes.booleanField;
    return (writer, value, depth, schemaPath) => {
      if (value === null && nullByte >= 0) return writer.u8(nullByte);
      if (booleans && typeof value === 'boolean') return writer.u8(value ? bytes.true : bytes.false);
      const index = this.ofValue(value, schemaPath);
      writers[index](writer, value, depth, this.paths[index] ?? schemaPath);
    };
  }

  /**
   * Per first byte (or marker; `variantOf` gives its variant), the value of a null, false or true
   * item that its variant reads with the format's shared codec, else `NOT_CONSTANT`: such items
   * are read without a call (a list of them, `tokens`, made four calls an item). Undefined when
   * no variant is such a codec, so those unions look nothing up.
   */
  constants(variantOf: Int8Array, bytes: ConstantBytes<Value>): unknown[] | undefined {
    const constants: unknown[] = new Array(256).fill(NOT_CONSTANT);
    let found = false;
    const take = (byte: number, value: null | boolean, field: Value) => {
      if (variantOf[byte] < 0 || this.fields[variantOf[byte]] !== field) return;
      constants[byte] = value;
      found = true;
    };
    take(bytes.null, null, bytes.nullField);
    take(bytes.false, false, bytes.booleanField);
    take(bytes.true, true, bytes.booleanField);
    return found ? constants : undefined;
  }

  /** The variant that takes a value of JSON type `type`, or -1; `integer` variants take numbers (checked by their field). */
  ofType(type: string | undefined): number {
    if (type === undefined) return -1;
    return this.tests.findIndex((types) => types.has(type) || (type === 'number' && types.has('integer')));
  }
}

/** The JSON types a `typeUnion` writes, in the order `jsonTypeIndex` numbers them. */
const JSON_TYPES = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** The index in `JSON_TYPES` of the type of `value`, or -1 (not a JSON value). */
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
