/** RFC 6901 JSON Pointer helpers: one place that escapes reference tokens. */

/** Escapes one reference token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  if (text.indexOf('~') === -1 && text.indexOf('/') === -1) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Reverses `escapePointerToken` (RFC 6901 §4: `~1` first, then `~0`). */
export function unescapePointerToken(token: string): string {
  if (token.indexOf('~') === -1) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends one token to a pointer: `joinPointer('/a', 'b/c')` is `/a/b~1c`. */
export function joinPointer(base: string, token: string | number): string {
  return `${base}/${escapePointerToken(token)}`;
}

/** Builds a pointer from tokens: `['a', 0]` is `/a/0`; `[]` is `''` (the root). */
export function pointerFrom(tokens: readonly (string | number)[]): string {
  let pointer = '';
  for (const token of tokens) pointer += `/${escapePointerToken(token)}`;
  return pointer;
}

/** Splits a pointer into unescaped tokens; `''` gives `[]`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new SyntaxError(`JSON Pointer must start with "/": ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapePointerToken);
}
