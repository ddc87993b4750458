/**
 * Checks a JSON value (an `enum`/`const` value from the schema) against an IR node at compile
 * time, so literals can be filtered by their sibling keywords. Regexes run here only on schema
 * strings of bounded length: a longer one is refused instead of risking a slow match.
 */
import { isMultipleOf } from '@binschema/runtime';
import { SchemaError } from '../errors.js';
import { SchemaErrorCode } from '../schema/codes.js';
import { isJsonObject, jsonEqual } from '../schema/json.js';
import { formatHolds } from './formats.js';
import type { IrArray, IrCheck, IrEvaluation, IrEvaluationCondition, IrNode, IrNumber, IrObject, IrString } from './types.js';

/** How `matches` follows an `IrRef` (the lowering context, or a finished module's definitions). */
export interface DefinitionLookup {
  nodeOf(key: string): IrNode | undefined;
}

/** Where the check happens, for errors. */
interface Site {
  path: string;
  source: string;
}

/** Longest schema string a pattern is run on at compile time. */
export const MAX_MATCHED_STRING = 256;

export function matches(context: DefinitionLookup, value: unknown, node: IrNode, here: Site): boolean {
  if (!shapeMatches(context, value, node, here)) return false;
  return node.checks === undefined || node.checks.every((check) => checkHolds(context, value, check, here));
}

/** One `IrCheck` (objects-only and arrays-only checks hold for other values). */
function checkHolds(context: DefinitionLookup, value: unknown, check: IrCheck, here: Site): boolean {
  const has = (name: string): boolean => isJsonObject(value) && Object.prototype.hasOwnProperty.call(value, name);
  switch (check.kind) {
    case 'not':
      return !matches(context, value, check.node, here);
    case 'allOf':
      return matches(context, value, check.node, here);
    case 'if': {
      const branch = matches(context, value, check.if, here) ? check.then : check.else;
      return branch === undefined || matches(context, value, branch, here);
    }
    case 'dependentRequired':
      return !has(check.property) || check.required.every(has);
    case 'dependentSchema':
      return !has(check.property) || matches(context, value, check.node, here);
    case 'contains': {
      if (!Array.isArray(value)) return true;
      const found = value.filter((item) => matches(context, item, check.node, here)).length;
      return found >= check.min && (check.max === undefined || found <= check.max);
    }
    case 'unevaluatedProperties':
      if (!isJsonObject(value)) return true;
      return Object.keys(value).every((key) => keyEvaluated(context, value, key, check.evaluation, here) || matches(context, value[key], check.node, here));
    case 'unevaluatedItems':
      if (!Array.isArray(value)) return true;
      return value.every((item, index) => itemEvaluated(context, value, index, check.evaluation, here) || matches(context, item, check.node, here));
  }
}

/** The branch of `condition` that applies to `value` (`undefined`: none). */
function branchOf(context: DefinitionLookup, value: unknown, condition: IrEvaluationCondition, here: Site): IrEvaluation | undefined {
  return matches(context, value, condition.when, here) ? condition.then : condition.else;
}

/** True when the object's `key` is evaluated by `evaluation` (see `IrEvaluation`). */
function keyEvaluated(context: DefinitionLookup, value: Record<string, unknown>, key: string, evaluation: IrEvaluation, here: Site): boolean {
  if (evaluation.all || evaluation.names.includes(key)) return true;
  if (evaluation.patterns.some((pattern) => patternMatches(pattern, key, here))) return true;
  return evaluation.conditions.some((condition) => {
    const branch = branchOf(context, value, condition, here);
    return branch !== undefined && keyEvaluated(context, value, key, branch, here);
  });
}

/** True when the array's item at `index` is evaluated by `evaluation`. */
function itemEvaluated(context: DefinitionLookup, value: unknown[], index: number, evaluation: IrEvaluation, here: Site): boolean {
  if (evaluation.all || index < evaluation.prefix) return true;
  if (evaluation.contains.some((node) => matches(context, value[index], node, here))) return true;
  return evaluation.conditions.some((condition) => {
    const branch = branchOf(context, value, condition, here);
    return branch !== undefined && itemEvaluated(context, value, index, branch, here);
  });
}

