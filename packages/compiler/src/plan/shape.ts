import type { IrDefinition, IrModule, IrNode, IrObject, IrUnion } from '../ir/types.js';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';

/**
 * Format-neutral facts about IR nodes that both planners and every emitter need: which JSON
 * types a node can accept (for type dispatch of unions), and which definitions are recursive.
 */

/** JSON Schema's type names; `integer` is a subset of `number`. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** Whether an object allows no keys besides its declared properties (no `additionalProperties`, no patterns). */
export function isClosedObject(node: IrObject): boolean {
  return node.additionalProperties.kind === 'never' && node.patternProperties.length === 0;
}

/** Definitions by key, for resolving `IrRef`s. */
export type Definitions = ReadonlyMap<string, IrDefinition>;

export function definitionsOf(module: IrModule): Map<string, IrDefinition> {
  return new Map(module.definitions.map((definition) => [definition.key, definition]));
}

const ALL: readonly JsonType[] = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** The JSON types a node may accept (`number` includes integers); `seen`: the definitions walked in place on the way here. */
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
      // Back in a definition being walked, with no container in between: left recursion, which
      // adds nothing its other branches do not (the codecs fail a branch that goes round, emit/checks/in-place-guard.ts).
      if (seen.has(node.target)) return new Set();
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

/** A lone surrogate: UTF-16 that has no UTF-8 form (RFC 3629), so no CBOR/UBJSON text can carry it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Refuses schema strings that a text string cannot carry: a property name, pattern or constant
 * with a lone surrogate would be written as U+FFFD and never match itself after a round trip.
 */
export function checkRepresentable(module: IrModule): void {
  const seen = new Set<IrNode>();
  const fail = (what: string, schemaPath: string): never => {
    throw new SchemaError(SchemaErrorCode.Unsupported, `${what} contains a lone surrogate, which has no UTF-8 form`, schemaPath, module.source);
  };
  const text = (value: string, what: string, schemaPath: string): void => {
    if (LONE_SURROGATE.test(value)) fail(what, schemaPath);
  };
  const json = (value: unknown, schemaPath: string): void => {
    if (typeof value === 'string') text(value, 'a constant', schemaPath);
    else if (Array.isArray(value)) for (const item of value) json(item, schemaPath);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        text(key, 'a constant', schemaPath);
        json(item, schemaPath);
      }
    }
  };
  const visit = (node: IrNode): void => {
    if (seen.has(node)) return;
    seen.add(node);
    switch (node.kind) {
      case 'string':
        if (node.pattern !== undefined) text(node.pattern, 'a pattern', node.schemaPath);
        return;
      case 'literal':
        json(node.values, node.schemaPath);
        return;
      case 'array':
        node.prefixItems.forEach(visit);
        visit(node.items);
        return;
      case 'object':
        for (const property of node.properties) {
          text(property.name, 'a property name', property.schemaPath);
          visit(property.node);
        }
        for (const pattern of node.patternProperties) {
          text(pattern.pattern, 'a patternProperties key', pattern.schemaPath);
          visit(pattern.node);
        }
        for (const name of node.extraRequired) text(name, 'a required name', node.schemaPath);
        visit(node.additionalProperties);
        if (node.propertyNames !== undefined) visit(node.propertyNames);
        return;
      case 'union':
        node.variants.forEach(visit);
        if (node.discriminator !== undefined) json(node.discriminator.mapping.map((entry) => entry.value), node.schemaPath);
        return;
      default:
        return;
    }
  };
  visit(module.root);
  for (const definition of module.definitions) visit(definition.node);
}
