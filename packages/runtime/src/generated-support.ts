/**
 * Format-neutral helpers every generated module calls. They were emitted into each module as
 * text; they depend on no per-module value, so they live here once and modules import them.
 * Each stays a small monomorphic function (V8 inlines across modules as within one).
 */
import { DecodeError, type EncodeError, isDecodeError, isEncodeError, SCHEMA_VIOLATION, UNEXPECTED_TYPE } from './errors.js';
import { escapePointerToken } from './pointer.js';
import type { Reader } from './reader.js';
import type { Writer } from './writer.js';
import { isPlainObject } from './plain-object.js';

export { isPlainObject };

/** Gives an error of the reader or a runtime helper (no schema location yet) the location it happened in. */
export function withSchemaPath(error: unknown, schemaPath: string): unknown {
  if (!isDecodeError(error) || error.schemaPath !== undefined) return error;
  return new DecodeError(error.format, error.code, error.detail, error.offset, schemaPath);
}

/** `value[key]` for a key Object.prototype also has: only an own property counts. */
export function ownValue(value: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Number of own enumerable keys, without allocating the key array. */
export function countKeys(value: object): number {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count++;
  return count;
}

/** The first own enumerable key of `value` that is not in `known` (slow path of closed records). */
export function unknownKey(value: object, known: ReadonlySet<string>): string | undefined {
  for (const key of Object.keys(value)) if (!known.has(key)) return key;
  return undefined;
}

/** Length in Unicode code points, as JSON Schema counts (a surrogate pair is one). */
export function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/**
 * `value` is an integer multiple of `divisor` (JSON Schema's `multipleOf`), exactly, for the
 * decimals the two numbers are written as: 0.3 is a multiple of 0.1 although 0.3 / 0.1 is
 * 2.9999999999999996, and 2^50 + 1 is no multiple of 3 although a tolerance on the quotient would
 * pass it (from about 2^50 on, every quotient is within any relative tolerance of an integer).
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  // Two integers: `%` of doubles is exact.
  if (Number.isInteger(value) && Number.isInteger(divisor)) return value % divisor === 0;
  // Both scaled to integers by the divisor's decimal places (a multiple has no more places than
  // the divisor): exact while the scaled value is below 2^50, where `value * scale` is off by less
  // than a quarter and rounds to the right integer.
  for (let places = 0, scale = 1; places <= 15; places++, scale *= 10) {
    const scaledDivisor = Math.round(divisor * scale);
    if (scaledDivisor / scale !== divisor) continue;
    const scaledValue = Math.round(value * scale);
    if (!(Math.abs(scaledValue) < 2 ** 50)) break;
    return scaledValue / scale === value && scaledValue % scaledDivisor === 0;
  }
  return decimalMultiple(value, divisor);
}

/** `isMultipleOf` on the decimals `value` and `divisor` stand for (their shortest texts), scaled to integers. */
function decimalMultiple(value: number, divisor: number): boolean {
  const [digits, scale] = decimalOf(value);
  const [divisorDigits, divisorScale] = decimalOf(divisor);
  const common = Math.max(scale, divisorScale);
  return (digits * 10n ** BigInt(common - scale)) % (divisorDigits * 10n ** BigInt(common - divisorScale)) === 0n;
}

/** A finite number as `digits / 10^scale`, from its shortest round-trip text (`1.5e-7`, `2e+21`). */
function decimalOf(value: number): [bigint, number] {
  const [mantissa, exponent = '0'] = String(value).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? [digits, scale] : [digits * 10n ** BigInt(-scale), 0];
}

/** JSON deep equality (JSON Schema's `const`, `enum`, `uniqueItems`): key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!jsonEqual(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** True when two items are JSON-equal (`uniqueItems`); primitives go through a Set first. */
export function hasDuplicates(items: readonly unknown[]): boolean {
  const primitives = new Set<unknown>();
  const objects: unknown[] = [];
  for (const item of items) {
    if (typeof item === 'object' && item !== null) {
      for (const other of objects) if (jsonEqual(item, other)) return true;
      objects.push(item);
    } else {
      if (primitives.has(item)) return true;
      primitives.add(item);
    }
  }
  return false;
}

/** A variant that does not match (wrong type or failed assertion), as opposed to malformed input. */
export function isSchemaMismatch(error: unknown): boolean {
  return isDecodeError(error) && (error.code === SCHEMA_VIOLATION || error.code === UNEXPECTED_TYPE);
}

/** True when `expected` from index `from` on occurs at `at` (within `end`): pre-encoded bytes compared in place. */
export function sameBytes(uint8: Uint8Array, at: number, end: number, expected: Uint8Array, from = 0): boolean {
  const length = expected.length - from;
  if (at + length > end) return false;
  for (let index = 0; index < length; index++) if (uint8[at + index] !== expected[from + index]) return false;
  return true;
}

/** The failure text of an object without a required property: the first of `names` whose value in `values` is undefined. */
export function missingText(names: readonly string[], values: readonly unknown[]): string {
  for (let index = 0; index < names.length; index++) {
    if (values[index] === undefined) return `missing required property ${JSON.stringify(names[index])}`;
  }
  return 'missing required property';
}

/** Thrown by a check predicate (`predicates.ts`) that runs out of depth; `checksHold` catches it. */
export class ChecksTooDeep {}

/**
 * Whether `value` is a JSON value other than an object: null, a boolean, a finite number, a
 * string or an array. The types a subschema without `type` (an `if` of `required` names) lets
 * through untested, in one call instead of five tests spelled out per predicate.
 */
export function isJsonNonObject(value: unknown): boolean {
  return value === null || typeof value === 'boolean' || Number.isFinite(value) || typeof value === 'string' || Array.isArray(value);
}

/** Runs a check predicate; a value nested too deep to check fails the check. */
export function checksHold(predicate: (value: unknown, depth: number) => boolean, value: unknown, depth: number): boolean {
  try {
    return predicate(value, depth);
  } catch (error) {
    if (error instanceof ChecksTooDeep) return false;
    throw error;
  }
}

/**
 * An encoder failure on its way up to the exported function, which turns it into an
 * `EncodeError`. Its `path` grows by one token per container it leaves, so the success path
 * builds no path strings. `generic` is the generic encoder's own error when the failure is
 * inside a value of unknown shape (its path relative to that value).
 */
export class EncodeFailure {
  constructor(
    readonly code: string,
    readonly what: string,
    public path: string,
    readonly schemaPath: string | undefined,
    readonly generic?: EncodeError,
  ) {}
}

/** A schema failure of the value at `path` (relative to the function's own value). */
export function encodeFailure(code: string, what: string, path: string, schemaPath: string): EncodeFailure {
  return new EncodeFailure(code, what, path, schemaPath);
}

/**
 * The type checks of encoders, one call per property instead of a test and a throw with its
 * text spelled out at every use: `value` itself when it has the type, else an `unexpected-type`
 * failure at `path` (relative to the writer's own value). Small, so optimised code inlines them.
 */
export function expectString(value: unknown, path: string, schemaPath: string): string {
  if (typeof value !== 'string') throw new EncodeFailure('unexpected-type', 'expected string', path, schemaPath);
  return value;
}

/**
 * An object writer's guards, one call: the nesting limit (also what stops a cyclic value), then
 * a plain object; `value` as a record.
 */
export function expectRecord(value: unknown, depth: number, schemaPath: string): Record<string, unknown> {
  if (depth === 0) throw new EncodeFailure('too-deep', 'nesting deeper than the maximum depth', '', schemaPath);
  if (!isPlainObject(value)) throw new EncodeFailure('unexpected-type', 'expected object', '', schemaPath);
  return value;
}

/** An array writer's guards, as `expectRecord`: `value` as an array. */
export function expectArray(value: unknown, depth: number, schemaPath: string): unknown[] {
  if (depth === 0) throw new EncodeFailure('too-deep', 'nesting deeper than the maximum depth', '', schemaPath);
  if (!Array.isArray(value)) throw new EncodeFailure('unexpected-type', 'expected array', '', schemaPath);
  return value;
}

/** `value` when it is a boolean, else a failure at `path` (as `expectString`). */
export function expectBoolean(value: unknown, path: string, schemaPath: string): boolean {
  if (typeof value !== 'boolean') throw new EncodeFailure('unexpected-type', 'expected boolean', path, schemaPath);
  return value;
}

/** `value` when it is an integer within the schema's inclusive bounds, else a failure at `path` (as `expectString`). */
export function expectInteger(value: unknown, path: string, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new EncodeFailure('unexpected-type', 'expected integer', path, schemaPath);
  if (value < minimum || value > maximum) throw new EncodeFailure('schema-violation', boundsText(value, minimum, maximum), path, schemaPath);
  return value;
}

/** `value` when it is a finite number (JSON has no NaN or infinities) within the schema's inclusive bounds, else a failure at `path` (as `expectString`). */
export function expectFinite(value: unknown, path: string, schemaPath: string, minimum = -Infinity, maximum = Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new EncodeFailure('unexpected-type', 'expected a finite number', path, schemaPath);
  if (value < minimum || value > maximum) throw new EncodeFailure('schema-violation', boundsText(value, minimum, maximum), path, schemaPath);
  return value;
}

/** What a number outside `minimum`/`maximum` fails, worded as the generated checks word it. */
function boundsText(value: number, minimum: number, maximum: number): string {
  return value < minimum ? `must be >= ${minimum}` : `must be <= ${maximum}`;
}

/**
 * The decoder's failure of a number read at `offset` outside `minimum`/`maximum` (the one-call
 * readers of each format test the bounds inline and call this only to throw).
 */
export function outOfBounds(reader: Reader, value: number, minimum: number, maximum: number, offset: number, schemaPath: string): DecodeError {
  return new DecodeError(reader.format, SCHEMA_VIOLATION, boundsText(value, minimum, maximum), offset, schemaPath);
}

/** What a value outside an `enum`/`const` of strings `names` fails, worded as the generated checks word it. */
function oneOfText(names: readonly string[]): string {
  return names.length === 1 ? `must equal ${JSON.stringify(names[0])}` : `must be one of ${JSON.stringify(names)}`;
}

/** The encoder's failure of a value outside an `enum`/`const` of strings `names`. */
export function notOneOf(names: readonly string[], path: string, schemaPath: string): EncodeFailure {
  return new EncodeFailure('schema-violation', oneOfText(names), path, schemaPath);
}

/** The strings of an `enum`/`const` as a key table holds them (CBOR's, MessagePack's, UBJSON's). */
interface KnownTexts {
  readonly names: readonly string[];
  fieldOf(name: string): number;
}

/**
 * The string of `table` equal to `text` (a text item of an `enum`/`const` of strings that had to
 * be decoded: a wider head, indefinite length), else the decoder's failure at the
 * item's `offset`, naming the allowed strings.
 */
export function knownText(reader: Reader, table: KnownTexts, text: string, offset: number, schemaPath: string): string {
  const index = table.fieldOf(text);
  if (index < 0) throw new DecodeError(reader.format, SCHEMA_VIOLATION, oneOfText(table.names), offset, schemaPath);
  // The table's own string: the decoded copy is garbage at once.
  return table.names[index];
}

/**
 * Wraps an error of the generic encoder writing a value of unknown shape (`value`, with `depth`
 * levels left, at path '' of its own): the exported function reports it with the path to the
 * value in front (`encodeFailed`). `value` and `depth` are the call's, kept for the generated code
 * that passes them.
 */
export function anyFailure(error: unknown, _value: unknown, _depth: number): unknown {
  return isEncodeError(error) ? new EncodeFailure(error.code, error.detail, '', undefined, error) : error;
}

/** Prefixes a failure leaving a container with the token it was found under. */
export function atPath(error: unknown, token: string | number): unknown {
  // A runtime helper (a text writer refusing a lone surrogate) fails at its own value: adopt it.
  if (isEncodeError(error) && error.path === '') error = new EncodeFailure(error.code, error.detail, '', error.schemaPath);
  if (error instanceof EncodeFailure) error.path = `/${escapePointerToken(token)}${error.path}`;
  return error;
}

/**
 * Writes `length` (up to 12) pre-encoded bytes given as big-endian 32-bit words. Stores whole
 * words after one `ensure`: bytes past `length` land beyond `pos`, where the next write goes.
 */
export function writeConstant(writer: Writer, length: number, first: number, second: number, third: number): void {
  writer.ensure(12);
  const uint8 = writer.uint8;
  const pos = writer.pos;
  uint8[pos] = first >>> 24;
  uint8[pos + 1] = first >>> 16;
  uint8[pos + 2] = first >>> 8;
  uint8[pos + 3] = first;
  if (length > 4) {
    uint8[pos + 4] = second >>> 24;
    uint8[pos + 5] = second >>> 16;
    uint8[pos + 6] = second >>> 8;
    uint8[pos + 7] = second;
    if (length > 8) {
      uint8[pos + 8] = third >>> 24;
      uint8[pos + 9] = third >>> 16;
      uint8[pos + 10] = third >>> 8;
      uint8[pos + 11] = third;
    }
  }
  writer.pos = pos + length;
}

/**
 * Copies `bytes` into the writer: pre-encoded keys and heads from generated code, byte strings
 * from the generic encoders. Short runs byte by byte (a `set` call costs more than the loop on a
 * key), long ones with `set`.
 */
export function writeBytes(writer: Writer, bytes: Uint8Array): void {
  const length = bytes.length;
  writer.ensure(length);
  const uint8 = writer.uint8;
  let pos = writer.pos;
  if (length > LOOP_COPY_MAX) {
    uint8.set(bytes, pos);
    writer.pos = pos + length;
    return;
  }
  for (let index = 0; index < length; index++) uint8[pos++] = bytes[index];
  writer.pos = pos;
}

/** `writeBytes` copies up to this many bytes in a loop. */
const LOOP_COPY_MAX = 64;
