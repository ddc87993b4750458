/**
 * `EncoderEmitter`, the skeleton every format's encoder extends: one `write<Name>` function per
 * definition and inner object, array or union, its checks, scalars, literals, unions and arrays;
 * the format says how values are written.
 */
import type { IrArray, IrNode, IrNumber, IrObject, IrUnion } from '../../ir/types.js';
import { unionStrategy, type JsonType } from '../../plan/shape.js';
import { bytesLiteral, cast, castOperand, Code, inlineComment, joinCode, js, Lines, literal, typed } from '../module/code.js';
import { functionDocs } from '../module/context.js';
import { FunctionEmitter } from '../module/function-emitter.js';
import { discriminatorSwitch, tupleBranches } from './branches.js';
import { arrayCountChecks, boundsArguments, describeTypes, failText, hasStringAssertions, literalCondition, literalMessage, numberChecks, stringChecks, uniqueCheck, type Fail, type FailCode } from '../checks/assertions.js';
import type { Name, NameScope } from '../module/names.js';
import { checkedInFunction, withoutChecks } from '../../ir/nodes.js';
import { checksCondition, checksMessage } from '../checks/predicates.js';
import { joinPointer, NO_VALUE_ALLOWED } from '@binschema/runtime';
import { tableCall } from '../record-tables/record-table.js';
import { textTable } from '../module/text-table.js';
import { writeTextSwitch } from './text-switch.js';
import { guardsInPlace, inPlaceText, withInPlaceGuard } from '../checks/in-place-guard.js';

/**
 * Pre-encoded constants up to this many bytes (keys, map heads, constant strings) are written by
 * one `writeConstant` call from 32-bit words given inline; longer ones are copied from a hoisted
 * constant by `writeBytes`. The copy loop was ~10% of a typical-object encode profile (CBOR,
 * Node 20); stores spelled out at every site were as fast but made functions large enough that
 * their re-optimisation after the bench's collections left whole rounds slow, and cost ~200
 * bytes of module per UBJSON key.
 */
const INLINE_CONSTANT_BYTES = 12;

/**
 * The format-neutral part of a generated encoder: one `write<Name>(writer, value, depth)` per
 * definition and per inner object, array or union (named by its schema path); scalars are written
 * inline. Every function checks the value against the schema first and throws an `EncodeFailure`
 * with a path relative to its own value; callers add their key on the way up (`atPath`), so
 * success builds no paths. A format (`head/encoder.ts` for CBOR and MessagePack, `ubjson/encoder.ts`)
 * says how scalars, arrays, objects and pre-encoded constants are written.
 */
export abstract class EncoderEmitter extends FunctionEmitter {
  protected readonly verb = 'write';

  /** The format's name in generated JSDoc (`CBOR`). */
  protected abstract readonly formatName: string;

  protected summary(subject: string): string {
    return `Writes ${subject} as ${this.formatName}.`;
  }

  /** codeSize 'small' (`record-tables/`): a body that hands objects and type-dispatched unions to the runtime; true when written. */
  private tableBody(node: IrNode, lines: Lines): boolean {
    const call = tableCall(this.context, node, 'write');
    if (call !== undefined) lines.line(js`${call};`);
    return call !== undefined;
  }

  /** The body of an object's write function. */
  protected abstract emitObject(node: IrObject, scope: NameScope, lines: Lines): void;

  /** The body of an array's write function. */
  protected abstract emitArray(node: IrArray, scope: NameScope, lines: Lines): void;

  /** Writes `null`. */
  protected abstract writeNull(lines: Lines): void;

  /** Writes `value`, a checked boolean. */
  protected abstract writeBoolean(value: Code, lines: Lines): void;

  /** Writes `value`, a number checked against `node`. */
  protected abstract writeNumber(node: IrNumber, value: Code, lines: Lines): void;

  /** Writes `value`, a checked string. */
  protected abstract writeString(value: Code, lines: Lines): void;

