/**
 * `unevaluatedProperties` and `unevaluatedItems` (2020-12 Core §11.2–11.3, 2019-09 Core
 * §9.3.2.4/§9.3.1.3): members of the value no in-place subschema evaluated must match the
 * keyword's schema.
 *
 * When what is evaluated does not depend on the value (no `anyOf`/`oneOf`/`if`/`dependentSchemas`
 * part that some value fails evaluates anything, and no `contains`), the keyword says exactly
 * what a plain object (array) shape says about objects (arrays): the evaluated names (prefix) are
 * free, every other member matches the keyword's schema. That shape is intersected into the node,
 * so `unevaluatedProperties: false` with `allOf` "extends" gives a closed record; with evaluated
 * `patternProperties`, which such a shape could not be merged beside, the node's objects are
 * rewritten instead where that is exact (`closeObjects`). Otherwise the keyword is a check over
 * the value (`IrCheck`).
 */
import { has, own } from '../schema/json.js';
import type { LoweringContext } from './context.js';
import { buildEvaluation, type EvaluationTarget } from './evaluation.js';
import { intersect } from './intersect.js';
import { childLocation, keywordPath, type Here } from './keyword-values.js';
import { checkKeywords } from './lower-checks.js';
import { lowerSchema } from './lower.js';
import { objectIsEmpty } from './lower-types.js';
import { undeclaredNode } from './merge-object.js';
import { anyNode, neverNode, withChecks } from './nodes.js';
import type { IrEvaluation, IrNode, IrObject, IrProperty, IrUnion } from './types.js';

const KEYWORDS = [
  ['unevaluatedProperties', 'properties'],
  ['unevaluatedItems', 'items'],
] as const;

/** `node` (the rest of `here` lowered) restricted by `here`'s `unevaluated*` keywords. */
export function lowerUnevaluated(context: LoweringContext, here: Here, node: IrNode): IrNode {
  const enabled = checkKeywords(here);
  let result = node;
  for (const [keyword, target] of KEYWORDS) {
    if (!enabled.has(keyword) || !has(here.schema, keyword)) continue;
    const evaluation = buildEvaluation(context, here, target);
    // Every member already evaluated: nothing is left for the keyword.
    if (evaluation.all) continue;
    const unevaluated = lowerSchema(context, childLocation(here, own(here.schema, keyword), keyword));
    if (unevaluated.kind === 'any' && unevaluated.checks === undefined) continue;
    const closed = target === 'properties' && evaluation.conditions.length === 0 && evaluation.patterns.length > 0 ? closeObjects(context, here, result, evaluation, unevaluated) : undefined;
    if (closed !== undefined) result = closed;
    else if (isStatic(evaluation, target)) result = intersect(context, result, staticShape(here, keyword, target, evaluation, unevaluated), here);
    else result = withChecks(result, [{ kind: keyword, node: unevaluated, evaluation }]);
  }
  return result;
}

/**
 * A static evaluation with patterns (`patternProperties: {"^x-": …}` beside `unevaluatedProperties:
 * false`, as in OpenAPI 3.1's schema): each object of `node` whose undeclared keys are free, whose
 * patterns are exactly the evaluated ones and whose declared names are evaluated gets the
 * evaluated names declared and `unevaluated` as its additional schema — exactly the keyword on
 * it. `undefined` (the caller falls back) for any node this cannot rewrite exactly.
 */
function closeObjects(context: LoweringContext, here: Here, node: IrNode, evaluation: IrEvaluation, unevaluated: IrNode): IrNode | undefined {
  switch (node.kind) {
    case 'null':
    case 'boolean':
    case 'number':
    case 'string':
    case 'array':
    case 'never':
      return node;
    case 'union': {
      const variants: IrNode[] = [];
      for (const variant of node.variants) {
        const closed = closeObjects(context, here, variant, evaluation, unevaluated);
        if (closed === undefined || (closed.kind === 'never' && variant.kind !== 'never')) return undefined;
        variants.push(closed);
      }
      return { ...node, variants };
    }
    case 'object':
      return closeObject(context, here, node, evaluation, unevaluated);
    default:
      // any, literal, ref: left to the general paths.
      return undefined;
  }
}

function closeObject(context: LoweringContext, here: Here, node: IrObject, evaluation: IrEvaluation, unevaluated: IrNode): IrNode | undefined {
  const patterns = new Set(node.patternProperties.map((entry) => entry.pattern));
  if (node.additionalProperties.kind !== 'any' || node.additionalProperties.checks !== undefined) return undefined;
  if (patterns.size !== evaluation.patterns.length || evaluation.patterns.some((pattern) => !patterns.has(pattern))) return undefined;
  const declared = new Set(node.properties.map((property) => property.name));
  if ([...declared].some((name) => !evaluation.names.includes(name))) return undefined;
  const path = keywordPath(here, 'unevaluatedProperties');
  // An evaluated name the object does not declare keeps what the object says of it (its patterns, else any value).
  const added: IrProperty[] = evaluation.names
    .filter((name) => !declared.has(name))
    .map((name) => ({ name, node: undeclaredNode(context, node, name, here), required: node.extraRequired.includes(name), schemaPath: path }));
  const closed: IrObject = {
    ...node,
    properties: [...node.properties, ...added],
    additionalProperties: unevaluated,
    extraRequired: node.extraRequired.filter((name) => !evaluation.names.includes(name)),
  };
  context.count(here.path, here.source);
  return objectIsEmpty(closed) ? neverNode(here.path) : closed;
}

/**
 * True when the evaluation is the same for every value. Patterns stay a check unless
 * `closeObjects` can rewrite the node: an object shape with them beside the node's own patterns
 * and a non-trivial additional schema cannot be merged.
 */
function isStatic(evaluation: IrEvaluation, target: EvaluationTarget): boolean {
  if (evaluation.conditions.length > 0) return false;
  return target === 'properties' ? evaluation.patterns.length === 0 : evaluation.contains.length === 0;
}

/**
 * Any value of another JSON type, or an object (array) whose evaluated names (prefix) are free
 * and whose other members match `unevaluated`.
 */
function staticShape(here: Here, keyword: string, target: EvaluationTarget, evaluation: IrEvaluation, unevaluated: IrNode): IrUnion {
  const path = keywordPath(here, keyword);
  const free = anyNode(path);
  const object: IrNode = {
    kind: 'object',
    properties: target === 'properties' ? evaluation.names.map((name) => ({ name, node: free, required: false, schemaPath: path })) : [],
    patternProperties: [],
    additionalProperties: target === 'properties' ? unevaluated : free,
    extraRequired: [],
    schemaPath: path,
    annotations: {},
  };
  const array: IrNode = {
    kind: 'array',
    prefixItems: target === 'items' ? Array.from({ length: evaluation.prefix }, () => free) : [],
    items: target === 'items' ? unevaluated : free,
    schemaPath: path,
    annotations: {},
  };
  const variants: IrNode[] = [
    { kind: 'null', schemaPath: path, annotations: {} },
    { kind: 'boolean', schemaPath: path, annotations: {} },
    { kind: 'number', integer: false, schemaPath: path, annotations: {} },
    { kind: 'string', schemaPath: path, annotations: {} },
    array,
    object,
  ];
  return { kind: 'union', mode: 'type', variants, schemaPath: path, annotations: {} };
}
