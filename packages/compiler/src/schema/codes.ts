/** Stable `SchemaError` codes used by the front end. Add new ones here, never inline elsewhere. */
export const SchemaErrorCode = {
  /** The document is not valid JSON, or not a schema (fails its meta-schema). */
  InvalidSchema: 'invalid-schema',
  /** `$schema` names a dialect the compiler does not know. */
  UnknownDialect: 'unknown-dialect',
  /** A standard keyword the compiler does not implement (`not`, `if`, `contains`…). */
  UnsupportedKeyword: 'unsupported-keyword',
  /** A combination the compiler cannot normalise exactly (e.g. an `allOf` it cannot merge). */
  Unsupported: 'unsupported',
  /** A `$ref` whose target cannot be found (offline: files and `extraSchemas` only). */
  UnresolvedRef: 'unresolved-ref',
  /** An `allOf` (or `$ref` with siblings) that reaches itself while being merged. */
  RecursiveMerge: 'recursive-merge',
  /** A `pattern` or `patternProperties` key that is not an ECMA-262 regex under the `u` flag. */
  InvalidPattern: 'invalid-pattern',
  /** The schema nests deeper than the compiler's limit (protects the stack). */
  TooDeep: 'too-deep',
  /** Normalising would produce more nodes than the compiler's limit (protects against blow-ups). */
  TooLarge: 'too-large',
  /** A bad `FrontEndOptions` value. */
  InvalidOption: 'invalid-option',
  /** `compileCodec` where code generation from strings is forbidden (CSP, `--disallow-code-generation-from-strings`). */
  CodeGenerationDisallowed: 'code-generation-disallowed',
} as const;
export type SchemaErrorCode = (typeof SchemaErrorCode)[keyof typeof SchemaErrorCode];
