/**
 * Lowering of `type` and the keywords that apply to one JSON type (2020-12 Validation §6.1–6.5).
 * A schema without `type` but with type-specific keywords accepts every type, each restricted
 * only by the keywords for it: a `type` union over the six JSON types.
 */
import { has, isJsonObject, own } from '../schema/json.js';
import { ARRAY_KEYWORDS, NUMBER_KEYWORDS, OBJECT_KEYWORDS, STRING_KEYWORDS } from '../schema/keywords.js';
import type { LoweringContext } from './context.js';
import type { SchemaLocation } from '../schema/registry.js';
import { assertsFormat } from './formats.js';
import {
  arrayKeyword, booleanKeyword, checkPattern, childLocation, countKeyword, hereOf, invalid, keywordPath, numberKeyword, stringKeyword, type Here,
} from './keyword-values.js';
import { lowerSchema } from './lower.js';
import { foldPatterns } from './merge-object.js';
import { anyNode, neverNode } from './nodes.js';
import type { IrArray, IrNode, IrNumber, IrObject, IrPatternProperty, IrProperty, IrString } from './types.js';

const ALL_TYPES = ['null', 'boolean', 'number', 'string', 'array', 'object'] as const;
const TYPE_NAMES = new Set(['null', 'boolean', 'integer', 'number', 'string', 'array', 'object']);

/** The node for `type` and the type-specific keywords, or `undefined` when there are none (any value). */
export function lowerTypes(context: LoweringContext, here: Here): IrNode | undefined {
  const declared = own(here.schema, 'type');
  let types: string[];
  if (declared === undefined) {
    if (!hasTypeKeywords(context, here)) return undefined;
    types = [...ALL_TYPES];
  } else {
    const list = Array.isArray(declared) ? declared : [declared];
    for (const type of list) if (typeof type !== 'string' || !TYPE_NAMES.has(type)) invalid(here, 'type', `has an unknown type ${JSON.stringify(type)}`);
    types = list as string[];
    // `integer` is a subset of `number` (Validation §6.1.1): both together are just `number`.
    if (types.includes('number')) types = types.filter((type) => type !== 'integer');
    types = [...new Set(types)];
  }
  if (types.length === 0) return neverNode(here.path);
  const variants = types.map((type) => lowerOneType(context, here, type));
  if (variants.length === 1) return variants[0];
  return { kind: 'union', mode: 'type', variants, schemaPath: here.path, annotations: {} };
}

function hasTypeKeywords(context: LoweringContext, here: Here): boolean {
  for (const list of [NUMBER_KEYWORDS, ARRAY_KEYWORDS, OBJECT_KEYWORDS]) for (const keyword of list) if (has(here.schema, keyword)) return true;
  for (const keyword of STRING_KEYWORDS) {
    // `format` restricts strings only when asserted; otherwise it is an annotation.
    if (keyword === 'format') continue;
    if (has(here.schema, keyword)) return true;
  }
  const format = stringKeyword(here, 'format');
  return format !== undefined && assertsFormat(context, here, format);
}

function lowerOneType(context: LoweringContext, here: Here, type: string): IrNode {
  switch (type) {
    case 'null':
    case 'boolean':
      return { kind: type, schemaPath: here.path, annotations: {} };
    case 'integer':
    case 'number':
      return lowerNumber(here, type === 'integer');
    case 'string':
      return lowerString(context, here);
    case 'array':
      return lowerArray(context, here);
    default:
      return lowerObject(context, here);
  }
}

function lowerNumber(here: Here, integer: boolean): IrNode {
  const node: IrNumber = { kind: 'number', integer, schemaPath: here.path, annotations: {} };
  let minimum = numberKeyword(here, 'minimum');
  let maximum = numberKeyword(here, 'maximum');
  let exclusiveMinimum: number | undefined;
  let exclusiveMaximum: number | undefined;
  if (here.location.document.draft === 'draft-04') {
    // Draft-04 Validation §5.1.2–5.1.3: boolean `exclusiveMinimum` makes `minimum` exclusive.
    if (booleanKeyword(here, 'exclusiveMinimum') === true && minimum !== undefined) [exclusiveMinimum, minimum] = [minimum, undefined];
    if (booleanKeyword(here, 'exclusiveMaximum') === true && maximum !== undefined) [exclusiveMaximum, maximum] = [maximum, undefined];
  } else {
    exclusiveMinimum = numberKeyword(here, 'exclusiveMinimum');
    exclusiveMaximum = numberKeyword(here, 'exclusiveMaximum');
  }
  const multipleOf = numberKeyword(here, 'multipleOf');
  if (multipleOf !== undefined && multipleOf <= 0) invalid(here, 'multipleOf', 'must be greater than 0');
  if (minimum !== undefined) node.minimum = minimum;
  if (maximum !== undefined) node.maximum = maximum;
  if (exclusiveMinimum !== undefined) node.exclusiveMinimum = exclusiveMinimum;
  if (exclusiveMaximum !== undefined) node.exclusiveMaximum = exclusiveMaximum;
  if (multipleOf !== undefined) node.multipleOf = multipleOf;
  return numberIsEmpty(node) ? neverNode(here.path) : node;
}

