import { Reader } from '../reader.js';
import { ErrorCode } from '../errors.js';
import { readUtf8 } from '../utf8-decode.js';
import { DEFAULT_MAX_DEPTH } from '../limits.js';
import { Kind, TIMESTAMP_TYPE } from './constants.js';
import { HEAD, readHead } from './head.js';
import { readTimestamp } from './timestamp.js';

/**
 * Skips one item without building it, checking everything the decoder checks under the default
 * options (0xc1, lengths and counts against the input, strict UTF-8 in str, timestamps as a
 * `Date` would take them), with `depth` nesting levels left. Throws the `DecodeError` a decode would.
 */
export function skipAny(reader: Reader, depth: number): void {
  const offset = reader.pos;
  readHead(reader);
  const length = HEAD.length;
  switch (HEAD.kind) {
    case Kind.Str: {
      const start = reader.pos;
      if (readUtf8(reader.uint8, start, length) === undefined) reader.fail(ErrorCode.InvalidUtf8, 'invalid UTF-8 in str', start);
      reader.pos = start + length;
      return;
    }
    case Kind.Array:
    case Kind.Map: {
      if (depth === 0) reader.fail(ErrorCode.TooDeep, `nesting deeper than ${DEFAULT_MAX_DEPTH}`, offset);
      const items = HEAD.kind === Kind.Map ? length * 2 : length;
      for (let index = 0; index < items; index++) skipAny(reader, depth - 1);
      return;
    }
    case Kind.Ext:
      if (HEAD.type === TIMESTAMP_TYPE) readTimestamp(reader, length, offset, true);
      else reader.pos += length;
      return;
    default:
      // Scalars and bin: `readHead` checked that the payload is there.
      reader.pos += length;
  }
}

/** Byte range of the item at `offset` (default 0) of `bytes`; trailing bytes are not looked at. */
export function skipItem(bytes: Uint8Array, offset = 0): { start: number; end: number } {
  const reader = new Reader('msgpack', bytes);
  reader.pos = offset;
  skipAny(reader, DEFAULT_MAX_DEPTH);
  return { start: offset, end: reader.pos };
}
