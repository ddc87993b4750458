import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from '../module/prelude.js';

/**
 * CBOR helpers a generated module includes when it uses them (fixed source, no schema text).
 * They check the initial byte themselves so a type mismatch carries the schema path; the value
 * itself is read by the runtime's helpers (`readText`, `readNumber`, `readAny`).
 */

/** Runtime names generated CBOR modules may import from `@binschema/runtime`. */
export const CBOR_RUNTIME_NAMES = [
  ...NEUTRAL_RUNTIME_NAMES,
  'utf8Length',
  'RecordTable',
] as const;

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
  'encodeDeterministicWith',
  // codeSize 'small': table-driven maps and the shared field codecs (runtime cbor/record.ts).
  ...RECORD_TABLE_NAMES,
] as const;

const CBOR_PRELUDE: Record<string, PreludeHelper> = {
  decodeFailure: imported('decodeFailure', true),
  expectedType: imported('expectedType', true),
  tooDeep: imported('tooDeep', true),
  readContainerHead: imported('readContainerHead', true),
  preallocate: imported('preallocate'),
  atBreak: imported('atBreak', true),
  readString: imported('readString', true),
  readNumberItem: imported('readNumberItem', true),
  readIntegerItem: imported('readIntegerItem', true),
  readFiniteItem: imported('readFiniteItem', true),
  readWideInteger: imported('readWideInteger', true),
  anySettingsAt: imported('anySettingsAt', true),
  readBooleanItem: imported('readBooleanItem', true),
  readNullItem: imported('readNullItem', true),
  readKey: imported('readKey', true),
  isSchemaMismatch: SHARED_PRELUDE.isSchemaMismatch,
  sameBytes: SHARED_PRELUDE.sameBytes,
  textKeyLength: imported('textKeyLength', true),
  keyTable: imported('keyTable', true),
  matchKey: imported('matchKey', true),
  readKnownText: imported('readKnownText', true),
  writeKnownText: imported('writeKnownText', true),
  scanDiscriminator: imported('scanDiscriminator', true),
  writeBytes: SHARED_PRELUDE.writeBytes,
  writeConstant: imported('writeConstant', true),
  compareKeys: imported('compareKeys', true),
  // The compact layout (runtime cbor/compact-support.ts).
  readIndex: imported('readIndex', true),
  readPositionKey: imported('readPositionKey', true),
};

export const CBOR_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...CBOR_PRELUDE };
