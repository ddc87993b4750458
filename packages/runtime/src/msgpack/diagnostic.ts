/**
 * MessagePack notation: CBOR diagnostic notation (RFC 8949 §8) carried over to MessagePack, as
 * for UBJSON, so one reader of all three formats sees the same text for the same data:
 *
 *   null  true  false  -5  300  1.5  -0.0  NaN  Infinity   (floats as RFC 8949 Appendix A)
 *   "text"  "\u00fc"  (a JSON string, non-ASCII as \u escapes)   h'0102'  (bin)
 *   [1, 2]  {"a": 1}  {1: "x"}  ext(5, h'0102')  (an extension: type and data; timestamps too)
 *
 * `encodingIndicators: true` makes the encoding exact: every format other than nil, true, false
 * and the fix formats adds `_` and its spec.md name: `200_uint8`, `-1_int64`, `1.5_float32`,
 * `"a"_str8`, `h'01'_bin8`, `ext(5, h'01')_fixext1`; containers after the bracket:
 * `[_array16 1, 2]`, `{_map32 "a": 1}`.
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
import { Kind, formatName, hasIndicator } from './constants.js';
import { readItemTree, type MsgpackItem, type MsgpackItemLimits } from './item-tree.js';

export type { MsgpackItem, MsgpackItemLimits };

/** The MessagePack notation of `bytes` (one item, or items one after another with `sequence: true`). */
export function toDiagnostic(bytes: Uint8Array, options: DiagnosticOptions = {}): string {
  const reader = new Reader('msgpack', bytes);
  const limits: MsgpackItemLimits = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, itemsLeft: options.maxItems ?? DEFAULT_MAX_ITEMS };
  const printer = new MsgpackPrinter(options);
  const parts: string[] = [];
  if (options.sequence !== true) parts.push(printer.print(readMsgpackItem(reader, limits), 0));
  else while (reader.pos < reader.end) parts.push(printer.print(readMsgpackItem(reader, limits), 0));
  reader.expectEnd();
  return parts.join(', ');
}

/** `readItemTree` with an engine stack overflow (only reachable with a huge `maxDepth`) as `too-deep`. */
export function readMsgpackItem(reader: Reader, limits: MsgpackItemLimits): MsgpackItem {
  try {
    return readItemTree(reader, limits.maxDepth, limits);
  } catch (error) {
    if (error instanceof RangeError) throw new DecodeError('msgpack', TOO_DEEP, 'nesting too deep for the engine stack', reader.pos);
    throw error;
  }
}

/** Prints `MsgpackItem` trees; also used by `binschema inspect` for one item's value. */
export class MsgpackPrinter {
  private readonly indent: number;
  private readonly exact: boolean;
  private readonly cut: number | undefined;
  private readonly budget: OutputBudget;
  constructor(options: PrinterOptions = {}) {
    this.indent = Math.max(0, Math.floor(options.indent ?? 0));
    this.exact = options.encodingIndicators === true;
    this.cut = options.cutStrings;
    this.budget = new OutputBudget(options.maxOutput ?? DEFAULT_MAX_OUTPUT, 'msgpack');
  }

  /** The notation of `item`, at nesting `level` (for the indentation of its inner lines). */
  print(item: MsgpackItem, level: number): string {
    if (item.kind === Kind.Array || item.kind === Kind.Map) return this.container(item, level);
    return this.scalar(item) + this.indicator(item);
  }

  private scalar(item: MsgpackItem): string {
    const value = item.value;
    switch (item.kind) {
      case Kind.Float:
        return formatFloat(value as number);
      case Kind.Str:
        return this.budget.leaf((value as string).length, item.offset, () => textLeaf(value as string, this.cut));
      case Kind.Bin:
        return this.bytes(item);
      case Kind.Ext:
        return `ext(${String(item.type)}, ${this.bytes(item)})`;
      default:
        return String(value);
    }
  }

  private bytes(item: MsgpackItem): string {
    const bytes = item.value as Uint8Array;
    return this.budget.leaf(bytes.length, item.offset, () => bytesLeaf(bytes, this.cut));
  }

  /** `_` and the format's name when `encodingIndicators` is on and the format has one. */
  private indicator(item: MsgpackItem): string {
    return this.exact && hasIndicator(item.first) ? `_${formatName(item.first)}` : '';
  }

  private container(item: MsgpackItem, level: number): string {
    const children = item.children as MsgpackItem[];
    const isMap = item.kind === Kind.Map;
    const entries: string[] = [];
    for (let index = 0; index < children.length; index += isMap ? 2 : 1) {
      const element = this.print(children[index], level + 1);
      entries.push(isMap ? `${element}: ${this.print(children[index + 1], level + 1)}` : element);
    }
    const marker = this.indicator(item);
    return layOut(entries, `${isMap ? '{' : '['}${marker === '' ? '' : `${marker} `}`, isMap ? '}' : ']', this.indent, level, this.budget, item.offset);
  }
}
