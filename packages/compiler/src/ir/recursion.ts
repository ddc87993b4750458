/**
 * Recursion that makes no progress: a definition that reaches itself without an array item or
 * object property in between. Through `$ref`s and unions only (`A: {anyOf: [{$ref: A}, …]}`, left
 * recursion) it is valid JSON Schema and compiles: the codec's functions of such definitions
 * guard themselves (`leftRecursiveDefinitions`, `emit/checks/in-place-guard.ts`), so a branch that comes
 * back to the same value in place fails instead of looping. Through a check that applies to the
 * same value (`not`, `if`, `dependentSchemas`, `allOf` kept as a check, `unevaluated*`
 * conditions), it is refused: the predicate would call itself forever, and those are booleans
 * without a failure to turn the loop into. Recursion through a container is fine (trees, lists).
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { IrDefinition, IrEvaluation, IrNode } from './types.js';

/** A ref reached from a definition's node without a container in between; `viaCheck`: through a check. */
interface InPlaceRef {
  target: string;
  viaCheck: boolean;
}

export function refuseUnguardedRecursion(definitions: IrDefinition[], source: string): void {
  refuseAliasCycles(definitions, source);
  const { componentOf, edges } = inPlaceGraph(definitions);
  for (const definition of definitions) {
    for (const ref of edges.get(definition.key) ?? []) {
      if (!ref.viaCheck || componentOf.get(ref.target) !== componentOf.get(definition.key)) continue;
      const where = definitions.find((candidate) => candidate.key === ref.target)?.node.schemaPath ?? ref.target;
      throw new SchemaError(SchemaErrorCode.RecursiveMerge, 'the schema reaches itself through a check (not, if, dependentSchemas, unevaluated*) without an object or array in between', where, source);
    }
  }
}

/**
 * A definition that is a reference (with or without checks) to one that is a reference … back to
 * itself, with no union on the way, has no branch that could end the loop: it accepts nothing, and
 * saying so is more use than a codec that refuses every value (`{"$ref": "#"}`, `a: {allOf: [{$ref: a}]}`).
 */
function refuseAliasCycles(definitions: IrDefinition[], source: string): void {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  for (const definition of definitions) {
    const visited = new Set<string>();
    let current = definition.node;
    while (current.kind === 'ref' && !visited.has(current.target)) {
      if (current.target === definition.key) {
        throw new SchemaError(SchemaErrorCode.RecursiveMerge, 'the schema is a reference to itself, with no other branch (anyOf/oneOf) to end the loop', definition.node.schemaPath, source);
      }
      visited.add(current.target);
      const next = byKey.get(current.target);
      if (next === undefined) break;
      current = next.node;
    }
  }
}

/**
 * Drops the branches of a definition's union that are the definition itself, in place
 * (`A: {anyOf: [{$ref: A}, …]}`, also inside nested unions): such a branch can only go round, so
 * it never matches (the least fixed point) and the union means its other branches. What is left
 * of the recursion (through other definitions) is guarded in the codecs.
 */
export function dropSelfBranches(definitions: IrDefinition[]): void {
  for (const definition of definitions) definition.node = withoutSelf(definition.node, definition.key);
}

function withoutSelf(node: IrNode, key: string): IrNode {
  // A discriminator's mapping holds variant indexes: such a union keeps its variants (the guard handles the loop).
  if (node.kind !== 'union' || node.discriminator !== undefined) return node;
  const variants = node.variants.filter((variant) => !(variant.kind === 'ref' && variant.target === key && variant.checks === undefined)).map((variant) => withoutSelf(variant, key));
  if (variants.length === node.variants.length && variants.every((variant, index) => variant === node.variants[index])) return node;
  return { ...node, variants };
}

/** Keys of the definitions on a cycle of in-place refs (left recursion through `$ref`/`anyOf`/`oneOf`). */
export function leftRecursiveDefinitions(definitions: IrDefinition[]): Set<string> {
  const { componentOf, edges } = inPlaceGraph(definitions);
  const found = new Set<string>();
  for (const definition of definitions) {
    for (const ref of edges.get(definition.key) ?? []) {
      if (componentOf.get(ref.target) === componentOf.get(definition.key)) found.add(definition.key);
    }
  }
  return found;
}

/** The in-place refs of every definition and its strongly connected component (Tarjan, iterative: schemas have thousands of definitions). */
function inPlaceGraph(definitions: IrDefinition[]): { componentOf: Map<string, number>; edges: Map<string, InPlaceRef[]> } {
  const edges = new Map<string, InPlaceRef[]>();
  for (const definition of definitions) edges.set(definition.key, inPlaceRefs(definition.node));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const componentOf = new Map<string, number>();
  let counter = 0;
  let components = 0;
  for (const definition of definitions) {
    if (index.has(definition.key)) continue;
    const frames: { key: string; next: number }[] = [{ key: definition.key, next: 0 }];
    index.set(definition.key, counter);
    low.set(definition.key, counter++);
    stack.push(definition.key);
    onStack.add(definition.key);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const targets = (edges.get(frame.key) ?? []).filter((ref) => edges.has(ref.target));
      if (frame.next < targets.length) {
        const target = targets[frame.next++].target;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push({ key: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.key, Math.min(low.get(frame.key)!, index.get(target)!));
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1].key;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.key)!));
      }
      if (low.get(frame.key) === index.get(frame.key)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          componentOf.set(member, components);
        } while (member !== frame.key);
        components++;
      }
    }
  }
  return { componentOf, edges };
}

/** Targets of the refs reachable from `node` through unions and checks, without a container. */
function inPlaceRefs(node: IrNode): InPlaceRef[] {
  const found: InPlaceRef[] = [];
  const pending: { node: IrNode; viaCheck: boolean }[] = [{ node, viaCheck: false }];
  while (pending.length > 0) {
    const { node: current, viaCheck } = pending.pop()!;
    if (current.kind === 'ref') found.push({ target: current.target, viaCheck });
    else if (current.kind === 'union') pending.push(...current.variants.map((variant) => ({ node: variant, viaCheck })));
    // Checks other than `contains` (which looks at items) apply to the same value.
    const checked = (inner: IrNode) => pending.push({ node: inner, viaCheck: true });
    for (const check of current.checks ?? []) {
      if (check.kind === 'not' || check.kind === 'allOf' || check.kind === 'dependentSchema') checked(check.node);
      else if (check.kind === 'if') [check.if, check.then, check.else].filter((inner) => inner !== undefined).forEach(checked);
      else if (check.kind === 'unevaluatedProperties' || check.kind === 'unevaluatedItems') conditionNodes(check.evaluation).forEach(checked);
    }
  }
  return found;
}

/** The `when` nodes of an evaluation's conditions, at every depth (they apply to the same value). */
function conditionNodes(evaluation: IrEvaluation): IrNode[] {
  return evaluation.conditions.flatMap((condition) => [condition.when, ...conditionNodes(condition.then), ...(condition.else === undefined ? [] : conditionNodes(condition.else))]);
}
