/**
 * `DecoderEmitter`, the skeleton every format's decoder extends: one `read<Name>` function per
 * definition and inner object, array or union, its checks, scalars, literals and unions; the
 * format says how containers and untyped values are read and how a union's variants are told apart.
 */
import { checkedInFunction, withoutChecks } from '../../ir/nodes.js';
import { checksCondition, checksMessage } from '../checks/predicates.js';
import type { IrArray, IrNode, IrObject, IrUnion } from '../../ir/types.js';
import { unionStrategy, type JsonType } from '../../plan/shape.js';
import { bytesLiteral, cast, Code, joinCode, js, Lines, literal, tsOnly, typed } from '../module/code.js';
import { functionDocs } from '../module/context.js';
import { FunctionEmitter } from '../module/function-emitter.js';
import { discriminatorSwitch, tupleBranches } from './branches.js';
import { arrayCountChecks, boundsArguments, describeTypes, failText, hasStringAssertions, literalCondition, literalMessage, numberChecks, stringChecks, uniqueCheck, type Fail, type FailCode } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { typeOf } from '../module/ts-types.js';
import { guardsInPlace, inPlaceText, withInPlaceGuard } from '../checks/in-place-guard.js';
import { textTable } from '../module/text-table.js';
import { tableCall } from '../record-tables/record-table.js';
import { NO_VALUE_ALLOWED } from '@binschema/runtime';

/** How a format tells the variants of a union apart by their first byte. */
export interface TypeDispatch {
  /** A test that the item can be one of `types`. */
  test(types: Set<JsonType>): Code;
  /** What `expectedType` reports as found when no variant matches. */
  found: Code;
  /**
   * Statements that return `node` when the byte the dispatch tested decides its value alone
   * (`true`/`false`/`null` without checks), else undefined: no second read of that byte.
   */
  decided?(node: IrNode): Code | undefined;
}

/** Extra state a format keeps around the attempts of an overlapping union (`tried`). */
export interface TryHooks {
  /** Statements at the start of each attempt, after the reader is rewound. */
  beforeAttempt(lines: Lines): void;
  /** Statements run with the first match, after it is kept. */
  onFirstMatch: Code[];
  /** Statements after all attempts, once the reader is at the match's end. */
  afterAttempts(lines: Lines): void;
}

const NO_TRY_HOOKS: TryHooks = { beforeAttempt: () => {}, onFirstMatch: [], afterAttempts: () => {} };

/**
 * The format-neutral part of a generated decoder: one `read<Name>(reader, depth…)` per definition
 * and per inner object, array or union, scalars inline. `depth` is the number of nesting levels
 * still allowed, as in the generic decoder. A format (`head/decoder.ts` for CBOR and MessagePack,
 * `ubjson/decoder.ts`) says how containers and untyped values are read and how a union's variants
 * are told apart.
 *
 * `marker` arguments: UBJSON read functions get the value's marker already consumed (so plain
 * and typed containers share the item code); CBOR reads its head itself and passes `undefined`.
 */
export abstract class DecoderEmitter extends FunctionEmitter {
  protected readonly verb = 'read';

  /** The format's name in generated JSDoc (`CBOR`). */
  protected abstract readonly formatName: string;

  protected summary(subject: string): string {
    return `Reads ${subject} from ${this.formatName}.`;
  }

  /** The marker parameter of every read function, or undefined when items carry none. */
  protected abstract readonly ownMarker: Code | undefined;

  /** The offset `tooDeep` is given: where the item that is too deep starts. */
  protected abstract readonly tooDeepAt: Code;

  /** The offset of the item being read (its first byte), for assertions that report its start. */
  protected abstract readonly itemStart: Code;

  /** codeSize 'small' (`record-tables/`): a body that hands objects and type-dispatched unions to the runtime (which adds the schema path to errors); true when written. */
  private tableBody(node: IrNode, lines: Lines): boolean {
    const call = tableCall(this.context, node, 'read', this.ownMarker);
    if (call !== undefined) lines.line(js`return ${cast(call, this.type(node))};`);
    return call !== undefined;
  }

  /** The body of an object's read function. */
  protected abstract emitObject(node: IrObject, scope: NameScope, lines: Lines): void;

