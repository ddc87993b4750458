import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, FORMAT_PRELUDE, NEUTRAL_PRELUDE, type PreludeHelper } from '../module/prelude.js';

/**
 * What UBJSON modules import beyond what every format's do (`module/prelude.ts`): the names of
 * `@binschema/runtime/ubjson` and the helpers only UBJSON modules use. Read functions get the value's marker already consumed (from the input, or fixed by a typed
 * container's `$`), so optimized and plain containers share one item reader. Values of unknown
 * shape go through the runtime's `readPayload`, the generic decoder's own dispatch.
 */


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
  BUDGET: imported('BUDGET', true),
  readMarker: imported('readMarker', true),
  readValueMarker: imported('readValueMarker', true),
  readAnyValue: imported('readAnyValue', true),
  readContainerStart: imported('readContainerStart', true),
  readObjectStart: imported('readObjectStart', true),
  readArrayStart: imported('readArrayStart', true),
  CONTAINER: imported('CONTAINER', true),
  nextEntry: imported('nextEntry', true),
  nextElement: imported('nextElement', true),
  hasNegativeZero: imported('hasNegativeZero', true),
  anyOptionsAt: imported('anyOptionsAt', true),
  writeNumberItem: imported('writeNumberItem', true),
  readNumberItems: imported('readNumberItems', true),
};

export const UBJSON_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...FORMAT_PRELUDE, ...UBJSON_PRELUDE };
