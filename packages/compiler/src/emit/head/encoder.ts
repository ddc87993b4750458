import type { IrArray, IrLiteral, IrNumber, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { emitCompactObjectWriter, writeIndex } from './compact-writer.js';
import { variantWriters, writeEnumIndex, writeIndexedUnion } from '../compact-layout/writer.js';
import { isIndexedEnum, isPositional } from '../compact-layout/positions.js';
import type { Fail } from '../checks/assertions.js';
import { Code, hexLiteral, js, Lines } from '../module/code.js';
import { ModuleContext } from '../module/context.js';
import type { Name, NameScope } from '../module/names.js';
import { emitObjectWriter, type ObjectEncoding, type ObjectWritePlan } from '../specialised/object-writer.js';
import { EncoderEmitter } from '../specialised/encoder.js';
import type { HeadWire } from './wire.js';
import type { VariantFunctions } from '../compact-layout/variant-functions.js';

/**
 * Emits the encoders of a head format (CBOR, MessagePack: `wire.ts`) on the shared skeleton
 * (`specialised/encoder.ts`). What they fix at compile time: null and booleans, pre-encoded text
 * strings, keys and map heads. A format gives its wire table and how it writes numbers and
 * values of unknown shape.
 */
export class HeadEncoderEmitter extends EncoderEmitter {
  protected readonly formatName: string;

  constructor(
    context: ModuleContext,
    readonly wire: HeadWire,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
    /** Keys in the format's canonical order (CBOR RFC 8949 §4.2.1 deterministic mode): `wire.planObject` gives the order. */
    readonly sortKeys = false,
  ) {
    super(context);
    this.formatName = wire.name;
    this.variantWriters = variantWriters(this, wire.name, (object, scope, lines, index) => emitCompactObjectWriter(this, this.objectEncoding(), object, scope, lines, index));
  }

  /** Compact layout: the function that writes a union's variant `index` (the object `object`), one per pair. */
  private readonly variantWriters: VariantFunctions;

  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitCompactObjectWriter(this, this.objectEncoding(), node, scope, lines);
    else emitObjectWriter(this, this.objectEncoding(), node, scope, lines);
  }

  textItem(text: string): Uint8Array {
    return this.wire.text(text);
  }

  /** Compact layout: enums as their index. */
  protected override writeLiteral(node: IrLiteral, value: Code, fail: Fail, lines: Lines, depth: Code, token?: string): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) writeEnumIndex(this, node, value, fail, lines, (index, inner) => writeIndex(this, index, inner));
    else super.writeLiteral(node, value, fail, lines, depth, token);
  }

  /** Compact layout: discriminated unions as `[variantIndex, …fields]`; others as in the map layout, where that stays unambiguous (`compact-layout/unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    if (this.layout !== 'compact' || !writeIndexedUnion(this, node, scope, lines, this.variantWriters)) super.emitUnion(node, scope, lines);
  }

  /** Maps: a head with the entry count; keys in canonical order when `sortKeys`. */
  private objectEncoding(): ObjectEncoding {
    return {
      plan: (node) => this.planObject(node),
      writeStart: (count: Name, lines: Lines) => lines.line(js`${this.wire.writeMapHead(this.context, count)};`),
      writeEnd: () => {},
      keyWriter: 'writeText',
      sortKeys: this.sortKeys,
      reservedLocals: ['next'],
    };
  }

  /** A fixed property set (all required, nothing else allowed) writes its map head merged with the first key. */
  private planObject(node: IrObject): ObjectWritePlan {
    const plan = this.wire.planObject(node);
    if (plan.fixedHead === undefined || plan.writeOrder.length === 0) return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart: undefined };
    const first = node.properties[plan.writeOrder[0]];
    const mergedStart = {
      bytes: Uint8Array.from([...plan.fixedHead, ...plan.keys[plan.writeOrder[0]]]),
      constantName: `head ${node.properties.length} ${first.name}`,
      what: `map head (${node.properties.length}), key ${JSON.stringify(first.name)}`,
    };
    return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart };
  }

  protected writeNull(lines: Lines): void {
    lines.line(js`writer.u8(${hexLiteral(this.wire.nullByte)});`);
  }

  protected writeBoolean(value: Code, lines: Lines): void {
    lines.line(js`writer.u8(${value} ? ${hexLiteral(this.wire.trueByte)} : ${hexLiteral(this.wire.falseByte)});`);
  }

  /**
   * The format's number writer (the runtime's `writeNumber`, smallest integer form or float64;
   * MessagePack `largeIntegers: 'float64'`: `writeNumberLargeAsFloat64`).
   */
  protected writeNumber(_node: IrNumber, value: Code, lines: Lines): void {
    lines.line(js`${this.context.runtime(this.context.largeIntegers === 'float64' ? 'writeNumberLargeAsFloat64' : 'writeNumber')}(writer, ${value});`);
  }

  protected writeString(value: Code, lines: Lines): void {
    lines.line(js`${this.context.runtime('writeText')}(writer, ${value});`);
  }

  /** The settings of `writeAny` with `depth` nesting levels left: they carry over, so deep values fail where the generic encoder's do. */
  anyOptions(depth: Code): Code {
    return js`${this.context.use(this.context.largeIntegers === 'float64' ? 'anyFloat64SettingsAt' : 'anySettingsAt')}(${depth})`;
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    const array = this.beginArray(node, scope, lines);
    lines.line(js`${this.wire.writeArrayHead(this.context, array.length)};`);
    this.writeItems(node, array, scope, lines);
  }
}

