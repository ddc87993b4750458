import { Command, Option } from 'commander';
import { exitQuietlyOnClosedStdout, positiveInteger } from './inspect-command.js';

export interface ConvertFlags {
  to: 'json' | 'ndjson' | 'cbor' | 'cbor-seq' | 'ubjson' | 'msgpack';
  from?: 'json' | 'ndjson' | 'cbor' | 'ubjson' | 'msgpack';
  out?: string;
  schema?: string;
  maxBytes: number;
  progress: boolean;
  quiet?: boolean;
}

/** Registers `binschema convert`; its code loads when it runs, the compiler only for `--schema`. */
export function registerConvert(program: Command): void {
  program
    .command('convert')
    .description('Convert between JSON, NDJSON, CBOR, CBOR sequences, UBJSON and MessagePack, streaming item by item.')
    .argument('<file>', 'input file, or - for stdin')
    .addOption(new Option('-t, --to <format>', 'output format').choices(['json', 'ndjson', 'cbor', 'cbor-seq', 'ubjson', 'msgpack']).makeOptionMandatory())
    .addOption(new Option('-f, --from <format>', 'input format (default: from the file extension, else guessed from the first bytes; MessagePack only when CBOR and UBJSON do not fit)').choices(['json', 'ndjson', 'cbor', 'ubjson', 'msgpack']))
    .option('-o, --out <file>', 'output file (default: stdout)')
    .option('-s, --schema <file>', "convert through the schema's generated codec, validating every item (JSON, CBOR, UBJSON, MessagePack)")
    .option('--max-bytes <n>', 'largest JSON document, NDJSON line or CBOR/UBJSON/MessagePack item (default 256 MiB)', positiveInteger, 256 * 1024 * 1024)
    .option('--no-progress', 'no progress bar (drawn on stderr only when it is a terminal)')
    .option('-q, --quiet', 'no summary line on stderr')
    .addHelpText('after', `
Examples:
  binschema convert events.ndjson --to cbor-seq --out events.cbor
  binschema convert events.cbor --to ndjson | head
  binschema convert - --from json --to ubjson < doc.json > doc.ubj
  binschema convert points.cbor --to ndjson --schema point.schema.json
  binschema convert events.ndjson --to msgpack --out events.msgpack
  binschema convert - --from msgpack --to ndjson < events.bin

NDJSON, CBOR sequences, UBJSON values and MessagePack items stream in constant memory; a JSON
document is read whole (up to --max-bytes). CBOR to JSON follows RFC 8949 §6.1 (byte strings as
base64url, tags dropped, NaN as null); MessagePack alike (bin and extension data as base64url,
timestamps as RFC 3339 text). The file extension names the input format (.json, .ndjson, .jsonl,
.cbor, .cbors, .cborseq, .ubj, .ubjson, .msgpack, .mpk, .mp); standard input and other names are
guessed from the first 64 KiB. MessagePack input is guessed only when CBOR and UBJSON do not fit
it (ambiguous input, and input CBOR or UBJSON reads until it runs out, stays CBOR/UBJSON): give
--from msgpack. Exit codes: 0 ok, 1 invalid input or a schema violation, 2 usage or I/O error.`)
    .action(async (file: string, flags: ConvertFlags) => {
      const { runConvert } = await import('./convert.js');
      exitQuietlyOnClosedStdout();
      process.exitCode = await runConvert(file, flags, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
    });
}
