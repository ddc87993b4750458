/**
 * CBOR diagnostic notation (RFC 8949 §8): a human-readable text for any well-formed CBOR item,
 * exactly as RFC 8949 Appendix A writes it by default:
 *
 *   0  -1  18446744073709551616 (tag 2/3 bignums up to 64 bytes are written as the number)
 *   1.0  -0.0  1.0e+300  5.960464477539063e-8  Infinity  NaN  (shortest round-trip digits, ".0" added)
 *   h'01020304'  "IETF"  "\u00fc"  (text as a JSON string, everything outside ASCII as \u escapes)
 *   [1, [2, 3]]  {"a": 1, "b": [2, 3]}  {1: 2}  0("2013-03-21T20:04:00Z")  simple(16)  undefined
 *   (_ h'0102', h'030405')  (_ "strea", "ming")  [_ 1, 2]  {_ "a": 1}  [_ ]  (indefinite lengths)
 *
 * `encodingIndicators: true` adds the RFC 8949 §8.1 indicators that pin the encoding down:
 * `_0`.. `_3` after an integer, string, tag number or opening bracket whose head used additional
 * information 24..27 (`24_0`, `1_1`, `"a"_0`, `[_0 1]`, `24_0(h'…')`), `_1`/`_2`/`_3` after every
 * float for half/single/double (`1.5_1`), bignums kept as `2(h'…')`, and `''_`/`""_` for empty
 * indefinite strings. Immediate values (additional information 0..23) carry no indicator.
 *
 * `indent: n` puts each element of a non-empty array or map on its own line, n spaces per level.
 * `sequence: true` reads an RFC 8742 CBOR sequence and separates its items with ", ".
 *
 * Bounded like the decoders: `maxDepth` (512) nesting levels, `maxItems` (1,000,000) items, and
 * the input checked as the decoder checks it (well-formed, strict UTF-8, no trailing bytes).
 * Every failure is a `DecodeError` with a code and the byte offset.
 */
import { Reader } from '../reader.js';
import { DecodeError, ErrorCode } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Major } from './constants.js';
import { readItemTree, type CborItem, type ItemLimits } from './item-tree.js';

export type { CborItem, ItemLimits };

export interface DiagnosticOptions {
  /** Spaces per nesting level; 0 or absent: everything on one line. */
  indent?: number;
  /** Add RFC 8949 §8.1 encoding indicators (`1_1`, `1.5_1`, `[_0 …]`). */
  encodingIndicators?: boolean;
  /** Read an RFC 8742 sequence of items (", "-separated) instead of exactly one item. */
  sequence?: boolean;
  /** Most nesting levels (default 512). */
  maxDepth?: number;
  /** Most items in all, strings' chunks included (default 1,000,000). */
  maxItems?: number;
}

/** Largest bignum (tags 2/3) content written as a decimal number; longer ones stay `2(h'…')`. */
const MAX_BIGNUM_BYTES = 64;
export const DEFAULT_MAX_ITEMS = 1_000_000;

/** The diagnostic notation of `bytes` (one item, or a sequence with `sequence: true`). */
export function toDiagnostic(bytes: Uint8Array, options: DiagnosticOptions = {}): string {
  const reader = new Reader('cbor', bytes);
  const limits: ItemLimits = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, itemsLeft: options.maxItems ?? DEFAULT_MAX_ITEMS };
  const printer = new DiagnosticPrinter(options);
  const parts: string[] = [];
  // RFC 8742: a sequence may be empty; a single item may not.
  if (options.sequence !== true) parts.push(printer.print(readTree(reader, limits), 0));
  else while (reader.pos < reader.end) parts.push(printer.print(readTree(reader, limits), 0));
  if (reader.pos !== reader.end) reader.fail(ErrorCode.TrailingBytes, `${reader.end - reader.pos} bytes after the item`);
  return parts.join(', ');
}

