import type { IrArray, IrDefinition, IrNode, IrUnion } from '../ir/types.js';
import { unionStrategy, type JsonType } from '../plan/shape.js';
import { Code, bytesLiteral, js, joinCode, jsonLiteral, literal, Lines } from './code.js';
import { cborText } from '../plan/cbor.js';
import { keyDoc } from './cbor-encode-object.js';
import { ModuleContext, functionDocs, pathWords } from './context.js';
import { arrayCountChecks, literalCondition, literalMessage, numberChecks, stringChecks, uniqueCheck, type Fail, type FailCode } from './checks.js';
import type { Name, NameScope } from './names.js';
import { typeOf } from './types.js';
import { describeTypes } from './cbor-encode.js';
import { emitObjectReader } from './cbor-decode-object.js';

/**
 * Emits CBOR decoders: one `read<Name>(reader, depth)` per definition and per inner object, array
 * or union, scalars inline. `depth` is the number of nesting levels still allowed, as in the
 * generic decoder. They accept every valid encoding of a conforming value (any head width,
 * indefinite lengths, any float width, keys in any order) and check every assertion, throwing
 * `DecodeError` with the item's offset and schema path.
 */
export class CborDecoderEmitter {
  private readonly functionNames = new Map<IrNode, Name>();
  private readonly pending: (() => void)[] = [];

  constructor(
    readonly context: ModuleContext,
    readonly deterministic: boolean,
  ) {}

  definition(definition: IrDefinition): Name {
    return this.functionFor(definition.node, `read ${this.context.typeNames.get(definition.key)?.text ?? definition.name}`, `Reads a ${definition.name} from CBOR.`);
  }

  /** The read function of the module's root schema. */
  root(node: IrNode, typeName: Name): Name {
    return this.functionFor(node, `read ${typeName.text}`, `Reads a ${typeName.text} from CBOR.`);
  }

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

  private innerFunction(node: IrNode): Name {
    return this.functionFor(node, `read ${pathWords(node.schemaPath, this.context.ir.rootName)}`, `Reads ${node.schemaPath} from CBOR.`);
  }

  private emitFunction(node: IrNode, name: Name, summary: string): void {
    const scope = this.context.scope.child();
    for (const fixed of ['reader', 'depth', 'error']) scope.claim(fixed);
    const lines = new Lines();
    if (node.kind === 'object') emitObjectReader(this, node, scope, lines);
    else if (node.kind === 'array') this.emitArray(node, scope, lines);
    else if (node.kind === 'union') this.emitUnion(node, scope, lines);
    else {
      const value = scope.claim('value');
      if (this.readExpression(node, new Code('depth')) === undefined) lines.line(js`let ${value}: ${this.type(node)};`);
      this.returnValue(node, value, scope, lines, new Code('depth'));
    }
    this.context.functions.push({
      name,
      docs: functionDocs(summary, node),
      params: [js`reader: ${this.context.runtime('Reader')}`, new Code('depth: number')],
      returnType: this.type(node),
      body: lines.toCode(),
      exported: false,
    });
  }

  type(node: IrNode): Code {
    return this.context.nodeTypeNames.get(node) ?? typeOf(node, this.context.typeNames);
  }

  /** The throw statement for a failure of `node` at byte `offset`. */
  failAt(node: IrNode, offset: Code): Fail {
    return (code: FailCode, what: string) =>
      js`throw ${this.context.use('decodeFailure')}(${literal(code)}, ${literal(what)}, ${offset}, ${literal(node.schemaPath)});`;
  }

  /** `if (depth === 0) throw tooDeep(…)`: the generic decoder's nesting limit. */
  depthGuard(node: IrNode, lines: Lines): void {
    lines.line(js`if (depth === 0) throw ${this.context.use('tooDeep')}(reader.pos, ${literal(node.schemaPath)});`);
  }