  /** The body of an array's read function. */
  protected abstract emitArray(node: IrArray, scope: NameScope, lines: Lines): void;

  /** An expression that reads any value with `depth` levels left. */
  protected abstract readAnyExpression(depth: Code, marker: Code | undefined): Code;

  /** Pre-encoded map key `property`, as the discriminator scan compares it, and what to call it. */
  protected abstract discriminatorKey(property: string): { bytes: Uint8Array; doc: string };

  /** The offset a union's failures report, given where its item's payload starts. */
  protected abstract unionStartOffset(start: Name): Code;

  /** Statements (if any) and the test that choose a union variant by JSON type. */
  protected abstract typeDispatch(start: Name, scope: NameScope, lines: Lines): TypeDispatch;

  /** Whether the function of `node` is a runtime call that adds the schema path to its errors itself (a record table). */
  private locatesItsErrors(node: IrNode): boolean {
    return node.checks === undefined && tableCall(this.context, node, 'read', this.ownMarker) !== undefined;
  }

  /** Extra state around the attempts of an overlapping union (none by default). */
  protected tryHooks(_scope: NameScope, _lines: Lines): TryHooks {
    return NO_TRY_HOOKS;
  }

  protected emitFunction(node: IrNode, name: Name, summary: string): void {
    const scope = this.context.scope.child();
    const marker = this.ownMarker;
    for (const fixed of ['reader', 'depth', ...(marker === undefined ? [] : [marker.text]), 'error']) scope.claim(fixed);
    const lines = new Lines();
    if (checkedInFunction(node)) this.readChecked(node, new Code('value'), scope, lines, new Code('depth'), marker, true);
    else if (this.tableBody(node, lines)) {
      // codeSize 'small': the runtime reads this node from its table or codec.
    } else if (node.kind === 'object') this.emitObject(node, scope, lines);
    else if (node.kind === 'array') this.emitArray(node, scope, lines);
    else if (node.kind === 'union') this.emitUnion(node, scope, lines);
    else {
      const value = scope.claim('value');
      if (this.readExpression(node, new Code('depth'), marker) === undefined) lines.line(js`let ${typed(value, this.type(node))};`);
      this.returnValue(node, value, scope, lines, new Code('depth'), marker);
    }
    const params = [js`reader: ${this.context.runtimeType('Reader')}`, new Code('depth: number')];
    if (marker !== undefined) params.push(js`${marker}: number`);
    // Reader and runtime-helper errors (truncation, bad UTF-8) carry no schema location: add this
    // function's on the way out. The success path pays nothing for the try.
    const guarded = guardsInPlace(this.context, node)
      ? withInPlaceGuard(this.context, scope, node, name, lines, new Code('reader.pos'), this.failAt(node, this.itemStart)('schema-violation', inPlaceText(node)))
      : lines;
    const body = this.locatesItsErrors(node)
      ? guarded
      : new Lines().tryCatch(
          (inner) => inner.append(guarded),
          (handler) => handler.line(js`throw ${this.context.use('withSchemaPath')}(error, ${literal(node.schemaPath)});`),
        );
    this.context.functions.push({ name, docs: functionDocs(summary, node), params, returnType: this.type(node), body: body.toCode(), exported: false });
  }

  type(node: IrNode): Code {
    return this.context.nodeTypeNames.get(node) ?? typeOf(node, this.context.typeNames);
  }

  /** The throw statement for a failure of `node` at byte `offset`. */
  failAt(node: IrNode, offset: Code): Fail {
    return (code: FailCode, what: string | Code) =>
      js`throw ${this.context.use('decodeFailure')}(${literal(code)}, ${failText(what)}, ${offset}, ${literal(node.schemaPath)});`;
  }

  /** `if (depth === 0) throw tooDeep(…)`: the generic decoder's nesting limit. */
  depthGuard(node: IrNode, lines: Lines): void {
    lines.line(js`if (depth === 0) throw ${this.context.use('tooDeep')}(${this.tooDeepAt}, ${literal(node.schemaPath)});`);
  }

