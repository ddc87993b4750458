/**
 * UBJSON notation: CBOR diagnostic notation (RFC 8949 §8) carried over to UBJSON Draft 12, so
 * one reader of both formats sees the same text for the same data:
 *
 *   null  true  false  -5  300  1.5  -0.0  NaN  Infinity   (floats as RFC 8949 Appendix A)
 *   "text"  "\u00fc"  (S and C both as JSON strings, non-ASCII as \u escapes)
 *   12345678901234567890.5  (H: its JSON number text, unchanged)
 *   h'0102'  ([$U#n, the binary form of binary-data.html)
 *   [1, 2]  {"a": 1}  (every container form alike; no-ops are not shown)
 *
 * `encodingIndicators: true` makes the encoding exact with the marker letters:
 *   a marked scalar other than null/true/false (one encoding each) gets `_` + its marker: `-5_i`, `300_I`, `1.5_d`, `1.5_D`, `"a"_C`;
 *   strings and H add their length marker: `"ab"_SU`, `1.5_HU`; a key its length marker: `"a"_U`;
 *   containers show their optimized header after the bracket: `[#U 1, 2]`, `[$i#U 1, 2]`, and
 *   typed elements have no marker of their own, so no suffix: `[$U#U h'0102']`.
 *
 * Options, limits and errors are those of the CBOR `toDiagnostic` (`indent`, `sequence`,
 * `maxDepth` 512, `maxItems` 1,000,000, `maxOutput` 64 Mi characters; strict input; every
 * failure a `DecodeError`).
 */
import { Reader } from '../reader.js';
import { DecodeError, TOO_DEEP } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { DEFAULT_MAX_ITEMS, bytesLeaf, layOut, textLeaf, type DiagnosticOptions, type PrinterOptions } from '../cbor/diagnostic.js';
import { DEFAULT_MAX_OUTPUT, OutputBudget, formatFloat } from '../cbor/diagnostic-text.js';
import { Marker } from './constants.js';
import { readUbjsonTree, type UbjsonItem, type UbjsonItemLimits } from './item-tree.js';

export type { UbjsonItem, UbjsonItemLimits };

/** The UBJSON notation of `bytes` (one value, or a sequence of values with `sequence: true`). */
export function toDiagnostic(bytes: Uint8Array, options: DiagnosticOptions = {}): string {
  const reader = new Reader('ubjson', bytes);
  const limits: UbjsonItemLimits = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, itemsLeft: options.maxItems ?? DEFAULT_MAX_ITEMS };
  const printer = new UbjsonPrinter(options);
  const parts: string[] = [];
  // RFC 8742: a sequence may be empty; a single item may not.
  if (options.sequence !== true) parts.push(printer.print(readUbjsonItem(reader, limits), 0));
  else while (reader.pos < reader.end) parts.push(printer.print(readUbjsonItem(reader, limits), 0));
  reader.expectEnd();
  return parts.join(', ');
}

/** `readUbjsonTree` with an engine stack overflow (a huge `maxDepth`) as `too-deep`. */
export function readUbjsonItem(reader: Reader, limits: UbjsonItemLimits): UbjsonItem {
  try {
    return readUbjsonTree(reader, limits.maxDepth, limits);
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeError('ubjson', TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/** Prints `UbjsonItem` trees; also used by `binschema inspect` for one value. */
export class UbjsonPrinter {
  private readonly indent: number;
  private readonly exact: boolean;
  private readonly cut: number | undefined;
  private readonly budget: OutputBudget;
  constructor(options: PrinterOptions = {}) {
    this.indent = Math.max(0, Math.floor(options.indent ?? 0));
    this.exact = options.encodingIndicators === true;
    this.cut = options.cutStrings;
    this.budget = new OutputBudget(options.maxOutput ?? DEFAULT_MAX_OUTPUT, 'ubjson');
  }

  print(item: UbjsonItem, level: number): string {
    if (item.marker === Marker.ArrayStart || item.marker === Marker.ObjectStart) return this.container(item, level);
    return this.scalar(item) + this.suffix(item);
  }

  private scalar(item: UbjsonItem): string {
    const value = item.value;
    switch (item.marker) {
      case Marker.Float32:
      case Marker.Float64:
        return formatFloat(value as number);
      case Marker.HighPrecision:
        return this.budget.leaf((value as string).length, item.offset, () => value as string);
      case -1:
      case Marker.Char:
      case Marker.String:
        return this.budget.leaf((value as string).length, item.offset, () => textLeaf(value as string, this.cut));
      default:
        return String(value);
    }
  }

  /** `_` + marker letters, for marked scalars and keys (exact mode only). */
  private suffix(item: UbjsonItem): string {
    if (!this.exact || item.marker === Marker.Null || item.marker === Marker.True || item.marker === Marker.False) return '';
    const length = item.lengthMarker === undefined ? '' : String.fromCharCode(item.lengthMarker);
    if (item.marker === -1) return `_${length}`;
    return item.marked ? `_${String.fromCharCode(item.marker)}${length}` : '';
  }

  private header(item: UbjsonItem): string {
    if (!this.exact) return '';
    const type = item.typeMarker === -1 ? '' : `$${String.fromCharCode(item.typeMarker as number)}`;
    const count = item.countMarker === -1 ? '' : `#${String.fromCharCode(item.countMarker as number)}`;
    return type + count === '' ? '' : `${type}${count} `;
  }

  private container(item: UbjsonItem, level: number): string {
    const isObject = item.marker === Marker.ObjectStart;
    const header = this.header(item);
    if (item.value instanceof Uint8Array) {
      const bytes = item.value;
      const leaf = this.budget.leaf(bytes.length, item.offset, () => bytesLeaf(bytes, this.cut));
      return this.exact ? `[${header}${leaf}]` : leaf;
    }
    const children = item.children as UbjsonItem[];
    const entries: string[] = [];
    for (let index = 0; index < children.length; index += isObject ? 2 : 1) {
      const element = this.print(children[isObject ? index + 1 : index], level + 1);
      entries.push(isObject ? `${this.print(children[index], level + 1)}: ${element}` : element);
    }
    return layOut(entries, `${isObject ? '{' : '['}${header}`, isObject ? '}' : ']', this.indent, level, this.budget, item.offset);
  }
}
