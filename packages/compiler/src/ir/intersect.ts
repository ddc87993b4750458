/**
 * Intersection of two IR nodes: what `allOf` (and `$ref` beside other keywords) means. The result
 * accepts exactly the values both accept, or the compiler refuses (`unsupported`) rather than
 * widen or narrow it. Contradictions become `never`.
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { commonJson } from '../schema/json.js';
import type { LoweringContext } from './context.js';
import { findDiscriminator } from './discriminator.js';
import type { Here } from './keyword-values.js';
import { withChecks, withoutChecks } from './nodes.js';
import { arrayIsEmpty, numberIsEmpty } from './lower-types.js';
import { matches } from './matches.js';
import { mergeObjects } from './merge-object.js';
import { mergeStrings } from './merge-string.js';
import { neverNode } from './nodes.js';
import type { IrArray, IrLiteral, IrNode, IrNumber, IrRef, IrUnion } from './types.js';

export function intersect(context: LoweringContext, left: IrNode, right: IrNode, here: Here): IrNode {
  context.enter(here.path, here.source);
  try {
    // Checks only remove values: the intersection's checks are both sides', added to those the
    // merge itself keeps (an inlined definition's, a lone surviving union variant's).
    const checks = [...(left.checks ?? []), ...(right.checks ?? [])];
    if (checks.length === 0) return intersectNodes(context, left, right, here);
    return withChecks(intersectNodes(context, withoutChecks(left), withoutChecks(right), here), checks);
  } finally {
    context.leave();
  }
}

function intersectNodes(context: LoweringContext, left: IrNode, right: IrNode, here: Here): IrNode {
  if (left.kind === 'any' || right.kind === 'never') return right;
  if (right.kind === 'any' || left.kind === 'never') return left;
  if (left.kind === 'ref' && right.kind === 'ref' && left.target === right.target) return left;
  if (left.kind === 'ref') return inlined(context, left, right, here, (node) => intersect(context, node, right, here));
  if (right.kind === 'ref') return inlined(context, right, left, here, (node) => intersect(context, left, node, here));
  if (left.kind === 'literal') return filterLiteral(context, left, right, here);
  if (right.kind === 'literal') return filterLiteral(context, right, left, here);
  // Distribute over oneOf/anyOf first so `type` unions stay inside their variants.
  if (left.kind === 'union' && left.mode !== 'type') return distribute(context, left, right, here, true);
  if (right.kind === 'union' && right.mode !== 'type') return distribute(context, right, left, here, false);
  if (left.kind === 'union') return distribute(context, left, right, here, true);
  if (right.kind === 'union') return distribute(context, right, left, here, false);
  if (left.kind !== right.kind) return never(context, here);
  switch (left.kind) {
    case 'null':
    case 'boolean':
      return left;
    case 'number':
      return mergeNumbers(context, left, right as IrNumber, here);
    case 'string':
      return mergeStrings(context, left, right as typeof left, here);
    case 'array':
      return mergeArrays(context, left, right as IrArray, here);
    case 'object':
      return mergeObjects(context, left, right as typeof left, here);
  }
}

/**
 * Inlines a definition into a merge. A definition that reaches itself while being merged (a
 * recursive `$ref` under `allOf`, or beside sibling keywords) cannot be inlined: the merge would
 * never end. Then the reference stays the byte layout and the other side becomes an `allOf`
 * check on it: the same values pass, the recursion closes on the definition's own function.
 */
function inlined(context: LoweringContext, ref: IrRef, other: IrNode, here: Here, use: (node: IrNode) => IrNode): IrNode {
  const node = context.beginInline(ref.target);
  if (node === undefined) {
    context.count(here.path, here.source);
    return withChecks(ref, [{ kind: 'allOf', node: other }]);
  }
  try {
    return use(node);
  } finally {
    context.endInline(ref.target);
  }
}

function never(context: LoweringContext, here: Here): IrNode {
  context.count(here.path, here.source);
  return neverNode(here.path);
}

function filterLiteral(context: LoweringContext, literal: IrLiteral, other: IrNode, here: Here): IrNode {
  const values = other.kind === 'literal' ? commonJson(literal.values, other.values) : literal.values.filter((value) => matches(context, value, other, here));
  if (values.length === 0) return never(context, here);
  context.count(here.path, here.source);
  return { ...literal, values, annotations: { ...other.annotations, ...literal.annotations } };
}

