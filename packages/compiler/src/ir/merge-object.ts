/**
 * Intersection of two object nodes. Exact in two cases, refused otherwise:
 * - neither side has `patternProperties`: a key declared on one side meets the other side's
 *   `additionalProperties`; the rest meets both `additionalProperties`;
 * - both sides allow any additional property: the pattern lists are joined (each pattern applies
 *   to every key it matches, declared or not: 2020-12 Core §10.3.2.2).
 * The second case relies on that `patternProperties` rule: the IR keeps JSON Schema's meaning, in
 * which a pattern also applies to a key listed in `properties`.
 */
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import type { LoweringContext } from './context.js';
import { intersect, pick } from './intersect.js';
import type { Here } from './keyword-values.js';
import { objectIsEmpty } from './lower-types.js';
import { anyNode, neverNode } from './nodes.js';
import type { IrNode, IrObject, IrProperty } from './types.js';

export function mergeObjects(context: LoweringContext, left: IrObject, right: IrObject, here: Here): IrNode {
  const patterned = left.patternProperties.length > 0 || right.patternProperties.length > 0;
  if (patterned && (left.additionalProperties.kind !== 'any' || right.additionalProperties.kind !== 'any')) {
    throw new SchemaError(SchemaErrorCode.Unsupported, 'cannot merge objects that use patternProperties together with additionalProperties', here.path, here.source);
  }
  // With patterns, both additionals are `any` (checked above), so a key's "rest" is `any` on both sides.
  const restOf = (object: IrObject): IrNode => (patterned ? anyNode(object.schemaPath) : object.additionalProperties);
  const additionalProperties = intersect(context, left.additionalProperties, right.additionalProperties, here);
  const required = new Set([...left.extraRequired, ...right.extraRequired]);
  const byName = new Map<string, IrProperty>();
  for (const property of right.properties) byName.set(property.name, property);
  const properties: IrProperty[] = [];
  const add = (property: IrProperty, node: IrNode, isRequired: boolean): void => {
    // An optional property that cannot be present adds nothing when no extra key may be present either.
    if (node.kind === 'never' && !isRequired && additionalProperties.kind === 'never') return;
    properties.push({ name: property.name, node, required: isRequired, schemaPath: property.schemaPath });
  };
  const leftNames = new Set<string>();
  for (const property of left.properties) {
    leftNames.add(property.name);
    const other = byName.get(property.name);
    const node = intersect(context, property.node, other?.node ?? restOf(right), here);
    add(property, node, property.required || other?.required === true || required.has(property.name));
  }
  for (const property of right.properties) {
    if (leftNames.has(property.name)) continue;
    add(property, intersect(context, restOf(left), property.node, here), property.required || required.has(property.name));
  }
  const declared = new Set(properties.map((property) => property.name));
  const node: IrObject = {
    kind: 'object',
    properties,
    patternProperties: [...left.patternProperties, ...right.patternProperties],
    additionalProperties,
    extraRequired: [...required].filter((name) => !declared.has(name) && !leftNames.has(name) && !byName.has(name)),
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
