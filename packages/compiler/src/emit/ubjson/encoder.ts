import type { IrArray, IrLiteral, IrNumber, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { Marker } from '@binschema/runtime/ubjson';
import { Code, comment, hexLiteral, js, Lines } from '../module/code.js';
import { fixedInteger, planUbjsonObject, typedArrayItems, ubjsonKey, type FixedInteger } from '../../plan/ubjson.js';
import { numberChecks, type Fail } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { emitObjectWriter, type ObjectEncoding, type ObjectWritePlan } from '../specialised/object-writer.js';
import { EncoderEmitter } from '../specialised/encoder.js';
import type { ModuleContext } from '../module/context.js';
import { emitUbjsonCompactObjectWriter, writeUbjsonIndex } from './compact-writer.js';
import { variantWriters, writeEnumIndex, writeIndexedUnion } from '../compact-layout/writer.js';
import { isIndexedEnum, isPositional } from '../compact-layout/positions.js';

/**
 * Emits UBJSON encoders on the shared skeleton (`specialised/encoder.ts`). What UBJSON fixes at
 * compile time: `Z`/`T`/`F`, pre-encoded `S` strings and keys, integer markers a range fixes, and
 * `[$<type>#<count>` for arrays of such integers.
 */
export class UbjsonEncoderEmitter extends EncoderEmitter {
  protected readonly formatName = 'UBJSON';

  constructor(
    context: ModuleContext,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
  ) {
    super(context);
  }

  /** Compact layout: the function that writes a union's variant `index` (the object `object`), one per pair. */
  private readonly variantWriters = variantWriters(this, 'UBJSON', (object, scope, lines, index) => emitUbjsonCompactObjectWriter(this, this.objectEncoding, object, scope, lines, index));

  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitUbjsonCompactObjectWriter(this, this.objectEncoding, node, scope, lines);
    else emitObjectWriter(this, this.objectEncoding, node, scope, lines);
  }

  /** `S`, the length and UTF-8 (value-types.html#string). */
  textItem(text: string): Uint8Array {
    return Uint8Array.from([Marker.String, ...ubjsonKey(text)]);
  }

  /** Compact layout: enums as their index. */
  protected override writeLiteral(node: IrLiteral, value: Code, fail: Fail, lines: Lines, depth: Code, token?: string): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) writeEnumIndex(this, node, value, fail, lines, (index, inner) => writeUbjsonIndex(this, index, inner));
    else super.writeLiteral(node, value, fail, lines, depth, token);
  }

  /** Compact layout: discriminated unions as `[variantIndex, …fields]` or `{"variantIndex": sparse object}`; others as in the map layout, where that stays unambiguous (`compact-layout/unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    if (this.layout !== 'compact' || !writeIndexedUnion(this, node, scope, lines, this.variantWriters)) super.emitUnion(node, scope, lines);
  }

  /** container-types.html#object: `{`, entries in schema order, `}`; no count needed. */
  private readonly objectEncoding: ObjectEncoding = {
    plan: (node) => planObject(node),
    writeStart: (_count, lines) => lines.line(js`writer.u8(${hexLiteral(Marker.ObjectStart)}); // {`),
    writeEnd: (lines) => lines.line(js`writer.u8(${hexLiteral(Marker.ObjectEnd)}); // }`),
    keyWriter: 'writeKey',
    sortKeys: false,
    reservedLocals: [],
  };

  protected writeNull(lines: Lines): void {
    lines.line(js`writer.u8(${hexLiteral(Marker.Null)}); // Z`);
  }

  protected writeBoolean(value: Code, lines: Lines): void {
    lines.line(js`writer.u8(${value} ? ${hexLiteral(Marker.True)} : ${hexLiteral(Marker.False)}); // T or F`);
  }

  protected writeNumber(node: IrNumber, value: Code, lines: Lines): void {
    const fixed = fixedInteger(node);
    if (fixed === undefined) {
      lines.line(js`${this.context.use('writeNumberItem')}(writer, ${value});`);
      return;
    }
    // -0 is a float in UBJSON (the generic encoder writes `D` to keep its sign), never a fixed integer.
    lines.ifElse(js`${value} === 0 && 1 / ${value} < 0`, (negativeZero) => negativeZero.line(js`${this.context.use('writeNumberItem')}(writer, ${value});`), (integer) =>
      this.writeFixedInteger(fixed, value, true, integer),
    );
  }

  protected writeString(value: Code, lines: Lines): void {
    lines.line(js`${this.context.runtime('writeString')}(writer, ${value});`);
  }

  /**
   * The options of `writeAny`: the nesting levels left, so deep values fail where the generic
   * encoder's do. One object per depth, reused: the runtime keeps an encoder per options object.
   */
  anyOptions(depth: Code): Code {
    return js`${this.context.use('anyOptionsAt')}(${depth})`;
  }

  /**
   * A checked integer with the marker its range fixes (`withMarker`), or only its payload (inside
   * a typed container). The range was checked just before, so the payload always fits.
   */
  writeFixedInteger(fixed: FixedInteger, value: Code, withMarker: boolean, lines: Lines): void {
    const size = fixed.size + (withMarker ? 1 : 0);
    const why = `the schema's range fits ${fixed.name} (${fixed.min}..${fixed.max})`;
    lines.line(js`writer.ensure(${size});`);
    if (withMarker) lines.line(js`writer.uint8[writer.pos++] = ${hexLiteral(fixed.marker)}; ${comment(`${String.fromCharCode(fixed.marker)}: ${why}`)}`);
    if (fixed.size === 2) lines.line(js`writer.uint8[writer.pos++] = ${value} >> 8;`);
    lines.line(js`writer.uint8[writer.pos++] = ${value};`);
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    const array = this.beginArray(node, scope, lines);
    const { items, length } = array;
    const typed = typedArrayItems(node);
    const optimized = scope.claim('optimized');
    if (typed !== undefined) {
      // container-types.html#optimized: every item has the marker the item range fixes, so it is
      // written once in the header and the items are payloads only. A -0 item has to stay a
      // float (`D`, as the generic encoder writes it), so such an array is written plainly.
      lines.line(js`const ${optimized} = !${this.context.use('hasNegativeZero')}(${items});`);
      lines.ifElse(
        optimized,
        (body) => {
          this.writeConstant(Uint8Array.from([Marker.ArrayStart, Marker.Type, typed.marker, Marker.Count]), `typed array ${typed.name}`, `UBJSON typed array header [$${String.fromCharCode(typed.marker)}# (${typed.name} items), the count follows`, body);
          body.line(js`${this.context.runtime('writeInt')}(writer, ${length});`);
        },
        (body) => body.line(js`writer.u8(${hexLiteral(Marker.ArrayStart)}); // [`),
      );
    } else {
      lines.line(js`writer.u8(${hexLiteral(Marker.ArrayStart)}); // [`);
    }
    const typedItem = (item: Name, loop: Lines): void => {
      const itemNode = node.items as IrNumber;
      numberChecks(this.context, itemNode, item, this.failWith(itemNode, undefined), loop, true);
      loop.ifElse(optimized, (payload) => this.writeFixedInteger(typed!, item, false, payload), (plain) => plain.line(js`${this.context.use('writeNumberItem')}(writer, ${item});`));
    };
    this.writeItems(node, array, scope, lines, typed === undefined ? undefined : typedItem);
    if (typed === undefined) lines.line(js`writer.u8(${hexLiteral(Marker.ArrayEnd)}); // ]`);
    else lines.line(js`if (!${optimized}) writer.u8(${hexLiteral(Marker.ArrayEnd)}); // ]`);
  }
}

/** When the first property is required, `{` and its key are one constant. */
function planObject(node: IrObject): ObjectWritePlan {
  const plan = planUbjsonObject(node);
  if (!plan.mergeOpen) return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart: undefined };
  const first = node.properties[plan.writeOrder[0]];
  const mergedStart = {
    bytes: Uint8Array.from([Marker.ObjectStart, ...plan.keys[plan.writeOrder[0]]]),
    constantName: `open ${first.name}`,
    what: `{ and key ${JSON.stringify(first.name)}`,
  };
  return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart };
}

