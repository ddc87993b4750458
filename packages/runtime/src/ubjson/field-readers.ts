/**
 * The shared read fields of UBJSON modules compiled with codeSize 'small' (`record-reader.ts`):
 * plain scalars, lists, enums and unions told apart by JSON type need no generated function; a
 * read table names them per property. Each reads what specialised code reads and fails as it
 * does for the same schema (same codes, offsets and paths). Readers get the value's marker
 * already consumed; a failure at the value reports the marker's offset (`reader.pos - 1`), as
 * specialised readers do. Their writers are in `field-writers.ts`, so a module's decode-only
 * bundle carries no writer (issue 39).
 */
import { SCHEMA_VIOLATION, UNEXPECTED_TYPE } from '../errors.js';
import type { Reader } from '../reader.js';
import { withSchemaPath } from '../generated-support.js';
import { EnumValues, NO_VALUE_ALLOWED, NOT_CONSTANT, TypeVariants, type ConstantBytes, type Predicate, type TypeVariant } from '../record-support.js';
import { checkedValue, unionConstants } from '../record-reading.js';
import {
  CONTAINER,
  decodeFailure,
  expectedType,
  readAnyValue,
  readArrayStart,
  readBooleanItem,
  readFiniteItem,
  readIntegerItem,
  readNullItem,
  readNumberItem,
  readString,
} from './generated-support.js';
import type { FieldReader } from './record-reader.js';
import { keyTable, readKnownText } from './key-table.js';

/** A value of unknown shape (`{}`): the generic decoder. */
export function readAnyField(reader: Reader, depth: number, marker: number): unknown {
  return readAnyValue(reader, marker, depth);
}

/** A plain string: record readers call `readString` for it directly (`FieldKind.Text`). */
export function readStringField(reader: Reader, _depth: number, marker: number, schemaPath: string): string {
  return readString(reader, marker, schemaPath);
}

export function readBooleanField(reader: Reader, _depth: number, marker: number, schemaPath: string): boolean {
  return readBooleanItem(reader, marker, schemaPath);
}

export function readNullField(reader: Reader, _depth: number, marker: number, schemaPath: string): null {
  return readNullItem(reader, marker, schemaPath);
}

export function readNumberField(reader: Reader, _depth: number, marker: number, schemaPath: string): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isFinite(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected a finite number', offset, schemaPath);
  return value;
}

export function readIntegerField(reader: Reader, _depth: number, marker: number, schemaPath: string): number {
  const offset = reader.pos - 1;
  const value = readNumberItem(reader, marker, schemaPath);
  if (!Number.isInteger(value)) throw decodeFailure(UNEXPECTED_TYPE, 'expected integer', offset, schemaPath);
  return value;
}

/** The value of a `false` subschema: any value fails, at its offset, as specialised code fails. */
export function readNeverField(reader: Reader, _depth: number, _marker: number, schemaPath: string): never {
  throw decodeFailure(SCHEMA_VIOLATION, NO_VALUE_ALLOWED, reader.pos, schemaPath);
}

/** `Z`, `F` and `T` as `readNullField` and `readBooleanField` read them, for `readTypeUnion`. */
const CONSTANT_BYTES: ConstantBytes<FieldReader> = { null: 0x5a, false: 0x46, true: 0x54, nullField: readNullField, booleanField: readBooleanField };

/**
 * An integer (`readIntegerIn`) or a finite number (`readNumberIn`) with inclusive bounds
 * (`minimum`, `maximum`: -Infinity or Infinity for none), made once per table row. Fails as
 * specialised code does (`readIntegerItem`, `readFiniteItem`).
 */
export function readIntegerIn(minimum: number, maximum = Infinity): FieldReader {
  return (reader, _depth, marker, schemaPath) => readIntegerItem(reader, marker, schemaPath, minimum, maximum);
}

export function readNumberIn(minimum: number, maximum = Infinity): FieldReader {
  return (reader, _depth, marker, schemaPath) => readFiniteItem(reader, marker, schemaPath, minimum, maximum);
}

/**
 * Reads an array (`marker`, consumed, must be `[`) whose items `read` reads (no item-count or
 * uniqueness assertions): plain (no-ops between items skipped), counted `[#` or typed `[$…#`.
 */
function readItems(reader: Reader, depth: number, marker: number, schemaPath: string, read: FieldReader, itemsPath: string | undefined): unknown[] {
  try {
    if (marker !== 0x5b) throw expectedType(reader, 'array', marker, schemaPath);
    const count = readArrayStart(reader, depth, schemaPath);
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
      } else {
        CONTAINER.implied = reader.pos;
      }
      items.push(read(reader, depth - 1, itemMarker, path));
    }
    return items;
  } catch (error) {
    throw withSchemaPath(error, schemaPath);
  }
}

/** A list whose items `read` reads, made once per table row: such arrays need no generated functions. */
export function readListOf(read: FieldReader, itemsPath?: string): FieldReader {
  return (reader, depth, marker, schemaPath) => readItems(reader, depth, marker, schemaPath, read, itemsPath);
}

/**
 * A value with checks (`not`, `if`/`then`/`else`… over the value built): `inner` reads it, then
 * `predicate` must hold for it, failing at the item (its marker) as specialised code does.
 */
export function readCheckedField(read: FieldReader, predicate: Predicate, what: string): FieldReader {
  return (reader, depth, marker, schemaPath) => {
    // The item starts at its marker, which the caller has consumed.
    const offset = reader.pos - 1;
    try {
      return checkedValue(read(reader, depth, marker, schemaPath), predicate, depth, what, offset, schemaPath, decodeFailure);
    } catch (error) {
      throw withSchemaPath(error, schemaPath);
    }
  };
}

/**
 * A `const`/`enum` of strings (`values`): one of them, matched against a key table of their
 * pre-encoded strings, or the failure naming them.
 */
export function readTextEnumField(values: readonly string[]): FieldReader {
  const texts = keyTable(values);
  return (reader, _depth, marker, schemaPath) => readKnownText(reader, marker, texts, schemaPath);
}

/**
 * A `const`/`enum` of other JSON values (`values`, as the schema gives them): the generic
 * decoder's value, which must deep-equal one of them.
 */
export function readEnumField(values: readonly unknown[]): FieldReader {
  const allowed = new EnumValues(values);
  return (reader, depth, marker, schemaPath) => {
    const offset = reader.pos - 1;
    const value = readAnyValue(reader, marker, depth);
    if (!allowed.allows(value)) throw decodeFailure(SCHEMA_VIOLATION, allowed.message, offset, schemaPath);
    return value;
  };
}

/** A variant of a union told apart by JSON type: its types, its reader, its schema path (`TypeVariants`). */
export type ReadVariant = TypeVariant<FieldReader>;

/**
 * A union whose variants have different JSON types (a `type` array, or a `oneOf` of differently
 * typed schemas): the value's marker picks the variant. `expected` names the types for the
 * failure when none fits.
 */
export function readTypeUnion(expected: string, variants: readonly ReadVariant[]): FieldReader {
  const union = new TypeVariants(expected, variants);
  // The variant of each marker, found once.
  const variantOf = Int8Array.from({ length: 256 }, (_, marker) => union.ofType(markerTypeOf(marker)));
  const readers = union.fields;
  // Z, F, T: the marker is the whole value.
  const constants = unionConstants(union, variantOf, CONSTANT_BYTES);
  return (reader, depth, marker, schemaPath) => {
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
