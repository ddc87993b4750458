/**
 * The typed intermediate representation: what `normalise` produces from a resolved JSON Schema
 * and what the format planners (`plan/cbor.ts`, `plan/ubjson.ts`) and emitters consume.
 *
 * It is format-neutral: nothing here knows about CBOR or UBJSON. Every node keeps the JSON
 * Pointer of the schema location it came from (`schemaPath`, as a `#/…` URI fragment, RFC 6901
 * escaped) so generated code can name it in comments and errors.
 *
 * Semantics are JSON Schema's, already normalised:
 * - `allOf` is merged away; `$ref` to a named definition stays an `IrRef` (recursion is cut there);
 * - `type` arrays and nullability are `IrUnion`s of single-type nodes (`mode: 'type'`);
 * - an absent `additionalProperties` is `IrAny` (extra keys allowed), `false` is `IrNever`;
 * - `const`/`enum` are `IrLiteral`s;
 * - bounds are the schema's, exclusive ones kept as exclusive (no rounding).
 */

/** Any JSON value (the data model of `const`, `enum`, `default`). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Annotations kept for comments and generated types; they never change the encoding. */
export interface IrAnnotations {
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: JsonValue[];
  /** `format` when it only annotates (the default); see `IrString.format` for assertion. */
  format?: string;
  deprecated?: boolean;
}

interface IrBase {
  /** Schema location, as a URI fragment: `#/$defs/Point/properties/x`. */
  schemaPath: string;
  annotations: IrAnnotations;
  /**
   * Keywords that cannot shape the encoding, kept as checks over the JS value (the "runtime
   * island"): encoders run them before writing the value, decoders after building it. All must hold.
   */
  checks?: IrCheck[];
}

/**
 * A check over the whole value of its node (2020-12 Core §10.2.2, Validation §6.4.4–6.5.4):
 * `not`; `allOf`, an `allOf` branch (or `$ref` beside siblings) that a merge could not fold
 * into the node because it reaches a definition being merged (recursion); `if`/`then`/`else`; `dependentRequired` and `dependentSchemas` (draft-07 `dependencies`),
 * which apply to objects only; `contains` with its bounds, which applies to arrays only;
 * `unevaluatedProperties`/`unevaluatedItems` (Core §11.2–11.3), objects/arrays only, where what is
 * evaluated depends on the value (otherwise lowering folds them into the node's shape).
 */
export type IrCheck =
  | { kind: 'not'; node: IrNode }
  | { kind: 'allOf'; node: IrNode }
  | { kind: 'if'; if: IrNode; then?: IrNode; else?: IrNode }
  | { kind: 'dependentRequired'; property: string; required: string[] }
  | { kind: 'dependentSchema'; property: string; node: IrNode }
  | { kind: 'contains'; node: IrNode; min: number; max?: number }
  | { kind: 'unevaluatedProperties'; node: IrNode; evaluation: IrEvaluation }
  | { kind: 'unevaluatedItems'; node: IrNode; evaluation: IrEvaluation };

/**
 * What the in-place subschemas of a schema evaluate (2020-12 Core §7.7.1.1 annotations, §11):
 * for `unevaluatedProperties`, the keys in `names`, keys matching `patterns`, or every key when
 * `all`; for `unevaluatedItems`, the first `prefix` items, items matching a `contains` node, or
 * every item when `all`. `conditions` add what subschemas evaluate only when they validate
 * (`anyOf`/`oneOf` variants, `if`, `dependentSchemas`). Built by `ir/evaluation.ts`.
 */
export interface IrEvaluation {
  all: boolean;
  names: string[];
  patterns: string[];
  prefix: number;
  contains: IrNode[];
  conditions: IrEvaluationCondition[];
}

/** `then` applies when the value matches `when`, else `else` (when present). */
export interface IrEvaluationCondition {
  when: IrNode;
  then: IrEvaluation;
  else?: IrEvaluation;
}

/** `{}` or `true`: any value, handled by the generic codec. */
export interface IrAny extends IrBase {
  kind: 'any';
}

/** `false`, or a contradiction found while normalising: no value is valid. */
export interface IrNever extends IrBase {
  kind: 'never';
}

export interface IrNull extends IrBase {
  kind: 'null';
}

export interface IrBoolean extends IrBase {
  kind: 'boolean';
}