/** True when no number satisfies the bounds (an integer node also needs a whole number between them). */
export function numberIsEmpty(node: IrNumber): boolean {
  let low = -Infinity;
  let lowOpen = false;
  let high = Infinity;
  let highOpen = false;
  if (node.minimum !== undefined) low = node.minimum;
  if (node.exclusiveMinimum !== undefined && node.exclusiveMinimum >= low) [low, lowOpen] = [node.exclusiveMinimum, true];
  if (node.maximum !== undefined) high = node.maximum;
  if (node.exclusiveMaximum !== undefined && node.exclusiveMaximum <= high) [high, highOpen] = [node.exclusiveMaximum, true];
  if (node.integer) {
    const first = Number.isInteger(low) ? (lowOpen ? low + 1 : low) : Math.ceil(low);
    const last = Number.isInteger(high) ? (highOpen ? high - 1 : high) : Math.floor(high);
    return first > last;
  }
  return low > high || (low === high && (lowOpen || highOpen));
}

function lowerString(context: LoweringContext, here: Here): IrNode {
  const node: IrString = { kind: 'string', schemaPath: here.path, annotations: {} };
  const minLength = countKeyword(here, 'minLength');
  const maxLength = countKeyword(here, 'maxLength');
  const pattern = stringKeyword(here, 'pattern');
  const format = stringKeyword(here, 'format');
  if (minLength !== undefined && minLength > 0) node.minLength = minLength;
  if (maxLength !== undefined) node.maxLength = maxLength;
  if (pattern !== undefined) node.pattern = checkPattern(pattern, keywordPath(here, 'pattern'), here.source);
  if (format !== undefined && assertsFormat(context, here, format)) node.format = format;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) return neverNode(here.path);
  return node;
}

function lowerArray(context: LoweringContext, here: Here): IrNode {
  const modern = here.location.document.draft === '2020-12';
  const items = own(here.schema, 'items');
  let prefix: unknown[] = [];
  let prefixKeyword = 'prefixItems';
  let rest: unknown = undefined;
  let restKeyword = 'items';
  if (modern) {
    prefix = arrayKeyword(here, 'prefixItems') ?? [];
    rest = items;
  } else if (Array.isArray(items)) {
    // Draft-07 Validation §6.4.1–6.4.2: array-form `items` is the tuple, `additionalItems` the rest.
    [prefix, prefixKeyword, rest, restKeyword] = [items, 'items', own(here.schema, 'additionalItems'), 'additionalItems'];
  } else {
    rest = items;
  }
  const prefixItems = prefix.map((child, index) => lowerSchema(context, childLocation(here, child, prefixKeyword, index)));
  const node: IrArray = {
    kind: 'array',
    prefixItems,
    items: rest === undefined ? anyNode(keywordPath(here, restKeyword)) : lowerSchema(context, childLocation(here, rest, restKeyword)),
    schemaPath: here.path,
    annotations: {},
  };
  const minItems = countKeyword(here, 'minItems');
  const maxItems = countKeyword(here, 'maxItems');
  if (minItems !== undefined && minItems > 0) node.minItems = minItems;
  if (maxItems !== undefined) node.maxItems = maxItems;
  if (booleanKeyword(here, 'uniqueItems') === true) node.uniqueItems = true;
  return arrayIsEmpty(node) ? neverNode(here.path) : node;
}

/** True when no array satisfies the node: contradictory counts, or a required item that is `never`. */
export function arrayIsEmpty(node: IrArray): boolean {
  const minItems = node.minItems ?? 0;
  if (node.maxItems !== undefined && minItems > node.maxItems) return true;
  for (let index = 0; index < Math.min(minItems, node.prefixItems.length); index++) if (node.prefixItems[index].kind === 'never') return true;
  return minItems > node.prefixItems.length && node.items.kind === 'never';
}