  /** Statements that read one item for `node` into `target` (declared by the caller). */
  readValue(node: IrNode, target: Code, scope: NameScope, lines: Lines, depth: Code): void {
    const path = literal(node.schemaPath);
    const use = (name: string): Name => this.context.use(name);
    const direct = this.readExpression(node, depth);
    if (direct !== undefined) {
      lines.line(js`${target} = ${direct};`);
      return;
    }
    switch (node.kind) {
      case 'never':
        lines.line(this.failAt(node, new Code('reader.pos'))('schema-violation', 'no value is allowed here'));
        return;
      case 'number': {
        // Checked in a typed local: the target may be declared `unknown` (extra properties, tuple items).
        const offset = this.offset(scope, lines);
        const decoded = scope.fresh('decoded');
        lines.line(js`const ${decoded} = ${use('readNumberItem')}(reader, ${path});`);
        numberChecks(this.context, node, decoded, this.failAt(node, offset), lines);
        lines.line(js`${target} = ${decoded};`);
        return;
      }
      case 'string': {
        const offset = this.offset(scope, lines);
        const decoded = scope.fresh('decoded');
        lines.line(js`const ${decoded} = ${use('readString')}(reader, ${path});`);
        stringChecks(this.context, node, decoded, this.failAt(node, offset), lines);
        lines.line(js`${target} = ${decoded};`);
        return;
      }
      case 'literal': {
        const offset = this.offset(scope, lines);
        const candidate = scope.fresh('candidate');
        const strings = node.values.every((value) => typeof value === 'string');
        const read = strings ? js`${use('readString')}(reader, ${path})` : js`${this.context.runtime('readAny')}(reader, ${depth})`;
        lines.line(js`const ${candidate}: unknown = ${read};`);
        lines.line(js`if (!(${literalCondition(this.context, node, candidate)})) ${this.failAt(node, offset)('schema-violation', literalMessage(node))}`);
        lines.line(js`${target} = ${candidate} as ${this.type(node)};`);
        return;
      }
      default:
        throw new Error(`readValue: ${node.kind} is read by readExpression`);
    }
  }

  /** An expression that reads `node` when that needs no statements (no assertions to check), else undefined. */
  private readExpression(node: IrNode, depth: Code): Code | undefined {
    const path = literal(node.schemaPath);
    switch (node.kind) {
      case 'any':
        return js`${this.context.runtime('readAny')}(reader, ${depth})`;
      case 'null':
        return js`${this.context.use('readNullItem')}(reader, ${path})`;
      case 'boolean':
        return js`${this.context.use('readBooleanItem')}(reader, ${path})`;
      case 'string':
        return node.minLength === undefined && node.maxLength === undefined && node.pattern === undefined && node.format === undefined
          ? js`${this.context.use('readString')}(reader, ${path})`
          : undefined;
      case 'ref': {
        const definition = this.context.definitions.get(node.target);
        if (definition === undefined) throw new Error(`unresolved ref ${node.target}`);
        return js`${this.definition(definition)}(reader, ${depth})`;
      }
      case 'object':
      case 'array':
      case 'union':
        return js`${this.innerFunction(node)}(reader, ${depth})`;
      default:
        return undefined;
    }
  }

  /** Statements that read `node` and return its value from the function. */
  private returnValue(node: IrNode, value: Name, scope: NameScope, lines: Lines, depth: Code): void {
    const direct = this.readExpression(node, depth);
    if (direct !== undefined) {
      lines.line(js`return ${direct};`);
      return;
    }
    this.readValue(node, value, scope, lines, depth);
    lines.line(js`return ${value};`);
  }

  /** `const offset = reader.pos;` before an item whose assertions report its start. */
  private offset(scope: NameScope, lines: Lines): Name {
    const offset = scope.fresh('offset');
    lines.line(js`const ${offset} = reader.pos;`);
    return offset;
  }

