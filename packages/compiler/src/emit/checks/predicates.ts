/**
 * The "runtime island" of generated codecs (STYLE.md, zod v4): keywords that cannot shape the
 * encoding (`not`, `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, `contains`,
 * `unevaluated*` where what is evaluated depends on the value; see `IrBase.checks`) are checked
 * over the JS value by predicates generated from the IR, one `matches<Name>(value, depth):
 * boolean` per node that needs one, the same in every format.
 * Recursion through `IrRef` calls the definition's predicate. Containers spend one `depth`
 * level; running out throws `ChecksTooDeep`, which `checksHold` turns into a failed check (never
 * an engine stack overflow on a cyclic value).
 */
import type { IrArray, IrCheck, IrEvaluation, IrNode, IrObject, IrUnion } from '../../ir/types.js';
import { Code, joinLogical, js, literal, Lines } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import { functionDocs } from '../module/context.js';
import { arrayCountChecks, literalCondition, numberChecks, patternConstant, propertyCountChecks, propertyNameChecks, stringChecks, uniqueCheck, type Fail } from './assertions.js';
import { FunctionEmitter } from '../module/function-emitter.js';
import { guardsInPlace, withInPlaceGuard } from './in-place-guard.js';
import { structuralKey } from '../module/structural-key.js';
import { not, singleReturn } from './predicate-text.js';
import { inlineTest } from './inline-tests.js';
import { unrestricted } from '../../ir/evaluation.js';
import type { Name, NameScope } from '../module/names.js';

const REJECT: Fail = () => new Code('return false;');

class PredicateEmitter extends FunctionEmitter {
  protected readonly verb = 'matches';
  private readonly checkNodes = new WeakMap<IrNode, IrNode>();
  /** The expressions `call` made that call a predicate on an item (they descend a level). */
  private readonly descending = new WeakSet<Code>();

  protected summary(subject: string): string {
    return `True when ${subject} holds for the value (a JSON value) at most \`depth\` containers deep.`;
  }

  /** The predicate of `node`'s checks only (its shape is checked by the codec itself). */
  checksOf(node: IrNode): Name {
    let only = this.checkNodes.get(node);
    if (only === undefined) {
      only = { kind: 'any', schemaPath: node.schemaPath, annotations: {}, checks: node.checks };
      this.checkNodes.set(node, only);
    }
    return this.innerFunction(only);
  }

  protected emitFunction(node: IrNode, name: Name, summary: string): void {
    const scope = this.context.scope.child();
    for (const fixed of ['value', 'depth']) scope.claim(fixed);
    const lines = new Lines();
    this.emitShape(node, scope, lines);
    for (const check of node.checks ?? []) this.emitCheck(check, scope, lines);
    lines.line(new Code('return true;'));
    const body = guardsInPlace(this.context, node) ? withInPlaceGuard(this.context, scope, node, name, lines, new Code('value'), new Code('return false;')).toCode() : singleReturn(lines.toCode());
    this.context.functions.push({
      name,
      docs: functionDocs(summary, node),
      params: [new Code('value: unknown'), new Code('depth: number')],
      returnType: new Code('boolean'),
      body,
      exported: false,
    });
  }

  /**
   * One predicate per distinct subschema, not per place: a predicate says only true or false, so
   * nodes that mean the same share it whatever their schema paths (jfrog-pipelines repeats its
   * step schemas under many `if`/`then` branches: 1,640 of 1,980 predicates were copies).
   */
  protected override sharingKey(node: IrNode): string {
    return structuralKey(node);
  }

  /** An expression: `value` matches `node` (`depth`: the levels left for it). */
  private call(node: IrNode, value: Code, depth: Code): Code {
    if (node.kind === 'any' && node.checks === undefined) return new Code('true');
    if (node.kind === 'never') return new Code('false');
    const inline = this.context.smallCode ? inlineTest(this.context, node, value) : undefined;
    if (inline !== undefined) return inline;
    const wrapped = this.wrappedCall(node, value, depth);
    if (wrapped !== undefined) return wrapped;
    let call: Code;
    if (node.kind === 'ref' && node.checks === undefined) {
      const definition = this.context.definitions.get(node.target);
      if (definition === undefined) throw new Error(`unresolved ref ${node.target}`);
      call = js`${this.definition(definition)}(${value}, ${depth})`;
    } else {
      call = js`${this.innerFunction(node)}(${value}, ${depth})`;
    }
    this.descending.add(call);
    return call;
  }

