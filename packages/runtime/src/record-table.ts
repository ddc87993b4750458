/**
 * The field table of an object schema, for generated modules compiled with `codeSize: 'compact'`:
 * instead of code per property, a module lists each object's properties once and the runtime's
 * record writer and reader (`writeRecord`/`readRecord` per format) walk the table. Protobuf's
 * `optimize_for = CODE_SIZE` makes the same trade: code linear in the schema, a little slower.
 */
import { escapePointerToken } from './pointer.js';

/**
 * One declared property: its name, the function that writes or reads its value (a generated
 * function, or a shared field helper of the runtime), whether it is required, and the schema
 * path of its subschema when that is not `<object>/properties/<name>` (shared helpers report it).
 */
export type RecordField<Value> = readonly [name: string, value: Value, required: 0 | 1, schemaPath?: string];

export class RecordTable<Value> {
  readonly names: string[] = [];
  readonly values: Value[] = [];
  readonly paths: string[] = [];
  readonly required: boolean[] = [];
  /** Declared names Object.prototype also has (`constructor`): read as own properties only. */
  readonly inherited: boolean[] = [];
  /** Index of each declared name. */
  readonly index = new Map<string, number>();
  /** The declared names, to find undeclared keys (`unknownKey`). */
  readonly known: Set<string>;
  readonly requiredCount: number;

  /**
   * `extra` writes or reads the value of an undeclared key (`additionalProperties`), at `extraPath`;
   * null: the object is closed (undeclared keys are refused).
   */
  constructor(
    readonly schemaPath: string,
    fields: readonly RecordField<Value>[],
    readonly extra: Value | null = null,
    readonly extraPath = `${schemaPath}/additionalProperties`,
    /** CBOR deterministic mode: entries in RFC 8949 §4.2.1 key order. */
    readonly sorted = false,
  ) {
    for (const [name, value, required, path] of fields) {
      this.index.set(name, this.names.length);
      this.names.push(name);
      this.values.push(value);
      this.required.push(required === 1);
      this.inherited.push(name in Object.prototype);
      this.paths.push(path ?? `${schemaPath}/properties/${escapePointerToken(name)}`);
    }
    this.known = new Set(this.names);
    this.requiredCount = this.required.filter(Boolean).length;
  }
}
