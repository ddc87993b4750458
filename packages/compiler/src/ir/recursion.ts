/**
 * Refuses recursion that makes no progress: a definition that reaches itself through `$ref`s and
 * unions only, without an array item or object property in between (`{"$ref": "#"}`,
 * `A: {anyOf: [{$ref: A}, …]}`). Such a schema says nothing about the value, and a generated
 * codec would call itself forever on it. Recursion through a container is fine (trees, lists).
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { IrDefinition, IrEvaluation, IrNode } from './types.js';

export function refuseUnguardedRecursion(definitions: IrDefinition[], source: string): void {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const edges = new Map<string, string[]>();
  for (const definition of definitions) edges.set(definition.key, unguardedRefs(definition.node));
  const state = new Map<string, 'open' | 'done'>();
  for (const definition of definitions) {
    if (state.has(definition.key)) continue;
    // Iterative depth-first search: a key met again while still open closes a cycle.
    const stack: { key: string; next: number }[] = [{ key: definition.key, next: 0 }];
    state.set(definition.key, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const targets = edges.get(top.key) ?? [];
      if (top.next === targets.length) {
        state.set(top.key, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.next++];
      if (state.get(target) === 'open') {
        const where = byKey.get(target)?.node.schemaPath ?? target;
        throw new SchemaError(SchemaErrorCode.RecursiveMerge, 'the schema reaches itself through $ref/anyOf/oneOf without an object or array in between', where, source);
      }
      if (!state.has(target)) {
        state.set(target, 'open');
        stack.push({ key: target, next: 0 });
      }
    }
  }
}

/** Targets of the refs reachable from `node` through unions only. */
function unguardedRefs(node: IrNode): string[] {
  const found: string[] = [];
  const pending: IrNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.kind === 'ref') found.push(current.target);
    else if (current.kind === 'union') pending.push(...current.variants);
    // Checks other than `contains` (which looks at items) apply to the same value.
    for (const check of current.checks ?? []) {
      if (check.kind === 'not' || check.kind === 'allOf' || check.kind === 'dependentSchema') pending.push(check.node);
      else if (check.kind === 'if') pending.push(...[check.if, check.then, check.else].filter((node) => node !== undefined));
      else if (check.kind === 'unevaluatedProperties' || check.kind === 'unevaluatedItems') pending.push(...conditionNodes(check.evaluation));
    }
  }
  return found;
}

/** The `when` nodes of an evaluation's conditions, at every depth (they apply to the same value). */
function conditionNodes(evaluation: IrEvaluation): IrNode[] {
  return evaluation.conditions.flatMap((condition) => [condition.when, ...conditionNodes(condition.then), ...(condition.else === undefined ? [] : conditionNodes(condition.else))]);
}