  /**
   * A node that is only `not` or `allOf` of one subschema (an `if`'s `then: { not: … }`): the
   * subschema's test, negated or as it is, where it is called; its own function would hold
   * nothing but that call.
   */
  private wrappedCall(node: IrNode, value: Code, depth: Code): Code | undefined {
    if (node.kind !== 'any' || node.checks?.length !== 1) return undefined;
    const [check] = node.checks;
    if (check.kind !== 'not' && check.kind !== 'allOf') return undefined;
    const inner = this.call(check.node, value, depth);
    if (check.kind === 'allOf') return inner;
    const negated = not(inner);
    if (this.descending.has(inner)) this.descending.add(negated);
    return negated;
  }

  /** Whether any of `tests` calls a predicate (which may descend further: the caller guards `depth`). */
  private descends(tests: readonly Code[]): boolean {
    return tests.some((test) => this.descending.has(test));
  }

  private emitShape(node: IrNode, scope: NameScope, lines: Lines): void {
    const value = new Code('value');
    switch (node.kind) {
      case 'any':
        return;
      case 'never':
        lines.line(new Code('return false;'));
        return;
      case 'null':
        lines.line(new Code('if (value !== null) return false;'));
        return;
      case 'boolean':
        lines.line(new Code("if (typeof value !== 'boolean') return false;"));
        return;
      case 'number':
        numberChecks(this.context, node, value, REJECT, lines, true);
        return;
      case 'string':
        lines.line(new Code("if (typeof value !== 'string') return false;"));
        stringChecks(this.context, node, value, REJECT, lines);
        return;
      case 'literal':
        lines.line(js`if (!(${literalCondition(this.context, node, value)})) return false;`);
        return;
      case 'array':
        this.emitArray(node, scope, lines);
        return;
      case 'object':
        this.emitObject(node, scope, lines);
        return;
      case 'union':
        this.emitUnion(node, lines);
        return;
      case 'ref':
        lines.line(js`if (${not(this.call({ ...node, checks: undefined }, value, new Code('depth')))}) return false;`);
        return;
    }
  }

  private depthGuard(lines: Lines): void {
    lines.line(js`if (depth === 0) throw new ${this.context.use('ChecksTooDeep')}();`);
  }

