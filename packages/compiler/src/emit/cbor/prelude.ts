import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, FORMAT_PRELUDE, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, type PreludeHelper } from '../module/prelude.js';

/**
 * What CBOR modules import beyond what every format's do (`module/prelude.ts`): the names of
 * `@binschema/runtime/cbor` and the helpers only CBOR modules use. The item readers check the
 * initial byte themselves so a type mismatch carries the schema path; the value itself is read
 * by the runtime's readers (`readText`, `readNumber`, `readAny`).
 */

/** Runtime names generated CBOR modules may import from `@binschema/runtime`. */
export const CBOR_RUNTIME_NAMES = [...NEUTRAL_RUNTIME_NAMES, 'utf8Length'] as const;

/** Names imported from `@binschema/runtime/cbor`. */
export const CBOR_FORMAT_NAMES = [
  'writeHead',
  'sparseIsSmaller',
  'readArgument',
  'readArgumentBig',
  'writeText',
  'writeNumber',
  'writeAny',
  'readText',
  'readNumber',
  'readAny',
  'skipAny',
  'DEFAULT_MAX_DEPTH',
  'cborDecoderStream',
  'cborEncoderStream',
  'writeDagNumber',
  'writeDagAny',
  ...ENTRY_POINT_NAMES,
  // codeSize 'small': table-driven maps and the shared field codecs (runtime cbor/record.ts).
  ...RECORD_TABLE_NAMES,
] as const;

const CBOR_PRELUDE: Record<string, PreludeHelper> = {
  readContainerHead: imported('readContainerHead', true),
  preallocate: imported('preallocate'),
  atBreak: imported('atBreak', true),
  readWideInteger: imported('readWideInteger', true),
  anySettingsAt: imported('anySettingsAt', true),
  compareKeys: imported('compareKeys', true),
};

export const CBOR_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...FORMAT_PRELUDE, ...CBOR_PRELUDE };
