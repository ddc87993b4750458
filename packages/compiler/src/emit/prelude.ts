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

/**
 * A helper that lives in the runtime (`generated-support.ts`): no text of its own, its name is
 * imported from `@binschema/runtime`, or from the format's runtime with `fromFormat`.
 */
export function imported(name: string, fromFormat = false): PreludeHelper {
  return fromFormat ? helper('', [], [], [name]) : helper('', [name]);
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
  withSchemaPath: imported('withSchemaPath'),
  isPlainObject: imported('isPlainObject'),
  ownValue: imported('ownValue'),
  setOwn: imported('setOwn'),
  countKeys: imported('countKeys'),
  unknownKey: imported('unknownKey'),
  codePoints: imported('codePoints'),
  isMultipleOf: imported('isMultipleOf'),
  jsonEqual: imported('jsonEqual'),
  hasDuplicates: imported('hasDuplicates'),
};

/**
 * Helpers both formats' modules include, with the words that differ as parameters. Each format
 * lists them in its own prelude, so they keep their place in the generated module's order.
 */
export const SHARED_PRELUDE = {
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
  isSchemaMismatch: imported('isSchemaMismatch'),
  sameBytes: imported('sameBytes'),
};
