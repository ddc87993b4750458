import type { IrArray, IrDefinition, IrNode, IrNumber, IrUnion } from '../ir/types.js';
import { unionStrategy } from '../plan/shape.js';
import { Code, bytesLiteral, comment, hexLiteral, js, joinCode, jsonLiteral, literal, Lines } from './code.js';
import { fixedInteger, typedArrayItems, ubjsonString, UbjsonMarker, type FixedInteger } from '../plan/ubjson.js';
import { ModuleContext, functionDocs, pathWords } from './context.js';
import { arrayCountChecks, literalCondition, literalMessage, numberChecks, stringChecks, uniqueCheck, type Fail, type FailCode } from './checks.js';
import type { Name, NameScope } from './names.js';
import { emitObjectWriter } from './ubjson-encode-object.js';
import { describeTypes, typeTest } from './cbor-encode.js';

/** String enums up to this size become a switch over pre-encoded constants. */
const MAX_SWITCHED_STRINGS = 16;

/**
 * Pre-encoded constants up to this many bytes (keys, `{` with the first key, enum strings, typed
 * array headers) are written as inline stores after one `ensure`; longer ones are copied from a
 * hoisted constant by `writeBytes` (the threshold the CBOR encoders measured, cbor-encode.ts).
 */
const INLINE_CONSTANT_BYTES = 16;

/**
 * Emits UBJSON encoders, with the structure of the CBOR ones (`cbor-encode.ts`): one
 * `write<Name>(writer, value, depth)` per definition and per inner object, array or union;
 * scalars inline; checks first, failures carry a path relative to the function's own value.
 * What UBJSON fixes at compile time: `Z`/`T`/`F`, pre-encoded `S` strings and keys, integer
 * markers a range fixes, and `[$<type>#<count>` for arrays of such integers.
 */
export class UbjsonEncoderEmitter {
  private readonly functionNames = new Map<IrNode, Name>();
  private readonly pending: (() => void)[] = [];

  constructor(readonly context: ModuleContext) {}

  /** The write function of a definition; its body is emitted by `drain`. */
  definition(definition: IrDefinition): Name {
    return this.functionFor(definition.node, `write ${this.context.typeNames.get(definition.key)?.text ?? definition.name}`, `Writes a ${definition.name} as UBJSON.`);
  }

  /** The write function of the module's root schema. */
  root(node: IrNode, typeName: Name): Name {
    return this.functionFor(node, `write ${typeName.text}`, `Writes a ${typeName.text} as UBJSON.`);
  }

  /** Emits every function requested so far (requests made while emitting are handled too). */
  drain(): void {
    while (this.pending.length > 0) this.pending.shift()!();
  }

  private functionFor(node: IrNode, nameText: string, summary: string): Name {
    const existing = this.functionNames.get(node);
    if (existing !== undefined) return existing;
    const name = this.context.scope.fresh(nameText, { pascal: false });
    this.functionNames.set(node, name);
    this.pending.push(() => this.emitFunction(node, name, summary));
    return name;
  }

  /** Function for an inner node, named by its path (`writeDocumentJsonTags`). */
  private innerFunction(node: IrNode): Name {
    const words = pathWords(node.schemaPath, this.context.ir.rootName);
    return this.functionFor(node, `write ${words}`, `Writes ${node.schemaPath} as UBJSON.`);
  }

  private emitFunction(node: IrNode, name: Name, summary: string): void {
    const scope = this.context.scope.child();
    for (const fixed of ['writer', 'value', 'depth', 'error']) scope.claim(fixed);
    const lines = new Lines();
    if (node.kind === 'object') emitObjectWriter(this, node, scope, lines);
    else if (node.kind === 'array') this.emitArray(node, scope, lines);
    else if (node.kind === 'union') this.emitUnion(node, scope, lines);
    else this.writeValue(node, new Code('value'), undefined, scope, lines, new Code('depth'));
    this.context.functions.push({
      name,
      docs: functionDocs(summary, node),
      params: [js`writer: ${this.context.runtime('Writer')}`, new Code('value: unknown'), new Code('depth: number')],
      returnType: new Code('void'),
      body: lines.toCode(),
      exported: false,
    });
  }

