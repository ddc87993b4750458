import { isDecodeError } from '@binschema/runtime';

/** Bytes shown on each side of an error's offset. */
const CONTEXT_BYTES = 8;

/**
 * The lines that show a decode error where it happened: the message, then the bytes around the
 * offset with a caret under the byte at fault (after the last byte when the input ended early).
 *
 *   error: cbor decode: invalid UTF-8 in text at offset 3
 *        0  83 01 62 c3 28
 *                    ^^
 */
export function errorContext(error: unknown, bytes: Uint8Array, offsetWidth: number): string[] {
  if (!isDecodeError(error)) throw error;
  const offset = error.offset;
  const start = Math.max(0, offset - CONTEXT_BYTES);
  const end = Math.min(bytes.length, offset + CONTEXT_BYTES + 1);
  const hex = Array.from(bytes.subarray(start, end), (byte) => byte.toString(16).padStart(2, '0'));
  const prefix = `${String(start).padStart(offsetWidth)}  `;
  const caret = `${' '.repeat(prefix.length + (offset - start) * 3)}^^${offset >= bytes.length ? ' end of input' : ''}`;
  return [`error: ${error.message}`, `${prefix}${hex.join(' ')}`, caret];
}
