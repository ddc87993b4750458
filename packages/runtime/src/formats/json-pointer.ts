/** RFC 6901 §3 JSON Pointer syntax. */

const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;

/** RFC 6901 JSON Pointer: "" or "/"-prefixed tokens in which "~" is only "~0" or "~1". */
export function isJsonPointer(text: string): boolean {
  return JSON_POINTER.test(text);
}
