import type { IrLiteral, IrNode, IrObject, IrProperty } from '../../ir/types.js';
import { isClosedObject } from '../../plan/shape.js';
import { SchemaError } from '../../errors.js';
import { SchemaErrorCode } from '../../schema/codes.js';

/**
 * Where each declared property of an object sits in the compact layout's array (README "Compact
 * layout"): a pure function of the IR object, shared by the code generators and the compat checker.
 */
export interface CompactPositions {
  /** Per position, the index in `IrObject.properties` of the property there, or undefined for a gap (reserved). */
  slots: (number | undefined)[];
  /** Per property (by index in `IrObject.properties`), its position, or undefined for a required const (not written). */
  positionOf: (number | undefined)[];
  /** Required `const` properties: no position, the decoder puts the value back. */
  omitted: number[];
  /** Positions up to and including the last required property's: always written. */
  requiredLength: number;
  /** Whether entries beyond the declared ones are allowed: then a map of them may follow the positions. */
  open: boolean;
}

/** A required property whose node is one constant value: implied by the schema, so never written. */
export function isOmittedConst(property: IrProperty): boolean {
  const node = property.node;
  return property.required && node.kind === 'literal' && node.values.length === 1 && node.checks === undefined;
}

/** An `enum` written as its index: a literal of two or more values (a one-value `const` is written as its value). */
export function isIndexedEnum(node: IrNode): node is IrLiteral {
  return node.kind === 'literal' && node.values.length >= 2;
}

/**
 * Positions: a property with `x-binschema-index` takes that position; the others, in declaration
 * order, the lowest positions left free; positions nobody takes are gaps. Required constants take
 * none. A pinned index used twice is a `SchemaError` at the second property.
 */
export function compactPositions(node: IrObject): CompactPositions {
  const positionOf: (number | undefined)[] = node.properties.map(() => undefined);
  const omitted: number[] = [];
  const taken = new Map<number, number>();
  node.properties.forEach((property, index) => {
    if (isOmittedConst(property)) {
      omitted.push(index);
      return;
    }
    if (property.index === undefined) return;
    if (taken.has(property.index)) {
      const other = node.properties[taken.get(property.index)!].name;
      throw new SchemaError(SchemaErrorCode.InvalidSchema, `x-binschema-index ${property.index} is already the position of ${JSON.stringify(other)}`, `${property.schemaPath}/x-binschema-index`);
    }
    taken.set(property.index, index);
    positionOf[index] = property.index;
  });
  let free = 0;
  node.properties.forEach((_, index) => {
    if (positionOf[index] !== undefined || omitted.includes(index)) return;
    while (taken.has(free)) free++;
    taken.set(free, index);
    positionOf[index] = free;
  });
  const count = taken.size === 0 ? 0 : Math.max(...taken.keys()) + 1;
  const slots: (number | undefined)[] = Array.from({ length: count }, (_, position) => taken.get(position));
  let requiredLength = 0;
  node.properties.forEach((property, index) => {
    const position = positionOf[index];
    if (property.required && position !== undefined) requiredLength = Math.max(requiredLength, position + 1);
  });
  return { slots, positionOf, omitted, requiredLength, open: !isClosedObject(node) };
}

/** Whether the compact layout writes `node` as an array by position: an object with declared properties. */
export function isPositional(node: IrNode): boolean {
  return node.kind === 'object' && node.properties.length > 0;
}
