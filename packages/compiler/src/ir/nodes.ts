/** Constructors for the two leaf nodes every stage creates, and helpers for a node's checks (IrBase.checks). */
import type { IrAny, IrCheck, IrNever, IrNode } from './types.js';

export function anyNode(schemaPath: string): IrAny {
  return { kind: 'any', schemaPath, annotations: {} };
}

export function neverNode(schemaPath: string): IrNever {
  return { kind: 'never', schemaPath, annotations: {} };
}

/** The node with `checks` added (a `never` node needs none: nothing reaches them). */
export function withChecks(node: IrNode, checks: IrCheck[]): IrNode {
  if (checks.length === 0 || node.kind === 'never') return node;
  return { ...node, checks: [...(node.checks ?? []), ...checks] };
}

/** The node without its checks (the same object when it has none; one object per node, so emitters can key on it). */
export function withoutChecks(node: IrNode): IrNode {
  if (node.checks === undefined) return node;
  let bare = bareNodes.get(node);
  if (bare === undefined) {
    const { checks: _checks, ...rest } = node;
    bare = rest as IrNode;
    bareNodes.set(node, bare);
  }
  return bare;
}

const bareNodes = new WeakMap<IrNode, IrNode>();

/** True when `node` has checks that its own generated function runs (containers and unions), not its caller. */
export function checkedInFunction(node: IrNode): boolean {
  return node.checks !== undefined && (node.kind === 'object' || node.kind === 'array' || node.kind === 'union');
}