function shapeMatches(context: DefinitionLookup, value: unknown, node: IrNode, here: Site): boolean {
  switch (node.kind) {
    case 'any':
      return true;
    case 'never':
      return false;
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && numberMatches(value, node);
    case 'string':
      return typeof value === 'string' && stringMatches(value, node, here);
    case 'literal':
      return node.values.some((candidate) => jsonEqual(candidate, value));
    case 'array':
      return Array.isArray(value) && arrayMatches(context, value, node, here);
    case 'object':
      return isJsonObject(value) && objectMatches(context, value, node, here);
    case 'union': {
      let count = 0;
      for (const variant of node.variants) if (matches(context, value, variant, here)) count++;
      return node.mode === 'oneOf' ? count === 1 : count > 0;
    }
    case 'ref': {
      const target = context.nodeOf(node.target);
      if (target === undefined) {
        throw new SchemaError(SchemaErrorCode.RecursiveMerge, 'cannot check enum/const values against a definition that is still being built (recursive $ref)', here.path, here.source);
      }
      return matches(context, value, target, here);
    }
  }
}

function numberMatches(value: number, node: IrNumber): boolean {
  if (node.integer && !Number.isInteger(value)) return false;
  if (node.minimum !== undefined && value < node.minimum) return false;
  if (node.maximum !== undefined && value > node.maximum) return false;
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) return false;
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) return false;
  return node.multipleOf === undefined || isMultipleOf(value, node.multipleOf);
}

/** Length in code points (Validation §6.3.1). */
function codePoints(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    length++;
  }
  return length;
}

function stringMatches(value: string, node: IrString, here: Site): boolean {
  const length = codePoints(value);
  if (node.minLength !== undefined && length < node.minLength) return false;
  if (node.maxLength !== undefined && length > node.maxLength) return false;
  if (node.pattern !== undefined && !patternMatches(node.pattern, value, here)) return false;
  // The runtime's own check, so a literal is kept exactly when generated code would accept it.
  return node.format === undefined || formatHolds(node.format, value);
}

export function patternMatches(pattern: string, value: string, here: Site): boolean {
  if (value.length > MAX_MATCHED_STRING) {
    throw new SchemaError(SchemaErrorCode.Unsupported, `cannot check a ${value.length}-character enum/const string against a pattern at compile time (limit ${MAX_MATCHED_STRING})`, here.path, here.source);
  }
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    if (compiled.size >= 1024) compiled.clear();
    regex = new RegExp(pattern, 'u');
    compiled.set(pattern, regex);
  }
  return regex.test(value);
}

/** Compiled patterns (no `g`/`y` flag, so `test` keeps no state between calls); bounded. */
const compiled = new Map<string, RegExp>();

function arrayMatches(context: DefinitionLookup, value: unknown[], node: IrArray, here: Site): boolean {
  if (node.minItems !== undefined && value.length < node.minItems) return false;
  if (node.maxItems !== undefined && value.length > node.maxItems) return false;
  for (let index = 0; index < value.length; index++) {
    if (!matches(context, value[index], node.prefixItems[index] ?? node.items, here)) return false;
  }
  if (node.uniqueItems === true) {
    for (let index = 1; index < value.length; index++) {
      for (let before = 0; before < index; before++) if (jsonEqual(value[before], value[index])) return false;
    }
  }
  return true;
}

function objectMatches(context: DefinitionLookup, value: Record<string, unknown>, node: IrObject, here: Site): boolean {
  const keys = Object.keys(value);
  if (node.minProperties !== undefined && keys.length < node.minProperties) return false;
  if (node.maxProperties !== undefined && keys.length > node.maxProperties) return false;
  const declared = new Map(node.properties.map((property) => [property.name, property]));
  for (const property of node.properties) if (property.required && !Object.prototype.hasOwnProperty.call(value, property.name)) return false;
  for (const name of node.extraRequired) if (!Object.prototype.hasOwnProperty.call(value, name)) return false;
  for (const key of keys) {
    if (node.propertyNames !== undefined && !matches(context, key, node.propertyNames, here)) return false;
    // IR semantics (merge-object.ts): a declared property's node already holds its matching patterns.
    const property = declared.get(key);
    if (property !== undefined) {
      if (!matches(context, value[key], property.node, here)) return false;
      continue;
    }
    let matched = false;
    for (const entry of node.patternProperties) {
      if (!patternMatches(entry.pattern, key, here)) continue;
      matched = true;
      if (!matches(context, value[key], entry.node, here)) return false;
    }
    if (!matched && !matches(context, value[key], node.additionalProperties, here)) return false;
  }
  return true;
}
