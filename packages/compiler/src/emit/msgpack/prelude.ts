import { RECORD_TABLE_NAMES, ENTRY_POINT_NAMES, imported, FORMAT_PRELUDE, NEUTRAL_PRELUDE, type PreludeHelper } from '../module/prelude.js';

/**
 * What MessagePack modules import beyond what every format's do (`module/prelude.ts`): the names
 * of `@binschema/runtime/msgpack` and the helpers only MessagePack modules use (runtime
 * `msgpack/generated-support.ts`).
 */

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
  preallocate: imported('preallocate'),
  anySettingsAt: imported('anySettingsAt', true),
  // The `writeAny` settings of modules compiled with largeIntegers: 'float64'.
  anyFloat64SettingsAt: imported('anyFloat64SettingsAt', true),
  readNumberItems: imported('readNumberItems', true),
};

export const MSGPACK_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...FORMAT_PRELUDE, ...MSGPACK_PRELUDE };
