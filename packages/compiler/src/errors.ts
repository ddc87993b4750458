import { SchemaErrorCode } from './schema/codes.js';
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

/**
 * Runs a compiler stage with a net under it: an engine stack overflow becomes a `SchemaError`
 * (`too-deep`). The stages bound their own recursion and flatten what they emit (joinLogical);
 * the net is for what they missed, so no input makes the compiler throw an engine exception.
 */
export function underStackNet<T>(source: string, stage: () => T): T {
  try {
    return stage();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SchemaError(SchemaErrorCode.TooDeep, 'schema too deep or too large to process', '#', source);
    }
    throw error;
  }
}
