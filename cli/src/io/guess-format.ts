import { Reader } from '@binschema/runtime';
import { readTree } from '@binschema/runtime/cbor';
import { readUbjsonItem } from '@binschema/runtime/ubjson';
import { readMsgpackItem } from '@binschema/runtime/msgpack';

/** Every input format the CLI reads. */
export const INPUT_FORMATS = ['json', 'ndjson', 'cbor', 'ubjson', 'msgpack'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** RFC 8949 §3.4.6: tag 55799 marks CBOR; its three bytes occur in no JSON or UBJSON text. */
const SELF_DESCRIBED = [0xd9, 0xd9, 0xf7];

/**
 * The format of an input from its first bytes (`prefix`; `complete` when it is the whole input):
 * CBOR when it starts with the self-described tag (RFC 8949 §3.4.6); JSON text when it is UTF-8
 * that parses as one JSON document (JSON) or whose first line parses (NDJSON); otherwise the
 * binary format whose reader gets furthest into the first item (CBOR on a tie).
 *
 * MessagePack comes last, and only when the bytes are MessagePack items one after another to
 * their end (a cut prefix may end inside the last one) and neither CBOR nor UBJSON fits them:
 * neither reads its first item whole, nor runs out of a cut prefix inside it. Almost any bytes
 * start some MessagePack item, so an input that is CBOR or UBJSON keeps that guess: ambiguous
 * input (a run of small integers is all three) stays CBOR or UBJSON; `--format msgpack` (inspect)
 * and `--from msgpack` (convert) say otherwise.
 */
export function guessFormat(prefix: Uint8Array, complete: boolean): InputFormat {
  if (SELF_DESCRIBED.every((byte, index) => prefix[index] === byte)) return 'cbor';
  const text = jsonText(prefix, complete);
  if (text !== undefined) return text;
  if (!fits(prefix, 'cbor', complete) && !fits(prefix, 'ubjson', complete) && fits(prefix, 'msgpack', complete)) return 'msgpack';
  return binaryReach(prefix, 'cbor') >= binaryReach(prefix, 'ubjson') ? 'cbor' : 'ubjson';
}

/**
 * Whether `format` fits the bytes: CBOR and UBJSON read their first item whole (or run out of a
 * cut prefix inside it); MessagePack reads items to the end (or runs out of a cut prefix).
 */
function fits(prefix: Uint8Array, format: 'cbor' | 'ubjson' | 'msgpack', complete: boolean): boolean {
  const reader = new Reader(format, prefix);
  const limits = { maxDepth: 512, itemsLeft: 1_000_000 };
  try {
    if (format === 'cbor') readTree(reader, limits);
    else if (format === 'ubjson') readUbjsonItem(reader, limits);
    else while (reader.pos < reader.end) readMsgpackItem(reader, limits);
    return prefix.length > 0;
  } catch (error) {
    return !complete && (error as { code?: string }).code === 'unexpected-end';
  }
}

function jsonText(prefix: Uint8Array, complete: boolean): 'json' | 'ndjson' | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(prefix);
  } catch {
    // A cut in the middle of a character is fine; anything else is not text.
    if (complete) return undefined;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(prefix.subarray(0, lastCharStart(prefix)));
    } catch {
      return undefined;
    }
  }
  if (!/^[\s]*[{["\-0-9tfn]/.test(text)) return undefined;
  if (complete && parses(text)) return 'json';
  const lines = text.split('\n');
  if (lines.length > 1 && parses(lines[0]) && lines[0].trim() !== '') return 'ndjson';
  // JSON that does not parse (an error to report as JSON), or whose end we have not seen: text
  // without control characters. UBJSON lengths and counts almost always bring some.
  return /[\x00-\x08\x0b\x0c\x0e-\x1f]/.test(text) ? undefined : 'json';
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Start of the last (possibly cut) UTF-8 sequence, so a prefix cut mid-character still decodes. */
function lastCharStart(bytes: Uint8Array): number {
  let index = bytes.length;
  while (index > 0 && index > bytes.length - 4 && (bytes[index - 1] & 0xc0) === 0x80) index--;
  return index > 0 && bytes[index - 1] >= 0xc0 ? index - 1 : bytes.length;
}

/** How far the format's reader gets into `prefix`: the end of the first item, or the error's offset. */
function binaryReach(prefix: Uint8Array, format: 'cbor' | 'ubjson'): number {
  const reader = new Reader(format, prefix);
  const limits = { maxDepth: 512, itemsLeft: 1_000_000 };
  try {
    if (format === 'cbor') readTree(reader, limits);
    else readUbjsonItem(reader, limits);
    return prefix.length + 1; // a whole item: better than any error
  } catch (error) {
    const { code, offset } = error as { code?: string; offset?: number };
    // Running out of a cut prefix is not the format's fault.
    return code === 'unexpected-end' ? prefix.length : (offset ?? 0);
  }
}
