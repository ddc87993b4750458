import { extname } from 'node:path';
import type { InputFormat } from './guess-format.js';

// The input format a file's name states. A name that states one decides it (issue 38): the
// bytes of a cut file can read as some other format, so guessing is for stdin and other names.

const FORMAT_OF_EXTENSION: Readonly<Record<string, InputFormat>> = {
  '.cbor': 'cbor',
  '.cbors': 'cbor', // RFC 8742 CBOR sequences: inspect and convert read a CBOR input as one
  '.cborseq': 'cbor',
  '.ubj': 'ubjson',
  '.ubjson': 'ubjson',
  '.msgpack': 'msgpack',
  '.mpk': 'msgpack',
  '.mp': 'msgpack',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** The format `path`'s extension names (any letter case), or undefined for stdin (`-`) and other extensions. */
export function formatByExtension(path: string): InputFormat | undefined {
  if (path === '-') return undefined;
  const extension = extname(path).toLowerCase();
  return Object.hasOwn(FORMAT_OF_EXTENSION, extension) ? FORMAT_OF_EXTENSION[extension] : undefined;
}