  /** The throw statement for a failure of `node`'s value found under `token` (undefined: the function's own value). */
  failWith(node: IrNode, token: string | undefined): Fail {
    const path = token === undefined ? '' : `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return (code: FailCode | 'too-deep', what: string) =>
      js`throw ${this.context.use('encodeFailure')}(${literal(code)}, ${literal(what)}, ${literal(path)}, ${literal(node.schemaPath)});`;
  }

  /** `if (depth === 0) throw …`: the generic encoder's nesting limit, also what stops a cyclic value. */
  depthGuard(node: IrNode, lines: Lines): void {
    const fail = this.failWith(node, undefined);
    lines.line(js`if (depth === 0) ${fail('too-deep' as FailCode, 'nesting deeper than the maximum depth')}`);
  }

  /** Statements that check and write `value` (an expression of type unknown) for `node`. */
  writeValue(node: IrNode, value: Code, token: string | undefined, scope: NameScope, lines: Lines, depth: Code, typeChecked = false): void {
    const fail = this.failWith(node, token);
    const check = (test: Code, what: string): void => {
      if (!typeChecked) lines.line(js`if (${test}) ${fail('unexpected-type', what)}`);
    };
    const writer = new Code('writer');
    switch (node.kind) {
      case 'any': {
        const failure = js`${this.context.use('anyFailure')}(error, ${value}, ${depth})`;
        lines.tryCatch(
          (body) => body.line(js`${this.context.runtime('writeAny')}(${writer}, ${value}, '', ${this.anyOptions(depth)});`),
          (handler) => handler.line(js`throw ${token === undefined ? failure : js`${this.context.use('atPath')}(${failure}, ${literal(token)})`};`),
        );
        return;
      }
      case 'never':
        lines.line(fail('schema-violation', 'no value is allowed here'));
        return;
      case 'null':
        check(js`${value} !== null`, 'expected null');
        lines.line(js`${writer}.u8(${hexLiteral(UbjsonMarker.Null)}); // Z`);
        return;
      case 'boolean':
        check(js`typeof ${value} !== 'boolean'`, 'expected boolean');
        lines.line(js`${writer}.u8(${value} ? ${hexLiteral(UbjsonMarker.True)} : ${hexLiteral(UbjsonMarker.False)}); // T or F`);
        return;
      case 'number':
        numberChecks(this.context, node, value, fail, lines, !typeChecked);
        const fixed = fixedInteger(node);
        if (fixed === undefined) lines.line(js`${this.context.use('writeNumberItem')}(${writer}, ${value});`);
        else {
          // -0 is a float in UBJSON (the generic encoder writes `D` to keep its sign), never a fixed integer.
          lines.ifElse(js`${value} === 0 && 1 / ${value} < 0`, (negativeZero) => negativeZero.line(js`${this.context.use('writeNumberItem')}(${writer}, ${value});`), (integer) =>
            this.writeFixedInteger(fixed, value, true, integer),
          );
        }
        return;
      case 'string':
        check(js`typeof ${value} !== 'string'`, 'expected string');
        stringChecks(this.context, node, value, fail, lines);
        lines.line(js`${this.context.runtime('writeString')}(${writer}, ${value});`);
        return;
      case 'literal': {
        const strings = node.values.filter((candidate): candidate is string => typeof candidate === 'string');
        if (strings.length === node.values.length && strings.length > 0 && strings.length <= MAX_SWITCHED_STRINGS) {
          // String constants are known at compile time: the check picks their pre-encoded bytes.
          lines.block(js`switch (${value})`, (cases) => {
            for (const text of new Set(strings)) {
              cases.block(js`case ${literal(text)}:`, (inner) => {
                this.writeConstant(ubjsonString(text), `text ${text}`, `UBJSON string ${JSON.stringify(text)}: S, length, UTF-8`, inner, true);
                inner.line(new Code('break;'));
              });
            }
            cases.line(js`default: ${fail('schema-violation', literalMessage(node))}`);
          });
          return;
        }
        lines.line(js`if (!(${literalCondition(this.context, node, value)})) ${fail('schema-violation', literalMessage(node))}`);
        lines.line(js`${this.context.runtime('writeAny')}(${writer}, ${value}, '', ${this.anyOptions(depth)});`);
        return;
      }
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
   * The options of `writeAny`: the nesting levels left, so deep values fail where the generic
   * encoder's do. One object per depth, reused: the runtime keeps an encoder per options object.
   */
  anyOptions(depth: Code): Code {
    return js`${this.context.use('anyOptionsAt')}(${depth})`;
  }

  /**
   * Statements that write pre-encoded `bytes` (`what` says what they are, for the comment):
   * short runs inline, long ones from a hoisted constant named `constantName`.
   */
  writeConstant(bytes: Uint8Array, constantName: string, what: string, lines: Lines, ownBlock = false): void {
    if (bytes.length > INLINE_CONSTANT_BYTES) {
      const constant = this.context.constant(constantName, bytesLiteral(bytes), what);
      lines.line(js`${this.context.use('writeBytes')}(writer, ${constant});`);
      return;
    }
    const stores = (body: Lines): void => {
      body.line(comment(what));
      body.line(js`writer.ensure(${bytes.length});`);
      body.line(new Code('const uint8 = writer.uint8;'));
      body.line(new Code('const pos = writer.pos;'));
      body.line(joinCode(Array.from(bytes, (byte, offset) => js`uint8[${new Code(offset === 0 ? 'pos' : `pos + ${offset}`)}] = ${hexLiteral(byte)};`), ' '));
      body.line(js`writer.pos = pos + ${bytes.length};`);
    };
    // The locals need a block of their own unless the caller's block is one.
    if (ownBlock) stores(lines);
    else lines.block(new Code(''), stores);
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

  private emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    const fail = this.failWith(node, undefined);
    this.depthGuard(node, lines);
    lines.line(js`if (!Array.isArray(value)) ${fail('unexpected-type', 'expected array')}`);
    const length = scope.claim('length');
    const index = scope.claim('index');
    lines.line(js`const ${length} = value.length;`);
    arrayCountChecks(node, length, fail, lines);
    uniqueCheck(this.context, node, new Code('value'), fail, lines);
    const typed = typedArrayItems(node);
    const optimized = scope.claim('optimized');
    if (typed !== undefined) {
      // container-types.html#optimized: every item has the marker the item range fixes, so it is
      // written once in the header and the items are payloads only. A -0 item has to stay a
      // float (`D`, as the generic encoder writes it), so such an array is written plainly.
      lines.line(js`const ${optimized} = !${this.context.use('hasNegativeZero')}(value);`);
      lines.ifElse(
        optimized,
        (body) => {
          this.writeConstant(Uint8Array.from([UbjsonMarker.ArrayStart, UbjsonMarker.Type, typed.marker, UbjsonMarker.Count]), `typed array ${typed.name}`, `UBJSON typed array header [$${String.fromCharCode(typed.marker)}# (${typed.name} items), the count follows`, body);
          body.line(js`${this.context.runtime('writeInt')}(writer, ${length});`);
        },
        (body) => body.line(js`writer.u8(${hexLiteral(UbjsonMarker.ArrayStart)}); // [`),
      );
    } else {
      lines.line(js`writer.u8(${hexLiteral(UbjsonMarker.ArrayStart)}); // [`);
    }
    lines.line(js`let ${index} = 0;`);
    const item = scope.claim('item');
    lines.tryCatch(
      (body) =>
        body.block(js`for (; ${index} < ${length}; ${index}++)`, (loop) => {
          loop.line(js`const ${item}: unknown = value[${index}];`);
          if (typed === undefined) {
            this.itemBranches(node, item, index, scope, loop);
            return;
          }
          const itemNode = node.items as IrNumber;
          numberChecks(this.context, itemNode, item, this.failWith(itemNode, undefined), loop, true);
          loop.ifElse(optimized, (payload) => this.writeFixedInteger(typed, item, false, payload), (plain) => plain.line(js`${this.context.use('writeNumberItem')}(writer, ${item});`));
        }),
      (handler) => handler.line(js`throw ${this.context.use('atPath')}(error, ${index});`),
    );
    if (typed === undefined) lines.line(js`writer.u8(${hexLiteral(UbjsonMarker.ArrayEnd)}); // ]`);
    else lines.line(js`if (!${optimized}) writer.u8(${hexLiteral(UbjsonMarker.ArrayEnd)}); // ]`);
  }

  /** The item write, choosing the `prefixItems` entry by position. */
  private itemBranches(node: IrArray, item: Name, index: Name, scope: NameScope, lines: Lines): void {
    const depth = new Code('depth - 1');
    if (node.prefixItems.length === 0) {
      this.writeValue(node.items, item, undefined, scope, lines, depth);
      return;
    }
    node.prefixItems.forEach((prefix, position) => {
      lines.line(position === 0 ? js`if (${index} === ${position}) {` : js`} else if (${index} === ${position}) {`);
      lines.indented((inner) => this.writeValue(prefix, item, undefined, scope, inner, depth));
    });
    lines.line(new Code('} else {'));
    lines.indented((inner) => this.writeValue(node.items, item, undefined, scope, inner, depth)).line(new Code('}'));
  }

  private emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
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

  private discriminated(node: IrUnion, scope: NameScope, lines: Lines, fail: Fail): void {
    const discriminator = node.discriminator!;
    lines.line(js`if (!${this.context.use('isPlainObject')}(value)) ${fail('unexpected-type', 'expected object')}`);
    const tag = scope.fresh('tag');
    const property = discriminator.property;
    const read = property in Object.prototype ? js`${this.context.use('ownValue')}(value, ${literal(property)})` : js`(value as Record<string, unknown>)[${literal(property)}]`;
    lines.line(js`const ${tag} = ${read};`);
    lines.line(js`if (${tag} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(property)}`)}`);
    lines.block(js`switch (${tag})`, (body) => {
      node.variants.forEach((variant, position) => {
        const values = discriminator.mapping.filter((entry) => entry.variant === position);
        if (values.length === 0) return;
        for (const entry of values) body.line(js`case ${jsonLiteral(entry.value)}:`);
        body.indented((inner) => {
          this.writeValue(variant, new Code('value'), undefined, scope, inner, new Code('depth'));
          inner.line(new Code('return;'));
        });
      });
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

