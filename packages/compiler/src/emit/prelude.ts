/**
 * Format-neutral helpers that generated modules include when they use them. They are fixed
 * source written here (no schema text), so they need no escaping. Each names the runtime imports
 * it needs; `ModuleContext.usePrelude` pulls in dependencies.
 */

/** Names generated modules of every format may import from `@binschema/runtime`. */
export const NEUTRAL_RUNTIME_NAMES = ['Writer', 'Reader', 'DecodeError', 'EncodeError', 'isDecodeError', 'isEncodeError', 'escapePointerToken', 'hexByte', 'KeyCache'] as const;

export interface PreludeHelper {
  /** Other helpers this one calls. */
  uses: readonly string[];
  /** Runtime imports (`@binschema/runtime`) it needs. */
  runtime: readonly string[];
  /** Format-specific runtime imports (`@binschema/runtime/<format>`). */
  formatRuntime: readonly string[];
  /** Source; `__FORMAT__` is replaced by the format's string literal. */
  text: string;
}

/** A helper: its source (trimmed), runtime imports, the helpers it calls and format runtime imports. */
export function helper(text: string, runtime: string[] = [], uses: string[] = [], formatRuntime: string[] = []): PreludeHelper {
  return { text: text.trim(), runtime, uses, formatRuntime };
}

export const NEUTRAL_PRELUDE: Record<string, PreludeHelper> = {
  ChecksTooDeep: helper(`
/** Thrown by a check predicate (\`predicates.ts\`) that runs out of depth; \`checksHold\` catches it. */
class ChecksTooDeep {}`),
  checksHold: helper(
    `
/** Runs a check predicate; a value nested too deep to check fails the check. */
function checksHold(predicate: (value: unknown, depth: number) => boolean, value: unknown, depth: number): boolean {
  try {
    return predicate(value, depth);
  } catch (error) {
    if (error instanceof ChecksTooDeep) return false;
    throw error;
  }
}`,
    [],
    ['ChecksTooDeep'],
  ),
  EncodeFailure: helper(`
/**
 * An encoder failure on its way up to the exported function, which turns it into an
 * \`EncodeError\`. Its \`path\` grows by one token per container it leaves, so the success path
 * builds no path strings. \`anyValue\` marks a failure inside the generic encoder.
 */
class EncodeFailure {
  constructor(
    readonly code: string,
    readonly what: string,
    public path: string,
    readonly schemaPath: string | undefined,
    readonly anyValue?: { value: unknown; depth: number },
  ) {}
}`),
  encodeFailure: helper(
    `
/** A schema failure of the value at \`path\` (relative to the function's own value). */
function encodeFailure(code: string, what: string, path: string, schemaPath: string): EncodeFailure {
  return new EncodeFailure(code, what, path, schemaPath);
}`,
    [],
    ['EncodeFailure'],
  ),
  anyFailure: helper(
    `
/** Wraps an error of the generic encoder; the exported function re-runs it with the full path. */
function anyFailure(error: unknown, value: unknown, depth: number): unknown {
  return isEncodeError(error) ? new EncodeFailure(error.code, error.message, '', undefined, { value, depth }) : error;
}`,
    ['isEncodeError'],
    ['EncodeFailure'],
  ),
  atPath: helper(
    `
/** Prefixes a failure leaving a container with the token it was found under. */
function atPath(error: unknown, token: string | number): unknown {
  // A runtime helper (a text writer refusing a lone surrogate) fails at its own value: adopt it.
  if (isEncodeError(error) && error.path === '') error = new EncodeFailure(error.code, error.detail, '', error.schemaPath);
  if (error instanceof EncodeFailure) error.path = \`/\${escapePointerToken(token)}\${error.path}\`;
  return error;
}`,
    ['escapePointerToken', 'isEncodeError'],
    ['EncodeFailure'],
  ),
  toEncodeError: helper(
    `
/** The public error for a failure that reached an exported function. */
function toEncodeError(error: unknown): unknown {
  if (!(error instanceof EncodeFailure)) return error;
  if (error.anyValue !== undefined) {
    // Slow path: run the generic encoder again, now with the full path, for its own error.
    try {
      writeAny(new Writer(64), error.anyValue.value, error.path, { ...ANY_OPTIONS, maxDepth: error.anyValue.depth });
    } catch (generic) {
      return generic;
    }
  }
  return new EncodeError(__FORMAT__, error.code, error.what, error.path, error.schemaPath);
}`,
    ['EncodeError', 'Writer'],
    ['EncodeFailure'],
    ['writeAny'],
  ),
  withSchemaPath: helper(
    `
/** Gives an error of the reader or a runtime helper (no schema location yet) the location it happened in. */
function withSchemaPath(error: unknown, schemaPath: string): unknown {
  if (!isDecodeError(error) || error.schemaPath !== undefined) return error;
  return new DecodeError(error.format, error.code, error.detail, error.offset, schemaPath);
}`,
    ['isDecodeError', 'DecodeError'],
  ),
  isPlainObject: helper(`
/** A JSON object: a plain or null-prototype object (not an array, Map, Date or class instance). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}`),
  ownValue: helper(`
/** \`value[key]\` for a key Object.prototype also has: only an own property counts. */
function ownValue(value: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}`),
  setOwn: helper(`
/** Adds an own property, also \`__proto__\` (which plain assignment would treat as the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}`),
  countKeys: helper(`
/** Number of own enumerable keys, without allocating the key array. */
function countKeys(value: object): number {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count++;
  return count;
}`),
  unknownKey: helper(`
/** The first own enumerable key of \`value\` that is not in \`known\` (slow path of closed records). */
function unknownKey(value: object, known: ReadonlySet<string>): string | undefined {
  for (const key of Object.keys(value)) if (!known.has(key)) return key;
  return undefined;
}`),
  codePoints: helper(`
/** Length in Unicode code points, as JSON Schema counts (a surrogate pair is one). */
function codePoints(text: string): number {
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
}`),
  isMultipleOf: helper(`
/**
 * \`value\` is an integer multiple of \`divisor\`, allowing for binary rounding of decimal
 * fractions (0.3 is a multiple of 0.1 although 0.3 / 0.1 is 2.9999999999999996).
 */
function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  if (Number.isInteger(quotient)) return true;
  if (!Number.isFinite(quotient)) return false;
  return Math.abs(quotient - Math.round(quotient)) <= 4 * Number.EPSILON * Math.abs(quotient);
}`),
  jsonEqual: helper(`
/** JSON deep equality (JSON Schema's \`const\`, \`enum\`, \`uniqueItems\`): key order does not matter. */
function jsonEqual(a: unknown, b: unknown): boolean {
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
}`),
  hasDuplicates: helper(
    `
/** True when two items are JSON-equal (\`uniqueItems\`); primitives go through a Set first. */
function hasDuplicates(items: readonly unknown[]): boolean {
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
}`,
    [],
    ['jsonEqual'],
  ),
};

