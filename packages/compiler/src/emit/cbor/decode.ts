import type { IrArray, IrLiteral, IrNode, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../layout.js';
import { emitCompactObjectReader, emitIndexedUnionReader, readCborEnumIndex } from './decode-compact.js';
import { variantReaders } from '../compact-decode-shared.js';
import { isIndexedEnum, isPositional } from '../compact-positions.js';
import { compactUnion } from '../compact-unions.js';
import type { JsonType } from '../../plan/shape.js';
import { Code, js, joinCode, literal, Lines } from '../code.js';
import { cborText } from '../../plan/cbor.js';
import { keyDoc } from './encode.js';
import { ModuleContext } from '../context.js';
import type { Name, NameScope } from '../names.js';
import { cborObjectDecoding } from './decode-object.js';
import { emitObjectReader } from '../decode-object.js';
import { DecoderEmitter, bytesInPlace, MAX_IN_PLACE_BYTES, type InPlaceText, type TypeDispatch } from '../decode-skeleton.js';

/**
 * Emits CBOR decoders on the shared skeleton (`decode-skeleton.ts`): read functions take
 * `(reader, depth)` and read the item's head themselves. They accept every valid encoding of a
 * conforming value (any head width, indefinite lengths, any float width, keys in any order) and
 * check every assertion, throwing `DecodeError` with the item's offset and schema path.
 */
export class CborDecoderEmitter extends DecoderEmitter {
  protected readonly formatName = 'CBOR';
  protected readonly ownMarker = undefined;
  protected readonly tooDeepAt = new Code('reader.pos');
  protected readonly itemStart = new Code('reader.pos');

  constructor(
    context: ModuleContext,
    readonly deterministic: boolean,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
  ) {
    super(context);
  }

  /** Compact layout: the function that reads a union's variant `index` (the object `object`), one per pair. */
  private readonly variantReaders = variantReaders(this, 'CBOR', [], (object, scope, lines, index) => emitCompactObjectReader(this, object, scope, lines, index));

  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitCompactObjectReader(this, node, scope, lines);
    else emitObjectReader(this, cborObjectDecoding(this), node, scope, lines);
  }

  /** Compact layout: enums from their index. */
  protected override readLiteral(node: IrLiteral, target: Code, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) readCborEnumIndex(this, node, target, scope, lines);
    else super.readLiteral(node, target, scope, lines, depth, marker);
  }

  /** Compact layout: discriminated unions from `[variantIndex, …fields]`, others by their wire types (`compact-unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    const plan = this.layout === 'compact' ? compactUnion(node, this.context.definitions) : undefined;
    if (plan?.kind === 'indexed') emitIndexedUnionReader(this, node, plan.objects, scope, lines, (object, index) => this.variantReaders.of(object, index));
    else super.emitUnion(node, scope, lines, plan);
  }

  protected readAnyExpression(depth: Code): Code {
    return js`${this.context.runtime('readAny')}(reader, ${depth})`;
  }

  /** The head and UTF-8 from the item's start (RFC 8949 §4.2.1 shortest head). */
  protected override textInPlace(text: string, _marker: Code | undefined, uint8: Name, offset: Name): InPlaceText | undefined {
    const bytes = cborText(text);
    if (bytes.length > MAX_IN_PLACE_BYTES) return undefined;
    return { text, test: js`${offset} + ${bytes.length} <= reader.end && ${bytesInPlace(uint8, offset, bytes, 0)}`, end: js`${offset} + ${bytes.length}` };
  }

  protected discriminatorKey(property: string): { bytes: Uint8Array; doc: string } {
    return { bytes: cborText(property), doc: keyDoc(property) };
  }

  protected unionStartOffset(start: Name): Code {
    return start;
  }

  protected typeDispatch(start: Name, scope: NameScope, lines: Lines): TypeDispatch {
    const initial = scope.claim('initial');
    lines.line(js`if (${start} >= reader.end) reader.failEnd(1);`);
    lines.line(js`const ${initial} = reader.uint8[${start}];`);
    return {
      test: (types) => initialTest(types, initial),
      found: start,
      // The variant's test let through only its own simple values (0xf4/0xf5, 0xf6): tokens decode +5% (real bench).
      decided: (node) => {
        if (node.checks !== undefined || (node.kind !== 'boolean' && node.kind !== 'null')) return undefined;
        const value = node.kind === 'boolean' ? js`${initial} === 0xf5` : new Code('null');
        return js`reader.pos = ${start} + 1;\nreturn ${value};`;
      },
    };
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    this.depthGuard(node, lines);
    const start = scope.claim('start');
    const count = scope.claim('count');
    const items = scope.claim('items');
    const index = scope.claim('index');
    const item = scope.claim('item');
    lines.line(js`const ${start} = reader.pos;`);
    lines.line(js`const ${count} = ${this.context.use('readContainerHead')}(reader, 4, ${literal(node.schemaPath)});`);
    const tuple = node.prefixItems.length > 0;
    // Sized up front when the count is known, within the input's slot budget (`preallocate`):
    // pushing onto [] allocates room for 17 items at the first push and regrows after that.
    lines.line(js`const ${items}: ${tuple ? new Code('unknown[]') : this.type(node)} = ${this.context.use('preallocate')}(reader, ${count});`);
    const loop = js`for (let ${index} = 0; ${count} < 0 ? !${this.context.use('atBreak')}(reader) : ${index} < ${count}; ${index}++)`;
    lines.block(loop, (body) => this.readItems(node, { item, index }, scope, body, js`${items}[${index}] = ${item};`));
    this.finishArray(node, start, items, lines);
  }
}

/** A test on a CBOR initial byte for items that can carry one of the JSON types. */
function initialTest(types: Set<JsonType>, initial: Code): Code {
  const tests: Code[] = [];
  if (types.has('null')) tests.push(js`${initial} === 0xf6`);
  if (types.has('boolean')) tests.push(js`${initial} === 0xf4 || ${initial} === 0xf5`);
  if (types.has('number') || types.has('integer')) tests.push(js`${initial} < 0x40 || (${initial} >= 0xf9 && ${initial} <= 0xfb)`);
  if (types.has('string')) tests.push(js`(${initial} & 0xe0) === 0x60`);
  if (types.has('array')) tests.push(js`(${initial} & 0xe0) === 0x80`);
  if (types.has('object')) tests.push(js`(${initial} & 0xe0) === 0xa0`);
  return tests.length === 0 ? new Code('false') : joinCode(tests, ' || ');
}
