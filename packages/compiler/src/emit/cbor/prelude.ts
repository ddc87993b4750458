import { CBOR_COMPACT_PRELUDE } from './compact-prelude.js';
import { COMPACT_FORMAT_NAMES, helper, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from '../prelude.js';

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
  // codeSize 'small': table-driven maps and the shared field codecs (runtime cbor/record.ts).
  ...COMPACT_FORMAT_NAMES,
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
  anySettingsAt: helper(
    `
/**
 * \`writeAny\` settings with \`depth\` nesting levels left (1: deterministic key order), one per
 * depth, built once: an options object a call cost an allocation and a settings object each time
 * (24 KB a combined encode, where records hold values of any shape).
 */
const ANY_SETTINGS: EncodeSettings[][] = [[], []];
function anySettingsAt(depth: number, deterministic: 0 | 1): EncodeSettings {
  return (ANY_SETTINGS[deterministic][depth] ??= new EncodeSettings({ deterministic: deterministic === 1, maxDepth: depth }));
}`,
    [],
    [],
    ['EncodeSettings'],
  ),
  readBooleanItem: imported('readBooleanItem', true),
  readNullItem: imported('readNullItem', true),
  readKey: helper(
    `
/** A map key: must be text (a JSON object's keys are strings); definite keys are interned. */
function readKey(reader: Reader, schemaPath: string): string {
  const offset = reader.pos;
  const initial = reader.u8();
  if (initial >> 5 !== 3) throw expectedType(reader, 'text key', offset, schemaPath);
  const length = readArgument(reader, initial & 0x1f, offset);
  if (length < 0) {
    reader.pos = offset;
    return readText(reader);
  }
  reader.need(length);
  const key = KEYS.get(reader.uint8, reader.pos, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in text', reader.pos);
  reader.pos += length;
  return key;
}`,
    ['KeyCache'],
    ['expectedType', 'KEYS'],
    ['readArgument', 'readText'],
  ),
  KEYS: SHARED_PRELUDE.KEYS('map keys'),
  isSchemaMismatch: SHARED_PRELUDE.isSchemaMismatch,
  sameBytes: SHARED_PRELUDE.sameBytes,
  textKeyLength: imported('textKeyLength', true),
  keyTable: imported('keyTable', true),
  matchKey: imported('matchKey', true),
  readKnownText: imported('readKnownText', true),
  writeKnownText: imported('writeKnownText', true),
  scanDiscriminator: SHARED_PRELUDE.scanDiscriminator({
    readHead: 'readContainerHead(reader, 5, schemaPath)',
    more: 'count < 0 ? !atBreak(reader) : entry < count',
    isText: 'initial >> 5 === 3',
    uses: ['readContainerHead', 'atBreak'],
    formatRuntime: [],
  }),
  writeBytes: SHARED_PRELUDE.writeBytes,
  writeConstant: imported('writeConstant', true),
  compareKeys: imported('compareKeys', true),
};

export const CBOR_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...CBOR_PRELUDE, ...CBOR_COMPACT_PRELUDE };
