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
 * binary format whose reader gets further into the first item (`firstItem`; CBOR on a tie).
 *
 * MessagePack comes last, and only when the bytes are MessagePack items one after another to
 * their end (a cut prefix may end inside the last one) and neither CBOR nor UBJSON fits them:
 * neither reads its first item whole, nor runs out of bytes inside it. Running out counts in whole
 * input too, since almost any bytes read as some MessagePack items: a cut CBOR or UBJSON file stays
 * CBOR or UBJSON, reported as cut (issue 38). The one exception is whole input that MessagePack
 * reads as exactly one item, which a cut rarely is (a MessagePack document whose first byte CBOR
 * reads as a long array head, say). Ambiguous input (a run of small integers is all three) stays
 * CBOR or UBJSON; `--format msgpack` (inspect) and `--from msgpack` (convert) say otherwise.
 */
export function guessFormat(prefix: Uint8Array, complete: boolean): InputFormat {
  if (SELF_DESCRIBED.every((byte, index) => prefix[index] === byte)) return 'cbor';
  const text = jsonText(prefix, complete);
  if (text !== undefined) return text;
  const cbor = firstItem(prefix, 'cbor');
  const ubjson = firstItem(prefix, 'ubjson');
  const msgpackItems = msgpackItemsToTheEnd(prefix, complete);
  const neitherFits = cbor.outcome === Outcome.Failed && ubjson.outcome === Outcome.Failed;
  const neitherWhole = cbor.outcome !== Outcome.Whole && ubjson.outcome !== Outcome.Whole;
  if (msgpackItems > 0 && (neitherFits || (complete && neitherWhole && msgpackItems === 1))) return 'msgpack';
  const cborFurther = cbor.outcome !== ubjson.outcome ? cbor.outcome > ubjson.outcome : cbor.offset >= ubjson.offset;
  return cborFurther ? 'cbor' : 'ubjson';
}

/** How a reader's first item ends, best last, so outcomes compare as numbers. */
const Outcome = { Failed: 0, RanOut: 1, Whole: 2 } as const;
type Outcome = (typeof Outcome)[keyof typeof Outcome];

/**
 * How far the format's reader gets into the first item of `prefix`: `offset` is where its first
 * item ends (`Whole`), where the read that ran out of bytes started (`RanOut`: the bytes before it
 * read cleanly), or the error's offset (`Failed`).
 */
function firstItem(prefix: Uint8Array, format: 'cbor' | 'ubjson'): { outcome: Outcome; offset: number } {
  const reader = new Reader(format, prefix);
  const limits = { maxDepth: 512, itemsLeft: 1_000_000 };
  try {
    if (format === 'cbor') readTree(reader, limits);
    else readUbjsonItem(reader, limits);
    return { outcome: prefix.length > 0 ? Outcome.Whole : Outcome.Failed, offset: prefix.length };
  } catch (error) {
    const { code, offset } = error as { code?: string; offset?: number };
    if (code === 'unexpected-end' && prefix.length > 0) return { outcome: Outcome.RanOut, offset: reader.pos };
    return { outcome: Outcome.Failed, offset: offset ?? 0 };
  }
}

/**
 * How many MessagePack items `prefix` holds when they run to its end (a cut prefix may end inside
 * the last one, which counts); 0 when MessagePack cannot read it to the end.
 */
function msgpackItemsToTheEnd(prefix: Uint8Array, complete: boolean): number {
  const reader = new Reader('msgpack', prefix);
  const limits = { maxDepth: 512, itemsLeft: 1_000_000 };
  let items = 0;
  try {
    for (; reader.pos < reader.end; items++) readMsgpackItem(reader, limits);
    return items;
  } catch (error) {
    return !complete && (error as { code?: string }).code === 'unexpected-end' ? items + 1 : 0;
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
