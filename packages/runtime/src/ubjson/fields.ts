/**
 * The shared field codecs of compact UBJSON modules (`record.ts`): plain scalars, lists and enums
 * need no generated function; a record table names them per property. Each writes the bytes
 * specialised code writes and fails as it does for the same schema (same codes, offsets and
 * paths). Readers get the value's marker already consumed; a failure at the value reports the
 * marker's offset (`reader.pos - 1`), as specialised readers do.
 */
import { ErrorCode } from '../errors.js';
import type { Reader } from '../reader.js';
import type { Writer } from '../writer.js';
import { atPath, anyFailure, encodeFailure, expectFinite, expectInteger, withSchemaPath } from '../generated-support.js';
import { EnumValues, NOT_CONSTANT, NO_VALUE_ALLOWED, checkedValue, checkedWriter, writeNever, type Predicate, TypeVariants, isTextEnum, type ConstantBytes, type TypeVariant as SharedTypeVariant } from '../record-support.js';
import { writeAny } from './codec.js';
import { writeString } from './text.js';
import {
  anyOptionsAt,
  CONTAINER,
  decodeFailure,
  expectedType,
  readAnyValue,
  readBooleanItem,
  readContainerStart,
  readFiniteItem,
  readIntegerItem,
  readNullItem,
  readNumberItem,
  readString,
  tooDeep,
  writeNumberItem,
} from './generated-support.js';
import { readerOf, writerOf, type Field, type FieldCodec, type FieldReader, type FieldWriter } from './record.js';
import { keyTable, readKnownText, writeKnownText } from './key-table.js';

// Shared field helpers: the values of plain schemas (no assertions), which need no generated function.

function writeAnyField(writer: Writer, value: unknown, depth: number): void {
  try {
    writeAny(writer, value, '', anyOptionsAt(depth));
  } catch (error) {
    throw anyFailure(error, value, depth);
  }
}

function writeStringField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'string') throw encodeFailure(ErrorCode.UnexpectedType, 'expected string', '', schemaPath);
  writeString(writer, value);
}

function writeBooleanField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'boolean') throw encodeFailure(ErrorCode.UnexpectedType, 'expected boolean', '', schemaPath);
  writer.u8(value ? 0x54 : 0x46); // T or F
}

function writeNullField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (value !== null) throw encodeFailure(ErrorCode.UnexpectedType, 'expected null', '', schemaPath);
  writer.u8(0x5a); // Z
}

/** JSON has no NaN or infinities. The smallest integer marker, else `D` (value-types.html#numeric). */
function writeNumberField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected a finite number', '', schemaPath);
  writeNumberItem(writer, value);
}

function writeIntegerField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected integer', '', schemaPath);
  writeNumberItem(writer, value);
}

function readAnyField(reader: Reader, depth: number, marker: number): unknown {
  return readAnyValue(reader, marker, depth);
}

function readNumberField(reader: Reader, _depth: number, marker: number, schemaPath: string): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(ErrorCode.UnexpectedType, 'expected a finite number', offset, schemaPath);
  return value;
}

function readIntegerField(reader: Reader, _depth: number, marker: number, schemaPath: string): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(ErrorCode.UnexpectedType, 'expected integer', offset, schemaPath);
  return value;
}

/** A reader of the generated-code helpers (`readString(reader, marker, schemaPath)`) as a field reader. */
function scalar<Value>(read: (reader: Reader, marker: number, schemaPath: string) => Value): FieldCodec['read'] {
  return (reader, _depth, marker, schemaPath) => read(reader, marker, schemaPath);
}

/** Shared codecs of plain values: strings, booleans, null, numbers, integers, and any value. */
export const stringField: FieldCodec = { write: writeStringField, read: /* @__PURE__ */ scalar(readString), text: true };
export const booleanField: FieldCodec = { write: writeBooleanField, read: /* @__PURE__ */ scalar(readBooleanItem) };
export const nullField: FieldCodec = { write: writeNullField, read: /* @__PURE__ */ scalar(readNullItem) };
export const numberField: FieldCodec = { write: writeNumberField, read: readNumberField };
export const integerField: FieldCodec = { write: writeIntegerField, read: readIntegerField };
export const anyField: FieldCodec = { write: writeAnyField, read: readAnyField };

