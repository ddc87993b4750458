/**
 * Finding a union's discriminator at compile time: a property that every variant requires and
 * pins to distinct primitive values (`const` or `enum`), so a decoder can pick the variant from
 * that value alone. OpenAPI's `discriminator: {propertyName, mapping}` (OpenAPI 3.1 §4.8.25) names
 * the property and maps values to `$ref`s for variants that do not pin it themselves.
 */
import { parsePointer } from '@binschema/runtime';
import { isJsonObject, own } from '../schema/json.js';
import type { LoweringContext } from './context.js';
import { invalid, keywordPath, type Here } from './keyword-values.js';
import type { IrDiscriminator, IrNode, IrObject } from './types.js';

type Primitive = string | number | boolean | null;

export interface OpenApiDiscriminator {
  propertyName: string;
  /** Discriminating value → definition key of the variant it selects. */
  mapping: Map<string, string>;
}

/** Reads an OpenAPI `discriminator` keyword beside `oneOf`/`anyOf`, resolving its mapping `$ref`s. */
export function openApiDiscriminator(context: LoweringContext, here: Here): OpenApiDiscriminator | undefined {
  const keyword = own(here.schema, 'discriminator');
  if (keyword === undefined) return undefined;
  const propertyName = isJsonObject(keyword) ? own(keyword, 'propertyName') : undefined;
  if (typeof propertyName !== 'string') return invalid(here, 'discriminator', 'must be an object with a string propertyName');
  const mapping = new Map<string, string>();
  const declared = own(keyword as Record<string, unknown>, 'mapping');
  if (declared !== undefined && !isJsonObject(declared)) return invalid(here, 'discriminator', 'mapping must be an object');
  const entries = declared === undefined ? {} : declared;
  for (const value of Object.keys(entries)) {
    const ref = entries[value];
    if (typeof ref !== 'string') return invalid(here, 'discriminator', 'mapping values must be $ref strings');
    const site = { schemaPath: `${keywordPath(here, 'discriminator')}/mapping`, source: here.source };
    mapping.set(value, context.declare(context.registry.resolve(ref, here.location.base, site)));
  }
  return { propertyName, mapping };
}

export function findDiscriminator(context: LoweringContext, variants: IrNode[], openApi: OpenApiDiscriminator | undefined): IrDiscriminator | undefined {
  const objects: IrObject[] = [];
  for (const variant of variants) {
    const object = asObject(context, variant);
    if (object === undefined) return undefined;
    objects.push(object);
  }
  const candidates = openApi !== undefined ? [openApi.propertyName] : objects[0].properties.filter((property) => property.required).map((property) => property.name);
  for (const property of candidates) {
    const found = tryProperty(context, variants, objects, property, openApi);
    if (found !== undefined) return found;
  }
  return undefined;
}

function tryProperty(context: LoweringContext, variants: IrNode[], objects: IrObject[], name: string, openApi: OpenApiDiscriminator | undefined): IrDiscriminator | undefined {
  const mapping: IrDiscriminator['mapping'] = [];
  const seen = new Set<string>();
  for (let variant = 0; variant < objects.length; variant++) {
    const property = objects[variant].properties.find((candidate) => candidate.name === name);
    if (property === undefined || !property.required) return undefined;
    const values = pinnedValues(context, property.node) ?? (openApi === undefined ? undefined : mappedValues(context, variants[variant], openApi));
    if (values === undefined) return undefined;
    for (const value of values) {
      const id = `${typeof value}:${String(value)}`;
      if (seen.has(id)) return undefined;
      seen.add(id);
      mapping.push({ value, variant });
    }
  }
  return { property: name, mapping };
}

/** The primitive values a property node allows, when it is a literal of primitives. */
function pinnedValues(context: LoweringContext, node: IrNode): Primitive[] | undefined {
  const resolved = node.kind === 'ref' ? context.nodeOf(node.target) : node;
  if (resolved === undefined || resolved.kind !== 'literal') return undefined;
  for (const value of resolved.values) if (typeof value === 'object' && value !== null) return undefined;
  return resolved.values as Primitive[];
}

/** OpenAPI values for a variant that is a `$ref`: its explicit mapping entries, else its definition's name. */
function mappedValues(context: LoweringContext, variant: IrNode, openApi: OpenApiDiscriminator): Primitive[] | undefined {
  if (variant.kind !== 'ref') return undefined;
  const values = [...openApi.mapping].filter(([, key]) => key === variant.target).map(([value]) => value);
  if (values.length > 0) return values;
  // OpenAPI 3.1 §4.8.25.1: without a mapping, the value is the schema's name (its last pointer token).
  const location = context.locationOf(variant.target);
  const name = location === undefined ? undefined : parsePointer(location.pointer).at(-1);
  return name === undefined ? undefined : [name];
}

/** The object node behind a variant (following one `$ref`), or `undefined` if it is not an object. */
function asObject(context: LoweringContext, variant: IrNode): IrObject | undefined {
  const node = variant.kind === 'ref' ? context.nodeOf(variant.target) : variant;
  return node?.kind === 'object' ? node : undefined;
}
