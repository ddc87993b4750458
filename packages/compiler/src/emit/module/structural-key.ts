/**
 * Keys that say when two IR nodes may share generated code. Numbers JSON cannot spell (-0,
 * infinities) and bigints get a form of their own, so no two distinct values share a key.
 */
import type { IrNode } from '../../ir/types.js';

type Replacer = (this: unknown, name: string, value: unknown) => unknown;

/**
 * Shared exactly when the nodes mean the same thing: the node as JSON without the fields that
 * only say where it came from (`schemaPath`, `annotations`; never inside a literal's values).
 * Predicates of equal nodes are the same function (`checks/predicates.ts`).
 */
export const structuralKey = keyOf(meaningOnly);

/**
 * Shared exactly when the nodes are copies, schema paths and annotations included: their
 * functions and tables would be the same text (a `$ref` or `allOf` target merged into several
 * places arrives as several equal nodes).
 */
export const exactKey = keyOf(exactNumbers);

/** The node as JSON through `replacer`, found once per node. */
function keyOf(replacer: Replacer): (node: IrNode) => string {
  const keys = new WeakMap<IrNode, string>();
  return (node) => {
    let key = keys.get(node);
    if (key === undefined) {
      key = JSON.stringify(node, replacer);
      keys.set(node, key);
    }
    return key;
  };
}

function meaningOnly(this: unknown, name: string, value: unknown): unknown {
  const holder = this as { kind?: unknown };
  // A literal's values are data: one string of their own, so none of their keys is dropped.
  if (holder.kind === 'literal' && name === 'values') return JSON.stringify(value, exactNumbers);
  if (name === 'schemaPath' || name === 'annotations') return undefined;
  return exactNumbers(name, value);
}

function exactNumbers(_name: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return { number: Object.is(value, -0) ? '-0' : String(value) };
  return value;
}
