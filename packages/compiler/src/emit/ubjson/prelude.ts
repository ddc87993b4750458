import { COMPACT_FORMAT_NAMES, helper, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from '../prelude.js';

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
  // codeSize 'small': table-driven objects and the shared field codecs (runtime ubjson/record.ts).
  ...COMPACT_FORMAT_NAMES,
] as const;

const UBJSON_PRELUDE: Record<string, PreludeHelper> = {
  decodeFailure: imported('decodeFailure', true),
  expectedType: imported('expectedType', true),
  tooDeep: imported('tooDeep', true),
  BUDGET: imported('BUDGET', true),
  readMarker: imported('readMarker', true),
  readAnyValue: imported('readAnyValue', true),
  containerType: helper(`
/** The element type (\`$\`) of the container head read last, or 0 when it has none. */
let containerType = 0;`),
  readContainerHead: helper(
    `
/** \`readContainerStart\` (a container's optimized header and count), its element type kept in \`containerType\`. */
function readContainerHead(reader: Reader, perEntry: number, schemaPath: string): number {
  const count = readContainerStart(reader, perEntry, schemaPath);
  containerType = CONTAINER.type;
  return count;
}`,
    [],
    ['containerType'],
    ['readContainerStart', 'CONTAINER'],
  ),
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
  readKey: helper(
    `
/** An object key: an integer length and UTF-8 (no \`S\`), interned in this module's cache. */
function readKey(reader: Reader): string {
  return readKeyWith(reader, KEYS);
}`,
    [],
    ['KEYS'],
    ['readKeyWith'],
  ),
  KEYS: SHARED_PRELUDE.KEYS('object keys'),
  isSchemaMismatch: SHARED_PRELUDE.isSchemaMismatch,
  sameBytes: SHARED_PRELUDE.sameBytes,
  scanDiscriminator: helper(
    `
/**
 * The value of the entry \`name\` (a union's discriminator) of the object whose \`{\` was just
 * consumed, wherever it is, or undefined; the caller rewinds and decodes the chosen variant
 * (BUDGET is restored, so the second read is not counted twice). Fast path: the first key is
 * \`encodedName\` (how encoders write a discriminator), compared in place.
 */
function scanDiscriminator(reader: Reader, marker: number, name: string, encodedName: Uint8Array, depth: number, schemaPath: string): unknown {
  if (marker !== 0x7b) throw expectedType(reader, 'object', marker, schemaPath);
  if (depth === 0) throw tooDeep(reader, schemaPath);
  const left = BUDGET.left;
  const count = readContainerHead(reader, 2, schemaPath);
  const type = containerType;
  let found: unknown;
  for (let entry = 0; nextEntry(reader, count, entry, type); entry++) {
    const hit = sameBytes(reader.uint8, reader.pos, reader.end, encodedName);
    if (hit) reader.pos += encodedName.length;
    const key = hit ? name : readKey(reader);
    const valueMarker = type !== 0 ? type : readMarker(reader);
    // A string tag (like "add") through readString, without the generic decoder's dispatch.
    if (key === name && valueMarker === 0x53) {
      found = readString(reader, valueMarker, schemaPath);
      break;
    }
    const value = readAnyValue(reader, valueMarker, depth - 1);
    if (key === name) {
      found = value;
      break;
    }
  }
  BUDGET.left = left;
  return found;
}`,
    [],
    ['expectedType', 'tooDeep', 'readContainerHead', 'containerType', 'nextEntry', 'sameBytes', 'readKey', 'readAnyValue', 'readMarker', 'readString', 'BUDGET'],
  ),
  writeBytes: SHARED_PRELUDE.writeBytes,
  hasNegativeZero: imported('hasNegativeZero', true),
  anyOptionsAt: imported('anyOptionsAt', true),
  writeNumberItem: imported('writeNumberItem', true),
};

export const UBJSON_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...UBJSON_PRELUDE };
