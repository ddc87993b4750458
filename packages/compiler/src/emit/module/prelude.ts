/**
 * The helpers generated modules use (`ModuleContext.use`) and the runtime names they may import,
 * as far as every format shares them; each format's `prelude.ts` adds its own. Every helper lives
 * in the runtime (`generated-support.ts`, `<format>/generated-support.ts`) and is imported; one
 * could still carry fixed source of its own (`helper`: no schema text, so no escaping).
 */

/** The runtime's entry points the public functions of every format's modules call (`<format>/generated-api.ts`). */
export const ENTRY_POINT_NAMES = ['sharedWriter', 'writerBusy', 'nestedEncode', 'encodeFailed', 'decodeWith'] as const;

/** Names generated modules of every format may import from `@binschema/runtime`. */
export const NEUTRAL_RUNTIME_NAMES = ['Writer', 'Reader', 'DecodeError', 'EncodeError', 'isDecodeError', 'isEncodeError', 'escapePointerToken', 'hexByte', 'KeyCache', 'RecordTable'] as const;

/**
 * Names imported from the format's runtime by modules compiled with codeSize 'small': the record
 * walkers and the shared fields, a writer and a reader of each (runtime `<format>/record-writer.ts`,
 * `record-reader.ts`, `field-writers.ts`, `field-readers.ts`), which a module's field kits name.
 */
export const RECORD_TABLE_NAMES = [
  'writeRecord',
  'readRecord',
  'writeSpec',
  'readSpec',
  ...['listOf', 'checkedField', 'textEnumField', 'enumField', 'typeUnion', 'integerIn', 'numberIn', ...['string', 'boolean', 'null', 'number', 'integer', 'any', 'never'].map((type) => `${type}Field`)].flatMap((key) => [
    `write${key[0].toUpperCase()}${key.slice(1)}`,
    `read${key[0].toUpperCase()}${key.slice(1)}`,
  ]),
];

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
  writeBytes: imported('writeBytes'),
  isSchemaMismatch: imported('isSchemaMismatch'),
  sameBytes: imported('sameBytes'),
};

/**
 * Helpers every format's runtime exports under the same name, imported from
 * `@binschema/runtime/<format>`: item readers and their failures, key tables and known texts,
 * the discriminator scan, constant writes, and the compact layout's index readers.
 */
export const FORMAT_PRELUDE: Record<string, PreludeHelper> = Object.fromEntries(
  [
    'decodeFailure',
    'expectedType',
    'tooDeep',
    'readString',
    'readNumberItem',
    'readIntegerItem',
    'readFiniteItem',
    'readBooleanItem',
    'readNullItem',
    'readKey',
    'keyTable',
    'matchKey',
    'readKnownText',
    'writeKnownText',
    'scanDiscriminator',
    'writeConstant',
    'readIndex',
    'readPositionKey',
  ].map((name) => [name, imported(name, true)]),
);