/** The value of a `false` subschema: any value fails, at its offset, as specialised code fails. */
function readNeverField(reader: Reader, _depth: number, _marker: number, schemaPath: string): never {
  throw decodeFailure(ErrorCode.SchemaViolation, NO_VALUE_ALLOWED, reader.pos, schemaPath);
}

/** The codec of a `false` subschema (keys that no pattern matches where `additionalProperties` is false). */
export const neverField: FieldCodec = { write: writeNever, read: readNeverField };

/** `Z`, `F` and `T` as `nullField` and `booleanField` write them, for `typeUnion`. */
const CONSTANT_BYTES: ConstantBytes<Field> = { null: 0x5a, false: 0x46, true: 0x54, nullField, booleanField };

/**
 * The codec of an integer (`integerIn`) or a finite number (`numberIn`) with inclusive bounds
 * (`minimum`, `maximum`: -Infinity or Infinity for none), made once per table row: bounded numbers
 * need no generated functions. Fails as specialised code does (`expectInteger`, `readIntegerItem`…).
 */
export function integerIn(minimum: number, maximum = Infinity): FieldCodec {
  return {
    write: (writer, value, _depth, schemaPath) => writeNumberItem(writer, expectInteger(value, '', schemaPath, minimum, maximum)),
    read: (reader, _depth, marker, schemaPath) => readIntegerItem(reader, marker, schemaPath, minimum, maximum),
  };
}

export function numberIn(minimum: number, maximum = Infinity): FieldCodec {
  return {
    write: (writer, value, _depth, schemaPath) => writeNumberItem(writer, expectFinite(value, '', schemaPath, minimum, maximum)),
    read: (reader, _depth, marker, schemaPath) => readFiniteItem(reader, marker, schemaPath, minimum, maximum),
  };
}

/**
 * Writes `value`, an array whose items `write` writes (no item-count or uniqueness assertions),
 * as `[`, the items, `]`; the items' schema at `itemsPath` (by default `<array>/items`). Arrays
 * that specialised code writes as typed containers (integers of a fixed range) keep their own code.
 */
function writeItems(writer: Writer, value: unknown, depth: number, schemaPath: string, write: FieldWriter, itemsPath: string | undefined): void {
  if (depth === 0) throw encodeFailure(ErrorCode.TooDeep, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!Array.isArray(value)) throw encodeFailure(ErrorCode.UnexpectedType, 'expected array', '', schemaPath);
  const path = itemsPath ?? `${schemaPath}/items`;
  const length = value.length;
  writer.u8(0x5b); // [
  let index = 0;
  try {
    for (; index < length; index++) write(writer, value[index], depth - 1, path);
  } catch (error) {
    throw atPath(error, index);
  }
  writer.u8(0x5d); // ]
}

/**
 * Reads an array (`marker`, consumed, must be `[`) whose items `read` reads (see `writeItems`):
 * plain (no-ops between items skipped), counted `[#` or typed `[$…#`.
 */
function readItems(reader: Reader, depth: number, marker: number, schemaPath: string, read: FieldReader, itemsPath: string | undefined): unknown[] {
  try {
    if (marker !== 0x5b) throw expectedType(reader, 'array', marker, schemaPath);
    if (depth === 0) throw tooDeep(reader, schemaPath);
    const count = readContainerStart(reader, 0, schemaPath);
    const type = CONTAINER.type;
    const path = itemsPath ?? `${schemaPath}/items`;
    const items: unknown[] = [];
    for (let index = 0; index !== count; index++) {
      let itemMarker = type;
      if (type === 0) {
        do {
          if (reader.pos >= reader.end) reader.failEnd(1);
          itemMarker = reader.uint8[reader.pos++];
        } while (itemMarker === 0x4e); // N: no-op
        if (itemMarker === 0x5d && count < 0) break; // ]
      }
      items.push(read(reader, depth - 1, itemMarker, path));
    }
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
    read: (reader, depth, marker, schemaPath) => readItems(reader, depth, marker, schemaPath, read, itemsPath),
  };
}

