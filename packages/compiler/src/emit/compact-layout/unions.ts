import type { IrNode, IrObject, IrUnion } from '../../ir/types.js';
import { jsonTypes, typesOverlap, unionStrategy, type Definitions, type JsonType, type UnionStrategy } from '../../plan/shape.js';
import { SchemaError } from '../../errors.js';
import { SchemaErrorCode } from '../../schema/codes.js';
import { isIndexedEnum, isPositional } from './positions.js';

/**
 * How the compact layout tells a union's variants apart. Objects are arrays on the wire and enums
 * integers, so the map layout's dispatch does not always carry over:
 * - `indexed`: a discriminated union of objects, written `[variantIndex, …fields of the variant]`
 *   or `{variantIndex: sparse map}`;
 * - `type`: variants whose wire types (not JSON types) are pairwise disjoint, picked by the first byte;
 * - `try`: overlapping variants none of which the compact layout changes, tried in turn as in the map layout.
 * Anything else could decode as another variant than was written, and is refused.
 */
export type CompactUnion = { kind: 'indexed'; objects: IrObject[] } | UnionStrategy;

export function compactUnion(node: IrUnion, definitions: Definitions): CompactUnion {
  const strategy = unionStrategy(node, definitions);
  if (strategy.kind === 'discriminator') {
    const objects = node.variants.map((variant) => variantObject(variant, definitions));
    if (objects.every((object): object is IrObject => object !== undefined)) return { kind: 'indexed', objects };
    return refuse(node, 'a discriminated union needs object variants without extra checks');
  }
  if (strategy.kind === 'type') {
    const types = node.variants.map((variant, position) => wireTypes(variant, definitions, strategy.types[position], new Set()));
    for (let first = 0; first < types.length; first++) {
      for (let second = first + 1; second < types.length; second++) {
        if (typesOverlap(types[first], types[second])) return refuse(node, 'its variants have the same wire type (objects are arrays or maps, enums integers)');
      }
    }
    return { kind: 'type', types };
  }
  if (node.variants.some((variant) => changesOnWire(variant, definitions, new Set()))) {
    return refuse(node, 'overlapping variants that hold objects or enums could decode as another variant; add a discriminator');
  }
  return strategy;
}

function refuse(node: IrUnion, why: string): never {
  throw new SchemaError(SchemaErrorCode.Unsupported, `compact layout cannot tell the variants of this union apart: ${why}`, node.schemaPath);
}

/** The object a discriminated variant is (inline or a definition), when it has declared properties and no checks. */
function variantObject(variant: IrNode, definitions: Definitions): IrObject | undefined {
  let node = variant;
  if (node.kind === 'ref' && node.checks === undefined) node = definitions.get(node.target)?.node ?? node;
  return isPositional(node) && node.checks === undefined ? (node as IrObject) : undefined;
}

/** The JSON types of a value's item on the wire in the compact layout. */
function wireTypes(node: IrNode, definitions: Definitions, types: Set<JsonType>, seen: Set<string>): Set<JsonType> {
  // An object's dense form is an array, its sparse form a map.
  if (isPositional(node)) return new Set(['array', 'object']);
  if (isIndexedEnum(node)) return new Set(['integer']);
  if (node.kind === 'ref') {
    const target = definitions.get(node.target);
    if (target === undefined || seen.has(node.target)) return types;
    return wireTypes(target.node, definitions, jsonTypes(target.node, definitions), new Set([...seen, node.target]));
  }
  if (node.kind === 'union') {
    const all = new Set<JsonType>();
    for (const variant of node.variants) for (const type of wireTypes(variant, definitions, jsonTypes(variant, definitions), seen)) all.add(type);
    return all;
  }
  return types;
}

/** Whether the compact layout writes anything in `node` (or below it) differently from the map layout. */
function changesOnWire(node: IrNode, definitions: Definitions, seen: Set<IrNode>): boolean {
  if (seen.has(node)) return false;
  seen.add(node);
  if (isPositional(node) || isIndexedEnum(node)) return true;
  const children: IrNode[] = [];
  switch (node.kind) {
    case 'ref': {
      const target = definitions.get(node.target);
      if (target !== undefined) children.push(target.node);
      break;
    }
    case 'union':
      children.push(...node.variants);
      break;
    case 'array':
      children.push(...node.prefixItems, node.items);
      break;
    case 'object':
      children.push(...node.patternProperties.map((pattern) => pattern.node), node.additionalProperties);
      break;
    default:
  }
  return children.some((child) => changesOnWire(child, definitions, seen));
}
