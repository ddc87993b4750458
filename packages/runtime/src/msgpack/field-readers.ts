/**
 * The shared read fields of MessagePack modules compiled with codeSize 'small' (`record-reader.ts`):
 * plain scalars, lists, enums and unions told apart by JSON type need no generated function; a
 * read table names them per property. Each reads what specialised code reads and fails as it
 * does for the same schema (same codes, offsets and paths). Their writers are in
 * `field-writers.ts`, so a module's decode-only bundle carries no writer (issue 39).
 */
import { SCHEMA_VIOLATION, UNEXPECTED_TYPE } from '../errors.js';
import { preallocate } from '../preallocate.js';
import type { Reader } from '../reader.js';
import { withSchemaPath } from '../generated-support.js';
import { EnumValues, NO_VALUE_ALLOWED, NOT_CONSTANT, TypeVariants, type ConstantBytes, type Predicate, type TypeVariant } from '../record-support.js';
import { checkedReader, unionConstants } from '../record-reading.js';
import { readAny } from './decode.js';
import { Kind, kindOf } from './constants.js';
import { decodeFailure, expectedType, readArrayHead, readBooleanItem, readFiniteItem, readIntegerItem, readNullItem, readNumberItem, readString, tooDeep } from './generated-support.js';
import type { FieldReader } from './record-reader.js';
import { keyTable, readKnownText } from './key-table.js';

/** A value of unknown shape (`{}`): the generic decoder. */
export function readAnyField(reader: Reader, depth: number): unknown {
  return readAny(reader, depth);
}

/** A plain string: record readers call `readString` for it directly (`FieldKind.Text`). */
export function readStringField(reader: Reader, _depth: number, schemaPath: string): string {
  return readString(reader, schemaPath);
}

export function readBooleanField(reader: Reader, _depth: number, schemaPath: string): boolean {
  return readBooleanItem(reader, schemaPath);
}

export function readNullField(reader: Reader, _depth: number, schemaPath: string): null {
  return readNullItem(reader, schemaPath);
}

export function readNumberField(reader: Reader, _depth: number, schemaPath: string): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected a finite number', offset, schemaPath);
  return value;
}

export function readIntegerField(reader: Reader, _depth: number, schemaPath: string): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected integer', offset, schemaPath);
  return value;
}

/** The value of a `false` subschema: any value fails, at its offset, as specialised code fails. */
export function readNeverField(reader: Reader, _depth: number, schemaPath: string): never {
  throw decodeFailure(SCHEMA_VIOLATION, NO_VALUE_ALLOWED, reader.pos, schemaPath);
}

/** nil, false and true as `readNullField` and `readBooleanField` read them, for `readTypeUnion` (literals: a bundler cannot tell that `Byte.Nil` has no side effect). */
const CONSTANT_BYTES: ConstantBytes<FieldReader> = { null: 0xc0, false: 0xc2, true: 0xc3, nullField: readNullField, booleanField: readBooleanField };

/**
 * An integer (`readIntegerIn`) or a finite number (`readNumberIn`) with inclusive bounds
 * (`minimum`, `maximum`: -Infinity or Infinity for none), made once per table row. Fails as
 * specialised code does (`readIntegerItem`, `readFiniteItem`).
 */
export function readIntegerIn(minimum: number, maximum = Infinity): FieldReader {
  return (reader, _depth, schemaPath) => readIntegerItem(reader, schemaPath, minimum, maximum);
}

export function readNumberIn(minimum: number, maximum = Infinity): FieldReader {
  return (reader, _depth, schemaPath) => readFiniteItem(reader, schemaPath, minimum, maximum);
}