/** `readItemTree` with an engine stack overflow (only reachable with a huge `maxDepth`) as `too-deep`. */
export function readTree(reader: Reader, limits: ItemLimits): CborItem {
  try {
    return readItemTree(reader, limits.maxDepth, limits);
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeError('cbor', ErrorCode.TooDeep, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/** Prints `CborItem` trees; also used by `binschema inspect` for one item's value. */
export class DiagnosticPrinter {
  private readonly indent: number;
  private readonly exact: boolean;
  constructor(options: Pick<DiagnosticOptions, 'indent' | 'encodingIndicators'> = {}) {
    this.indent = Math.max(0, Math.floor(options.indent ?? 0));
    this.exact = options.encodingIndicators === true;
  }

  /** The notation of `item`, at nesting `level` (for the indentation of its inner lines). */
  print(item: CborItem, level: number): string {
    switch (item.major) {
      case Major.Unsigned:
      case Major.Negative:
        return `${String(item.value)}${this.width(item)}`;
      case Major.Bytes:
      case Major.Text:
        return item.children === undefined ? this.string(item) : this.chunks(item);
      case Major.Array:
        return this.container(item, '[', ']', level);
      case Major.Map:
        return this.container(item, '{', '}', level);
      case Major.Tag:
        return this.tag(item, level);
      default:
        return this.simple(item);
    }
  }

  /** RFC 8949 §8.1: `_n` when the head used additional information 24 + n. */
  private width(item: CborItem): string {
    return this.exact && item.info >= 24 && item.info <= 27 ? `_${item.info - 24}` : '';
  }

  private string(item: CborItem): string {
    const value = item.value as string | Uint8Array;
    const text = typeof value === 'string' ? quoteText(value) : `h'${hex(value)}'`;
    return text + this.width(item);
  }

  /** RFC 8949 §8.1: `(_ "strea", "ming")`; an empty one is `''_` or `""_` (no chunks to list). */
  private chunks(item: CborItem): string {
    const chunks = item.children as CborItem[];
    if (chunks.length === 0) return item.major === Major.Bytes ? "''_" : '""_';
    return `(_ ${chunks.map((chunk) => this.string(chunk)).join(', ')})`;
  }

  private container(item: CborItem, open: string, close: string, level: number): string {
    const children = item.children as CborItem[];
    const marker = item.argument === -1 ? '_ ' : this.exact && item.info >= 24 ? `_${item.info - 24} ` : '';
    const entries: string[] = [];
    const step = item.major === Major.Map ? 2 : 1;
    for (let index = 0; index < children.length; index += step) {
      const element = this.print(children[index], level + 1);
      entries.push(step === 2 ? `${element}: ${this.print(children[index + 1], level + 1)}` : element);
    }
    if (entries.length === 0) return `${open}${marker}${close}`;
    if (this.indent === 0) return `${open}${marker}${entries.join(', ')}${close}`;
    const inner = ' '.repeat(this.indent * (level + 1));
    return `${open}${marker.trimEnd()}\n${inner}${entries.join(`,\n${inner}`)}\n${' '.repeat(this.indent * level)}${close}`;
  }

  private tag(item: CborItem, level: number): string {
    const content = (item.children as CborItem[])[0];
    const tag = item.argument;
    if (!this.exact && (tag === 2 || tag === 3) && isBignumContent(content)) {
      // RFC 8949 Appendix A writes bignums as the number they stand for (§3.4.3).
      const magnitude = BigInt(`0x0${hex(content.value as Uint8Array)}`);
      return String(tag === 2 ? magnitude : -1n - magnitude);
    }
    return `${String(tag)}${this.width(item)}(${this.print(content, level)})`;
  }

  private simple(item: CborItem): string {
    switch (item.info) {
      case 20:
        return 'false';
      case 21:
        return 'true';
      case 22:
        return 'null';
      case 23:
        return 'undefined';
      case 25:
      case 26:
      case 27:
        return `${formatFloat(item.value as number)}${this.exact ? `_${item.info - 24}` : ''}`;
      default:
        return `simple(${String(item.value)})`;
    }
  }
}

function isBignumContent(content: CborItem): boolean {
  return content.major === Major.Bytes && content.children === undefined && (content.value as Uint8Array).length <= MAX_BIGNUM_BYTES;
}

/**
 * A float as RFC 8949 Appendix A writes it: the shortest digits that read back to the same
 * double (ECMAScript Number::toString), always with a fraction (`1.0`, `-0.0`, `1.0e+300`).
 */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0.0';
  const text = String(value);
  if (text.includes('.')) return text;
  const exponent = text.indexOf('e');
  return exponent === -1 ? `${text}.0` : `${text.slice(0, exponent)}.0${text.slice(exponent)}`;
}

/** A JSON string with every code unit outside printable ASCII escaped (`"\u00fc"`), as Appendix A. */
export function quoteText(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Lowercase hex of `bytes`, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index++) text += HEX[bytes[index]];
  return text;
}

const HEX: string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
