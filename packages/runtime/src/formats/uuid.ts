/** RFC 4122 §3 string form of a UUID: 8-4-4-4-12 hex digits (either case), no `urn:uuid:` prefix. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4122 §3 UUID string; any version and variant nibble (the format checks the text only). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
