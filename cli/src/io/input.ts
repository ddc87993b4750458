import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** Default for `--max-bytes`: inputs read whole (inspect, a JSON document) stop here. */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** A failure the CLI reports as one line: exit code 1 for bad input, 2 for usage and I/O. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A stream of `path`, or of stdin for `-`. */
export function openInput(path: string, stdin: Readable = process.stdin): Readable {
  return path === '-' ? stdin : createReadStream(path);
}

/**
 * All bytes of `source`, refusing more than `maxBytes` (checked as chunks arrive, so a huge
 * input fails early instead of filling memory).
 */
export async function readAll(source: AsyncIterable<Uint8Array>, maxBytes: number, what: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of source) {
    length += chunk.length;
    if (length > maxBytes) throw new CliError(`${what} is larger than --max-bytes ${maxBytes}`, 2);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
}

/** A readable message for a file-system error (`cannot read x.cbor: ENOENT`). */
export function describeIoError(error: unknown, path: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? `cannot read ${path}: ${code}` : undefined;
}
