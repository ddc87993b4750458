/**
 * Small constructors for IR nodes. Lowering creates at most a few nodes per schema object, so
 * only merges (`intersect.ts`), where unions multiply, count against the run's node limit.
 */
import type { IrAny, IrNever, IrNode } from './types.js';

export function anyNode(schemaPath: string): IrAny {
  return { kind: 'any', schemaPath, annotations: {} };
}

export function neverNode(schemaPath: string): IrNever {
  return { kind: 'never', schemaPath, annotations: {} };
}

export interface NodeFactory {
  node<T extends IrNode>(node: T): T;
  never(schemaPath: string): IrNever;
}

export const nodeFactory: NodeFactory = {
  node<T extends IrNode>(node: T): T {
    return node;
  },
  never(schemaPath: string): IrNever {
    return neverNode(schemaPath);
  },
};
