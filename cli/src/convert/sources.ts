import { isDecodeError } from '@binschema/runtime';
import { decode as decodeCbor } from '@binschema/runtime/cbor';
import { decode as decodeUbjson } from '@binschema/runtime/ubjson';
import { msgpackSequenceDecoder } from '@binschema/runtime/streams';
import type { InputFormat } from '../io/guess-format.js';
import { CliError, readAll } from '../io/input.js';
import { rebase, splitItems } from './splitter.js';

/** Turns one item's bytes (CBOR or UBJSON) into a value: the generic decoder or a schema's. */
export type ItemDecoder = (bytes: Uint8Array) => unknown;

export const GENERIC_DECODERS: Record<'cbor' | 'ubjson', ItemDecoder> = {
  cbor: (bytes) => decodeCbor(bytes),
  ubjson: (bytes) => decodeUbjson(bytes),
};

/**
 * The values of an input, in one batch per input chunk (an `await` per item would cost more than
 * converting it). NDJSON, CBOR sequences and UBJSON values stream (about one chunk of items in
 * memory); a JSON document is read whole, up to `maxBytes`, since `JSON.parse` needs all of it.
 * MessagePack items are found by the runtime's stream framer (`msgpackSequenceDecoder`).
 */
export async function* readValues(chunks: AsyncIterable<Uint8Array>, format: InputFormat, maxBytes: number, decodeItem?: ItemDecoder): AsyncGenerator<unknown[]> {
  switch (format) {
    case 'json':
      yield [parseJson(utf8(await readAll(chunks, maxBytes, 'the JSON document'), 'json'), 'json')];
      return;
    case 'ndjson':
      yield* ndjsonValues(chunks, maxBytes);
      return;
    case 'msgpack':
      // With a schema's decoder, each item's bytes are split out for it, as for CBOR and UBJSON.
      if (decodeItem === undefined) yield* msgpackValues(chunks, maxBytes);
      else yield* splitValues(chunks, format, maxBytes, decodeItem);
      return;
    default:
      yield* splitValues(chunks, format, maxBytes, decodeItem ?? GENERIC_DECODERS[format]);
  }
}

/** The items of a binary input, split (`splitItems`) and each decoded by `decode`. */
async function* splitValues(chunks: AsyncIterable<Uint8Array>, format: 'cbor' | 'ubjson' | 'msgpack', maxBytes: number, decode: ItemDecoder): AsyncGenerator<unknown[]> {
  for await (const items of splitItems(chunks, format, maxBytes)) {
    const values: unknown[] = [];
    try {
      for (const item of items) values.push(decodeAt(decode, item.bytes, item.offset));
    } catch (error) {
      if (values.length > 0) yield values; // the items before the bad one still convert
      throw error;
    }
    yield values;
  }
}

/**
 * MessagePack items one after another: the runtime's framer finds each item's end as chunks
 * arrive and the generic decoder decodes it; an item longer than `maxBytes` is refused from its
 * head (`length-limit`), and error offsets count from the start of the input.
 */
async function* msgpackValues(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<unknown[]> {
  const sequence = msgpackSequenceDecoder({ maxItemBytes: maxBytes });
  for await (const chunk of chunks) {
    const values: unknown[] = [];
    try {
      sequence.write(chunk, (value) => values.push(value));
    } catch (error) {
      if (values.length > 0) yield values; // the items before the bad one still convert
      throw error;
    }
    if (values.length > 0) yield values;
  }
  sequence.end();
}

/** `decode(bytes)`, with a decode error's offset counted from the start of the input. */
function decodeAt(decode: ItemDecoder, bytes: Uint8Array, offset: number): unknown {
  try {
    return decode(bytes);
  } catch (error) {
    throw isDecodeError(error) ? rebase(error, offset) : error;
  }
}

/**
 * NDJSON (one JSON text per line; blank lines skipped): chunks are decoded up to their last line
 * break, so a UTF-8 character is never cut; a line longer than `maxBytes` is refused.
 */
async function* ndjsonValues(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<unknown[]> {
  let rest: Buffer[] = [];
  let restLength = 0;
  let line = 0;
  for await (const chunk of chunks) {
    const lastBreak = chunk.lastIndexOf(0x0a);
    if (lastBreak === -1) {
      rest.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      restLength += chunk.length;
      if (restLength > maxBytes) throw new CliError(`ndjson line ${line + 1} is longer than --max-bytes ${maxBytes}`);
      continue;
    }
    const head = Buffer.from(chunk.buffer, chunk.byteOffset, lastBreak + 1);
    const text = utf8(restLength === 0 ? head : Buffer.concat([...rest, head]), `ndjson after line ${line}`);
    const tail = chunk.subarray(lastBreak + 1);
    rest = tail.length === 0 ? [] : [Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength)];
    restLength = tail.length;
    const values: unknown[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      line++;
      const value = ndjsonLine(text.slice(start, end), line);
      start = end + 1;
      if (value !== SKIP) values.push(value);
    }
    if (values.length > 0) yield values;
  }
  if (restLength > 0) {
    const value = ndjsonLine(utf8(Buffer.concat(rest), `ndjson line ${line + 1}`), line + 1);
    if (value !== SKIP) yield [value];
  }
}

const SKIP = Symbol('blank line');

function ndjsonLine(text: string, line: number): unknown {
  // Blank lines (only whitespace, `\r` of CRLF included) are skipped; JSON.parse takes the rest.
  if (text.length === 0 || (text.charCodeAt(0) <= 0x20 && text.trim() === '')) return SKIP;
  return parseJson(text, `ndjson line ${line}`);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** RFC 8259 §8.1: JSON text is UTF-8; invalid bytes are an error, never U+FFFD. */
function utf8(bytes: Uint8Array, where: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new CliError(`${where}: invalid UTF-8`);
  }
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${where}: ${(error as Error).message}`);
  }
}
