import type { IrArray, IrLiteral, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import type { ModuleContext } from '../module/context.js';
import { emitIndexedUnionReader, emitUbjsonCompactObjectReader, readUbjsonEnumIndex } from './compact-reader.js';
import { variantReaders } from '../compact-layout/reader.js';
import { isIndexedEnum, isPositional } from '../compact-layout/positions.js';
import { compactUnion } from '../compact-layout/unions.js';
import { Marker } from '@binschema/runtime/ubjson';
import type { JsonType } from '../../plan/shape.js';
import { Code, hexLiteral, joinCode, js, Lines, literal, typed } from '../module/code.js';
import { markersOfJsonType, ubjsonKey } from '../../plan/ubjson.js';
import { keyDoc } from '../module/text-table.js';
import { hasArrayChecks } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { ubjsonObjectDecoding } from './object-decoding.js';
import { emitObjectReader } from '../specialised/object-reader.js';
import { DecoderEmitter, type TryHooks, type TypeDispatch } from '../specialised/decoder.js';

/** The marker parameter of every read function. */
const MARKER = new Code('marker');

/**
 * Emits UBJSON decoders on the shared skeleton (`specialised/decoder.ts`): read functions take
 * `(reader, depth, marker)`, the value's marker already consumed: read from the input, or the type
 * of an optimized container (`$`), so plain and typed containers share the item code. They accept
 * every valid encoding of a conforming value (any integer marker that holds it, `d`/`D`, `C` for
 * strings, optimized and plain containers, no-ops where the generic decoder skips them, keys in
 * any order) and check every assertion.
 */
export class UbjsonDecoderEmitter extends DecoderEmitter {
  protected readonly formatName = 'UBJSON';
  protected readonly ownMarker = MARKER;
  protected readonly tooDeepAt = new Code('reader');
  /** The value's marker, or the payload in a typed container. */
  protected readonly itemStart = new Code('reader.pos - 1');

  constructor(
    context: ModuleContext,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
  ) {
    super(context);
  }

  /** Compact layout: the function that reads a union's variant `index` (the object `object`), one per pair. */
  private readonly variantReaders = variantReaders(this, 'UBJSON', ['marker: number'], (object, scope, lines, index) => emitUbjsonCompactObjectReader(this, object, scope, lines, index));

  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitUbjsonCompactObjectReader(this, node, scope, lines);
    else emitObjectReader(this, ubjsonObjectDecoding(this), node, scope, lines);
  }

  /** Compact layout: enums from their index. */
  protected override readLiteral(node: IrLiteral, target: Code, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) readUbjsonEnumIndex(this, node, target, scope, lines, marker ?? MARKER);
    else super.readLiteral(node, target, scope, lines, depth, marker);
  }

  /** Compact layout: discriminated unions from `[variantIndex, …fields]` or `{"variantIndex": sparse object}`, others by their wire types (`compact-layout/unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    const plan = this.layout === 'compact' ? compactUnion(node, this.context.definitions) : undefined;
    if (plan?.kind === 'indexed') emitIndexedUnionReader(this, node, plan.objects, scope, lines, (object, index) => this.variantReaders.of(object, index));
    else super.emitUnion(node, scope, lines, plan);
  }

  protected readAnyExpression(depth: Code, marker: Code | undefined): Code {
    return js`${this.context.use('readAnyValue')}(reader, ${marker ?? MARKER}, ${depth})`;
  }

  protected discriminatorKey(property: string): { bytes: Uint8Array; doc: string } {
    return { bytes: ubjsonKey(property), doc: keyDoc(property) };
  }

  /** A union's `start` is after the marker: a variant read from there gets the same marker. */
  protected unionStartOffset(start: Name): Code {
    return js`${start} - 1`;
  }

  protected typeDispatch(): TypeDispatch {
    return {
      test: (types) => markerTest(types, MARKER),
      found: MARKER,
      // The variant's test let through only its own markers (T/F, Z), already read.
      decided: (node) => {
        if (node.checks !== undefined || (node.kind !== 'boolean' && node.kind !== 'null')) return undefined;
        return node.kind === 'boolean' ? js`return ${MARKER} === ${hexLiteral(Marker.True)};` : js`return null;`;
      },
    };
  }

  /** Each attempt reads the same bytes: payload-free elements count once, as in one generic read. */
  protected override tryHooks(scope: NameScope, lines: Lines): TryHooks {
    const budget = scope.claim('budget');
    const budgetAfter = scope.claim('budgetAfter');
    const shared = this.context.use('BUDGET');
    lines.line(js`const ${budget} = ${shared}.left;`);
    lines.line(js`let ${budgetAfter} = ${budget};`);
    return {
      beforeAttempt: (attempt) => attempt.line(js`${shared}.left = ${budget};`),
      onFirstMatch: [js`${budgetAfter} = ${shared}.left;`],
      afterAttempts: (after) => after.line(js`${shared}.left = ${budgetAfter};`),
    };
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    const path = literal(node.schemaPath);
    lines.line(js`if (marker !== ${hexLiteral(Marker.ArrayStart)}) throw ${this.context.use('expectedType')}(reader, 'array', marker, ${path});`);
    const [count, type, items, index, item, itemMarker] = ['count', 'elementType', 'items', 'index', 'item', 'itemMarker'].map((name) => scope.claim(name));
    // Only arrays with checks after their items (`hasArrayChecks`) report at their start (the marker's offset).
    const start = hasArrayChecks(node) ? scope.claim('start') : undefined;
    if (start !== undefined) lines.line(js`const ${start} = reader.pos - 1;`);
    // The nesting limit and the head in one runtime call.
    lines.line(js`const ${count} = ${this.context.use('readArrayStart')}(reader, depth, ${path});`);
    lines.line(js`const ${type} = ${this.context.use('CONTAINER')}.type;`);
    const numbers = this.readNumberItems(node, [new Code('reader'), count, type]);
    if (numbers !== undefined) {
      lines.line(js`const ${typed(items, this.type(node))} = ${numbers};`);
      this.finishArray(node, start, items, lines);
      return;
    }
    const tuple = node.prefixItems.length > 0;
    lines.line(js`const ${typed(items, tuple ? new Code('unknown[]') : this.type(node))} = [];`);
    // The item marker is read in the loop, not through a shared runtime helper, and each branch
    // tests the count itself. Real bench (3 runs a side): numbers decode +10%, tokens -14%, the
    // rest within noise; one count test at the top of the loop was ~9% slower again.
    const atCount = js`if (${index} === ${count}) break;`;
    lines.block(js`for (let ${index} = 0; ; ${index}++)`, (body) => {
      body.line(js`let ${typed(itemMarker, new Code('number'))};`);
      // A typed element has no marker: `CONTAINER.implied` records where it starts, for failure offsets (runtime `atValue`).
      body.ifElse(js`${type} === 0`, (read) => {
        read.line(atCount);
        read.block(js`do`, (next) => {
          next.line(js`if (reader.pos >= reader.end) reader.failEnd(1);`);
          next.line(js`${itemMarker} = reader.uint8[reader.pos++];`);
        }, js`} while (${itemMarker} === ${hexLiteral(Marker.NoOp)});`);
        read.line(js`if (${itemMarker} === ${hexLiteral(Marker.ArrayEnd)} && ${count} < 0) break;`);
      }, (typed) => typed.line(atCount).line(js`${itemMarker} = ${type};`).line(js`${this.context.use('CONTAINER')}.implied = reader.pos;`));
      this.readItems(node, { item, index, marker: itemMarker }, scope, body, js`${items}.push(${item});`);
    });
    this.finishArray(node, start, items, lines);
  }
}

/** A test on a UBJSON marker for values that can carry one of the JSON types. */
function markerTest(types: Set<JsonType>, marker: Code): Code {
  const markers = new Set<number>();
  for (const type of types) for (const byte of markersOfJsonType[type]) markers.add(byte);
  if (markers.size === 0) return new Code('false');
  return joinCode([...markers].sort((a, b) => a - b).map((byte) => js`${marker} === ${hexLiteral(byte)}`), ' || ');
}