  private emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    lines.line(new Code('if (!Array.isArray(value)) return false;'));
    const inner = new Code('depth - 1');
    const prefix = node.prefixItems.map((item, position) => this.call(item, js`value[${position}]`, inner));
    const rest = this.call(node.items, new Code('value[index]'), inner);
    // Only a predicate that looks inside the items spends a level (a cyclic value ends here).
    if (this.descends([...prefix, rest]) || node.uniqueItems === true) this.depthGuard(lines);
    arrayCountChecks(node, new Code('value.length'), REJECT, lines);
    prefix.forEach((test, position) => {
      if (test.text !== 'true') lines.line(js`if (value.length > ${position} && ${not(test)}) return false;`);
    });
    if (rest.text !== 'true') {
      const index = scope.claim('index');
      lines.line(js`for (let ${index} = ${node.prefixItems.length}; ${index} < value.length; ${index}++) if (${not(rest)}) return false;`);
    }
    uniqueCheck(this.context, node, new Code('value'), REJECT, lines);
  }

  private emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    lines.line(js`if (!${this.context.use('isPlainObject')}(value)) return false;`);
    const key = scope.claim('key');
    const item = scope.claim('item');
    const inner = new Code('depth - 1');
    const properties = node.properties.map((property) => ({ name: property.name, test: this.call(property.node, item, inner) }));
    const patterns = node.patternProperties.map((entry) => ({ pattern: patternConstant(this.context, entry.pattern, entry.schemaPath), test: this.call(entry.node, item, inner) }));
    const additional = this.call(node.additionalProperties, item, inner);
    // A declared name skips the pattern and additional tests after the switch; without those, only names with a test need a case.
    const after = patterns.length > 0 || additional.text !== 'true';
    const cases = properties.filter((property) => after || property.test.text !== 'true');
    const loop = node.propertyNames !== undefined || cases.length > 0 || after;
    // Only a predicate that looks inside the values spends a level (a cyclic value ends here).
    if (this.descends([...properties.map((property) => property.test), ...patterns.map((entry) => entry.test), additional])) this.depthGuard(lines);
    const keys = scope.claim('keys');
    const counted = (node.minProperties ?? 0) > 0 || node.maxProperties !== undefined;
    if (loop || counted) lines.line(js`const ${keys} = Object.keys(value);`);
    propertyCountChecks(node, js`${keys}.length`, REJECT, lines);
    const required = [...node.properties.filter((property) => property.required).map((property) => property.name), ...node.extraRequired];
    for (const name of required) lines.line(js`if (!Object.prototype.hasOwnProperty.call(value, ${literal(name)})) return false;`);
    if (!loop) return;
    lines.block(js`for (const ${key} of ${keys})`, (body) => {
      body.line(js`const ${item} = value[${key}];`);
      if (node.propertyNames !== undefined) propertyNameChecks(this.context, node.propertyNames, key, REJECT, body);
      if (cases.length > 0) {
        body.block(js`switch (${key})`, (lines) => {
          for (const property of cases) {
            lines.line(property.test.text === 'true' ? js`case ${literal(property.name)}: continue;` : js`case ${literal(property.name)}: if (${not(property.test)}) return false; continue;`);
          }
        });
      }
      const matched = scope.claim('matched');
      if (patterns.length > 0) body.line(js`let ${matched} = false;`);
      for (const entry of patterns) {
        body.block(js`if (${entry.pattern}.test(${key}))`, (inside) => {
          inside.line(js`${matched} = true;`);
          if (entry.test.text !== 'true') inside.line(js`if (${not(entry.test)}) return false;`);
        });
      }
      if (additional.text === 'true') return;
      const refuse = additional.text === 'false' ? new Code('return false;') : js`if (${not(additional)}) return false;`;
      body.line(patterns.length > 0 ? js`if (!${matched}) ${refuse}` : refuse);
    });
  }

  private emitUnion(node: IrUnion, lines: Lines): void {
    if (node.mode !== 'oneOf') {
      // Every JSON type but objects, untested (a subschema without `type`): one runtime call.
      const untested = node.variants.filter(isUntestedNonObject);
      const kinds = new Set(untested.map((variant) => variant.kind));
      const rest = NON_OBJECT_TYPES.every((kind) => kinds.has(kind)) ? node.variants.filter((variant) => !untested.includes(variant)) : node.variants;
      const tests = rest.map((variant) => this.call(variant, new Code('value'), new Code('depth')));
      if (rest !== node.variants) tests.unshift(js`${this.context.use('isJsonNonObject')}(value)`);
      lines.line(js`if (!(${joinLogical(tests, '||')})) return false;`);
      return;
    }
    const tests = node.variants.map((variant) => this.call(variant, new Code('value'), new Code('depth')));
    lines.line(js`if ([${new Code(tests.map((test) => test.text).join(', '))}].filter(Boolean).length !== 1) return false;`);
  }

  private emitCheck(check: IrCheck, scope: NameScope, lines: Lines): void {
    const value = new Code('value');
    const depth = new Code('depth');
    const has = (name: string): Code => js`Object.prototype.hasOwnProperty.call(value, ${literal(name)})`;
    const isObject = js`${this.context.use('isPlainObject')}(value)`;
    switch (check.kind) {
      case 'not':
        lines.line(js`if (${this.call(check.node, value, depth)}) return false;`);
        return;
      case 'allOf':
        lines.line(js`if (${not(this.call(check.node, value, depth))}) return false;`);
        return;
      case 'if': {
        const branch = (node: IrNode | undefined): Code => (node === undefined ? new Code('true') : this.call(node, value, depth));
        const condition = this.call(check.if, value, depth);
        if (check.else === undefined) lines.line(js`if (${condition} && ${not(branch(check.then))}) return false;`);
        else if (check.then === undefined) lines.line(js`if (${not(condition)} && ${not(branch(check.else))}) return false;`);
        else lines.line(js`if (${condition} ? ${not(branch(check.then))} : ${not(branch(check.else))}) return false;`);
        return;
      }
      case 'dependentRequired': {
        const missing = check.required.map((name) => js`!${has(name)}`);
        if (missing.length > 0) lines.line(js`if (${isObject} && ${has(check.property)} && (${joinLogical(missing, '||')})) return false;`);
        return;
      }
      case 'dependentSchema':
        lines.line(js`if (${isObject} && ${has(check.property)} && ${not(this.call(check.node, value, depth))}) return false;`);
        return;
      case 'contains': {
        const found = scope.fresh('found');
        const item = scope.fresh('item');
        lines.block(new Code('if (Array.isArray(value))'), (body) => {
          this.depthGuard(body);
          body.line(js`let ${found} = 0;`);
          body.line(js`for (const ${item} of value) if (${this.call(check.node, item, new Code('depth - 1'))}) ${found}++;`);
          const tooMany = check.max === undefined ? new Code('') : js` || ${found} > ${check.max}`;
          body.line(js`if (${found} < ${check.min}${tooMany}) return false;`);
        });
        return;
      }
      case 'unevaluatedProperties':
        this.unevaluatedProperties(check, isObject, scope, lines);
        return;
      case 'unevaluatedItems':
        this.unevaluatedItems(check, scope, lines);
        return;
    }
  }

  /** `unevaluatedProperties` (Core §11.3): every key no subschema evaluated matches its schema. */
  private unevaluatedProperties(check: Extract<IrCheck, { kind: 'unevaluatedProperties' }>, isObject: Code, scope: NameScope, lines: Lines): void {
    lines.block(js`if (${isObject})`, (body) => {
      this.depthGuard(body);
      const key = scope.fresh('key');
      const evaluated = this.evaluated(check.evaluation, scope, body, undefined, (evaluation) => this.keyEvaluated(evaluation, key, check.node.schemaPath));
      const rest = this.call(check.node, js`value[${key}]`, new Code('depth - 1'));
      body.block(js`for (const ${key} of Object.keys(value))`, (loop) => {
        if (evaluated.text !== 'false') loop.line(js`if (${evaluated}) continue; // evaluated (Core §11.3)`);
        loop.line(rest.text === 'false' ? new Code('return false;') : js`if (${not(rest)}) return false;`);
      });
    });
  }

  /** `unevaluatedItems` (Core §11.2): every item no subschema evaluated matches its schema. */
  private unevaluatedItems(check: Extract<IrCheck, { kind: 'unevaluatedItems' }>, scope: NameScope, lines: Lines): void {
    lines.block(new Code('if (Array.isArray(value))'), (body) => {
      this.depthGuard(body);
      const index = scope.fresh('index');
      const evaluated = this.evaluated(check.evaluation, scope, body, undefined, (evaluation) => this.itemEvaluated(evaluation, index));
      const rest = this.call(check.node, js`value[${index}]`, new Code('depth - 1'));
      // Items before the static prefix are evaluated whatever the conditions say.
      body.block(js`for (let ${index} = ${check.evaluation.prefix}; ${index} < value.length; ${index}++)`, (loop) => {
        if (evaluated.text !== 'false') loop.line(js`if (${evaluated}) continue; // evaluated (Core §11.2)`);
        loop.line(rest.text === 'false' ? new Code('return false;') : js`if (${not(rest)}) return false;`);
      });
    });
  }

  /**
   * An expression: the member is evaluated by `evaluation` (IrEvaluation). Declares one boolean per
   * condition branch before the loop (`active`: the branch holding it applies), so each condition's
   * predicate runs once per value, and only when its enclosing branch applies.
   */
  private evaluated(evaluation: IrEvaluation, scope: NameScope, lines: Lines, active: Code | undefined, own: (evaluation: IrEvaluation) => Code[]): Code {
    if (evaluation.all) return active ?? new Code('true');
    const tests = own(evaluation);
    for (const condition of evaluation.conditions) {
      const hit = scope.fresh('matched');
      const when = this.call(condition.when, new Code('value'), new Code('depth'));
      lines.line(active === undefined ? js`const ${hit} = ${when};` : js`const ${hit} = ${active} && ${when};`);
      tests.push(this.evaluated(condition.then, scope, lines, hit, own));
      if (condition.else !== undefined) {
        const missed = scope.fresh('missed');
        lines.line(active === undefined ? js`const ${missed} = !${hit};` : js`const ${missed} = ${active} && !${hit};`);
        tests.push(this.evaluated(condition.else, scope, lines, missed, own));
      }
    }
    const grouped = tests.map((test) => (tests.length > 1 && test.text.includes(' || ') ? new Code(`(${test.text})`) : test));
    const any = tests.length === 0 ? new Code('false') : joinLogical(grouped, '||');
    return active === undefined ? any : js`${active} && (${any})`;
  }

  /** Tests of a key against an evaluation's names and patterns. */
  private keyEvaluated(evaluation: IrEvaluation, key: Code, schemaPath: string): Code[] {
    const tests = evaluation.names.map((name) => js`${key} === ${literal(name)}`);
    for (const pattern of evaluation.patterns) tests.push(js`${patternConstant(this.context, pattern, schemaPath)}.test(${key})`);
    return tests;
  }

  /** Tests of an item index against an evaluation's prefix and `contains` nodes. */
  private itemEvaluated(evaluation: IrEvaluation, index: Code): Code[] {
    const tests = evaluation.prefix > 0 ? [js`${index} < ${evaluation.prefix}`] : [];
    for (const node of evaluation.contains) tests.push(this.call(node, js`value[${index}]`, new Code('depth - 1')));
    return tests;
  }
}