  /**
   * Statements that write pre-encoded `bytes` (`what` says what they are, for the comment): up
   * to 12 bytes by one `writeConstant(writer, length, words…)` call, longer ones from a hoisted
   * constant named `constantName` by `writeBytes`.
   */
  writeConstant(bytes: Uint8Array, constantName: string, what: string, lines: Lines): void {
    if (bytes.length <= INLINE_CONSTANT_BYTES) {
      // Big-endian words, zero-padded: writeConstant stores `length` bytes from them.
      const words = [0, 0, 0];
      bytes.forEach((byte, offset) => (words[offset >> 2] += byte * 2 ** (24 - 8 * (offset & 3))));
      const args = words.map((word) => new Code(word === 0 ? '0' : `0x${word.toString(16).padStart(8, '0')}`));
      lines.line(js`${this.context.use('writeConstant')}(writer, ${new Code(String(bytes.length))}, ${joinCode(args, ', ')}); ${inlineComment(what)}`);
      return;
    }
    const constant = this.context.constant(constantName, bytesLiteral(bytes), what);
    lines.line(js`${this.context.use('writeBytes')}(writer, ${constant});`);
  }

  /** The options object of `writeAny` for `depth` nesting levels left. */
  abstract anyOptions(depth: Code): Code;

  protected emitFunction(node: IrNode, name: Name, summary: string): void {
    const scope = this.context.scope.child();
    for (const fixed of ['writer', 'value', 'depth', 'error']) scope.claim(fixed);
    const lines = new Lines();
    if (checkedInFunction(node)) {
      // Checks first (they see the whole value), then the node's own function writes it.
      this.checkLine(node, new Code('value'), this.failWith(node, undefined), new Code('depth'), lines);
      this.writeValue(withoutChecks(node), new Code('value'), undefined, scope, lines, new Code('depth'));
    } else if (this.tableBody(node, lines)) {
      // codeSize 'small': the runtime writes this node from its table or codec.
    } else if (node.kind === 'object') this.emitObject(node, scope, lines);
    else if (node.kind === 'array') this.emitArray(node, scope, lines);
    else if (node.kind === 'union') this.emitUnion(node, scope, lines);
    else this.writeValue(node, new Code('value'), undefined, scope, lines, new Code('depth'));
    const body = guardsInPlace(this.context, node)
      ? withInPlaceGuard(this.context, scope, node, name, lines, new Code('value'), this.failWith(node, undefined)('schema-violation', inPlaceText(node)))
      : lines;
    this.context.functions.push({
      name,
      docs: functionDocs(summary, node),
      params: [js`writer: ${this.context.runtimeType('Writer')}`, new Code('value: unknown'), new Code('depth: number')],
      returnType: new Code('void'),
      body: body.toCode(),
      exported: false,
    });
  }

  /** The throw statement for a failure of `node`'s value found under `token` (undefined: the function's own value). */
  failWith(node: IrNode, token: string | undefined): Fail {
    return (code: FailCode | 'too-deep', what: string | Code) =>
      js`throw ${this.context.use('encodeFailure')}(${literal(code)}, ${failText(what)}, ${valuePath(token)}, ${literal(node.schemaPath)});`;
  }

  /** `expect…(value, path, schemaPath)`: `value` when it has the type, else the failure `failWith` would throw. */
  private expect(helper: 'expectString' | 'expectBoolean' | 'expectInteger' | 'expectFinite', node: IrNode, value: Code, token: string | undefined, bounds: Code[] = []): Code {
    return js`${this.context.use(helper)}(${joinCode([value, valuePath(token), literal(node.schemaPath), ...bounds], ', ')})`;
  }

  /**
   * The test that `value` is a plain object: a call of the shared `isPlainObject`, whose one
   * `constructor` load is megamorphic from the start and stays fast on any shape. Spelled out
   * in each writer, that load was monomorphic until the shapes died at a gc, then slower than
   * the call (3-6x slower object encodes in a mixed process); `Object.getPrototypeOf` spelled
   * out cost ~10% of object-heavy encodes (.tmp A/Bs, mixed harness).
   */
  plainObjectGuard(fail: Fail, lines: Lines): void {
    lines.line(js`if (!${this.context.use('isPlainObject')}(value)) ${fail('unexpected-type', 'expected object')}`);
  }

