/**
 * The shared field codecs of compact modules (`record.ts`): plain scalars, lists and enums need
 * no generated function; a record table names them per property. Each fails as specialised code
 * does for the same schema (same codes, offsets and paths).
 */
import { ErrorCode } from '../errors.js';
import { preallocate } from '../preallocate.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { atPath, anyFailure, encodeFailure, expectFinite, expectInteger, withSchemaPath } from '../generated-support.js';
import { EnumValues, NOT_CONSTANT, NO_VALUE_ALLOWED, checkedReader, checkedWriter, writeNever, type Predicate, TypeVariants, isTextEnum, type ConstantBytes, type TypeVariant as SharedTypeVariant } from '../record-support.js';
import { EncodeSettings } from './options.js';
import { writeHead } from './head.js';
import { readAny } from './decode.js';
import { writeAny } from './encode.js';
import { writeNumber, writeText } from './encode-scalars.js';
import { atBreak, decodeFailure, expectedType, readBooleanItem, readContainerHead, readFiniteItem, readIntegerItem, readNullItem, readNumberItem, readString, tooDeep } from './generated-support.js';
import { readerOf, writerOf, type Field, type FieldCodec, type FieldReader, type FieldWriter } from './record.js';
import { keyTable, readKnownText, writeKnownText } from './key-table.js';

// Shared field helpers: the values of plain schemas (no assertions), which need no generated function.

/** `writeAny` settings with `depth` nesting levels left, one per depth, built once. */
const ANY_SETTINGS: EncodeSettings[] = [];

function writeAnyField(writer: Writer, value: unknown, depth: number): void {
  try {
    writeAny(writer, value, '', (ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth })));
  } catch (error) {
    throw anyFailure(error, value, depth);
  }
}

function writeStringField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'string') throw encodeFailure(ErrorCode.UnexpectedType, 'expected string', '', schemaPath);
  writeText(writer, value);
}

function writeBooleanField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'boolean') throw encodeFailure(ErrorCode.UnexpectedType, 'expected boolean', '', schemaPath);
  writer.u8(value ? 0xf5 : 0xf4);
}

function writeNullField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (value !== null) throw encodeFailure(ErrorCode.UnexpectedType, 'expected null', '', schemaPath);
  writer.u8(0xf6);
}

/** JSON has no NaN or infinities. Preferred serialization (RFC 8949 §4.1), not deterministic mode's shortest floats. */
function writeNumberField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected a finite number', '', schemaPath);
  writeNumber(writer, value);
}

function writeIntegerField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected integer', '', schemaPath);
  writeNumber(writer, value);
}

function readAnyField(reader: Reader, depth: number): unknown {
  return readAny(reader, depth);
}

function readStringField(reader: Reader, _depth: number, schemaPath: string): string {
  return readString(reader, schemaPath);
}

function readBooleanField(reader: Reader, _depth: number, schemaPath: string): boolean {
  return readBooleanItem(reader, schemaPath);
}

function readNullField(reader: Reader, _depth: number, schemaPath: string): null {
  return readNullItem(reader, schemaPath);
}

function readNumberField(reader: Reader, _depth: number, schemaPath: string): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(ErrorCode.UnexpectedType, 'expected a finite number', offset, schemaPath);
  return value;
}

