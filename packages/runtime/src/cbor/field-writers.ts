/**
 * The shared write fields of CBOR modules compiled with codeSize 'small' (`record-writer.ts`):
 * plain scalars, lists, enums and unions told apart by JSON type need no generated function; a
 * write table names them per property. Each writes what specialised code writes and fails as it
 * does for the same schema (same codes and paths). Their readers are in `field-readers.ts`, so a
 * module's encode-only bundle carries no reader (issue 39).
 */
import { SCHEMA_VIOLATION, TOO_DEEP, UNEXPECTED_TYPE } from '../errors.js';
import type { Writer } from '../writer.js';
import { atPath, anyFailure, encodeFailure, expectFinite, expectInteger } from '../generated-support.js';
import { EnumValues, TypeVariants, type ConstantBytes, type Predicate, type TypeVariant } from '../record-support.js';
import { checkedWriter, unionWriter, writeNever } from '../record-writing.js';
import { EncodeSettings } from './options.js';
import { writeHead } from './head.js';
import { writeAny } from './encode.js';
import { writeNumber, writeText } from './encode-scalars.js';
import type { FieldWriter } from './record-writer.js';
import { keyTable, writeKnownText } from './key-table.js';

/** `writeAny` settings with `depth` nesting levels left, one per depth, built once. */
const ANY_SETTINGS: EncodeSettings[] = [];

/** A value of unknown shape (`{}`): the generic encoder, its failures reported with their full path (`anyFailure`). */
export function writeAnyField(writer: Writer, value: unknown, depth: number): void {
  try {
    writeAny(writer, value, '', (ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth })));
  } catch (error) {
    throw anyFailure(error, value, depth);
  }
}

export function writeStringField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'string') throw encodeFailure(UNEXPECTED_TYPE, 'expected string', '', schemaPath);
  writeText(writer, value);
}

export function writeBooleanField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'boolean') throw encodeFailure(UNEXPECTED_TYPE, 'expected boolean', '', schemaPath);
  writer.u8(value ? 0xf5 : 0xf4);
}

export function writeNullField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (value !== null) throw encodeFailure(UNEXPECTED_TYPE, 'expected null', '', schemaPath);
  writer.u8(0xf6);
}

/** JSON has no NaN or infinities. Preferred serialization (RFC 8949 §4.1), not deterministic mode's shortest floats. */
export function writeNumberField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw encodeFailure(UNEXPECTED_TYPE, 'expected a finite number', '', schemaPath);
  writeNumber(writer, value);
}

export function writeIntegerField(writer: Writer, value: unknown, _depth: number, schemaPath: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw encodeFailure(UNEXPECTED_TYPE, 'expected integer', '', schemaPath);
  writeNumber(writer, value);
}

/** The value of a `false` subschema (keys that no pattern matches where `additionalProperties` is false): any value fails. */
export const writeNeverField: FieldWriter = writeNever;

/** null, false and true as `writeNullField` and `writeBooleanField` write them (RFC 8949 §3.3 simple values), for `writeTypeUnion`. */
const CONSTANT_BYTES: ConstantBytes<FieldWriter> = { null: 0xf6, false: 0xf4, true: 0xf5, nullField: writeNullField, booleanField: writeBooleanField };

/**
 * An integer (`writeIntegerIn`) or a finite number (`writeNumberIn`) with inclusive bounds
 * (`minimum`, `maximum`: -Infinity or Infinity for none), made once per table row: bounded numbers
 * need no generated functions. Fails as specialised code does (`expectInteger`, `expectFinite`).
 */
export function writeIntegerIn(minimum: number, maximum = Infinity): FieldWriter {
  return (writer, value, _depth, schemaPath) => writeNumber(writer, expectInteger(value, '', schemaPath, minimum, maximum));
}

export function writeNumberIn(minimum: number, maximum = Infinity): FieldWriter {
  return (writer, value, _depth, schemaPath) => writeNumber(writer, expectFinite(value, '', schemaPath, minimum, maximum));
}

/**
 * Writes `value`, an array whose items `write` writes (no item-count or uniqueness assertions),
 * the items' schema at `itemsPath` (by default `<array>/items`).
 */
function writeItems(writer: Writer, value: unknown, depth: number, schemaPath: string, write: FieldWriter, itemsPath: string | undefined): void {
  if (depth === 0) throw encodeFailure(TOO_DEEP, 'nesting deeper than the maximum depth', '', schemaPath);
  if (!Array.isArray(value)) throw encodeFailure(UNEXPECTED_TYPE, 'expected array', '', schemaPath);
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

/** A list whose items `write` writes, made once per table row: such arrays need no generated functions. */
export function writeListOf(write: FieldWriter, itemsPath?: string): FieldWriter {
  return (writer, value, depth, schemaPath) => writeItems(writer, value, depth, schemaPath, write, itemsPath);
}

/**
 * A value with checks (`not`, `if`/`then`/`else`… over the value, which cannot shape the bytes):
 * `predicate` must hold for it before `inner` writes it, as specialised code checks it.
 */
export function writeCheckedField(inner: FieldWriter, predicate: Predicate, what: string): FieldWriter {
  return checkedWriter(inner, predicate, what);
}

/**
 * A `const`/`enum` of strings (`values`): its pre-encoded strings from a key table, or the
 * failure naming them.
 */
export function writeTextEnumField(values: readonly string[]): FieldWriter {
  const texts = keyTable(values);
  return (writer, value, _depth, schemaPath) => writeKnownText(writer, texts, value, '', schemaPath);
}

/**
 * A `const`/`enum` of other JSON values (`values`, as the schema gives them): the value must
 * deep-equal one of them, and is written by the generic encoder (a string as text).
 */
export function writeEnumField(values: readonly unknown[]): FieldWriter {
  const allowed = new EnumValues(values);
  return (writer, value, depth, schemaPath) => {
    if (!allowed.allows(value)) throw encodeFailure(SCHEMA_VIOLATION, allowed.message, '', schemaPath);
    if (typeof value === 'string') writeText(writer, value);
    else writeAny(writer, value, '', (ANY_SETTINGS[depth] ??= new EncodeSettings({ maxDepth: depth })));
  };
}

/** A variant of a union told apart by JSON type: its types, its writer, its schema path (`TypeVariants`). */
export type WriteVariant = TypeVariant<FieldWriter>;

/**
 * A union whose variants have different JSON types (a `type` array, or a `oneOf` of differently
 * typed schemas): the value's type picks the variant. `expected` names the types for the failure
 * when none fits.
 */
export function writeTypeUnion(expected: string, variants: readonly WriteVariant[]): FieldWriter {
  const union = new TypeVariants(expected, variants);
  return unionWriter(union, union.fields, CONSTANT_BYTES);
}
