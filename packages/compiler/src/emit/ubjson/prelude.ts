import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from '../module/prelude.js';

/**
 * UBJSON helpers a generated module includes when it uses them (fixed source, no schema text).
 * Read functions get the value's marker already consumed (from the input, or fixed by a typed
 * container's `$`), so optimized and plain containers share one item reader. Values of unknown
 * shape go through the runtime's `readPayload`, the generic decoder's own dispatch.
 */

/** Runtime names generated UBJSON modules may import from `@binschema/runtime`. */
export const UBJSON_RUNTIME_NAMES = [...NEUTRAL_RUNTIME_NAMES, 'RecordTable'] as const;

/** Names imported from `@binschema/runtime/ubjson`. */
export const UBJSON_FORMAT_NAMES = [
  'writeInt',
  'readLength',
  'writeString',
  'writeKey',
  'writeAny',
  'readPayload',
  'DEFAULT_MAX_DEPTH',
  'DEFAULT_MAX_COUNT',
  'ubjsonDecoderStream',
  'ubjsonEncoderStream',
  ...ENTRY_POINT_NAMES,
  // codeSize 'small': table-driven objects and the shared field codecs (runtime ubjson/record.ts).
  ...RECORD_TABLE_NAMES,
] as const;

const UBJSON_PRELUDE: Record<string, PreludeHelper> = {
  decodeFailure: imported('decodeFailure', true),
  expectedType: imported('expectedType', true),
  tooDeep: imported('tooDeep', true),
  BUDGET: imported('BUDGET', true),
  readMarker: imported('readMarker', true),
  readAnyValue: imported('readAnyValue', true),
  readContainerStart: imported('readContainerStart', true),
  CONTAINER: imported('CONTAINER', true),
  nextEntry: imported('nextEntry', true),
  // The compact layout (runtime ubjson/compact-support.ts).
  nextElement: imported('nextElement', true),
  keyTable: imported('keyTable', true),
  matchKey: imported('matchKey', true),
  readKnownText: imported('readKnownText', true),
  writeKnownText: imported('writeKnownText', true),
  readIndex: imported('readIndex', true),
  readPositionKey: imported('readPositionKey', true),
  readString: imported('readString', true),
  readNumberItem: imported('readNumberItem', true),
  writeConstant: imported('writeConstant', true),
  readIntegerItem: imported('readIntegerItem', true),
  readFiniteItem: imported('readFiniteItem', true),
  readBooleanItem: imported('readBooleanItem', true),
  readNullItem: imported('readNullItem', true),
  readKey: imported('readKey', true),
  isSchemaMismatch: SHARED_PRELUDE.isSchemaMismatch,
  sameBytes: SHARED_PRELUDE.sameBytes,
  scanDiscriminator: imported('scanDiscriminator', true),
  writeBytes: SHARED_PRELUDE.writeBytes,
  hasNegativeZero: imported('hasNegativeZero', true),
  anyOptionsAt: imported('anyOptionsAt', true),
  writeNumberItem: imported('writeNumberItem', true),
};

export const UBJSON_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...UBJSON_PRELUDE };