/** `type: number` or `type: integer` (JSON Schema: any number with a zero fractional part). */
export interface IrNumber extends IrBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

export interface IrString extends IrBase {
  kind: 'string';
  /** In Unicode code points, as JSON Schema counts. */
  minLength?: number;
  maxLength?: number;
  /** ECMA-262 regex source, unanchored (JSON Schema semantics), compiled with the `u` flag. */
  pattern?: string;
  /** Set only when format assertion is enabled and the format is one the compiler checks. */
  format?: string;
}

/** `const` (one value) or `enum` (several): the value must deep-equal one of `values`. */
export interface IrLiteral extends IrBase {
  kind: 'literal';
  values: JsonValue[];
}

export interface IrArray extends IrBase {
  kind: 'array';
  /** Positional items (`prefixItems`, or draft-07 tuple `items`). */
  prefixItems: IrNode[];
  /** Items after the prefix (`items`, draft-07 `additionalItems`); `IrNever` forbids them, `IrAny` when absent. */
  items: IrNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

export interface IrProperty {
  name: string;
  node: IrNode;
  required: boolean;
  /** Schema location of the property's subschema. */
  schemaPath: string;
  /** `x-binschema-index`: the property's pinned position in the compact layout (`emit/compact-layout/positions.ts`). */
  index?: number;
}

export interface IrPatternProperty {
  /** ECMA-262 regex source, unanchored, `u` flag. */
  pattern: string;
  node: IrNode;
  schemaPath: string;
}

export interface IrObject extends IrBase {
  kind: 'object';
  /** Declared properties in schema order (the order encoders write them). */
  properties: IrProperty[];
  /**
   * For keys not in `properties`: every matching pattern's node applies. A declared property's
   * node already includes the patterns that match its name (folded in by the front end).
   */
  patternProperties: IrPatternProperty[];
  /** Schema for keys matched by neither `properties` nor `patternProperties`. */
  additionalProperties: IrNode;
  /** Required names that have no entry in `properties` (any value allowed for them). */
  extraRequired: string[];
  /** Schema every key must match (a string node, or `IrNever` for `propertyNames: false`). */
  propertyNames?: IrNode;
  minProperties?: number;
  maxProperties?: number;
}

/** What a union dispatches on when a discriminator is known at compile time. */
export interface IrDiscriminator {
  /** The property whose value selects the variant (present and required in every variant). */
  property: string;
  /** Discriminating value → index into `variants`. */
  mapping: { value: string | number | boolean | null; variant: number }[];
}

/**
 * `oneOf`, `anyOf`, or a `type` array. `mode: 'type'` variants are single-type nodes with
 * pairwise different JSON types, so dispatch on the value's type is exact.
 */
export interface IrUnion extends IrBase {
  kind: 'union';
  mode: 'oneOf' | 'anyOf' | 'type';
  variants: IrNode[];
  discriminator?: IrDiscriminator;
}

/** Reference to a named definition of the module (recursion goes through these). */
export interface IrRef extends IrBase {
  kind: 'ref';
  /** Key in `IrModule.definitions`. */
  target: string;
}

export type IrNode =
  | IrAny
  | IrNever
  | IrNull
  | IrBoolean
  | IrNumber
  | IrString
  | IrLiteral
  | IrArray
  | IrObject
  | IrUnion
  | IrRef;

export type IrKind = IrNode['kind'];

/** A named definition: a `$defs`/`definitions` entry, or any other `$ref` target. */
export interface IrDefinition {
  /** Stable key (the canonical URI of the schema location); `IrRef.target` points here. */
  key: string;
  /** The name users see: `Point` for `#/$defs/Point`; made into identifiers by the emitter. */
  name: string;
  /** True for `$defs`/`definitions` entries of the root document: they get exported functions. */
  exported: boolean;
  node: IrNode;
}

/** One schema file, normalised. */
export interface IrModule {
  /** Source file name as given (for the `@generated` preamble), or `<inline>`. */
  source: string;
  /** Draft the schema was read as. */
  draft: '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04';
  /** Name for the root type (from `title`, else the file name); made into an identifier by the emitter. */
  rootName: string;
  root: IrNode;
  /** In a stable order: exported definitions in schema order, then other ref targets by path. */
  definitions: IrDefinition[];
}
