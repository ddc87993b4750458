/**
 * The field table of an object schema, for generated modules compiled with `codeSize: 'small'`:
 * instead of code per property, a module lists each object's properties once and the runtime's
 * record writer and reader (`writeRecord`/`readRecord` per format) walk the table. Protobuf's
 * `optimize_for = CODE_SIZE` makes the same trade: code linear in the schema, a little slower.
 * A table is data of no direction: it names each value's field (`FieldSpec`), and the writer
 * finds the fields in the module's write kit, the reader in its read kit (`resolveField`), so a
 * bundle that only decodes carries no writer and one that only encodes no reader (issue 39).
 */
import { escapePointerToken } from './pointer.js';

/**
 * How a table names a value's field: a key of the module's field kits (`"string"`, the runtime's
 * writeStringField/readStringField; `"EntryName"`, the module's own writeEntryName/readEntryName),
 * a field factory's key and arguments (`["integerIn", 0, 511]`, `["listOf", item, itemsPath?]`,
 * `["checked", inner, predicate, what]`, `["typeUnion", expected, [[types, field, schemaPath?],
 * …]]`, `["textEnum", values]`…), or the table of an inner object.
 */
export type FieldSpec = string | RecordTable<FieldSpec> | readonly [key: string, ...args: unknown[]];

/** A module's fields of one direction by key: its write kit or its read kit (fields and field factories). */
export type FieldKit = Readonly<Record<string, unknown>>;

/**
 * The field `spec` names, from `kit`; factories get the fields their arguments name resolved the
 * same way, and an inner table becomes `table(inner)` (the direction's record walker).
 */
export function resolveField<Field>(spec: FieldSpec, kit: FieldKit, table: (inner: RecordTable<FieldSpec>) => Field): Field {
  if (spec instanceof RecordTable) return table(spec);
  if (typeof spec === 'string') return kit[spec] as Field;
  const [key, ...args] = spec;
  const factory = kit[key] as (...args: unknown[]) => Field;
  const field = (inner: unknown) => resolveField(inner as FieldSpec, kit, table);
  switch (key) {
    case 'listOf':
    case 'checked':
      return factory(field(args[0]), ...args.slice(1));
    case 'typeUnion':
      return factory(args[0], (args[1] as readonly (readonly [string, FieldSpec, string?])[]).map(([types, inner, path]) => [types, field(inner), path]));
    default:
      return factory(...args);
  }
}

/**
 * One declared property: its name, how its value is written and read (a generated pair, a
 * shared codec of the runtime, or an inner object's table), whether it is required, and the
 * schema path of its subschema when that is not `<object>/properties/<name>` (shared codecs report it).
 */
export type RecordField<Value> = readonly [name: string, value: Value, required: 0 | 1, schemaPath?: string];

/** A `patternProperties` entry: its ECMA-262 source (unanchored, `u` flag), value, and schema path when not the usual one. */
export type RecordPattern<Value> = readonly [source: string, value: Value, schemaPath?: string];

/** What an object allows besides its declared properties, and its count and required assertions. */
export interface RecordOptions<Value> {
  /** The value of keys neither declared nor matched by a pattern (`additionalProperties`); absent: the object is closed, other keys are refused. */
  extra?: Value;
  extraPath?: string;
  patterns?: readonly RecordPattern<Value>[];
  /** Names required but not declared (any value). */
  required?: readonly string[];
  minProperties?: number;
  maxProperties?: number;
  /** CBOR deterministic mode: entries in RFC 8949 §4.2.1 key order. */
  sorted?: boolean;
  /**
   * The object of the required properties, from the values read (by property index; all required
   * ones present): one literal, where the runtime would add each property by name. The reader adds
   * the optional ones after.
   */
  build?: (values: unknown[]) => Record<string, unknown>;
}

export class RecordTable<Value> {
  readonly names: string[] = [];
  readonly values: Value[] = [];
  readonly paths: string[] = [];
  readonly required: boolean[] = [];
  /** Index of each declared name. */
  readonly index = new Map<string, number>();
  /** The declared names, to find undeclared keys (`unknownKey`). */
  readonly known: Set<string>;
  readonly extra: Value | null;
  readonly extraPath: string;
  readonly patterns: { regexp: RegExp; value: Value; path: string }[];
  /** Per declared property, the patterns its name matches: they check its value too (JSON Schema applies every matching keyword). */
  readonly declaredPatterns: number[][];
  readonly extraRequired: readonly string[];
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  readonly sorted: boolean;
  /** Declared property indexes in the order a reader's result holds them: required first, then optional, each in table order. */
  readonly resultOrder: Int32Array;
  /** Whether a read object needs no check beyond its declared properties (no `required` of undeclared names, no property counts). */
  readonly plain: boolean;
  readonly build: ((values: unknown[]) => Record<string, unknown>) | undefined;
  /**
   * A map: no declared properties and no patterns, every key's value read by `extra`
   * (`additionalProperties` alone). Readers store such entries as they read them, in input
   * order, as the result holds them anyway, instead of matching each key against no names.
   */
  readonly mapOnly: boolean;
  /**
   * What the format's record writer finds once per table (its keys as the format encodes them,
   * each value's writer from the module's write kit), built on first use: a module is compiled for
   * one format, so its tables meet one format's walker and one kit per direction.
   */
  writing: unknown = undefined;
  /** The same for the record reader (keys as it matches them, each value's reader). */
  reading: unknown = undefined;

  constructor(
    readonly schemaPath: string,
    fields: readonly RecordField<Value>[],
    options: RecordOptions<Value> = {},
  ) {
    for (const [name, value, required, path] of fields) {
      this.index.set(name, this.names.length);
      this.names.push(name);
      this.values.push(value);
      this.required.push(required === 1);
      this.paths.push(path ?? `${schemaPath}/properties/${escapePointerToken(name)}`);
    }
    this.known = new Set(this.names);
    this.extra = options.extra ?? null;
    this.extraPath = options.extraPath ?? `${schemaPath}/additionalProperties`;
    this.patterns = (options.patterns ?? []).map(([source, value, path]) => ({
      regexp: new RegExp(source, 'u'),
      value,
      path: path ?? `${schemaPath}/patternProperties/${escapePointerToken(source)}`,
    }));
    this.declaredPatterns = this.names.map((name) => this.patterns.flatMap((pattern, index) => (pattern.regexp.test(name) ? [index] : [])));
    this.extraRequired = options.required ?? [];
    this.minProperties = options.minProperties;
    this.maxProperties = options.maxProperties;
    this.sorted = options.sorted === true;
    this.build = options.build;
    const indexes = this.names.map((_, index) => index);
    this.resultOrder = Int32Array.from([...indexes.filter((index) => this.required[index]), ...indexes.filter((index) => !this.required[index])]);
    this.mapOnly = this.names.length === 0 && this.patterns.length === 0 && this.extra !== null;
    this.plain = this.extraRequired.length === 0 && this.minProperties === undefined && this.maxProperties === undefined;
  }
}
