import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from '../module/prelude.js';

/**
 * MessagePack helpers a generated module includes when it uses them (fixed source, no schema
 * text). Most live in the runtime (`msgpack/generated-support.ts`, `msgpack/compact-support.ts`)
 * and are imported; the ones here use the module's own key cache or settings.
 */

/** Runtime names generated MessagePack modules may import from `@binschema/runtime`. */
export const MSGPACK_RUNTIME_NAMES = [...NEUTRAL_RUNTIME_NAMES, 'RecordTable'] as const;

/** Names imported from `@binschema/runtime/msgpack`. */
export const MSGPACK_FORMAT_NAMES = [
  'writeArrayHead',
  'writeMapHead',
  'writeInteger',
  'writeText',
  'writeNumber',
  'writeNumberLargeAsFloat64',
  'writeAny',
  'readArrayHead',
  'readMapHead',
  'readAny',
  'skipAny',
  'DEFAULT_MAX_DEPTH',
  'msgpackDecoderStream',
  'msgpackEncoderStream',
  ...ENTRY_POINT_NAMES,
  // codeSize 'small': table-driven maps and the shared field codecs (runtime msgpack/record.ts).
  ...RECORD_TABLE_NAMES,
] as const;

const MSGPACK_PRELUDE: Record<string, PreludeHelper> = {
  decodeFailure: imported('decodeFailure', true),
  expectedType: imported('expectedType', true),
  tooDeep: imported('tooDeep', true),
  preallocate: imported('preallocate'),
  readString: imported('readString', true),
  readNumberItem: imported('readNumberItem', true),
  readIntegerItem: imported('readIntegerItem', true),
  readFiniteItem: imported('readFiniteItem', true),
  readBooleanItem: imported('readBooleanItem', true),
  readNullItem: imported('readNullItem', true),
  anySettingsAt: imported('anySettingsAt', true),
  // The `writeAny` settings of modules compiled with largeIntegers: 'float64'.
  anyFloat64SettingsAt: imported('anyFloat64SettingsAt', true),
  readKey: imported('readKey', true),
  isSchemaMismatch: SHARED_PRELUDE.isSchemaMismatch,
  sameBytes: SHARED_PRELUDE.sameBytes,
  strKeyLength: imported('strKeyLength', true),
  keyTable: imported('keyTable', true),
  matchKey: imported('matchKey', true),
  readKnownText: imported('readKnownText', true),
  writeKnownText: imported('writeKnownText', true),
  scanDiscriminator: imported('scanDiscriminator', true),
  writeBytes: SHARED_PRELUDE.writeBytes,
  writeConstant: imported('writeConstant', true),
  // The compact layout (runtime msgpack/compact-support.ts).
  readIndex: imported('readIndex', true),
  readPositionKey: imported('readPositionKey', true),
};

export const MSGPACK_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...MSGPACK_PRELUDE };