/** The JSON types `isJsonNonObject` stands for, one variant each. */
const NON_OBJECT_TYPES = ['null', 'boolean', 'number', 'string', 'array'] as const;

/** A variant that is one of `NON_OBJECT_TYPES` with nothing to test beyond its type (a number: any finite one). */
function isUntestedNonObject(node: IrNode): boolean {
  return node.checks === undefined && (NON_OBJECT_TYPES as readonly string[]).includes(node.kind) && unrestricted(node);
}

const emitters = new WeakMap<ModuleContext, PredicateEmitter>();

function emitterOf(context: ModuleContext): PredicateEmitter {
  let emitter = emitters.get(context);
  if (emitter === undefined) {
    emitter = new PredicateEmitter(context);
    emitters.set(context, emitter);
  }
  return emitter;
}

/** An expression: `node`'s checks hold for `value` (`depth` levels left); failures to nest count as failing. */
export function checksCondition(context: ModuleContext, node: IrNode, value: Code, depth: Code): Code {
  return js`${context.use('checksHold')}(${checksPredicate(context, node)}, ${value}, ${depth})`;
}

/** The predicate function of `node`'s checks (record tables name it in a `checkedField`). */
export function checksPredicate(context: ModuleContext, node: IrNode): Name {
  return emitterOf(context).checksOf(node);
}

/** The failure message of `node`'s checks. */
export function checksMessage(node: IrNode): string {
  const keywords = new Set((node.checks ?? []).map((check) => (check.kind === 'dependentSchema' ? 'dependentSchemas' : check.kind)));
  return `fails ${[...keywords].join(', ')}`;
}

/** Emits every predicate requested so far (after the encoders and decoders have drained). */
export function drainPredicates(context: ModuleContext): void {
  emitters.get(context)?.drain();
}
