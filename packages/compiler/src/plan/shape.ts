import type { IrDefinition, IrModule, IrNode, IrUnion } from '../ir/types.js';

/**
 * Format-neutral facts about IR nodes that both planners and every emitter need: which JSON
 * types a node can accept (for type dispatch of unions), and which definitions are recursive.
 */

/** JSON Schema's type names; `integer` is a subset of `number`. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** Definitions by key, for resolving `IrRef`s. */
export type Definitions = ReadonlyMap<string, IrDefinition>;

export function definitionsOf(module: IrModule): Map<string, IrDefinition> {
  return new Map(module.definitions.map((definition) => [definition.key, definition]));
}

const ALL: readonly JsonType[] = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** The JSON types a node may accept (`number` includes integers). */
export function jsonTypes(node: IrNode, definitions: Definitions, seen: Set<string> = new Set()): Set<JsonType> {
  switch (node.kind) {
    case 'any':
      return new Set(ALL);
    case 'never':
      return new Set();
    case 'null':
    case 'boolean':
    case 'string':
    case 'array':
    case 'object':
      return new Set([node.kind]);
    case 'number':
      return new Set([node.integer ? 'integer' : 'number']);
    case 'literal':
      return new Set(node.values.map(valueType));
    case 'union': {
      const types = new Set<JsonType>();
      for (const variant of node.variants) for (const type of jsonTypes(variant, definitions, seen)) types.add(type);
      return types;
    }
    case 'ref': {
      if (seen.has(node.target)) return new Set(ALL);
      const target = definitions.get(node.target);
      if (target === undefined) return new Set(ALL);
      return jsonTypes(target.node, definitions, new Set([...seen, node.target]));
    }
  }
}

function valueType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** True when two type sets can accept a common value (`integer` overlaps `number`). */
export function typesOverlap(a: Set<JsonType>, b: Set<JsonType>): boolean {
  for (const type of a) {
    if (b.has(type)) return true;
    if (type === 'integer' && b.has('number')) return true;
    if (type === 'number' && b.has('integer')) return true;
  }
  return false;
}

/** How a union is dispatched, decided once for every format. */
export type UnionStrategy =
  | { kind: 'discriminator' }
  /** Variants accept pairwise disjoint JSON types: the value's type picks the variant. */
  | { kind: 'type'; types: Set<JsonType>[] }
  /** Overlapping variants: try each (oneOf: exactly one may match). */
  | { kind: 'try' };

export function unionStrategy(node: IrUnion, definitions: Definitions): UnionStrategy {
  if (node.discriminator !== undefined && node.discriminator.mapping.length > 0) return { kind: 'discriminator' };
  const types = node.variants.map((variant) => jsonTypes(variant, definitions));
  for (let first = 0; first < types.length; first++) {
    for (let second = first + 1; second < types.length; second++) {
      if (typesOverlap(types[first], types[second])) return { kind: 'try' };
    }
  }
  return { kind: 'type', types };
}
