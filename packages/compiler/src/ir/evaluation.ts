/**
 * What a schema's in-place subschemas evaluate, for `unevaluatedProperties` and `unevaluatedItems`
 * (2020-12 Core §11.2–11.3, 2019-09 Core §9.3.1.3/§9.3.2.4). Built from the raw schema, not the
 * merged IR: merging forgets which keyword a name came from, and only evaluating keywords count.
 *
 * Annotations come only from subschemas that validated (Core §7.7.1.1). When the whole schema
 * validates, its adjacent keywords, `allOf` members and in-place `$ref` targets all did, so they
 * evaluate statically; `anyOf`/`oneOf` variants, `if` (with `then`, else `else`) and
 * `dependentSchemas` evaluate only when the value matches them: those become conditions, checked
 * over the value by generated code. `not` evaluates nothing. In-place references (`$ref`, 2020-12
 * `$dynamicRef`) are followed through `inPlaceTargets`, the one resolver lowering also uses.
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { has, isJsonObject, own } from '../schema/json.js';
import type { SchemaLocation } from '../schema/registry.js';
import { LoweringContext } from './context.js';
import { inPlaceTargets, type ScopedLocation } from './dynamic-scope.js';
import { arrayKeyword, childLocation, hereOf, keywordPath, type Here } from './keyword-values.js';
import { lowerSubschema } from './lower-checks.js';
import { anyNode } from './nodes.js';
import type { IrEvaluation, IrEvaluationCondition, IrNode, IrObject } from './types.js';

/** Which instance members an evaluation is about. */
export type EvaluationTarget = 'properties' | 'items';

function emptyEvaluation(): IrEvaluation {
  return { all: false, names: [], patterns: [], prefix: 0, contains: [], conditions: [] };
}

/** True when the evaluation evaluates nothing. */
function evaluatesNothing(evaluation: IrEvaluation): boolean {
  return !evaluation.all && evaluation.names.length === 0 && evaluation.patterns.length === 0 && evaluation.prefix === 0 && evaluation.contains.length === 0 && evaluation.conditions.length === 0;
}

/** What `here`'s own keywords and in-place subschemas evaluate (its own `unevaluated*` excluded). */
export function buildEvaluation(context: LoweringContext, here: Here, target: EvaluationTarget): IrEvaluation {
  return evaluationAt(context, here.location, target, false, new Set([LoweringContext.keyOf(here.location)]));
}