  /** The reader and, in formats that pass one, the item's marker: the leading arguments of item helpers. */
  protected readerArgs(marker: Code | undefined): Code {
    return marker === undefined ? new Code('reader') : js`reader, ${marker}`;
  }

  /** Statements that read one item for `node` (its marker, if any, in `marker`) into `target` (declared by the caller). */
  readValue(node: IrNode, target: Code, scope: NameScope, lines: Lines, depth: Code, marker?: Code): void {
    if (node.checks !== undefined && !checkedInFunction(node)) {
      this.readChecked(node, target, scope, lines, depth, marker, false);
      return;
    }
    const direct = this.readExpression(node, depth, marker);
    if (direct !== undefined) {
      lines.line(js`${target} = ${direct};`);
      return;
    }
    const path = literal(node.schemaPath);
    const reader = this.readerArgs(marker);
    switch (node.kind) {
      case 'never':
        lines.line(this.failAt(node, new Code('reader.pos'))('schema-violation', NO_VALUE_ALLOWED));
        return;
      case 'number':
      case 'string': {
        // Checked in a typed local: the target may be declared `unknown` (extra properties, tuple items).
        const offset = this.offset(scope, lines);
        const decoded = scope.fresh('decoded');
        lines.line(js`const ${decoded} = ${this.context.use(node.kind === 'number' ? 'readNumberItem' : 'readString')}(${reader}, ${path});`);
        if (node.kind === 'number') numberChecks(this.context, node, decoded, this.failAt(node, offset), lines);
        else stringChecks(this.context, node, decoded, this.failAt(node, offset), lines);
        lines.line(js`${target} = ${decoded};`);
        return;
      }
      case 'literal':
        this.readLiteral(node, target, scope, lines, depth, marker);
        return;
      default:
        throw new Error(`readValue: ${node.kind} is read by readExpression`);
    }
  }