  /** Statements that check and write `value` (an expression of type unknown) for `node`. */
  writeValue(node: IrNode, value: Code, token: string | undefined, scope: NameScope, lines: Lines, depth: Code, typeChecked = false): void {
    const fail = this.failWith(node, token);
    if (node.checks !== undefined && !checkedInFunction(node)) {
      this.checkLine(node, value, fail, depth, lines);
      this.writeValue(withoutChecks(node), value, token, scope, lines, depth, typeChecked);
      return;
    }
    const check = (test: Code, what: string): void => {
      if (!typeChecked) lines.line(js`if (${test}) ${fail('unexpected-type', what)}`);
    };
    switch (node.kind) {
      case 'any':
        this.writeAnyValue(value, token, depth, lines);
        return;
      case 'never':
        lines.line(fail('schema-violation', NO_VALUE_ALLOWED));
        return;
      case 'null':
        check(js`${value} !== null`, 'expected null');
        this.writeNull(lines);
        return;
      case 'boolean':
        this.writeBoolean(typeChecked ? value : this.expect('expectBoolean', node, value, token), lines);
        return;
      case 'number': {
        // Inclusive bounds at most: type and bounds checked by one runtime call.
        const bounds = boundsArguments(node);
        if (typeChecked || bounds === undefined) {
          numberChecks(this.context, node, value, fail, lines, !typeChecked);
          this.writeNumber(node, value, lines);
        } else {
          // Formats may use the value more than once: checked once into a local.
          const checked = scope.fresh('checked');
          lines.line(js`const ${checked} = ${this.expect(node.integer ? 'expectInteger' : 'expectFinite', node, value, token, bounds)};`);
          this.writeNumber(node, checked, lines);
        }
        return;
      }
      case 'string':
        if (typeChecked || hasStringAssertions(node)) {
          check(js`typeof ${value} !== 'string'`, 'expected string');
          stringChecks(this.context, node, value, fail, lines);
          this.writeString(value, lines);
        } else this.writeString(this.expect('expectString', node, value, token), lines);
        return;
      case 'literal':
        this.writeLiteral(node, value, fail, lines, depth, token);
        return;
      case 'ref': {
        const definition = this.context.definitions.get(node.target);
        if (definition === undefined) throw new Error(`unresolved ref ${node.target}`);
        this.call(this.definition(definition), value, token, depth, lines);
        return;
      }
      default:
        this.call(this.innerFunction(node), value, token, depth, lines);
    }
  }

  /** `if (!checksHold(…)) throw …`: `node`'s checks (IrBase.checks) over `value` before it is written. */
  private checkLine(node: IrNode, value: Code, fail: Fail, depth: Code, lines: Lines): void {
    lines.line(js`if (!${checksCondition(this.context, node, value, depth)}) ${fail('schema-violation', checksMessage(node))}`);
  }

  /** The function that writes values of unknown shape: the runtime's `writeAny`. */
  protected anyWriter(): Code {
    return this.context.runtime('writeAny');
  }

  /** `writeAny`, its failures rethrown as encode failures under `token`. */
  private writeAnyValue(value: Code, token: string | undefined, depth: Code, lines: Lines): void {
    const failure = js`${this.context.use('anyFailure')}(error, ${value}, ${depth})`;
    lines.tryCatch(
      (body) => body.line(js`${this.anyWriter()}(writer, ${value}, '', ${this.anyOptions(depth)});`),
      (handler) => handler.line(js`throw ${token === undefined ? failure : js`${this.context.use('atPath')}(${failure}, ${literal(token)})`};`),
    );
  }