function lowerObject(context: LoweringContext, here: Here): IrNode {
  const required = requiredNames(here);
  const properties: IrProperty[] = [];
  const declared = own(here.schema, 'properties');
  if (declared !== undefined && !isJsonObject(declared)) invalid(here, 'properties', 'must be an object');
  const entries = (declared ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(entries)) {
    const location = childLocation(here, entries[name], 'properties', name);
    const property: IrProperty = { name, node: lowerSchema(context, location), required: required.has(name), schemaPath: `#${location.pointer}` };
    const index = pinnedIndex(location);
    if (index !== undefined) property.index = index;
    properties.push(property);
  }
  const names = new Set(properties.map((property) => property.name));
  const patternProperties = lowerPatternProperties(context, here);
  if (patternProperties.length > 0) for (const property of properties) property.node = foldPatterns(context, property.node, property.name, patternProperties, here);
  const node: IrObject = {
    kind: 'object',
    properties,
    patternProperties,
    additionalProperties: lowerOptional(context, here, 'additionalProperties') ?? anyNode(keywordPath(here, 'additionalProperties')),
    extraRequired: [...required].filter((name) => !names.has(name)),
    schemaPath: here.path,
    annotations: {},
  };
  const propertyNames = lowerOptional(context, here, 'propertyNames');
  if (propertyNames !== undefined && propertyNames.kind !== 'any') node.propertyNames = propertyNames;
  const minProperties = countKeyword(here, 'minProperties');
  const maxProperties = countKeyword(here, 'maxProperties');
  if (minProperties !== undefined && minProperties > 0) node.minProperties = minProperties;
  if (maxProperties !== undefined) node.maxProperties = maxProperties;
  return objectIsEmpty(node) ? neverNode(here.path) : node;
}

/** Positions past this are refused: gaps are written one `undefined` each, so a huge index would be a huge record. */
const MAX_PINNED_INDEX = 4095;

/** A property's `x-binschema-index` (compact layout position), checked: a non-negative integer up to MAX_PINNED_INDEX. */
function pinnedIndex(location: SchemaLocation): number | undefined {
  const schema = location.schema;
  if (!isJsonObject(schema) || own(schema, 'x-binschema-index') === undefined) return undefined;
  const here = hereOf(location, schema);
  const index = countKeyword(here, 'x-binschema-index');
  if (index !== undefined && index > MAX_PINNED_INDEX) invalid(here, 'x-binschema-index', `must be at most ${MAX_PINNED_INDEX}`);
  return index;
}

/** True when no object satisfies the node: contradictory counts or a required property that is `never`. */
export function objectIsEmpty(node: IrObject): boolean {
  if (node.maxProperties !== undefined && (node.minProperties ?? 0) > node.maxProperties) return true;
  const required = node.extraRequired.length > 0 || node.properties.some((property) => property.required);
  if (node.propertyNames?.kind === 'never' && (node.minProperties !== undefined || required)) return true;
  // A required name with no property schema can only be an additional property.
  if (node.extraRequired.length > 0 && node.additionalProperties.kind === 'never' && node.patternProperties.length === 0) return true;
  return node.properties.some((property) => property.required && property.node.kind === 'never');
}

function requiredNames(here: Here): Set<string> {
  const list = arrayKeyword(here, 'required') ?? [];
  for (const name of list) if (typeof name !== 'string') invalid(here, 'required', 'must hold strings');
  return new Set(list as string[]);
}

function lowerPatternProperties(context: LoweringContext, here: Here): IrPatternProperty[] {
  const patterns = own(here.schema, 'patternProperties');
  if (patterns === undefined) return [];
  if (!isJsonObject(patterns)) return invalid(here, 'patternProperties', 'must be an object');
  return Object.keys(patterns).map((pattern) => {
    const location = childLocation(here, patterns[pattern], 'patternProperties', pattern);
    checkPattern(pattern, `#${location.pointer}`, here.source);
    return { pattern, node: lowerSchema(context, location), schemaPath: `#${location.pointer}` };
  });
}

function lowerOptional(context: LoweringContext, here: Here, keyword: string): IrNode | undefined {
  const value = own(here.schema, keyword);
  return value === undefined ? undefined : lowerSchema(context, childLocation(here, value, keyword));
}
