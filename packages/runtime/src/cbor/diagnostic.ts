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
 * Bounded like the decoders: `maxDepth` (512) nesting levels, `maxItems` (1,000,000) items,
 * `maxOutput` (64 Mi) characters, and the input checked as the decoder checks it (well-formed,
 * strict UTF-8, no trailing bytes).
 * Every failure is a `DecodeError` with a code and the byte offset.
 */
import { Reader } from '../reader.js';
import { DecodeError, TOO_DEEP } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Major } from './constants.js';
import { readItemTree, type CborItem, type ItemLimits } from './item-tree.js';
import { DEFAULT_MAX_OUTPUT, OutputBudget, cutBytes, cutText, formatFloat, hex, quoteText } from './diagnostic-text.js';

export { formatFloat, quoteText, hex, DEFAULT_MAX_OUTPUT };

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
  /** Most characters of output (default 64 Mi); beyond, a `length-limit` error at the item. */
  maxOutput?: number;
}

/** Printer settings: the notation options, an output budget, and for dumps a cut of long strings. */
export interface PrinterOptions extends Pick<DiagnosticOptions, 'indent' | 'encodingIndicators' | 'maxOutput'> {
  /** Cut a string leaf longer than this many characters, ending it in `…` (not notation: for dumps). */
  cutStrings?: number;
}

/** Largest bignum (tags 2/3) content written as a decimal number; longer ones stay `2(h'…')`. */
const MAX_BIGNUM_BYTES = 64;
export const DEFAULT_MAX_ITEMS = 1_000_000;

/** The diagnostic notation of `bytes` (one item, or a sequence with `sequence: true`). */
export function toDiagnostic(bytes: Uint8Array, options: DiagnosticOptions = {}): string {
  const reader = new Reader('cbor', bytes);
  const limits: ItemLimits = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, itemsLeft: options.maxItems ?? DEFAULT_MAX_ITEMS };
  const printer = new DiagnosticPrinter(options, 'cbor');
  const parts: string[] = [];
  // RFC 8742: a sequence may be empty; a single item may not.
  if (options.sequence !== true) parts.push(printer.print(readTree(reader, limits), 0));
  else while (reader.pos < reader.end) parts.push(printer.print(readTree(reader, limits), 0));
  reader.expectEnd();
  return parts.join(', ');
}

/** `readItemTree` with an engine stack overflow (only reachable with a huge `maxDepth`) as `too-deep`. */
export function readTree(reader: Reader, limits: ItemLimits): CborItem {
  try {
    return readItemTree(reader, limits.maxDepth, limits);
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeError('cbor', TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/**
 * Prints `CborItem` trees; also used by `binschema inspect` for one item's value. Its `maxOutput`
 * budget counts everything it prints over its lifetime.
 */
export class DiagnosticPrinter {
  private readonly indent: number;
  private readonly exact: boolean;
  private readonly cut: number | undefined;
  private readonly budget: OutputBudget;
  constructor(options: PrinterOptions = {}, format: 'cbor' | 'ubjson' = 'cbor') {
    this.indent = Math.max(0, Math.floor(options.indent ?? 0));
    this.exact = options.encodingIndicators === true;
    this.cut = options.cutStrings;
    this.budget = new OutputBudget(options.maxOutput ?? DEFAULT_MAX_OUTPUT, format);
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
    const text = this.budget.leaf(value.length, item.offset, () => (typeof value === 'string' ? textLeaf(value, this.cut) : bytesLeaf(value, this.cut)));
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
    return layOut(entries, `${open}${marker}`, close, this.indent, level, this.budget, item.offset);
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

/** `"text"`, or when longer than `cut` characters, its start and `…"`, `cut` characters in all (escapes aside). */
export function textLeaf(value: string, cut: number | undefined): string {
  const shown = cutText(value, cut === undefined || value.length + 2 <= cut ? undefined : Math.max(0, cut - 3));
  return shown.cut ? `${quoteText(shown.text).slice(0, -1)}…"` : quoteText(value);
}

/** `h'0102'`, or when longer than `cut` characters, its start and `…'`, at most `cut` characters in all. */
export function bytesLeaf(value: Uint8Array, cut: number | undefined): string {
  const shown = cutBytes(value, cut === undefined || value.length * 2 + 3 <= cut ? undefined : Math.max(0, Math.floor((cut - 4) / 2)));
  return `h'${hex(shown.bytes)}${shown.cut ? '…' : ''}'`;
}

/**
 * A container's entries between `open` (bracket and any indicator) and `close`: on one line, or
 * with `indent`, one entry a line. Its own characters are taken from `budget` before joining.
 */
export function layOut(entries: string[], open: string, close: string, indent: number, level: number, budget: OutputBudget, offset: number): string {
  if (entries.length === 0) return `${open}${close}`; // `[]`, `[_ ]` (RFC 8949 Appendix A), `[#i ]`
  if (indent === 0) {
    budget.spend(open.length + close.length + 2 * entries.length, offset);
    return `${open}${entries.join(', ')}${close}`;
  }
  const inner = ' '.repeat(indent * (level + 1));
  budget.spend(open.length + close.length + (inner.length + 2) * entries.length + indent * level + 1, offset);
  return `${open.trimEnd()}\n${inner}${entries.join(`,\n${inner}`)}\n${' '.repeat(indent * level)}${close}`;
}

function isBignumContent(content: CborItem): boolean {
  return content.major === Major.Bytes && content.children === undefined && (content.value as Uint8Array).length <= MAX_BIGNUM_BYTES;
}
