/**
 * The TypeScript types of generated modules: the type of the values an IR node accepts
 * (`typeOf`), as the module's type aliases and its functions' signatures spell it.
 */
import type { IrNode, IrObject, IrArray, JsonValue } from '../../ir/types.js';
import { Code, literal, numberLiteral } from './code.js';
import { isClosedObject, type Definitions } from '../../plan/shape.js';
import { isPlainPropertyName, type Name } from './names.js';

/**
 * Left recursion in a type alias (`type A = A | string`) is a TypeScript error, and means what
 * the least fixed point means: `A` is what its other branches allow. So the declared type of a
 * definition on such a cycle spells out the definitions it reaches in place, with a reference
 * back into one still open as `never`; references under an array or object keep their name
 * (TypeScript resolves those lazily).
 */
export interface InPlaceExpansion {
  definitions: Definitions;
  /** Keys of the definitions that reach themselves in place (ir/recursion.ts). */
  leftRecursive: ReadonlySet<string>;
  /** Definitions being spelled out, outermost first. */
  open: Set<string>;
}

/** The TypeScript type of the values a node accepts; refs become the definition's type name (see `InPlaceExpansion`). */
export function typeOf(node: IrNode, typeNames: ReadonlyMap<string, Name>, expansion?: InPlaceExpansion): Code {
  return new Code(typeText(node, typeNames, expansion));
}

function typeText(node: IrNode, typeNames: ReadonlyMap<string, Name>, expansion?: InPlaceExpansion): string {
  switch (node.kind) {
    case 'any':
      return 'unknown';
    case 'never':
      return 'never';
    case 'null':
      return 'null';
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'literal':
      return node.values.length === 0 ? 'never' : node.values.map(jsonType).join(' | ');
    case 'array':
      return arrayType(node, typeNames);
    case 'object':
      return objectType(node, typeNames);
    case 'union':
      return node.variants.length === 0 ? 'never' : node.variants.map((variant) => parenthesised(variant, typeNames, expansion)).join(' | ');
    case 'ref': {
      if (expansion !== undefined && expansion.leftRecursive.has(node.target)) return expandedRef(node.target, typeNames, expansion);
      const name = typeNames.get(node.target);
      if (name === undefined) throw new Error(`typeOf: no type name for ${node.target}`);
      return name.text;
    }
  }
}

/** An in-place reference to a left-recursive definition, spelled out (`never` when it is open already). */
function expandedRef(target: string, typeNames: ReadonlyMap<string, Name>, expansion: InPlaceExpansion): string {
  if (expansion.open.has(target)) return 'never';
  const definition = expansion.definitions.get(target);
  if (definition === undefined) throw new Error(`typeOf: unresolved ref ${target}`);
  expansion.open.add(target);
  const text = typeText(definition.node, typeNames, expansion);
  expansion.open.delete(target);
  return text;
}

/** Types that contain `|` need parentheses as array elements. */
function parenthesised(node: IrNode, typeNames: ReadonlyMap<string, Name>, expansion?: InPlaceExpansion): string {
  const text = typeText(node, typeNames, expansion);
  return /^[\w$]+$/.test(text) || text.startsWith('{') || text.startsWith('[') ? text : `(${text})`;
}

function arrayType(node: IrArray, typeNames: ReadonlyMap<string, Name>): string {
  const rest = node.items.kind === 'never' ? '' : parenthesised(node.items, typeNames);
  if (node.prefixItems.length === 0) return rest === '' ? '[]' : `${rest}[]`;
  const required = node.minItems ?? 0;
  const elements = node.prefixItems.map((item, index) => `${typeText(item, typeNames)}${index < required ? '' : '?'}`);
  // TS: a required element may not follow an optional one; the prefix above never does that.
  if (rest !== '') elements.push(`...${rest}[]`);
  return `[${elements.join(', ')}]`;
}

function propertyKey(name: string): string {
  return isPlainPropertyName(name) ? name : literal(name).text;
}

function objectType(node: IrObject, typeNames: ReadonlyMap<string, Name>): string {
  const members = node.properties.map(
    (property) => `${propertyKey(property.name)}${property.required ? '' : '?'}: ${typeText(property.node, typeNames)}`,
  );
  for (const name of node.extraRequired) {
    if (!node.properties.some((property) => property.name === name)) members.push(`${propertyKey(name)}: unknown`);
  }
  const closed = isClosedObject(node);
  if (!closed) {
    // An index signature must admit every declared property's type; keep it precise only when
    // there are no declared properties and no patterns.
    const precise = members.length === 0 && node.patternProperties.length === 0;
    members.push(`[key: string]: ${precise ? typeText(node.additionalProperties, typeNames) : 'unknown'}`);
  }
  return members.length === 0 ? 'Record<string, never>' : `{ ${members.join('; ')} }`;
}

/** The literal type of a JSON value (`"add"`, `3`, `{ "a": 1 }`). */
function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return literal(value).text;
  if (typeof value === 'number') return Number.isFinite(value) ? numberLiteral(value).text : 'number';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(jsonType).join(', ')}]`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'Record<string, never>' : `{ ${keys.map((key) => `${literal(key).text}: ${jsonType(value[key])}`).join('; ')} }`;
}