/** `nested`: `unevaluated*` here evaluates everything left (it is not the keyword being built). */
function evaluationAt(context: LoweringContext, location: SchemaLocation, target: EvaluationTarget, nested: boolean, active: Set<string>): IrEvaluation {
  if (!isJsonObject(location.schema)) return emptyEvaluation();
  const here = hereOf({ ...location, base: context.registry.baseAt(location.document, location.pointer) }, location.schema);
  context.enter(here.path, here.source);
  try {
    // Each visit counts against the node budget: in-place references can share subschemas (a
    // diamond of allOf/$ref visits 2^depth of them); a hostile schema is refused, not walked.
    context.count(here.path, here.source);
    const draft = here.location.document.draft;
    const legacy = draft !== '2020-12' && draft !== '2019-09';
    // Draft-07 Core §8.3 (a document of an older draft reached by reference): `$ref`'s siblings are ignored.
    const refOnly = legacy && has(here.schema, '$ref');
    const evaluation = refOnly ? emptyEvaluation() : ownEvaluation(context, here, target, nested);
    for (const reference of inPlaceTargets(context, here)) merge(evaluation, followReference(context, here, reference, target, active));
    if (refOnly) return evaluation;
    const child = (value: unknown, ...tokens: (string | number)[]): IrEvaluation => evaluationAt(context, childLocation(here, value, ...tokens), target, true, active);
    for (const [index, member] of (arrayKeyword(here, 'allOf') ?? []).entries()) merge(evaluation, child(member, 'allOf', index));
    for (const keyword of ['anyOf', 'oneOf']) {
      for (const [index, variant] of (arrayKeyword(here, keyword) ?? []).entries()) {
        addCondition(evaluation, () => lowerSubschema(context, childLocation(here, variant, keyword, index)), child(variant, keyword, index));
      }
    }
    // In every draft: `if` is honoured in draft-04/06 too, as ajv does (keywords.ts LATER_DRAFT_KEYWORDS).
    if (has(here.schema, 'if')) {
      const matched = child(own(here.schema, 'if'), 'if');
      if (has(here.schema, 'then')) merge(matched, child(own(here.schema, 'then'), 'then'));
      const otherwise = has(here.schema, 'else') ? child(own(here.schema, 'else'), 'else') : undefined;
      addCondition(evaluation, () => lowerSubschema(context, childLocation(here, own(here.schema, 'if'), 'if')), matched, otherwise);
    }
    // dependentSchemas apply to objects only: they never evaluate items.
    const keyword = legacy ? 'dependencies' : 'dependentSchemas';
    const dependent = own(here.schema, keyword);
    if (target === 'properties' && isJsonObject(dependent)) {
      for (const property of Object.keys(dependent)) {
        // Draft-07 `dependencies` may also list names (Validation §6.5.7), which evaluate nothing.
        if (!Array.isArray(dependent[property])) addCondition(evaluation, () => presence(here, keyword, property), child(dependent[property], keyword, property));
      }
    }
    return simplified(evaluation);
  } finally {
    context.leave();
  }
}

/**
 * What an in-place reference's target evaluates, walked in the dynamic scope the reference enters
 * (dynamic-scope.ts), so `$dynamicRef`s and conditions under it resolve as lowering resolves them.
 */
function followReference(context: LoweringContext, here: Here, reference: ScopedLocation, target: EvaluationTarget, active: Set<string>): IrEvaluation {
  const key = LoweringContext.keyOf(reference.location);
  if (active.has(key)) {
    throw new SchemaError(SchemaErrorCode.RecursiveMerge, `unevaluated${target === 'properties' ? 'Properties' : 'Items'} over a reference that reaches #${reference.location.pointer} again in place cannot be compiled`, keywordPath(here, reference.keyword), here.source);
  }
  active.add(key);
  try {
    return context.inScope(reference.location, reference.bindings, () => evaluationAt(context, reference.location, target, true, active));
  } finally {
    active.delete(key);
  }
}

/** The adjacent keywords of `here` that evaluate members of the value. */
function ownEvaluation(context: LoweringContext, here: Here, target: EvaluationTarget, nested: boolean): IrEvaluation {
  const evaluation = emptyEvaluation();
  if (target === 'properties') {
    const properties = own(here.schema, 'properties');
    const patterns = own(here.schema, 'patternProperties');
    if (isJsonObject(properties)) evaluation.names = Object.keys(properties);
    if (isJsonObject(patterns)) evaluation.patterns = Object.keys(patterns);
    evaluation.all = has(here.schema, 'additionalProperties') || (nested && has(here.schema, 'unevaluatedProperties'));
    return evaluation;
  }
  evaluation.all = nested && has(here.schema, 'unevaluatedItems');
  const items = own(here.schema, 'items');
  if (here.location.document.draft === '2020-12') {
    // 2020-12 Core §10.3.1.1–10.3.1.3: prefixItems, items (the rest) and contains (matching items).
    evaluation.prefix = arrayKeyword(here, 'prefixItems')?.length ?? 0;
    if (items !== undefined) evaluation.all = true;
    if (has(here.schema, 'contains')) evaluation.contains.push(lowerSubschema(context, childLocation(here, own(here.schema, 'contains'), 'contains')));
  } else if (Array.isArray(items)) {
    // 2019-09 Core §9.3.1.1–9.3.1.2: tuple `items`, then `additionalItems`; `contains` evaluates nothing.
    evaluation.prefix = items.length;
    if (has(here.schema, 'additionalItems')) evaluation.all = true;
  } else if (items !== undefined) {
    evaluation.all = true;
  }
  return evaluation;
}

