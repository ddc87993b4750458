import { helper, imported, NEUTRAL_PRELUDE, NEUTRAL_RUNTIME_NAMES, SHARED_PRELUDE, type PreludeHelper } from './prelude.js';

/**
 * UBJSON helpers a generated module includes when it uses them (fixed source, no schema text).
 * Read functions get the value's marker already consumed (from the input, or fixed by a typed
 * container's `$`), so optimized and plain containers share one item reader. Values of unknown
 * shape go through the runtime's `readPayload`, the generic decoder's own dispatch.
 */

/** Runtime names generated UBJSON modules may import from `@binschema/runtime`. */
export const UBJSON_RUNTIME_NAMES = NEUTRAL_RUNTIME_NAMES;

/** Names imported from `@binschema/runtime/ubjson`. */
export const UBJSON_FORMAT_NAMES = ['writeInt', 'readLength', 'writeString', 'writeKey', 'writeAny', 'readPayload', 'DEFAULT_MAX_DEPTH', 'DEFAULT_MAX_COUNT', 'ubjsonDecoderStream', 'ubjsonEncoderStream'] as const;

const UBJSON_PRELUDE: Record<string, PreludeHelper> = {
  decodeFailure: imported('decodeFailure', true),
  expectedType: imported('expectedType', true),
  tooDeep: imported('tooDeep', true),
  BUDGET: helper(`
/**
 * Payload-free typed elements (\`[$Z#\`, \`[$T#\`, \`[$F#\`) still allowed in this decode: they take no
 * bytes, so six bytes could ask for 2^63 of them. Reset to DEFAULT_MAX_COUNT by each decode.
 */
const BUDGET = { left: 0 };`),
  readMarker: imported('readMarker', true),
  readAnyValue: helper(
    `
/** A value of unknown shape whose marker is consumed; \`depth\` counts the levels left, the runtime counts levels used. */
function readAnyValue(reader: Reader, marker: number, depth: number): unknown {
  return readPayload(reader, marker, DEFAULT_MAX_DEPTH - depth, BUDGET);
}`,
    [],
    ['BUDGET'],
    ['readPayload', 'DEFAULT_MAX_DEPTH'],
  ),
  containerType: helper(`
/** The element type (\`$\`) of the container head read last, or 0 when it has none. */
let containerType = 0;`),
  readContainerHead: helper(
    `
/**
 * After \`[\` or \`{\` (\`perEntry\`: 0 for arrays, 2 for an object's keys): the optimized header
 * (\`$<type>#<count>\` or \`#<count>\`, container-types.html#optimized) and the count, or -1 for a
 * container closed by its end marker. The element type goes to \`containerType\`. A count larger
 * than the bytes left is refused before anything is allocated; payload-free elements draw on BUDGET.
 */
function readContainerHead(reader: Reader, perEntry: number, schemaPath: string): number {
  containerType = 0;
  if (reader.pos >= reader.end) reader.failEnd(1);
  const uint8 = reader.uint8;
  if (uint8[reader.pos] === 0x23) {
    reader.pos++;
    return readLength(reader, perEntry + 1);
  }
  if (uint8[reader.pos] !== 0x24) return -1;
  reader.pos++;
  if (reader.pos >= reader.end) reader.failEnd(1);
  const type = uint8[reader.pos];
  const size = elementSize(type);
  if (size < 0) throw decodeFailure('not-well-formed', \`invalid container type \${hexByte(type)}\`, reader.pos, schemaPath);
  reader.pos++;
  if (reader.pos >= reader.end) reader.failEnd(1);
  if (uint8[reader.pos] !== 0x23) throw decodeFailure('not-well-formed', 'container type without a count', reader.pos, schemaPath);
  // binary-data.html: \`[$U#\` is bytes, which the generic decoder gives as a Uint8Array, not an array.
  if (type === 0x55 && perEntry === 0) throw decodeFailure('unexpected-type', 'expected array, got binary data ([$U#)', reader.pos - 2, schemaPath);
  reader.pos++;
  const countOffset = reader.pos;
  const count = readLength(reader, 0);
  if (perEntry + size === 0) {
    if (count > BUDGET.left || count > 0xffffffff) throw decodeFailure('length-limit', \`count \${count} beyond maxCount \${DEFAULT_MAX_COUNT}\`, countOffset, schemaPath);
    BUDGET.left -= count;
  } else if (count * (perEntry + size) > reader.end - reader.pos) {
    reader.failEnd(count * (perEntry + size));
  }
  containerType = type;
  return count;
}`,
    ['hexByte'],
    ['decodeFailure', 'elementSize', 'containerType', 'BUDGET'],
    ['readLength', 'DEFAULT_MAX_COUNT'],
  ),
  elementSize: imported('elementSize', true),
  nextEntry: imported('nextEntry', true),
  readString: helper(
    `
/**
 * A string: \`S\` with a length and UTF-8, a \`C\` char (0..127, value-types.html#char), or \`H\`
 * decimal text, which the generic decoder gives as a string.
 */
function readString(reader: Reader, marker: number, schemaPath: string): string {
  if (marker === 0x53) {
    const uint8 = reader.uint8;
    const pos = reader.pos;
    // One-byte lengths inline: \`i\` (our encoders) and \`U\` (json-pack).
    if (pos + 1 < reader.end && (uint8[pos] === 0x55 || (uint8[pos] === 0x69 && uint8[pos + 1] < 0x80))) {
      reader.pos = pos + 2;
      return reader.utf8(uint8[pos + 1]);
    }
    return reader.utf8(readLength(reader));
  }
  if (marker === 0x48) {
    // The generic decoder keeps a high-precision number with a fraction or exponent as its text.
    const offset = reader.pos - 1;
    const text = readPayload(reader, marker, 0, BUDGET);
    if (typeof text !== 'string') throw decodeFailure('unexpected-type', 'expected string, got a high-precision integer', offset, schemaPath);
    return text;
  }
  if (marker !== 0x43) throw expectedType(reader, 'string', marker, schemaPath);
  if (reader.pos >= reader.end) reader.failEnd(1);
  const code = reader.uint8[reader.pos];
  if (code > 127) throw decodeFailure('not-well-formed', \`char \${hexByte(code)} above 127\`, reader.pos, schemaPath);
  reader.pos++;
  return String.fromCharCode(code);
}`,
    ['hexByte'],
    ['expectedType', 'decodeFailure', 'BUDGET'],
    ['readLength', 'readPayload'],
  ),
  readNumberItem: helper(
    `
/** A number: any integer marker, \`d\`/\`D\`, or \`H\` text the generic decoder reads as a number. */
function readNumberItem(reader: Reader, marker: number, schemaPath: string): number {
  switch (marker) {
    case 0x69: return reader.i8();
    case 0x55: return reader.u8();
    case 0x49: return reader.i16();
    case 0x6c: return reader.i32();
    case 0x64: return reader.f32();
    case 0x44: return reader.f64();
    case 0x4c:
    case 0x48: {
      const offset = reader.pos - 1;
      const value = readPayload(reader, marker, 0, BUDGET);
      // Beyond ±(2^53 - 1) (or decimal H text) the generic decoder gives a bigint or a string.
      if (typeof value !== 'number') throw decodeFailure('unexpected-type', 'number beyond ±(2^53 - 1) or not exact, not a JSON number', offset, schemaPath);
      return value;
    }
    default:
      throw expectedType(reader, 'number', marker, schemaPath);
  }
}`,
    [],
    ['expectedType', 'decodeFailure', 'BUDGET'],
    ['readPayload'],
  ),
  readBooleanItem: imported('readBooleanItem', true),
  readNullItem: imported('readNullItem', true),
  readKey: helper(
    `
/** An object key: an integer length and UTF-8 (no \`S\`), interned. */
function readKey(reader: Reader): string {
  const length = readLength(reader);
  const start = reader.pos;
  const key = KEYS.get(reader.uint8, start, length);
  if (key === undefined) reader.fail('invalid-utf8', 'invalid UTF-8 in key', start);
  reader.pos = start + length;
  return key;
}`,
    ['KeyCache'],
    ['KEYS'],
    ['readLength'],
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
  anyOptionsAt: helper(`
/**
 * \`writeAny\` options with \`depth\` nesting levels left, one object per depth: the runtime caches
 * its encoder per options object, so a fresh object per call would build an encoder every time.
 */
const ANY_OPTIONS_BY_DEPTH: { maxDepth: number }[] = [];
function anyOptionsAt(depth: number): { maxDepth: number } {
  return (ANY_OPTIONS_BY_DEPTH[depth] ??= { maxDepth: depth });
}`),
  writeNumberItem: imported('writeNumberItem', true),
};

export const UBJSON_MODULE_PRELUDE: Record<string, PreludeHelper> = { ...NEUTRAL_PRELUDE, ...UBJSON_PRELUDE };