  /**
   * `const`/`enum`: strings by `writeKnownText` from a table of their pre-encoded bytes (which
   * fails naming the allowed strings), other values by a check and `writeAny`.
   */
  protected writeLiteral(node: Extract<IrNode, { kind: 'literal' }>, value: Code, fail: Fail, lines: Lines, depth: Code, token?: string): void {
    if (node.values.length > 0 && node.values.every((candidate) => typeof candidate === 'string')) {
      if (writeTextSwitch(this, node.values as string[], value, fail('schema-violation', literalMessage(node)), lines)) return;
      lines.line(js`${this.context.use('writeKnownText')}(writer, ${textTable(this.context, node.values as string[])}, ${value}, ${valuePath(token)}, ${literal(node.schemaPath)});`);
      return;
    }
    lines.line(js`if (!(${literalCondition(this.context, node, value)})) ${fail('schema-violation', literalMessage(node))}`);
    lines.line(js`${this.context.runtime('writeAny')}(writer, ${value}, '', ${this.anyOptions(depth)});`);
  }

  /** The format's text item of `text`: its string marker or head, length and UTF-8, as any string is written. */
  abstract textItem(text: string): Uint8Array;

  /** Calls another write function; a failure inside gets `token` prepended to its path. */
  private call(name: Name, value: Code, token: string | undefined, depth: Code, lines: Lines): void {
    const call = js`${name}(writer, ${value}, ${depth});`;
    if (token === undefined) {
      lines.line(call);
      return;
    }
    lines.tryCatch(
      (body) => body.line(call),
      (handler) => handler.line(js`throw ${this.context.use('atPath')}(error, ${literal(token)});`),
    );
  }

  /**
   * The start of an array's write function, the same in every format: the depth guard, the type
   * and count checks, and the `length` and `index` locals.
   */
  protected beginArray(node: IrArray, scope: NameScope, lines: Lines): { items: Name; length: Name; index: Name } {
    const fail = this.failWith(node, undefined);
    const items = scope.claim('items');
    const length = scope.claim('length');
    const index = scope.claim('index');
    // The depth and array guards in one runtime call.
    lines.line(js`const ${items} = ${this.context.use('expectArray')}(value, depth, ${literal(node.schemaPath)});`);
    lines.line(js`const ${length} = ${items}.length;`);
    arrayCountChecks(node, length, fail, lines);
    uniqueCheck(this.context, node, items, fail, lines);
    return { items, length, index };
  }

  /**
   * `for` over the items, each read into `item` and written by `writeItem` (by default the
   * `prefixItems`/`items` schema for its position); a failure gets the item's index on its path.
   */
  protected writeItems(node: IrArray, { items, length, index }: { items: Name; length: Name; index: Name }, scope: NameScope, lines: Lines, writeItem?: (item: Name, loop: Lines) => void): void {
    lines.line(js`let ${index} = 0;`);
    const item = scope.claim('item');
    lines.tryCatch(
      (body) =>
        body.block(js`for (; ${index} < ${length}; ${index}++)`, (loop) => {
          loop.line(js`const ${typed(item, new Code('unknown'))} = ${items}[${index}];`);
          if (writeItem === undefined) this.itemBranches(node, item, index, scope, loop);
          else writeItem(item, loop);
        }),
      (handler) => handler.line(js`throw ${this.context.use('atPath')}(error, ${index});`),
    );
  }

  /** The item write, choosing the `prefixItems` entry by position. */
  private itemBranches(node: IrArray, item: Name, index: Name, scope: NameScope, lines: Lines): void {
    const depth = new Code('depth - 1');
    if (node.prefixItems.length === 0) {
      this.writeValue(node.items, item, undefined, scope, lines, depth);
      return;
    }
    tupleBranches(node, index, lines, (schema, inner) => this.writeValue(schema, item, undefined, scope, inner, depth));
  }

