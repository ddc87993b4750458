/**
 * Format-neutral helpers that generated modules include when they use them. They are fixed
 * source written here (no schema text), so they need no escaping. Each names the runtime imports
 * it needs; `ModuleContext.usePrelude` pulls in dependencies.
 */

/** Names generated modules of every format may import from `@binschema/runtime`. */
export const NEUTRAL_RUNTIME_NAMES = ['Writer', 'Reader', 'DecodeError', 'EncodeError', 'isDecodeError', 'isEncodeError', 'escapePointerToken', 'hexByte', 'KeyCache'] as const;

/** Names imported from the format's runtime by modules compiled with codeSize 'small': table-driven objects and the shared field codecs (runtime `<format>/record.ts`, `<format>/fields.ts`). */
export const COMPACT_FORMAT_NAMES = [
  'Field',
  'writeRecord',
  'readRecord',
  'fieldOf',
  'listOf',
  'checkedField',
  'enumField',
  'typeUnion',
  'integerIn',
  'numberIn',
  ...['string', 'boolean', 'null', 'number', 'integer', 'any', 'never'].map((type) => `${type}Field`),
] as const;

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
  ChecksTooDeep: imported('ChecksTooDeep'),
  checksHold: imported('checksHold'),
  isJsonNonObject: imported('isJsonNonObject'),
  EncodeFailure: imported('EncodeFailure'),
  encodeFailure: imported('encodeFailure'),
  expectString: imported('expectString'),
  expectRecord: imported('expectRecord'),
  expectArray: imported('expectArray'),
  expectBoolean: imported('expectBoolean'),
  expectInteger: imported('expectInteger'),
  expectFinite: imported('expectFinite'),
  anyFailure: imported('anyFailure'),
  atPath: imported('atPath'),
  missingText: imported('missingText'),
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
  setEntry: imported('setEntry'),
  countKeys: imported('countKeys'),
  unknownKey: imported('unknownKey'),
  codePoints: imported('codePoints'),
  isMultipleOf: imported('isMultipleOf'),
  jsonEqual: imported('jsonEqual'),
  hasDuplicates: imported('hasDuplicates'),
};

/**
 * Helpers every format's modules include, with the words that differ as parameters. Each format
 * lists them in its own prelude, so they keep their place in the generated module's order.
 */
export const SHARED_PRELUDE = {
  /** `KEYS`, the module's key cache; `keys` names what it holds (`map keys`). */
  KEYS: (keys: string): PreludeHelper =>
    helper(
      `
/** Interned ${keys} of this module's decoders (pure: an encode-only bundle drops it). */
const KEYS = /* @__PURE__ */ new KeyCache();`,
      ['KeyCache'],
    ),
  writeBytes: imported('writeBytes'),
  isSchemaMismatch: imported('isSchemaMismatch'),
  sameBytes: imported('sameBytes'),
  /**
   * `scanDiscriminator` of a head format (CBOR, MessagePack): `readHead` reads the map's head
   * into `count`, `more` is the entry loop's condition, `isText` tests a first byte `initial` for
   * a short text item; `uses` and `formatRuntime` the helpers and format imports those need.
   */
  scanDiscriminator: (wire: { readHead: string; more: string; isText: string; uses: string[]; formatRuntime: string[] }): PreludeHelper =>
    helper(
      `
/**
 * The value of the map entry \`name\` (a union's discriminator) wherever it is in the map at the
 * reader's position, or undefined; the caller rewinds and decodes the chosen variant. Fast path:
 * the first key is \`encodedName\` (how encoders write a discriminator), compared in place.
 */
function scanDiscriminator(reader: Reader, name: string, encodedName: Uint8Array, depth: number, schemaPath: string): unknown {
  const offset = reader.pos;
  if (depth === 0) throw tooDeep(offset, schemaPath);
  const count = ${wire.readHead};
  if (count !== 0 && sameBytes(reader.uint8, reader.pos, reader.end, encodedName)) {
    reader.pos += encodedName.length;
    // A text tag (like "add") through readString, without the generic decoder's dispatch.
    const initial = reader.pos < reader.end ? reader.uint8[reader.pos] : 0;
    return ${wire.isText} ? readString(reader, schemaPath) : readAny(reader, depth - 1);
  }
  for (let entry = 0; ${wire.more}; entry++) {
    const key = readKey(reader, schemaPath);
    if (key === name) return readAny(reader, depth - 1);
    skipAny(reader, depth - 1);
  }
  return undefined;
}`,
      [],
      ['tooDeep', 'readKey', 'sameBytes', 'readString', ...wire.uses],
      ['readAny', 'skipAny', ...wire.formatRuntime],
    ),
};