  /**
   * Reads a `const`/`enum` item into `target` and checks it is one of the values. Strings: one
   * runtime call matches the allowed ones in place from a table (no decoding) and refuses others.
   */
  protected readLiteral(node: Extract<IrNode, { kind: 'literal' }>, target: Code, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined): void {
    if (node.values.length > 0 && node.values.every((value) => typeof value === 'string')) {
      lines.line(js`${target} = ${this.context.use('readKnownText')}(${this.readerArgs(marker)}, ${textTable(this.context, node.values as string[])}, ${cast(js`${literal(node.schemaPath)})`, this.type(node))};`);
      return;
    }
    const offset = this.offset(scope, lines);
    const candidate = scope.fresh('candidate');
    lines.line(js`const ${typed(candidate, new Code('unknown'))} = ${this.readAnyExpression(depth, marker)};`);
    lines.line(js`if (!(${literalCondition(this.context, node, candidate)})) ${this.failAt(node, offset)('schema-violation', literalMessage(node))}`);
    lines.line(js`${target} = ${cast(candidate, this.type(node))};`);
  }

  /**
   * Reads `node` without its checks into a local, then runs the checks (IrBase.checks) over the
   * built value; a failure reports the item's start. `returns`: return the value instead of storing it.
   */
  private readChecked(node: IrNode, target: Code, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined, returns: boolean): void {
    const offset = this.offset(scope, lines);
    const checked = scope.fresh('checked');
    lines.line(js`let ${typed(checked, this.type(node))};`);
    this.readValue(withoutChecks(node), checked, scope, lines, depth, marker);
    lines.line(js`if (!${checksCondition(this.context, node, checked, depth)}) ${this.failAt(node, offset)('schema-violation', checksMessage(node))}`);
    lines.line(returns ? js`return ${checked};` : js`${target} = ${checked};`);
  }

  /**
   * An array of plain numbers (items `number` or `integer`, inclusive bounds at most) read by one
   * call of the format runtime's `readNumberItems`, which keeps the position in a local, given its
   * first arguments (the reader, the count, what else the format needs); else undefined.
   */
  protected readNumberItems(node: IrArray, leading: Code[]): Code | undefined {
    const item = node.items;
    if (!this.context.offers('readNumberItems') || node.prefixItems.length > 0 || item.kind !== 'number' || item.checks !== undefined) return undefined;
    const bounds = boundsArguments(item);
    if (bounds === undefined) return undefined;
    return js`${this.context.use('readNumberItems')}(${joinCode([...leading, new Code(item.integer ? 'true' : 'false'), literal(item.schemaPath), ...bounds], ', ')})`;
  }

  /** An expression that reads `node` when that needs no statements (no assertions to check), else undefined. */
  private readExpression(node: IrNode, depth: Code, marker: Code | undefined): Code | undefined {
    if (node.checks !== undefined && !checkedInFunction(node)) return undefined;
    const path = literal(node.schemaPath);
    const reader = this.readerArgs(marker);
    const next = marker === undefined ? depth : js`${depth}, ${marker}`;
    switch (node.kind) {
      case 'any':
        return this.readAnyExpression(depth, marker);
      case 'null':
        return js`${this.context.use('readNullItem')}(${reader}, ${path})`;
      case 'boolean':
        return js`${this.context.use('readBooleanItem')}(${reader}, ${path})`;
      case 'string':
        return hasStringAssertions(node) ? undefined : js`${this.context.use('readString')}(${reader}, ${path})`;
      case 'number': {
        // An integer or number with inclusive bounds at most: read and checked by one runtime call.
        const bounds = boundsArguments(node);
        return bounds === undefined ? undefined : js`${this.context.use(node.integer ? 'readIntegerItem' : 'readFiniteItem')}(${joinCode([reader, path, ...bounds], ', ')})`;
      }
      case 'ref': {
        const definition = this.context.definitions.get(node.target);
        if (definition === undefined) throw new Error(`unresolved ref ${node.target}`);
        return js`${this.definition(definition)}(reader, ${next})`;
      }
      case 'object':
      case 'array':
      case 'union':
        return js`${this.innerFunction(node)}(reader, ${next})`;
      default:
        return undefined;
    }
  }

  /** Statements that read `node` and return its value from the function. */
  private returnValue(node: IrNode, value: Name, scope: NameScope, lines: Lines, depth: Code, marker: Code | undefined): void {
    const direct = this.readExpression(node, depth, marker);
    if (direct !== undefined) {
      lines.line(js`return ${direct};`);
      return;
    }
    this.readValue(node, value, scope, lines, depth, marker);
    lines.line(js`return ${value};`);
  }

  /** `const offset = …;` before an item whose assertions report its start. */
  private offset(scope: NameScope, lines: Lines): Name {
    const offset = scope.fresh('offset');
    lines.line(js`const ${offset} = ${this.itemStart};`);
    return offset;
  }

  /**
   * The item loop's body, the same in every format: each item read into `item` (by its
   * `prefixItems` entry when the array is a tuple) and kept by `store`.
   */
  protected readItems(node: IrArray, names: { item: Name; index: Name; marker?: Code }, scope: NameScope, body: Lines, store: Code): void {
    const { item, index, marker } = names;
    const depth = new Code('depth - 1');
    if (node.prefixItems.length === 0) {
      body.line(js`let ${typed(item, this.type(node.items))};`);
      this.readValue(node.items, item, scope, body, depth, marker);
      body.line(store);
      return;
    }
    body.line(js`let ${typed(item, new Code('unknown'))};`);
    tupleBranches(node, index, body, (schema, inner) => this.readValue(schema, item, scope, inner, depth, marker));
    body.line(store);
  }

  /** The end of an array's read function: count and uniqueness checks, then the items. */
  /** `start`: the array's offset, when it has checks after its items (`hasArrayChecks`), else undefined. */
  protected finishArray(node: IrArray, start: Name | undefined, items: Name, lines: Lines): void {
    if (start !== undefined) {
      const fail = this.failAt(node, start);
      arrayCountChecks(node, js`${items}.length`, fail, lines);
      uniqueCheck(this.context, node, items, fail, lines);
    }
    lines.line(node.prefixItems.length > 0 ? js`return ${cast(items, this.type(node))};` : js`return ${items};`);
  }

  /** A union's body; `strategy`: how its variants are told apart (a layout may choose its own). */
  protected emitUnion(node: IrUnion, scope: NameScope, lines: Lines, strategy = unionStrategy(node, this.context.definitions)): void {
    const start = scope.claim('start');
    const value = scope.claim('value');
    lines.line(js`const ${start} = reader.pos;`);
    // Definitely assigned on every path that reaches a use; `!` because TS cannot see it through try/catch.
    lines.line(js`let ${value}${tsOnly(js`${strategy.kind === 'try' ? new Code('!') : new Code('')}: ${this.type(node)}`)};`);
    const fail = this.failAt(node, this.unionStartOffset(start));
    if (strategy.kind === 'discriminator') this.discriminated(node, scope, lines, start, value, fail);
    else if (strategy.kind === 'type') {
      const dispatch = this.typeDispatch(start, scope, lines);
      strategy.types.forEach((types, position) => {
        const variant = node.variants[position];
        const decided = dispatch.decided?.(variant);
        lines.block(js`if (${dispatch.test(types)})`, (body) => {
          if (decided !== undefined) body.line(decided);
          else this.returnValue(variant, value, scope, body, new Code('depth'), this.ownMarker);
        });
      });
      lines.line(js`throw ${this.context.use('expectedType')}(reader, ${literal(describeTypes(strategy.types))}, ${dispatch.found}, ${literal(node.schemaPath)});`);
    } else this.tried(node, scope, lines, start, value, fail);
  }

  /** Finds the discriminator wherever it is in the map, then reads the chosen variant from the map's start. */
  private discriminated(node: IrUnion, scope: NameScope, lines: Lines, start: Name, value: Name, fail: Fail): void {
    const discriminator = node.discriminator!;
    const property = discriminator.property;
    const tag = scope.fresh('tag');
    const key = this.discriminatorKey(property);
    const encoded = this.context.constant(`key ${property}`, bytesLiteral(key.bytes), key.doc);
    lines.line(js`const ${tag} = ${this.context.use('scanDiscriminator')}(${this.readerArgs(this.ownMarker)}, ${literal(property)}, ${encoded}, depth, ${literal(node.schemaPath)});`);
    lines.line(js`reader.pos = ${start};`);
    lines.line(js`if (${tag} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property)}`)}`);
    discriminatorSwitch(node, tag, lines, (variant, inner) => this.returnValue(variant, value, scope, inner, new Code('depth'), this.ownMarker));
    lines.line(fail('schema-violation', `no variant for this ${property}`));
  }

  /** Overlapping variants: read each from the start; schema failures rewind, other errors propagate. */
  private tried(node: IrUnion, scope: NameScope, lines: Lines, start: Name, value: Name, fail: Fail): void {
    const matched = scope.claim('matched');
    const end = scope.claim('end');
    const candidate = scope.claim('candidate');
    lines.line(js`let ${matched} = 0;`);
    lines.line(js`let ${end} = ${start};`);
    const hooks = this.tryHooks(scope, lines);
    node.variants.forEach((variant) => {
      lines.block(node.mode === 'oneOf' ? new Code('') : js`if (${matched} === 0)`, (attempt) => {
        attempt.line(js`reader.pos = ${start};`);
        hooks.beforeAttempt(attempt);
        attempt.tryCatch(
          (body) => {
            body.line(js`let ${typed(candidate, this.type(variant))};`);
            this.readValue(variant, candidate, scope, body, new Code('depth'), this.ownMarker);
            const keep = js`${value} = ${candidate};`;
            if (hooks.onFirstMatch.length === 0) body.line(js`if (${matched}++ === 0) ${keep}`);
            else body.block(js`if (${matched}++ === 0)`, (first) => [keep, ...hooks.onFirstMatch].forEach((statement) => first.line(statement)));
            body.line(js`${end} = reader.pos;`);
          },
          (handler) => handler.line(js`if (!${this.context.use('isSchemaMismatch')}(error)) throw error;`),
        );
      });
    });
    lines.line(js`if (${matched} === 0) ${fail('schema-violation', `matches none of the ${node.mode} variants`)}`);
    if (node.mode === 'oneOf') lines.line(js`if (${matched} > 1) ${fail('schema-violation', 'matches more than one oneOf variant')}`);
    lines.line(js`reader.pos = ${end};`);
    hooks.afterAttempts(lines);
    lines.line(js`return ${value};`);
  }
}