  protected emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    const strategy = unionStrategy(node, this.context.definitions);
    const fail = this.failWith(node, undefined);
    if (strategy.kind === 'discriminator') this.discriminated(node, scope, lines, fail);
    else if (strategy.kind === 'type') {
      strategy.types.forEach((types, position) => {
        lines.block(js`if (${typeTest(types, new Code('value'), this.context.use('isPlainObject'))})`, (body) => {
          // The test above established the type; the variant checks the rest.
          this.writeValue(node.variants[position], new Code('value'), undefined, scope, body, new Code('depth'), true);
          body.line(new Code('return;'));
        });
      });
      lines.line(fail('unexpected-type', `expected ${describeTypes(strategy.types)}`));
    } else this.tried(node, scope, lines, fail);
  }

  /**
   * A union told apart by a discriminator property: the tag, then the variant it names, written
   * by `writeVariant` (by default the variant's own writer; the compact layout writes its array).
   */
  discriminated(
    node: IrUnion,
    scope: NameScope,
    lines: Lines,
    fail: Fail,
    writeVariant: (variant: IrNode, lines: Lines) => void = (variant, inner) => this.writeValue(variant, new Code('value'), undefined, scope, inner, new Code('depth')),
  ): void {
    const discriminator = node.discriminator!;
    this.plainObjectGuard(fail, lines);
    const tag = scope.fresh('tag');
    const property = discriminator.property;
    // Found by walking the own keys, as object writers read theirs (object-writer.ts
    // `readsByWalking`): a named load here would tie the optimised code to the input's maps.
    const key = scope.fresh('key');
    lines.line(js`let ${typed(tag, new Code('unknown'))};`);
    lines.line(js`for (const ${key} in ${cast(new Code('value'), new Code('Record<string, unknown>'))}) if (${key} === ${literal(property)}) { if (Object.prototype.hasOwnProperty.call(value, ${key})) ${tag} = ${castOperand(new Code('value'), new Code('Record<string, unknown>'))}[${key}]; break; }`);
    lines.line(js`if (${tag} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property)}`)}`);
    discriminatorSwitch(node, tag, lines, (variant, inner) => {
      writeVariant(variant, inner);
      inner.line(new Code('return;'));
    });
    lines.line(this.failWith(node, property)('schema-violation', `no variant for this ${property}`));
  }

  /** Overlapping variants: write each in turn and rewind on failure; oneOf needs exactly one match. */
  private tried(node: IrUnion, scope: NameScope, lines: Lines, fail: Fail): void {
    const matched = scope.claim('matched');
    const before = scope.claim('before');
    lines.line(js`let ${matched} = 0;`);
    node.variants.forEach((variant) => {
      lines.block(node.mode === 'oneOf' ? new Code('') : js`if (${matched} === 0)`, (attempt) => {
        attempt.line(js`const ${before} = writer.pos - writer.start;`);
        attempt.tryCatch(
          (body) => {
            this.writeValue(variant, new Code('value'), undefined, scope, body, new Code('depth'));
            body.line(js`${matched}++;`);
            // oneOf: a second match only proves ambiguity; its bytes go.
            if (node.mode === 'oneOf') body.line(js`if (${matched} > 1) writer.pos = writer.start + ${before};`);
          },
          (handler) => {
            handler.line(js`if (!(error instanceof ${this.context.use('EncodeFailure')})) throw error;`);
            handler.line(js`writer.pos = writer.start + ${before};`);
          },
        );
      });
    });
    lines.line(js`if (${matched} === 0) ${fail('schema-violation', `matches none of the ${node.mode} variants`)}`);
    if (node.mode === 'oneOf') lines.line(js`if (${matched} > 1) ${fail('schema-violation', 'matches more than one oneOf variant')}`);
  }
}

/** A JS test that `value` has one of the JSON types. */
export function typeTest(types: Set<JsonType>, value: Code, isPlainObject: Code): Code {
  const tests: Code[] = [];
  if (types.has('null')) tests.push(js`${value} === null`);
  if (types.has('boolean')) tests.push(js`typeof ${value} === 'boolean'`);
  if (types.has('number') || types.has('integer')) tests.push(js`typeof ${value} === 'number'`);
  if (types.has('string')) tests.push(js`typeof ${value} === 'string'`);
  if (types.has('array')) tests.push(js`Array.isArray(${value})`);
  if (types.has('object')) tests.push(js`${isPlainObject}(${value})`);
  if (tests.length === 0) return new Code('false');
  return tests.length === 1 ? tests[0] : joinCode(tests.map((test) => (test.text.includes('&&') ? js`(${test})` : test)), ' || ');
}

/** The literal of the value path a writer's failure reports, relative to its own value: `token`'s pointer, or `''`. */
function valuePath(token: string | undefined): Code {
  return literal(token === undefined ? '' : joinPointer('', token));
}
