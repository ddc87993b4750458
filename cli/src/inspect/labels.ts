import { DiagnosticPrinter, type CborItem } from '@binschema/runtime/cbor';
import { UbjsonPrinter, type UbjsonItem } from '@binschema/runtime/ubjson';

/** Longest value shown on a dump line; longer values end in `…` (`--diag` shows them whole). */
export const MAX_VALUE_CHARS = 60;

const CBOR_MAJOR = ['unsigned', 'negative', 'bytes', 'text', 'array', 'map', 'tag', 'simple'];
const FLOAT_WIDTH: Record<number, string> = { 25: 'float16', 26: 'float32', 27: 'float64' };
// Strings are cut before they are quoted: a dump line never builds a long string. No output
// budget: each line is short, and the dump's length is bounded by --max-items.
const cborValues = new DiagnosticPrinter({ cutStrings: MAX_VALUE_CHARS, maxOutput: Infinity });
const ubjsonValues = new UbjsonPrinter({ cutStrings: MAX_VALUE_CHARS, maxOutput: Infinity });

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

function value(text: string): string {
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}
