import type { IrArray, IrLiteral, IrNode, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { emitCompactObjectReader, emitIndexedUnionReader, readHeadEnumIndex } from './compact-reader.js';
import { variantReaders } from '../compact-layout/reader.js';
import { isIndexedEnum, isPositional } from '../compact-layout/positions.js';
import { compactUnion } from '../compact-layout/unions.js';
import { Code, hexLiteral, js, Lines, literal, typed } from '../module/code.js';
import { keyDoc } from '../module/text-table.js';
import { hasArrayChecks } from '../checks/assertions.js';
import { ModuleContext } from '../module/context.js';
import type { Name, NameScope } from '../module/names.js';
import { headObjectDecoding } from './object-decoding.js';
import { emitObjectReader } from '../specialised/object-reader.js';
import { DecoderEmitter, type TypeDispatch } from '../specialised/decoder.js';
import type { HeadWire } from './wire.js';
import type { VariantFunctions } from '../compact-layout/variant-functions.js';

/**
 * Emits the decoders of a head format (CBOR, MessagePack: `wire.ts`) on the shared skeleton
 * (`specialised/decoder.ts`): read functions take `(reader, depth)` and read the item's head
 * themselves. They accept every valid encoding of a conforming value (any head width, indefinite
 * lengths where the format has them, any float width, keys in any order) and check every
 * assertion, throwing `DecodeError` with the item's offset and schema path.
 */
export class HeadDecoderEmitter extends DecoderEmitter {
  protected readonly formatName: string;
  protected readonly ownMarker = undefined;
  protected readonly tooDeepAt = new Code('reader.pos');
  protected readonly itemStart = new Code('reader.pos');

  constructor(
    context: ModuleContext,
    readonly wire: HeadWire,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
  ) {
    super(context);
    this.formatName = wire.name;
    this.variantReaders = variantReaders(this, wire.name, [], (object, scope, lines, index) => emitCompactObjectReader(this, object, scope, lines, index));
  }

  /** Compact layout: the function that reads a union's variant `index` (the object `object`), one per pair. */
  private readonly variantReaders: VariantFunctions;


  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitCompactObjectReader(this, node, scope, lines);
    else emitObjectReader(this, headObjectDecoding(this), node, scope, lines);
  }

  /** Compact layout: enums from their index. */
  protected override readLiteral(node: IrLiteral, target: Code, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) readHeadEnumIndex(this, node, target, scope, lines);
    else super.readLiteral(node, target, scope, lines, depth, marker);
  }

  /** Compact layout: discriminated unions from `[variantIndex, …fields]`, others by their wire types (`compact-layout/unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    const plan = this.layout === 'compact' ? compactUnion(node, this.context.definitions) : undefined;
    if (plan?.kind === 'indexed') emitIndexedUnionReader(this, node, plan.objects, scope, lines, (object, index) => this.variantReaders.of(object, index));
    else super.emitUnion(node, scope, lines, plan);
  }

  protected readAnyExpression(depth: Code): Code {
    return js`${this.context.runtime('readAny')}(reader, ${depth})`;
  }

  protected discriminatorKey(property: string): { bytes: Uint8Array; doc: string } {
    return { bytes: this.wire.text(property), doc: keyDoc(property) };
  }

  protected unionStartOffset(start: Name): Code {
    return start;
  }

  protected typeDispatch(start: Name, scope: NameScope, lines: Lines): TypeDispatch {
    const initial = scope.claim('initial');
    lines.line(js`if (${start} >= reader.end) reader.failEnd(1);`);
    lines.line(js`const ${initial} = reader.uint8[${start}];`);
    return {
      test: (types) => this.wire.typeTest(types, initial),
      found: start,
      // The variant's test let through only its own simple values (false/true, null): tokens decode +5% (real bench).
      decided: (node: IrNode) => {
        if (node.checks !== undefined || (node.kind !== 'boolean' && node.kind !== 'null')) return undefined;
        const value = node.kind === 'boolean' ? js`${initial} === ${hexLiteral(this.wire.trueByte)}` : new Code('null');
        return js`reader.pos = ${start} + 1;\nreturn ${value};`;
      },
    };
  }

  /** The loop condition over a container's elements or entries: up to `count`, or (indefinite, CBOR) up to the break. */
  moreItems(index: Name, count: Name): Code {
    if (this.wire.breakByte === undefined) return js`${index} < ${count}`;
    return js`${count} < 0 ? !${this.context.use('atBreak')}(reader) : ${index} < ${count}`;
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    this.depthGuard(node, lines);
    // Only arrays with checks after their items (`hasArrayChecks`) report at their start.
    const start = hasArrayChecks(node) ? scope.claim('start') : undefined;
    const count = scope.claim('count');
    const items = scope.claim('items');
    const index = scope.claim('index');
    const item = scope.claim('item');
    if (start !== undefined) lines.line(js`const ${start} = reader.pos;`);
    lines.line(js`const ${count} = ${this.wire.readArrayHead(this.context, literal(node.schemaPath))};`);
    const tuple = node.prefixItems.length > 0;
    const numbers = this.readNumberItems(node, [new Code('reader'), count]);
    if (numbers !== undefined) lines.line(js`const ${typed(items, this.type(node))} = ${numbers};`);
    else {
      // Sized up front when the count is known, within the input's slot budget (`preallocate`):
      // pushing onto [] allocates room for 17 items at the first push and regrows after that.
      lines.line(js`const ${typed(items, tuple ? new Code('unknown[]') : this.type(node))} = ${this.context.use('preallocate')}(reader, ${count});`);
      lines.block(js`for (let ${index} = 0; ${this.moreItems(index, count)}; ${index}++)`, (body) => this.readItems(node, { item, index }, scope, body, js`${items}[${index}] = ${item};`));
    }
    this.finishArray(node, start, items, lines);
  }
}