/** Adds what `from` evaluates to `into` (both apply). */
function merge(into: IrEvaluation, from: IrEvaluation): void {
  into.all ||= from.all;
  into.names.push(...from.names.filter((name) => !into.names.includes(name)));
  into.patterns.push(...from.patterns.filter((pattern) => !into.patterns.includes(pattern)));
  into.prefix = Math.max(into.prefix, from.prefix);
  into.contains.push(...from.contains);
  into.conditions.push(...from.conditions);
}

/** Adds a condition unless it evaluates nothing; `when` is lowered only then (it may be costly). */
function addCondition(into: IrEvaluation, when: () => IrNode, then: IrEvaluation, otherwise?: IrEvaluation): void {
  const elseUseful = otherwise !== undefined && !evaluatesNothing(otherwise);
  if (evaluatesNothing(then) && !elseUseful) return;
  const node = when();
  // A condition every value meets (or none) is static.
  if (acceptsEverything(node)) return merge(into, then);
  if (node.kind === 'never') {
    if (elseUseful) merge(into, otherwise!);
    return;
  }
  const condition: IrEvaluationCondition = { when: node, then };
  if (elseUseful) condition.else = otherwise;
  into.conditions.push(condition);
}

/**
 * True when `node` matches every JSON value: `{}`, or a union of the six types with nothing
 * restricted (what `{"properties": {"a": true}}` lowers to). Conservative: false when unsure.
 */
function acceptsEverything(node: IrNode): boolean {
  if (node.checks !== undefined) return false;
  if (node.kind === 'any') return true;
  if (node.kind !== 'union' || node.mode === 'oneOf') return false;
  const free = new Set<string>();
  for (const variant of node.variants) {
    if (variant.checks !== undefined) continue;
    if (variant.kind === 'any') return true;
    if (unrestricted(variant)) free.add(variant.kind);
  }
  return ['null', 'boolean', 'number', 'string', 'array', 'object'].every((kind) => free.has(kind));
}

/** True when `node` accepts every value of its JSON type (numbers: integers and fractions). */
export function unrestricted(node: IrNode): boolean {
  switch (node.kind) {
    case 'null':
    case 'boolean':
      return true;
    case 'number':
      return !node.integer && node.minimum === undefined && node.maximum === undefined && node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined && node.multipleOf === undefined;
    case 'string':
      return node.minLength === undefined && node.maxLength === undefined && node.pattern === undefined && node.format === undefined;
    case 'array':
      return node.prefixItems.every(acceptsEverything) && acceptsEverything(node.items) && node.minItems === undefined && node.maxItems === undefined && node.uniqueItems !== true;
    case 'object':
      return (
        node.properties.every((property) => !property.required && acceptsEverything(property.node)) &&
        node.patternProperties.every((entry) => acceptsEverything(entry.node)) &&
        acceptsEverything(node.additionalProperties) &&
        node.extraRequired.length === 0 &&
        node.propertyNames === undefined &&
        node.minProperties === undefined &&
        node.maxProperties === undefined
      );
    default:
      return false;
  }
}

/** Once everything is evaluated, the rest says nothing. */
function simplified(evaluation: IrEvaluation): IrEvaluation {
  return evaluation.all ? { ...emptyEvaluation(), all: true } : evaluation;
}

/** The node of "an object with `property`" (when a `dependentSchemas` entry applies). */
function presence(here: Here, keyword: string, property: string): IrObject {
  const path = keywordPath(here, keyword);
  return { kind: 'object', properties: [], patternProperties: [], additionalProperties: anyNode(path), extraRequired: [property], schemaPath: path, annotations: {} };
}