function readIntegerField(reader: Reader, _depth: number, schemaPath: string): number {
  const offset = reader.pos;
  const value = readNumberItem(reader, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(ErrorCode.UnexpectedType, 'expected integer', offset, schemaPath);
  return value;
}

/** Shared codecs of plain values: strings, booleans, null, numbers, integers, and any value. */
export const stringField: FieldCodec = { write: writeStringField, read: readStringField, text: true };
export const booleanField: FieldCodec = { write: writeBooleanField, read: readBooleanField };
export const nullField: FieldCodec = { write: writeNullField, read: readNullField };
export const numberField: FieldCodec = { write: writeNumberField, read: readNumberField };
export const integerField: FieldCodec = { write: writeIntegerField, read: readIntegerField };
export const anyField: FieldCodec = { write: writeAnyField, read: readAnyField };

/** The value of a `false` subschema: any value fails, at its offset, as specialised code fails. */
function readNeverField(reader: Reader, _depth: number, schemaPath: string): never {
  throw decodeFailure(ErrorCode.SchemaViolation, NO_VALUE_ALLOWED, reader.pos, schemaPath);
}

/** The codec of a `false` subschema (keys that no pattern matches where `additionalProperties` is false). */
export const neverField: FieldCodec = { write: writeNever, read: readNeverField };

/** null, false and true as `nullField` and `booleanField` write them (RFC 8949 §3.3 simple values), for `typeUnion`. */
const CONSTANT_BYTES: ConstantBytes<Field> = { null: 0xf6, false: 0xf4, true: 0xf5, nullField, booleanField };

/**
 * The codec of an integer (`integerIn`) or a finite number (`numberIn`) with inclusive bounds
 * (`minimum`, `maximum`: -Infinity or Infinity for none), made once per table row: bounded numbers
 * need no generated functions. Fails as specialised code does (`expectInteger`, `readIntegerItem`…).
 */
export function integerIn(minimum: number, maximum = Infinity): FieldCodec {
  return {
    write: (writer, value, _depth, schemaPath) => writeNumber(writer, expectInteger(value, '', schemaPath, minimum, maximum)),
    read: (reader, _depth, schemaPath) => readIntegerItem(reader, schemaPath, minimum, maximum),
  };
}

export function numberIn(minimum: number, maximum = Infinity): FieldCodec {
  return {
    write: (writer, value, _depth, schemaPath) => writeNumber(writer, expectFinite(value, '', schemaPath, minimum, maximum)),
    read: (reader, _depth, schemaPath) => readFiniteItem(reader, schemaPath, minimum, maximum),
  };
}

/**
 * Writes `value`, an array whose items `write` writes (no item-count or uniqueness assertions),
 * the items' schema at `itemsPath` (by default `<array>/items`).
 */
function writeItems(writer: Writer, value: unknown, depth: number, schemaPath: string, write: FieldWriter, itemsPath: string | undefined): void {
  if (depth === 0) throw encodeFailure(ErrorCode.TooDeep, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!Array.isArray(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected array', '', schemaPath);
  const path = itemsPath ?? `${schemaPath}/items`;
  const length = value.length;
  writeHead(writer, 4, length);
  let index = 0;
  try {
    for (; index < length; index++) write(writer, value[index], depth - 1, path);
  } catch (error) {
    throw atPath(error, index);
  }
}

/** Reads an array whose items `read` reads (see `writeItems`). */
function readItems(reader: Reader, depth: number, schemaPath: string, read: FieldReader, itemsPath: string | undefined): unknown[] {
  try {
    if (depth === 0) throw tooDeep(reader.pos, schemaPath);
    const count = readContainerHead(reader, 4, schemaPath);
    const path = itemsPath ?? `${schemaPath}/items`;
    // Sized up front within the reader's budget for all open containers (nested declared counts cannot multiply).
    const items = preallocate<unknown>(reader, count);
    for (let index = 0; count < 0 ? !atBreak(reader) : index < count; index++) items[index] = read(reader, depth - 1, path);
    return items;
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/** The codec of a list, made once per table row or list definition: such arrays need no generated functions. */
export function listOf(item: Field, itemsPath?: string): FieldCodec {
  const read = readerOf(item);
  const write = writerOf(item);
  return {
    write: (writer, value, depth, schemaPath) => writeItems(writer, value, depth, schemaPath, write, itemsPath),
    read: (reader, depth, schemaPath) => readItems(reader, depth, schemaPath, read, itemsPath),
  };
}

/**
 * The codec of a value with checks (`not`, `if`/`then`/`else`… over the built value, which cannot
 * shape the bytes): `inner` writes and reads it, and `predicate` must hold for it, checked before
 * writing and after reading, failing at the item as specialised code does.
 */
export function checkedField(inner: Field, predicate: Predicate, what: string): FieldCodec {
  return { write: checkedWriter(writerOf(inner), predicate, what), read: checkedReader(readerOf(inner), predicate, what, decodeFailure) };
}

/**
 * The codec of a `const`/`enum` (`values`, JSON values as the schema gives them): the value must
 * deep-equal one of them. Text-only enums go through a key table of their pre-encoded strings
 * (`isTextEnum`), both ways.
 */
export function enumField(values: readonly unknown[]): FieldCodec {
  if (isTextEnum(values)) {
    const texts = keyTable(values);
    return {
      write: (writer, value, _depth, schemaPath) => writeKnownText(writer, texts, value, '', schemaPath),
      read: (reader, _depth, schemaPath) => readKnownText(reader, texts, schemaPath),
    };
  }
  const allowed = new EnumValues(values);
  return {
    write(writer, value, depth, schemaPath) {
      if (!allowed.allows(value)) throw encodeFailure(ErrorCode.SchemaViolation, allowed.message, '', schemaPath);
      if (typeof value === 'string') writeText(writer, value);
      else writeAny(writer, value, '', (ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth })));
    },
    read(reader, depth, schemaPath) {
      const offset = reader.pos;
      const value = readAny(reader, depth);
      if (!allowed.allows(value)) throw decodeFailure(ErrorCode.SchemaViolation, allowed.message, offset, schemaPath);
      return value;
    },
  };
}

/** A variant of a union told apart by JSON type (`TypeVariants`). */
export type TypeVariant = SharedTypeVariant<Field>;

/**
 * The codec of a union whose variants have different JSON types (a `type` array, or a `oneOf`
 * of differently typed schemas): the value's type, or the item's initial byte (RFC 8949 §3.1
 * major types, §3.3 simple values and floats), picks the variant. `expected` names the types
 * for the failure when none fits.
 */
export function typeUnion(expected: string, variants: readonly TypeVariant[]): FieldCodec {
  const union = new TypeVariants(expected, variants);
  // The variant of each initial byte, found once.
  const variantOf = Int8Array.from({ length: 256 }, (_, initial) => union.ofType(itemTypeOf(initial)));
  const readers = union.fields.map(readerOf);
  const constants = union.constants(variantOf, CONSTANT_BYTES);
  return {
    write: union.writer(writerOf, CONSTANT_BYTES),
    read(reader, depth, schemaPath) {
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
    },
  };
}

/** The JSON type an item with this initial byte can carry (integers, floats: number). */
function itemTypeOf(initial: number): string | undefined {
  if (initial === 0xf6) return 'null';
  if (initial === 0xf4 || initial === 0xf5) return 'boolean';
  if (initial < 0x40 || (initial >= 0xf9 && initial <= 0xfb)) return 'number';
  switch (initial & 0xe0) {
    case 0x60:
      return 'string';
    case 0x80:
      return 'array';
    case 0xa0:
      return 'object';
    default:
      return undefined;
  }
}
