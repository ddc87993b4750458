/**
 * Relative JSON Pointer syntax (draft-handrews-relative-json-pointer-01 §3, the `format` of
 * draft-07 Validation §7.3.7 and 2020-12 Validation §7.3.5): a non-negative integer without
 * leading zeros, then either "#" or an RFC 6901 JSON Pointer. The index manipulation of
 * draft-bhutton-relative-json-pointer-00 ("0+1") is not accepted, as in ajv and the JSON Schema
 * Test Suite's vectors.
 */

const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;

/** "0", "1/foo", "2/0/baz", "0#"; not "/foo", "01", "-1", "1#/foo". */
export function isRelativeJsonPointer(text: string): boolean {
  return RELATIVE_JSON_POINTER.test(text);
}
