import { DiagnosticPrinter, type CborItem } from '@binschema/runtime/cbor';
import { UbjsonPrinter, type UbjsonItem } from '@binschema/runtime/ubjson';
import { MsgpackPrinter, Kind, TIMESTAMP_TYPE, Timestamp, decode as decodeMsgpack, formatName, type MsgpackItem } from '@binschema/runtime/msgpack';

/** Longest value shown on a dump line; longer values end in `…` (`--diag` shows them whole). */
export const MAX_VALUE_CHARS = 60;

const CBOR_MAJOR = ['unsigned', 'negative', 'bytes', 'text', 'array', 'map', 'tag', 'simple'];
const FLOAT_WIDTH: Record<number, string> = { 25: 'float16', 26: 'float32', 27: 'float64' };
// Strings are cut before they are quoted: a dump line never builds a long string. No output
// budget: each line is short, and the dump's length is bounded by --max-items.
const cborValues = new DiagnosticPrinter({ cutStrings: MAX_VALUE_CHARS, maxOutput: Infinity });
const ubjsonValues = new UbjsonPrinter({ cutStrings: MAX_VALUE_CHARS, maxOutput: Infinity });
const msgpackValues = new MsgpackPrinter({ cutStrings: MAX_VALUE_CHARS, maxOutput: Infinity });

/** Bytes of a CBOR item's head: the initial byte and its argument (RFC 8949 §3). */
export function cborHead(item: CborItem): [number, number] {
  return [item.offset, item.headEnd];
}

/** `unsigned(1) 1`, `text(1) "a"`, `array(*)`, `tag(1)`, `float16 1.5`: major type, argument, value. */
export function cborLabel(item: CborItem): string {
  const major = CBOR_MAJOR[item.major];
  if (item.major === 7) {
    const width = FLOAT_WIDTH[item.info];
    return width === undefined ? `simple(${item.info === 24 ? String(item.value) : item.info}) ${value(cborValues.print(item, 0))}` : `${width} ${value(cborValues.print(item, 0))}`;
  }
  const argument = item.argument === -1 ? '*' : String(item.argument);
  if (item.major >= 4 || item.children !== undefined) return `${major}(${argument})`;
  return `${major}(${argument}) ${value(cborValues.print(item, 0))}`;
}

const UBJSON_TYPE: Record<string, string> = {
  Z: 'null', T: 'true', F: 'false', i: 'int8', U: 'uint8', I: 'int16', l: 'int32', L: 'int64',
  d: 'float32', D: 'float64', C: 'char', S: 'string', H: 'high-precision', '[': 'array', '{': 'object',
};

/** Bytes shown for a UBJSON value: marker and payload for numbers, marker and length or header otherwise. */
export function ubjsonHead(item: UbjsonItem): [number, number] {
  const scalarNumber = item.children === undefined && item.lengthMarker === undefined && !(item.value instanceof Uint8Array);
  return [item.offset, scalarNumber ? item.end : item.headEnd];
}

/** `int16 300`, `string(3) "abc"`, `key(1) "a"`, `array($i #2)`, `bytes(2) h'abcd'`. */
export function ubjsonLabel(item: UbjsonItem): string {
  if (item.marker === -1) return `key(${item.headEnd === item.end ? 0 : item.end - item.headEnd}) ${value(ubjsonValues.print(item, 0))}`;
  const type = UBJSON_TYPE[String.fromCharCode(item.marker)];
  if (item.value instanceof Uint8Array) return `bytes(${item.value.length}) ${value(ubjsonValues.print(item, 0))}`;
  if (item.children !== undefined) {
    const header = [
      item.typeMarker === -1 ? '' : `$${String.fromCharCode(item.typeMarker as number)}`,
      item.countMarker === -1 ? '' : `#${String(item.count)}`,
    ].filter(Boolean);
    return header.length === 0 ? type : `${type}(${header.join(' ')})`;
  }
  if (item.marker === 0x53 || item.marker === 0x48) return `${type}(${item.end - item.headEnd}) ${value(ubjsonValues.print(item, 0))}`;
  if (item.marker === 0x5a || item.marker === 0x54 || item.marker === 0x46) return type;
  return `${type} ${value(ubjsonValues.print(item, 0))}`;
}

/** Bytes shown for a MessagePack item: the whole item for numbers, nil and booleans; else the head (with an ext's type). */
export function msgpackHead(item: MsgpackItem): [number, number] {
  const scalar = item.kind === Kind.Int || item.kind === Kind.Float || item.kind === Kind.Nil || item.kind === Kind.Bool;
  return [item.offset, scalar ? item.end : item.headEnd];
}

/**
 * The format's spec.md name, its length or count and the value: `positive fixint 1`, `uint16 300`,
 * `fixstr(1) "a"`, `bin8(2) h'0102'`, `map16(20)`; an extension with its type and data length:
 * `ext8(7, 3) h'707172'`, `fixext4(-1, 4) timestamp 2018-01-02T03:04:05Z`.
 */
export function msgpackLabel(item: MsgpackItem): string {
  const name = formatName(item.first);
  switch (item.kind) {
    case Kind.Nil:
    case Kind.Bool:
      return name;
    case Kind.Int:
    case Kind.Float:
      return `${name} ${value(msgpackValues.print(item, 0))}`;
    case Kind.Array:
    case Kind.Map:
      return `${name}(${item.length})`;
    case Kind.Ext:
      return `${name}(${String(item.type)}, ${item.length}) ${item.type === TIMESTAMP_TYPE ? timestampText(item) : dataText(item.value as Uint8Array)}`;
    default:
      return `${name}(${item.length}) ${value(msgpackValues.print(item, 0))}`;
  }
}

/** Extension data as `h'…'`, cut (before it is built) to fit MAX_VALUE_CHARS. */
function dataText(data: Uint8Array): string {
  const shown = Math.floor((MAX_VALUE_CHARS - 4) / 2);
  const cut = data.length > shown;
  return `h'${Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, shown)).toString('hex')}${cut ? '…' : ''}'`;
}

/** A timestamp as RFC 3339 with its nanoseconds (`2018-01-02T03:04:05.678901234Z`), or its data when it is not valid. */
function timestampText(item: MsgpackItem): string {
  const data = item.value as Uint8Array;
  let time: Timestamp;
  try {
    if (data.length !== 4 && data.length !== 8 && data.length !== 12) throw new RangeError('not 4, 8 or 12 bytes');
    time = decodeMsgpack(Uint8Array.of(0xc7, data.length, 0xff, ...data), { timestamp: 'object' }) as Timestamp;
  } catch {
    return `(not a timestamp) ${dataText(data)}`;
  }
  const date = typeof time.seconds === 'number' ? new Date(time.seconds * 1000) : new Date(NaN);
  if (Number.isNaN(date.getTime())) return `timestamp ${String(time.seconds)} s ${time.nanoseconds} ns`;
  const fraction = time.nanoseconds === 0 ? '' : `.${String(time.nanoseconds).padStart(9, '0')}`;
  return `timestamp ${date.toISOString().replace('.000Z', `${fraction}Z`)}`;
}

function value(text: string): string {
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}