/** (A ∪ B) ∩ C = (A ∩ C) ∪ (B ∩ C); for oneOf too, as C only removes values from each variant. */
function distribute(context: LoweringContext, union: IrUnion, other: IrNode, here: Here, unionFirst: boolean): IrNode {
  const variants: IrNode[] = [];
  const newIndex: number[] = [];
  for (const variant of union.variants) {
    const merged = unionFirst ? intersect(context, variant, other, here) : intersect(context, other, variant, here);
    newIndex.push(merged.kind === 'never' ? -1 : variants.length);
    if (merged.kind !== 'never') variants.push(merged);
  }
  if (variants.length === 0) return never(context, here);
  if (variants.length === 1) return variants[0];
  context.count(here.path, here.source);
  const result: IrUnion = { kind: 'union', mode: union.mode, variants, schemaPath: union.schemaPath, annotations: { ...other.annotations, ...union.annotations } };
  if (union.mode === 'type') return result;
  // A discriminator survives restriction: keep the mapping of the variants that are left.
  const kept = union.discriminator?.mapping.filter((entry) => newIndex[entry.variant] !== -1).map((entry) => ({ value: entry.value, variant: newIndex[entry.variant] }));
  if (union.discriminator !== undefined && kept !== undefined) result.discriminator = { property: union.discriminator.property, mapping: kept };
  else {
    const found = findDiscriminator(context, variants, undefined);
    if (found !== undefined) result.discriminator = found;
  }
  return result;
}

function mergeNumbers(context: LoweringContext, left: IrNumber, right: IrNumber, here: Here): IrNode {
  const node: IrNumber = { kind: 'number', integer: left.integer || right.integer, schemaPath: left.schemaPath, annotations: { ...right.annotations, ...left.annotations } };
  const minimum = pick(left.minimum, right.minimum, Math.max);
  const maximum = pick(left.maximum, right.maximum, Math.min);
  const exclusiveMinimum = pick(left.exclusiveMinimum, right.exclusiveMinimum, Math.max);
  const exclusiveMaximum = pick(left.exclusiveMaximum, right.exclusiveMaximum, Math.min);
  // Keep only the tighter of an inclusive and an exclusive bound on the same side.
  if (minimum !== undefined && !(exclusiveMinimum !== undefined && exclusiveMinimum >= minimum)) node.minimum = minimum;
  if (exclusiveMinimum !== undefined && !(minimum !== undefined && minimum > exclusiveMinimum)) node.exclusiveMinimum = exclusiveMinimum;
  if (maximum !== undefined && !(exclusiveMaximum !== undefined && exclusiveMaximum <= maximum)) node.maximum = maximum;
  if (exclusiveMaximum !== undefined && !(maximum !== undefined && maximum < exclusiveMaximum)) node.exclusiveMaximum = exclusiveMaximum;
  const multipleOf = combineMultiples(left.multipleOf, right.multipleOf);
  if (multipleOf === null) {
    throw new SchemaError(SchemaErrorCode.Unsupported, `cannot merge multipleOf ${left.multipleOf} and ${right.multipleOf} exactly`, here.path, here.source);
  }
  if (multipleOf !== undefined) node.multipleOf = multipleOf;
  if (numberIsEmpty(node)) return never(context, here);
  context.count(here.path, here.source);
  return node;
}

/** The tighter of two optional bounds. */
export function pick(left: number | undefined, right: number | undefined, tighter: (a: number, b: number) => number): number | undefined {
  if (left === undefined) return right;
  if (right === undefined) return left;
  return tighter(left, right);
}

/** Both `multipleOf`s as one: the larger when it is a multiple of the other, the lcm of integers; `null` if not exact. */
function combineMultiples(left: number | undefined, right: number | undefined): number | undefined | null {
  if (left === undefined) return right;
  if (right === undefined) return left;
  if (Number.isInteger(left / right)) return left;
  if (Number.isInteger(right / left)) return right;
  if (!Number.isInteger(left) || !Number.isInteger(right)) return null;
  let [a, b] = [left, right];
  while (b !== 0) [a, b] = [b, a % b];
  const lcm = (left / a) * right;
  return Number.isSafeInteger(lcm) ? lcm : null;
}

function mergeArrays(context: LoweringContext, left: IrArray, right: IrArray, here: Here): IrNode {
  const length = Math.max(left.prefixItems.length, right.prefixItems.length);
  const prefixItems: IrNode[] = [];
  for (let index = 0; index < length; index++) {
    prefixItems.push(intersect(context, left.prefixItems[index] ?? left.items, right.prefixItems[index] ?? right.items, here));
  }
  const node: IrArray = {
    kind: 'array',
    prefixItems,
    items: intersect(context, left.items, right.items, here),
    schemaPath: left.schemaPath,
    annotations: { ...right.annotations, ...left.annotations },
  };
  const minItems = pick(left.minItems, right.minItems, Math.max);
  const maxItems = pick(left.maxItems, right.maxItems, Math.min);
  if (minItems !== undefined) node.minItems = minItems;
  if (maxItems !== undefined) node.maxItems = maxItems;
  if (left.uniqueItems === true || right.uniqueItems === true) node.uniqueItems = true;
  if (arrayIsEmpty(node)) return never(context, here);
  context.count(here.path, here.source);
  return node;
}
