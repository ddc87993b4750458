/**
 * What both compatibility walks need about the two schemas: following `$ref`s in each module,
 * telling structurally equal nodes apart from changed ones, and whether two nodes share a JSON type.
 */
import { jsonEqual } from '@binschema/runtime';
import type { DefinitionLookup } from '../ir/matches.js';
import type { IrModule, IrNode } from '../ir/types.js';
import { definitionsOf, jsonTypes, typesOverlap, type Definitions } from '../plan/shape.js';

/** One of the two schemas: its IR and its definitions (as a lookup for `matches`, and by key). */
export interface Side {
  module: IrModule;
  lookup: DefinitionLookup;
  definitions: Definitions;
}

export function sideOf(module: IrModule): Side {
  const definitions = definitionsOf(module);
  return { module, lookup: { nodeOf: (key) => definitions.get(key)?.node }, definitions };
}

/** The node behind a chain of `IrRef`s (a dangling or cyclic chain ends at the last ref). */
export function resolve(side: Side, node: IrNode): IrNode {
  let current = node;
  for (let hops = 0; current.kind === 'ref' && hops < 1000; hops++) {
    const target = side.lookup.nodeOf(current.target);
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

const MAX_SAME_DEPTH = 60;

/** Structural equality of two nodes across the two modules (schema paths and annotations ignored; refs followed, cycles assumed equal). */
export function sameNode(left: Side, leftNode: IrNode, right: Side, rightNode: IrNode, assumed = new Set<string>(), ids = new IdMap(), depth = 0): boolean {
  // Deeper than this counts as different: callers then compare properly (a stack bound).
  if (depth > MAX_SAME_DEPTH) return false;
  const a = resolve(left, leftNode);
  const b = resolve(right, rightNode);
  const key = `${ids.of(a)}:${ids.of(b)}`;
  if (assumed.has(key)) return true;
  assumed.add(key);
  const same = (x: IrNode, y: IrNode): boolean => sameNode(left, x, right, y, assumed, ids, depth + 1);
  if (a.kind !== b.kind || a.kind === 'ref' || b.kind === 'ref') return false;
  if (!sameChecks(a.checks, b.checks, same)) return false;
  switch (a.kind) {
    case 'object': {
      const o = b as typeof a;
      return a.properties.length === o.properties.length
        && a.properties.every((property, index) => property.name === o.properties[index].name && property.required === o.properties[index].required && same(property.node, o.properties[index].node))
        && a.patternProperties.length === o.patternProperties.length
        && a.patternProperties.every((entry, index) => entry.pattern === o.patternProperties[index].pattern && same(entry.node, o.patternProperties[index].node))
        && same(a.additionalProperties, o.additionalProperties)
        && jsonEqual(a.extraRequired, o.extraRequired)
        && (a.propertyNames === undefined ? o.propertyNames === undefined : o.propertyNames !== undefined && same(a.propertyNames, o.propertyNames))
        && a.minProperties === o.minProperties && a.maxProperties === o.maxProperties;
    }
    case 'array': {
      const o = b as typeof a;
      return a.prefixItems.length === o.prefixItems.length && a.prefixItems.every((item, index) => same(item, o.prefixItems[index]))
        && same(a.items, o.items) && a.minItems === o.minItems && a.maxItems === o.maxItems && a.uniqueItems === o.uniqueItems;
    }
    case 'union': {
      const o = b as typeof a;
      return a.mode === o.mode && a.variants.length === o.variants.length && a.variants.every((variant, index) => same(variant, o.variants[index]));
    }
    default:
      return jsonEqual(scalarFields(a), scalarFields(b));
  }
}

/** The two nodes' whole-value checks are the same (in the same order). */
export function sameCheckLists(left: Side, leftChecks: IrNode['checks'], right: Side, rightChecks: IrNode['checks']): boolean {
  const assumed = new Set<string>();
  const ids = new IdMap();
  return sameChecks(leftChecks, rightChecks, (x, y) => sameNode(left, x, right, y, assumed, ids));
}

function sameChecks(left: IrNode['checks'], right: IrNode['checks'], same: (x: IrNode, y: IrNode) => boolean): boolean {
  if (left === undefined || right === undefined) return left === right;
  if (left.length !== right.length) return false;
  return left.every((check, index) => {
    const other = right[index];
    if (check.kind !== other.kind) return false;
    // Checks hold nodes; compare those structurally and the rest as JSON.
    const nodes = (value: object): IrNode[] => Object.values(value).filter((field): field is IrNode => typeof field === 'object' && field !== null && 'kind' in field && 'schemaPath' in field);
    const plain = (value: object): unknown => Object.fromEntries(Object.entries(value).filter(([, field]) => !(typeof field === 'object' && field !== null && 'schemaPath' in field)));
    const mine = nodes(check);
    const theirs = nodes(other);
    return mine.length === theirs.length && mine.every((node, at) => same(node, theirs[at])) && jsonEqual(plain(check), plain(other));
  });
}

/** A scalar node's fields that decide what it accepts. */
function scalarFields(node: IrNode): unknown {
  const { schemaPath: _path, annotations: _annotations, checks: _checks, ...rest } = node;
  return rest;
}

/** Small integer ids for nodes, for pair keys. */
export class IdMap {
  private readonly ids = new Map<IrNode, number>();
  of(node: IrNode): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(node, id);
    }
    return id;
  }
}

/** Whether two nodes (each of its side) can accept values of a common JSON type (`plan/shape.ts`). */
export function shareJsonType(left: Side, leftNode: IrNode, right: Side, rightNode: IrNode): boolean {
  return typesOverlap(jsonTypes(leftNode, left.definitions), jsonTypes(rightNode, right.definitions));
}

/** A short description of what a node accepts, for messages: `string`, `integer`, `enum ["a","b"]`. */
export function describe(side: Side, node: IrNode): string {
  const resolved = resolve(side, node);
  switch (resolved.kind) {
    case 'number':
      return resolved.integer ? 'integer' : 'number';
    case 'literal':
      return resolved.values.length === 1 ? `const ${short(resolved.values[0])}` : `enum ${short(resolved.values)}`;
    case 'union':
      return resolved.variants.map((variant) => describe(side, variant)).join(' | ');
    case 'any':
      return 'any value';
    case 'never':
      return 'no value';
    default:
      return resolved.kind;
  }
}

export function short(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
