/** Small constructors for IR nodes; `NodeFactory` counts what it creates against the run's limit. */
import type { LoweringContext } from './context.js';
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

export function nodeFactory(context: LoweringContext, source: string): NodeFactory {
  return {
    node<T extends IrNode>(node: T): T {
      context.count(node.schemaPath, source);
      return node;
    },
    never(schemaPath: string): IrNever {
      context.count(schemaPath, source);
      return neverNode(schemaPath);
    },
  };
}
