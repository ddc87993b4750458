/**
 * The compiler's error: a schema that cannot be compiled, with the JSON Pointer (as a `#/…`
 * URI fragment) of the offending location and the document it is in.
 * Message shape: `schema error: <what> at #/properties/x (person.schema.json)`.
 */
export class SchemaError extends Error {
  /** Stable code: `invalid-schema`, `unsupported-keyword`, `unresolved-ref`, `unsatisfiable`, `invalid-option`… */
  readonly code: string;
  /** Where in the schema: `#/$defs/Point/properties/x`. */
  readonly schemaPath: string;
  /** The schema document (file name or `$id`), when known. */
  readonly source: string | undefined;
  constructor(code: string, what: string, schemaPath: string, source?: string) {
    super(`schema error: ${what} at ${schemaPath}${source === undefined ? '' : ` (${source})`}`);
    this.name = 'SchemaError';
    this.code = code;
    this.schemaPath = schemaPath;
    this.source = source;
  }
}

/** True for a `SchemaError`, also one from another copy of this package. */
export function isSchemaError(error: unknown): error is SchemaError {
  return error instanceof Error && error.name === 'SchemaError';
}