/**
 * Helpers both formats' modules include, with the words that differ as parameters. Each format
 * lists them in its own prelude, so they keep their place in the generated module's order.
 */
export const SHARED_PRELUDE = {
  /** `decodeFailure(code, what, offset, schemaPath)`: the `DecodeError` of `format`. */
  decodeFailure: (format: 'cbor' | 'ubjson'): PreludeHelper =>
    helper(
      `
/** A decoder failure at byte \`offset\`, naming the schema location. */
function decodeFailure(code: string, what: string, offset: number, schemaPath: string): DecodeError {
  return new DecodeError('${format}', code, what, offset, schemaPath);
}`,
      ['DecodeError'],
    ),
  /** `KEYS`, the module's key cache; `keys` names what it holds (`map keys`). */
  KEYS: (keys: string): PreludeHelper =>
    helper(
      `
/** Interned ${keys} of this module's decoders. */
const KEYS = new KeyCache();`,
      ['KeyCache'],
    ),
  /** `writeBytes(writer, bytes)`; `what` says what the pre-encoded bytes are (`a key, a map head`). */
  writeBytes: (what: string): PreludeHelper =>
    helper(
      `
/** Copies pre-encoded bytes (${what}) into the writer. */
function writeBytes(writer: Writer, bytes: Uint8Array): void {
  const length = bytes.length;
  writer.ensure(length);
  const uint8 = writer.uint8;
  let pos = writer.pos;
  for (let index = 0; index < length; index++) uint8[pos++] = bytes[index];
  writer.pos = pos;
}`,
      ['Writer'],
    ),
  isSchemaMismatch: helper(
    `
/** A variant that does not match (wrong type or failed assertion), as opposed to malformed input. */
function isSchemaMismatch(error: unknown): boolean {
  return isDecodeError(error) && (error.code === 'schema-violation' || error.code === 'unexpected-type');
}`,
    ['isDecodeError'],
  ),
  sameBytes: helper(`
/** True when \`expected\` from index \`from\` on occurs at \`at\` (within \`end\`): pre-encoded bytes compared in place. */
function sameBytes(uint8: Uint8Array, at: number, end: number, expected: Uint8Array, from = 0): boolean {
  const length = expected.length - from;
  if (at + length > end) return false;
  for (let index = 0; index < length; index++) if (uint8[at + index] !== expected[from + index]) return false;
  return true;
}`),
};