/** Reads an array whose items `read` reads (no item-count or uniqueness assertions), the items' schema at `itemsPath` (by default `<array>/items`). */
function readItems(reader: Reader, depth: number, schemaPath: string, read: FieldReader, itemsPath: string | undefined): unknown[] {
  try {
    if (depth === 0) throw tooDeep(reader.pos, schemaPath);
    const count = readArrayHead(reader, schemaPath);
    const path = itemsPath ?? `${schemaPath}/items`;
    // Sized up front within the reader's budget for all open containers (nested declared counts cannot multiply).
    const items = preallocate<unknown>(reader, count);
    for (let index = 0; index < count; index++) items[index] = read(reader, depth - 1, path);
    return items;
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/** A list whose items `read` reads, made once per table row: such arrays need no generated functions. */
export function readListOf(read: FieldReader, itemsPath?: string): FieldReader {
  return (reader, depth, schemaPath) => readItems(reader, depth, schemaPath, read, itemsPath);
}

/**
 * A value with checks (`not`, `if`/`then`/`else`… over the value built): `inner` reads it, then
 * `predicate` must hold for it, failing at the item as specialised code does.
 */
export function readCheckedField(inner: FieldReader, predicate: Predicate, what: string): FieldReader {
  return checkedReader(inner, predicate, what, decodeFailure);
}

/**
 * A `const`/`enum` of strings (`values`): one of them, matched against a key table of their
 * pre-encoded strings, or the failure naming them.
 */
export function readTextEnumField(values: readonly string[]): FieldReader {
  const texts = keyTable(values);
  return (reader, _depth, schemaPath) => readKnownText(reader, texts, schemaPath);
}

/**
 * A `const`/`enum` of other JSON values (`values`, as the schema gives them): the generic
 * decoder's value, which must deep-equal one of them.
 */
export function readEnumField(values: readonly unknown[]): FieldReader {
  const allowed = new EnumValues(values);
  return (reader, depth, schemaPath) => {
    const offset = reader.pos;
    const value = readAny(reader, depth);
    if (!allowed.allows(value)) throw decodeFailure(SCHEMA_VIOLATION, allowed.message, offset, schemaPath);
    return value;
  };
}

/** A variant of a union told apart by JSON type: its types, its reader, its schema path (`TypeVariants`). */
export type ReadVariant = TypeVariant<FieldReader>;

/**
 * A union whose variants have different JSON types (a `type` array, or a `oneOf` of differently
 * typed schemas): the item's first byte (spec.md "Overview of formats") picks the variant.
 * `expected` names the types for the failure when none fits.
 */
export function readTypeUnion(expected: string, variants: readonly ReadVariant[]): FieldReader {
  const union = new TypeVariants(expected, variants);
  // The variant of each first byte, found once.
  const variantOf = Int8Array.from({ length: 256 }, (_, first) => union.ofType(ITEM_TYPES[kindOf(first)]));
  const readers = union.fields;
  const constants = unionConstants(union, variantOf, CONSTANT_BYTES);
  return (reader, depth, schemaPath) => {
    try {
      const start = reader.pos;
      if (start >= reader.end) reader.failEnd(1);
      const initial = reader.uint8[start];
      if (constants !== undefined) {
        const constant = constants[initial];
        if (constant !== NOT_CONSTANT) {
          reader.pos = start + 1;
          return constant;
        }
      }
      const index = variantOf[initial];
      if (index < 0) throw expectedType(reader, expected, start, schemaPath);
      return readers[index](reader, depth, union.paths[index] ?? schemaPath);
    } catch (error) {
      throw withSchemaPath(error, schemaPath);
    }
  };
}

/** The JSON type an item of each `Kind` can carry (bin, ext and 0xc1: none). */
const ITEM_TYPES: readonly (string | undefined)[] = /* @__PURE__ */ (() => {
  const types: (string | undefined)[] = [];
  types[Kind.Int] = 'number';
  types[Kind.Float] = 'number';
  types[Kind.Nil] = 'null';
  types[Kind.Bool] = 'boolean';
  types[Kind.Str] = 'string';
  types[Kind.Array] = 'array';
  types[Kind.Map] = 'object';
  return types;
})();
