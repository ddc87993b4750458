/**
 * Keywords that constrain a value without shaping its encoding, lowered to `IrCheck`s (see
 * `IrBase.checks`): `not` (2020-12 Core §10.2.1.4), `if`/`then`/`else` (§10.2.2.1–3),
 * `dependentSchemas` (§10.2.2.4) and draft-07 `dependencies` (Validation §6.5.7),
 * `dependentRequired` (2020-12 Validation §6.5.4), `contains` with `minContains`/`maxContains`
 * (Core §10.3.1.3, Validation §6.4.4–6.4.5).
 */
import { has, isJsonObject, own } from '../schema/json.js';
import { CHECK_KEYWORDS } from '../schema/keywords.js';
import type { SchemaLocation } from '../schema/registry.js';
import type { LoweringContext } from './context.js';
import { childLocation, countKeyword, invalid, type Here } from './keyword-values.js';
import { lowerSchema } from './lower.js';
import type { IrCheck, IrNode } from './types.js';

/** The keywords of `draft` lowered here (the rest of `UNSUPPORTED_KEYWORDS` stays refused). */
export function checkKeywords(here: Here): ReadonlySet<string> {
  return CHECK_KEYWORDS[here.location.document.draft];
}

export function lowerChecks(context: LoweringContext, here: Here): IrCheck[] {
  const enabled = checkKeywords(here);
  const checks: IrCheck[] = [];
  const sub = (keyword: string, ...tokens: string[]): IrNode => {
    let value: unknown = own(here.schema, keyword);
    for (const token of tokens) value = (value as Record<string, unknown>)[token];
    return lowerSubschema(context, childLocation(here, value, keyword, ...tokens));
  };
  if (enabled.has('not') && has(here.schema, 'not')) checks.push({ kind: 'not', node: sub('not') });
  // `then`/`else` without `if` do nothing (Core §10.2.2.2–3).
  if (enabled.has('if') && has(here.schema, 'if') && (has(here.schema, 'then') || has(here.schema, 'else'))) {
    const check: IrCheck = { kind: 'if', if: sub('if') };
    if (has(here.schema, 'then')) check.then = sub('then');
    if (has(here.schema, 'else')) check.else = sub('else');
    checks.push(check);
  }
  if (enabled.has('dependentRequired')) for (const [property, list] of mapKeyword(here, 'dependentRequired')) checks.push(requiredCheck(here, 'dependentRequired', property, list));
  if (enabled.has('dependentSchemas')) for (const [property] of mapKeyword(here, 'dependentSchemas')) checks.push({ kind: 'dependentSchema', property, node: sub('dependentSchemas', property) });
  // Draft-07 Validation §6.5.7: an array value lists required names, a schema applies to the object.
  if (enabled.has('dependencies')) {
    for (const [property, value] of mapKeyword(here, 'dependencies')) {
      checks.push(Array.isArray(value) ? requiredCheck(here, 'dependencies', property, value) : { kind: 'dependentSchema', property, node: sub('dependencies', property) });
    }
  }
  // `minContains`/`maxContains` (2019-09 on) bound the number of matching items; alone they do nothing.
  if (enabled.has('contains') && has(here.schema, 'contains')) {
    const min = enabled.has('minContains') ? (countKeyword(here, 'minContains') ?? 1) : 1;
    const max = enabled.has('maxContains') ? countKeyword(here, 'maxContains') : undefined;
    if (min > 0 || max !== undefined) {
      const check: IrCheck = { kind: 'contains', node: sub('contains'), min };
      if (max !== undefined) check.max = max;
      checks.push(check);
    }
  }
  return checks;
}

const lowered = new WeakMap<LoweringContext, Map<string, IrNode>>();

/**
 * `lowerSchema`, once per location and dynamic scope in a lowering run: `if`, `contains` and
 * `anyOf`/`oneOf` variants are lowered for their checks and again for the evaluation of
 * `unevaluated*` (evaluation.ts); one node gives generated code one predicate for both.
 */
export function lowerSubschema(context: LoweringContext, location: SchemaLocation): IrNode {
  let memo = lowered.get(context);
  if (memo === undefined) {
    memo = new Map();
    lowered.set(context, memo);
  }
  const key = context.definitionKey(location, context.bindingsAt(location));
  let node = memo.get(key);
  if (node === undefined) {
    node = lowerSchema(context, location);
    memo.set(key, node);
  }
  return node;
}

function mapKeyword(here: Here, keyword: string): [string, unknown][] {
  const value = own(here.schema, keyword);
  if (value === undefined) return [];
  if (!isJsonObject(value)) return invalid(here, keyword, 'must be an object');
  return Object.keys(value).map((name) => [name, value[name]]);
}

function requiredCheck(here: Here, keyword: string, property: string, list: unknown): IrCheck {
  if (!Array.isArray(list) || list.some((name) => typeof name !== 'string')) invalid(here, keyword, 'must map names to arrays of strings');
  return { kind: 'dependentRequired', property, required: [...new Set(list as string[])] };
}
