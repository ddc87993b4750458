/**
 * Objects: folding `patternProperties` into declared properties, and the intersection of two
 * object nodes.
 *
 * In the IR a declared property's node already holds every `patternProperties` schema whose
 * pattern matches its name (2020-12 Core §10.3.2.2: both apply), so `patternProperties` and
 * `additionalProperties` only concern keys that are not declared; back ends need not run patterns
 * on declared keys. Folding runs each pattern on each declared name at compile time (names are
 * schema strings; see `patternMatches` for the length bound).
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { LoweringContext } from './context.js';
import { intersect, pick } from './intersect.js';
import type { Here } from './keyword-values.js';
import { objectIsEmpty } from './lower-types.js';
import { patternMatches } from './matches.js';
import { neverNode } from './nodes.js';
import type { IrNode, IrObject, IrPatternProperty, IrProperty } from './types.js';

/** What `object` requires of the value of an undeclared key `name`: its matching patterns, else `additionalProperties`. */
export function undeclaredNode(context: LoweringContext, object: IrObject, name: string, here: Here): IrNode {
  const matching = object.patternProperties.filter((entry) => patternMatches(entry.pattern, name, here));
  if (matching.length === 0) return object.additionalProperties;
  return matching.reduce<IrNode>((node, entry) => intersect(context, node, entry.node, here), { kind: 'any', schemaPath: matching[0].schemaPath, annotations: {} });
}

/** A declared property's node with the matching patterns of `patterns` folded in. */
export function foldPatterns(context: LoweringContext, node: IrNode, name: string, patterns: IrPatternProperty[], here: Here): IrNode {
  let folded = node;
  for (const entry of patterns) if (patternMatches(entry.pattern, name, here)) folded = intersect(context, folded, entry.node, here);
  return folded;
}

export function mergeObjects(context: LoweringContext, left: IrObject, right: IrObject, here: Here): IrNode {
  const { patternProperties, additionalProperties } = mergeUndeclared(context, left, right, here);
  const required = new Set([...left.extraRequired, ...right.extraRequired]);
  const rightByName = new Map<string, IrProperty>(right.properties.map((property) => [property.name, property]));
  const leftNames = new Set<string>(left.properties.map((property) => property.name));
  const properties: IrProperty[] = [];
  const add = (property: IrProperty, node: IrNode, isRequired: boolean): void => {
    // An optional property that cannot be present adds nothing when no undeclared key may be present either.
    if (node.kind === 'never' && !isRequired && additionalProperties.kind === 'never' && patternProperties.length === 0) return;
    const merged: IrProperty = { name: property.name, node, required: isRequired, schemaPath: property.schemaPath };
    const index = property.index ?? rightByName.get(property.name)?.index;
    if (index !== undefined) merged.index = index;
    properties.push(merged);
  };
  for (const property of left.properties) {
    const other = rightByName.get(property.name);
    const node = intersect(context, property.node, other?.node ?? undeclaredNode(context, right, property.name, here), here);
    add(property, node, property.required || other?.required === true || required.has(property.name));
  }
  for (const property of right.properties) {
    if (leftNames.has(property.name)) continue;
    add(property, intersect(context, undeclaredNode(context, left, property.name, here), property.node, here), property.required || required.has(property.name));
  }
  const node: IrObject = {
    kind: 'object',
    properties,
    patternProperties,
    additionalProperties,
    extraRequired: [...required].filter((name) => !leftNames.has(name) && !rightByName.has(name)),
    schemaPath: left.schemaPath,
    annotations: { ...right.annotations, ...left.annotations },
  };
  const propertyNames = left.propertyNames === undefined ? right.propertyNames : right.propertyNames === undefined ? left.propertyNames : intersect(context, left.propertyNames, right.propertyNames, here);
  if (propertyNames !== undefined) node.propertyNames = propertyNames;
  const minProperties = pick(left.minProperties, right.minProperties, Math.max);
  const maxProperties = pick(left.maxProperties, right.maxProperties, Math.min);
  if (minProperties !== undefined) node.minProperties = minProperties;
  if (maxProperties !== undefined) node.maxProperties = maxProperties;
  context.count(here.path, here.source);
  return objectIsEmpty(node) ? neverNode(here.path) : node;
}

/**
 * Patterns and `additionalProperties` for keys neither side declares. Exact when at most one side
 * has patterns (the other side's `additionalProperties` then applies to every such key) or when
 * both sides allow any additional key; refused otherwise.
 */
function mergeUndeclared(context: LoweringContext, left: IrObject, right: IrObject, here: Here): Pick<IrObject, 'patternProperties' | 'additionalProperties'> {
  const additionalProperties = intersect(context, left.additionalProperties, right.additionalProperties, here);
  if (left.patternProperties.length === 0 || right.patternProperties.length === 0) {
    const [patterned, other] = left.patternProperties.length === 0 ? [right, left] : [left, right];
    const patternProperties = patterned.patternProperties.map((entry) => ({ ...entry, node: intersect(context, entry.node, other.additionalProperties, here) }));
    return { patternProperties, additionalProperties };
  }
  if (left.additionalProperties.kind === 'any' && right.additionalProperties.kind === 'any') {
    return { patternProperties: [...left.patternProperties, ...right.patternProperties], additionalProperties };
  }
  throw new SchemaError(SchemaErrorCode.Unsupported, 'cannot merge two objects that both use patternProperties when one also constrains additionalProperties', here.path, here.source);
}
