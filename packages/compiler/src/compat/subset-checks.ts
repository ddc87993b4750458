/**
 * Whole-value checks (`IrCheck`: not, allOf, if, dependent*, contains, unevaluated*) in the
 * map-layout rules: every check of `sup` must be implied by a check of `sub` of the same kind.
 * `not N` is implied by `not M` when N ⊆ M (the reverse walk); the others need their nodes to
 * fit (`allOf`, `dependentSchema`) or to be equivalent (both walks).
 */
import { jsonEqual } from '@binschema/runtime';
import type { IrCheck, IrNode } from '../ir/types.js';
import type { SubsetWalk } from './subset.js';

export function checksImplied(walk: SubsetWalk, sub: IrCheck[] | undefined, sup: IrCheck[]): boolean {
  return sup.every((wanted) => (sub ?? []).some((held) => implies(walk, held, wanted)));
}

function implies(walk: SubsetWalk, held: IrCheck, wanted: IrCheck): boolean {
  const fits = (subNode: IrNode, supNode: IrNode): boolean => walk.contains(subNode, supNode, false);
  const equivalent = (subNode: IrNode | undefined, supNode: IrNode | undefined): boolean =>
    subNode === undefined || supNode === undefined ? subNode === supNode : fits(subNode, supNode) && walk.reverse.contains(supNode, subNode, false);
  switch (wanted.kind) {
    case 'not':
      return held.kind === 'not' && walk.reverse.contains(wanted.node, held.node, false);
    case 'allOf':
      return held.kind === 'allOf' && fits(held.node, wanted.node);
    case 'dependentSchema':
      return held.kind === 'dependentSchema' && held.property === wanted.property && fits(held.node, wanted.node);
    case 'dependentRequired':
      return held.kind === 'dependentRequired' && held.property === wanted.property && wanted.required.every((name) => held.required.includes(name));
    case 'if':
      return held.kind === 'if' && equivalent(held.if, wanted.if) && equivalent(held.then, wanted.then) && equivalent(held.else, wanted.else);
    case 'contains':
      return held.kind === 'contains' && held.min >= wanted.min && (wanted.max === undefined || (held.max !== undefined && held.max <= wanted.max)) && fits(held.node, wanted.node);
    case 'unevaluatedProperties':
    case 'unevaluatedItems':
      return held.kind === wanted.kind && equivalent(held.node, wanted.node) && jsonEqual(shape(held.evaluation), shape(wanted.evaluation));
  }
}

/** An evaluation's names, patterns and counts (its nodes make it differ across schemas; compared only in shape). */
function shape(evaluation: { all: boolean; names: string[]; patterns: string[]; prefix: number; contains: unknown[]; conditions: unknown[] }): unknown {
  return { all: evaluation.all, names: [...evaluation.names].sort(), patterns: [...evaluation.patterns].sort(), prefix: evaluation.prefix, contains: evaluation.contains.length, conditions: evaluation.conditions.length };
}
