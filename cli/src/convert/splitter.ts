import { Reader, DecodeError, isDecodeError } from '@binschema/runtime';
import { skipItem } from '@binschema/runtime/cbor';
import { skipItem as skipMsgpackItem } from '@binschema/runtime/msgpack';
import { skipAny } from '@binschema/runtime/ubjson';
import { CliError } from '../io/input.js';

/**
 * The items of an RFC 8742 CBOR sequence (or UBJSON or MessagePack values one after another) as they arrive, in
 * one batch per input chunk (one `await` per chunk, not per item): each `Uint8Array` of a batch is
 * exactly one item's bytes, found with the runtime's `skipItem`
 * (`skipAny` for UBJSON, MessagePack's `skipItem`), which also checks that the item is well formed.
 *
 * Memory stays at about one item plus one chunk. An item cut by a chunk boundary is retried once
 * the buffer has doubled (or the input ended), so a large item costs linear time, not quadratic;
 * an item larger than `maxItemBytes` is refused. Truncated input ends in the `DecodeError` of
 * the truncation, with its offset counted from the start of the input.
 */
export async function* splitItems(chunks: AsyncIterable<Uint8Array>, format: 'cbor' | 'ubjson' | 'msgpack', maxItemBytes: number): AsyncGenerator<SplitItem[]> {
  let buffer: Uint8Array = new Uint8Array(0);
  let consumed = 0; // input offset of buffer[0]
  let retryAt = 0; // buffered bytes needed before trying an item that did not fit again
  let waiting: Uint8Array[] = []; // chunks not yet joined to `buffer`
  let waitingLength = 0;
  for await (const chunk of chunks) {
    waiting.push(chunk);
    waitingLength += chunk.length;
    if (buffer.length + waitingLength > maxItemBytes) throw new CliError(`an item at offset ${consumed} is larger than --max-bytes ${maxItemBytes}`);
    if (buffer.length + waitingLength < retryAt) continue;
    buffer = buffer.length === 0 && waiting.length === 1 ? chunk : concat([buffer, ...waiting], buffer.length + waitingLength);
    waiting = [];
    waitingLength = 0;
    const items: SplitItem[] = [];
    let pos = 0;
    for (;;) {
      const end = itemEnd(buffer, pos, format, consumed, false);
      if (end === -1) break;
      items.push({ bytes: buffer.subarray(pos, end), offset: consumed + pos });
      pos = end;
    }
    if (items.length > 0) yield items;
    buffer = buffer.subarray(pos);
    consumed += pos;
    retryAt = buffer.length * 2;
  }
  if (waitingLength > 0) buffer = concat([buffer, ...waiting], buffer.length + waitingLength);
  let pos = 0;
  while (pos < buffer.length) {
    const end = itemEnd(buffer, pos, format, consumed, true);
    yield [{ bytes: buffer.subarray(pos, end), offset: consumed + pos }];
    pos = end;
  }
}

/** One item's bytes and its offset from the start of the input. */
export interface SplitItem {
  bytes: Uint8Array;
  offset: number;
}

/** End of the item at `pos`, or -1 when the buffer ends inside it and more input may come. */
function itemEnd(buffer: Uint8Array, pos: number, format: 'cbor' | 'ubjson' | 'msgpack', consumed: number, last: boolean): number {
  if (pos >= buffer.length) return -1;
  try {
    if (format === 'cbor') return skipItem(buffer, pos).end;
    if (format === 'msgpack') return skipMsgpackItem(buffer, pos).end;
    const reader = new Reader('ubjson', buffer);
    reader.pos = pos;
    skipAny(reader, 0); // UBJSON's `depth` counts levels entered so far
    return reader.pos;
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    if (error.code === 'unexpected-end' && !last) return -1;
    throw rebase(error, consumed);
  }
}

/** The same error with its offset counted from the start of the whole input. */
export function rebase(error: DecodeError, consumed: number): DecodeError {
  return new DecodeError(error.format, error.code, error.detail, consumed + error.offset, error.schemaPath, error.valuePath);
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const joined = new Uint8Array(length);
  let pos = 0;
  for (const part of parts) {
    joined.set(part, pos);
    pos += part.length;
  }
  return joined;
}