  private emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    this.depthGuard(node, lines);
    const start = scope.claim('start');
    const count = scope.claim('count');
    const items = scope.claim('items');
    const index = scope.claim('index');
    const item = scope.claim('item');
    lines.line(js`const ${start} = reader.pos;`);
    lines.line(js`const ${count} = ${this.context.use('readContainerHead')}(reader, 4, ${literal(node.schemaPath)});`);
    const tuple = node.prefixItems.length > 0;
    // Sized up front when the count is known (checked against the bytes left by readContainerHead):
    // pushing onto [] allocates room for 17 items at the first push and regrows after that.
    lines.line(js`const ${items}: ${tuple ? new Code('unknown[]') : this.type(node)} = ${count} < 0 ? [] : new Array(${count});`);
    const loop = js`for (let ${index} = 0; ${count} < 0 ? !${this.context.use('atBreak')}(reader) : ${index} < ${count}; ${index}++)`;
    lines.block(loop, (body) => {
      if (!tuple) {
        body.line(js`let ${item}: ${this.type(node.items)};`);
        this.readValue(node.items, item, scope, body, new Code('depth - 1'));
        body.line(js`${items}[${index}] = ${item};`);
        return;
      }
      body.line(js`let ${item}: unknown;`);
      node.prefixItems.forEach((prefix, position) => {
        body.line(position === 0 ? js`if (${index} === ${position}) {` : js`} else if (${index} === ${position}) {`);
        body.indented((inner) => this.readValue(prefix, item, scope, inner, new Code('depth - 1')));
      });
      body.line(new Code('} else {'));
      body.indented((inner) => this.readValue(node.items, item, scope, inner, new Code('depth - 1'))).line(new Code('}'));
      body.line(js`${items}[${index}] = ${item};`);
    });
    const fail = this.failAt(node, start);
    arrayCountChecks(node, js`${items}.length`, fail, lines);
    uniqueCheck(this.context, node, items, fail, lines);
    lines.line(tuple ? js`return ${items} as ${this.type(node)};` : js`return ${items};`);
  }

  private emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    const strategy = unionStrategy(node, this.context.definitions);
    const start = scope.claim('start');
    const value = scope.claim('value');
    lines.line(js`const ${start} = reader.pos;`);
    // Definitely assigned on every path that reaches a use; `!` because TS cannot see it through try/catch.
    lines.line(js`let ${value}${strategy.kind === 'try' ? new Code('!') : new Code('')}: ${this.type(node)};`);
    const fail = this.failAt(node, start);
    if (strategy.kind === 'discriminator') {
      const discriminator = node.discriminator!;
      const tag = scope.fresh('tag');
      // Find the discriminator wherever it is in the map, then read the chosen variant from the map's start.
      const encoded = this.context.constant(`key ${discriminator.property}`, bytesLiteral(cborText(discriminator.property)), keyDoc(discriminator.property));
      lines.line(js`const ${tag} = ${this.context.use('scanDiscriminator')}(reader, ${literal(discriminator.property)}, ${encoded}, depth, ${literal(node.schemaPath)});`);
      lines.line(js`reader.pos = ${start};`);
      lines.line(js`if (${tag} === undefined) ${fail('schema-violation', `missing required property ${JSON.stringify(discriminator.property)}`)}`);
      lines.block(js`switch (${tag})`, (body) => {
        node.variants.forEach((variant, position) => {
          const entries = discriminator.mapping.filter((entry) => entry.variant === position);
          if (entries.length === 0) return;
          for (const entry of entries) body.line(js`case ${jsonLiteral(entry.value)}:`);
          body.indented((inner) => this.returnValue(variant, value, scope, inner, new Code('depth')));
        });
      });
      lines.line(fail('schema-violation', `no variant for this ${discriminator.property}`));
      return;
    }
    if (strategy.kind === 'type') {
      const initial = scope.claim('initial');
      lines.line(js`if (${start} >= reader.end) reader.failEnd(1);`);
      lines.line(js`const ${initial} = reader.uint8[${start}];`);
      strategy.types.forEach((types, position) => {
        lines.block(js`if (${initialTest(types, initial)})`, (body) => this.returnValue(node.variants[position], value, scope, body, new Code('depth')));
      });
      lines.line(js`throw ${this.context.use('expectedType')}(reader, ${literal(describeTypes(strategy.types))}, ${start}, ${literal(node.schemaPath)});`);
      return;
    }
    this.tried(node, scope, lines, start, value, fail);
  }

  /** Overlapping variants: read each from the start; schema failures rewind, other errors propagate. */
  private tried(node: IrUnion, scope: NameScope, lines: Lines, start: Name, value: Name, fail: Fail): void {
    const matched = scope.claim('matched');
    const end = scope.claim('end');
    const candidate = scope.claim('candidate');
    lines.line(js`let ${matched} = 0;`);
    lines.line(js`let ${end} = ${start};`);
    node.variants.forEach((variant) => {
      lines.block(node.mode === 'oneOf' ? new Code('') : js`if (${matched} === 0)`, (attempt) => {
        attempt.line(js`reader.pos = ${start};`);
        attempt.tryCatch(
          (body) => {
            body.line(js`let ${candidate}: ${this.type(variant)};`);
            this.readValue(variant, candidate, scope, body, new Code('depth'));
            body.line(js`if (${matched}++ === 0) ${value} = ${candidate};`);
            body.line(js`${end} = reader.pos;`);
          },
          (handler) => handler.line(js`if (!${this.context.use('isSchemaMismatch')}(error)) throw error;`),
        );
      });
    });
    lines.line(js`if (${matched} === 0) ${fail('schema-violation', `matches none of the ${node.mode} variants`)}`);
    if (node.mode === 'oneOf') lines.line(js`if (${matched} > 1) ${fail('schema-violation', 'matches more than one oneOf variant')}`);
    lines.line(js`reader.pos = ${end};`);
    lines.line(js`return ${value};`);
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
