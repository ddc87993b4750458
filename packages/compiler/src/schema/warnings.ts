/**
 * Warnings: what the compiler honours or relaxes the way users' validators (ajv) do, but that
 * the schema's own draft does not say. They never stop a compilation; each reaches the caller's
 * `onWarning` once per compilation and subject (a keyword, a format name).
 */

/** Stable warning codes. Add new ones here, never inline elsewhere. */
export const WarningCode = {
  /** A keyword a later draft defines (`const` in draft-04), honoured as ajv does. */
  LaterDraftKeyword: 'later-draft-keyword',
  /** A `format` the compiler cannot check, under the per-draft default assertion: kept as an annotation. */
  UnknownFormat: 'unknown-format',
  /** An `allOf` member that is a reference to the schema it sits in: a conjunct that adds nothing, compiled without. */
  SelfAllOf: 'self-all-of',
} as const;
export type WarningCode = (typeof WarningCode)[keyof typeof WarningCode];

export interface CompileWarning {
  code: WarningCode;
  /** The keyword concerned (`const`, `format`…). */
  keyword: string;
  /** For `unknown-format`: the format's name (`semver`). */
  format?: string;
  /** Where it first appears: `#/definitions/kind/const`. */
  schemaPath: string;
  /** The schema document (file name or `$id`). */
  source: string;
  /** One line for people: `warning: … at #/… (file)`. */
  message: string;
}

export type WarningHandler = (warning: CompileWarning) => void;

/** What the compiler's stages call to warn: the warning without its message, and what to say. */
export type Warn = (warning: Omit<CompileWarning, 'message'>, what: string) => void;

/**
 * A `warn` function passing each warning to `handler` once per `code` and subject (the format's
 * name, else the keyword): the first place it appears, not every one (a large schema would repeat it hundreds of times).
 */
export function onceEach(handler: WarningHandler | undefined): Warn {
  const seen = new Set<string>();
  return (warning, what) => {
    const key = `${warning.code}\u0000${warning.format ?? warning.keyword}`;
    if (handler === undefined || seen.has(key)) return;
    seen.add(key);
    handler({ ...warning, message: `warning: ${what} at ${warning.schemaPath} (${warning.source})` });
  };
}