/**
 * The codec of a value with checks (`not`, `if`/`then`/`else`… over the built value, which cannot
 * shape the bytes): `inner` writes and reads it, and `predicate` must hold for it, checked before
 * writing and after reading, failing at the item as specialised code does.
 */
export function checkedField(inner: Field, predicate: Predicate, what: string): FieldCodec {
  const read = readerOf(inner);
  return {
    write: checkedWriter(writerOf(inner), predicate, what),
    read(reader, depth, marker, schemaPath) {
      // The item starts at its marker, which the caller has consumed.
      const offset = reader.pos - 1;
      try {
        return checkedValue(read(reader, depth, marker, schemaPath), predicate, depth, what, offset, schemaPath, decodeFailure);
      } catch (error) {
        throw withSchemaPath(error, schemaPath);
      }
    },
  };
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
      read: (reader, _depth, marker, schemaPath) => readKnownText(reader, marker, texts, schemaPath),
    };
  }
  const allowed = new EnumValues(values);
  return {
    write(writer, value, depth, schemaPath) {
      if (!allowed.allows(value)) throw encodeFailure(ErrorCode.SchemaViolation, allowed.message, '', schemaPath);
      if (typeof value === 'string') writeString(writer, value);
      else writeAny(writer, value, '', anyOptionsAt(depth));
    },
    read(reader, depth, marker, schemaPath) {
      const offset = reader.pos - 1;
      const value = readAnyValue(reader, marker, depth);
      if (!allowed.allows(value)) throw decodeFailure(ErrorCode.SchemaViolation, allowed.message, offset, schemaPath);
      return value;
    },
  };
}

/** A variant of a union told apart by JSON type (`TypeVariants`). */
export type TypeVariant = SharedTypeVariant<Field>;

/**
 * The codec of a union whose variants have different JSON types (a `type` array, or a `oneOf`
 * of differently typed schemas): the value's type, or the value's marker, picks the variant.
 * `expected` names the types for the failure when none fits.
 */
export function typeUnion(expected: string, variants: readonly TypeVariant[]): FieldCodec {
  const union = new TypeVariants(expected, variants);
  // The variant of each marker, found once.
  const variantOf = Int8Array.from({ length: 256 }, (_, marker) => union.ofType(markerTypeOf(marker)));
  const readers = union.fields.map(readerOf);
  // Z, F, T: the marker is the whole value.
  const constants = union.constants(variantOf, CONSTANT_BYTES);
  return {
    write: union.writer(writerOf, CONSTANT_BYTES),
    read(reader, depth, marker, schemaPath) {
      try {
        if (constants !== undefined) {
          const constant = constants[marker];
          if (constant !== NOT_CONSTANT) return constant;
        }
        const index = variantOf[marker];
        if (index < 0) throw expectedType(reader, expected, marker, schemaPath);
        return readers[index](reader, depth, marker, union.paths[index] ?? schemaPath);
      } catch (error) {
        throw withSchemaPath(error, schemaPath);
      }
    },
  };
}

/** The JSON type a value with this marker can carry (type-reference.html; `H` counts as a number, as the specialised test does). */
function markerTypeOf(marker: number): string | undefined {
  switch (marker) {
    case 0x5a: // Z
      return 'null';
    case 0x54: // T
    case 0x46: // F
      return 'boolean';
    case 0x69: // i
    case 0x55: // U
    case 0x49: // I
    case 0x6c: // l
    case 0x4c: // L
    case 0x64: // d
    case 0x44: // D
    case 0x48: // H
      return 'number';
    case 0x53: // S
    case 0x43: // C
      return 'string';
    case 0x5b: // [
      return 'array';
    case 0x7b: // {
      return 'object';
    default:
      return undefined;
  }
}
