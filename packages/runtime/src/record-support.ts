/**
 * What the record tables of every format and both directions share (codeSize 'small'): the values
 * of an enum, the variants of a union told apart by JSON type, the failure text of a `false`
 * subschema. Writers' steps are in `record-writing.ts`, readers' in `record-reading.ts`, so a
 * bundle that only decodes carries none of the writers' (issue 39).
 */
import { jsonEqual } from './generated-support.js';

/** What a `false` subschema (`additionalProperties: false` beside `patternProperties`…) fails with. */
export const NO_VALUE_ALLOWED = 'no value is allowed here';


/** A generated predicate over a built value: its `not`, `if`/`then`/`else`… (compiler `predicates.ts`). */
export type Predicate = (value: unknown, depth: number) => boolean;


/** The allowed values of a `const`/`enum` field (JSON values as the schema gives them) and the failure message. */
export class EnumValues {
  readonly message: string;

  constructor(readonly values: readonly unknown[]) {
    this.message = values.length === 1 ? `must equal ${JSON.stringify(values[0])}` : `must be one of ${JSON.stringify(values)}`;
  }

  /** Whether `value` deep-equals one of the values. */
  allows(value: unknown): boolean {
    return this.values.some((candidate) => jsonEqual(value, candidate));
  }
}



/** A variant of a union told apart by JSON type: its types (`null`, `boolean`, `number`, `integer`, `string`, `array`, `object`, comma-separated), its field, and its schema path (for shared codecs). */
export type TypeVariant<Value> = readonly [types: string, field: Value, schemaPath?: string];


/**
 * How a format writes null, false and true (one byte or marker each), and its shared fields of one
 * direction that write or read them so (`writeNullField`, `readBooleanField`…): a union whose
 * variant is one of those fields writes or reads such a value without calling it.
 */
export interface ConstantBytes<Value> {
  null: number;
  false: number;
  true: number;
  nullField: Value;
  booleanField: Value;
}


/** No constant at this byte (`TypeVariants.constants`). */
export const NOT_CONSTANT: unique symbol = /* @__PURE__ */ Symbol('not a constant');


/**
 * The variants of a union told apart by JSON type (a `typeUnion` field of either direction);
 * `expected` names their types for the failure when none fits. The writers pick a variant by the
 * value's type (`unionWriter`, `record-writing.ts`), the readers by the item's first byte or marker.
 */
export class TypeVariants<Value> {
  private readonly tests: Set<string>[];
  /** The variant of each JSON type (`JSON_TYPES` order of `record-writing.ts`: null, boolean, number, string, array, object), found once: -1 for none. */
  readonly byType: Int8Array;
  readonly fields: Value[];
  readonly paths: (string | undefined)[];

  constructor(
    readonly expected: string,
    variants: readonly TypeVariant<Value>[],
  ) {
    this.tests = variants.map(([types]) => new Set(types.split(',')));
    this.fields = variants.map(([, field]) => field);
    this.paths = variants.map(([, , path]) => path);
    this.byType = Int8Array.from(['null', 'boolean', 'number', 'string', 'array', 'object'], (type) => this.ofType(type));
  }

  /** The variant that takes a value of JSON type `type`, or -1; `integer` variants take numbers (checked by their field). */
  ofType(type: string | undefined): number {
    if (type === undefined) return -1;
    return this.tests.findIndex((types) => types.has(type) || (type === 'number' && types.has('integer')));
  }
}
