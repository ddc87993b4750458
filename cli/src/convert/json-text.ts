import { Tag, Simple } from '@binschema/runtime/cbor';
import { Ext } from '@binschema/runtime/msgpack';
import { CliError } from '../io/input.js';

/** Nesting allowed when writing JSON, as the decoders' default. */
const MAX_DEPTH = 512;

/**
 * JSON text for a decoded CBOR, UBJSON or MessagePack value, following RFC 8949 §6.1
 * ("Converting from CBOR to JSON"): integers exactly (bigints too, as JSON allows any number of
 * digits); NaN and ±Infinity → null; byte strings → base64url without padding; tags → their
 * content (a Date → its RFC 3339 string); MessagePack extensions → their data as base64url (the
 * type dropped, as a tag is); undefined and other simple values → null; a map's non-text keys →
 * their JSON text (a string key as it is). JSON has no other types, so nothing else can appear.
 */
export function toJsonText(value: unknown, depth = 0): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
    default:
      break;
  }
  if (value === null || value instanceof Simple) return 'null';
  if (depth >= MAX_DEPTH) throw new CliError(`value nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((element) => toJsonText(element, depth + 1)).join(',')}]`;
  if (value instanceof Uint8Array) return `"${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64url')}"`;
  if (value instanceof Tag) return toJsonText(value.content, depth + 1);
  if (value instanceof Ext) return toJsonText(value.data, depth + 1);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  const members = entries.map(([key, member]) => `${JSON.stringify(typeof key === 'string' ? key : toJsonText(key, depth + 1))}:${toJsonText(member, depth + 1)}`);
  return `{${members.join(',')}}`;
}
