/** Constructors for the two leaf nodes every stage creates. */
import type { IrAny, IrNever } from './types.js';

export function anyNode(schemaPath: string): IrAny {
  return { kind: 'any', schemaPath, annotations: {} };
}

export function neverNode(schemaPath: string): IrNever {
  return { kind: 'never', schemaPath, annotations: {} };
}
