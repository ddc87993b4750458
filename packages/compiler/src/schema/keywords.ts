/**
 * Where subschemas live in a schema object, by keyword (JSON Schema 2020-12 Core §10, Validation
 * §6, and the older drafts' equivalents). Walking only these keeps `properties` names, `enum`
 * values and unknown keywords from being mistaken for schemas.
 */

/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS = [
  'additionalProperties', 'propertyNames', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties',
  'contains', 'not', 'if', 'then', 'else', 'contentSchema',
] as const;

/** Keywords whose value is an array of subschemas (`items` too, in its draft-07 tuple form). */
export const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/** Keywords whose value maps names to subschemas (`dependencies` values may also be string arrays). */
export const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'] as const;

/**
 * Standard keywords the compiler does not shape encodings with. They are refused wherever they
 * appear (in every draft, also where a draft would call them unknown) so that a schema is never
 * compiled looser than its author meant, except those `CHECK_KEYWORDS` compiles as checks in the
 * drafts that define them.
 */
export const UNSUPPORTED_KEYWORDS = [
  'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'contains', 'minContains', 'maxContains', 'unevaluatedProperties', 'unevaluatedItems',
  '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor',
] as const;

/**
 * Keywords of `UNSUPPORTED_KEYWORDS` compiled as checks over the value (`ir/lower-checks.ts`;
 * `unevaluated*` in `ir/lower-unevaluated.ts`, folded into the shape where exact), by the drafts
 * that define them; elsewhere they stay refused.
 */
const MODERN_CHECKS = new Set([
  'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'contains', 'minContains', 'maxContains',
  'unevaluatedProperties', 'unevaluatedItems',
]);
export const CHECK_KEYWORDS: Record<'2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04', ReadonlySet<string>> = {
  '2020-12': MODERN_CHECKS,
  '2019-09': MODERN_CHECKS,
  'draft-07': new Set(['not', 'if', 'then', 'else', 'dependencies', 'contains']),
  // `if`/`then`/`else` (draft-07) and `contains` (draft-06) too: see LATER_DRAFT_KEYWORDS.
  'draft-06': new Set(['not', 'dependencies', 'contains', 'if', 'then', 'else']),
  'draft-04': new Set(['not', 'dependencies', 'contains', 'if', 'then', 'else']),
};

/**
 * Keywords a later draft added that users' validators honour in the older drafts too (ajv 8 with
 * ajv-draft-04 applies draft-06 `const`, `contains`, `propertyNames` and draft-07
 * `if`/`then`/`else` to draft-04 and draft-06 schemas): honoured here as well, with a
 * `later-draft-keyword` warning, so that a codec accepts what the author's validator accepts.
 * Those no such validator applies (`minContains`, `dependentRequired`…) stay refused.
 */
export const LATER_DRAFT_KEYWORDS: Record<'2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04', readonly string[]> = {
  '2020-12': [],
  '2019-09': [],
  'draft-07': [],
  'draft-06': ['if', 'then', 'else'],
  'draft-04': ['const', 'contains', 'propertyNames', 'if', 'then', 'else'],
};

/** Keywords that only annotate (kept in `IrAnnotations` when the IR has a field, else dropped). */
export const ANNOTATION_KEYWORDS = [
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment',
  'contentMediaType', 'contentEncoding', 'contentSchema',
] as const;

/** Keywords that restrict one JSON type only, by the type they apply to (Validation §6.2–6.5). */
export const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;
export const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'] as const;
export const ARRAY_KEYWORDS = ['items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems'] as const;
export const OBJECT_KEYWORDS = [
  'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties',
] as const;
