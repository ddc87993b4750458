/** The `regex` format (JSON Schema 2020-12 Validation §7.3.8): an ECMA-262 regular expression. */

/** Compiles as ECMA-262 with the u flag, as schema patterns do here. */
export function isRegex(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}
