import { Command, Option, InvalidArgumentError } from 'commander';

export interface InspectFlags {
  format?: 'cbor' | 'ubjson' | 'msgpack';
  diag?: boolean;
  exact?: boolean;
  indent?: number;
  schema?: string;
  maxItems: number;
  maxBytes: number;
  pager: boolean;
}

/** Registers `binschema inspect`; its code (and the compiler, for `--schema` only) loads when it runs. */
export function registerInspect(program: Command): void {
  program
    .command('inspect')
    .description('Show CBOR, UBJSON or MessagePack bytes: one item per line with offset, head bytes, type, argument and value.')
    .argument('<file>', 'input file, or - for stdin')
    .addOption(new Option('-f, --format <format>', 'input format (default: from the file extension, else guessed from the bytes; MessagePack only when CBOR and UBJSON do not fit)').choices(['cbor', 'ubjson', 'msgpack']))
    .option('--diag', 'print diagnostic notation (RFC 8949 §8; the same notation for UBJSON and MessagePack) instead of the dump')
    .option('--exact', 'with --diag: add encoding indicators (1_1, 1.5_1, 300_I, 200_uint8)')
    .option('--indent <n>', 'with --diag: spaces per nesting level (default: one line per item)', positiveInteger)
    .option('-s, --schema <file>', "label each item with its JSON Pointer and schema location, and mark the first item that breaks the schema")
    .option('--max-items <n>', 'stop the dump after n items', positiveInteger, 1_000_000)
    .option('--max-bytes <n>', 'refuse inputs larger than n bytes (inspect reads its input whole)', positiveInteger, 256 * 1024 * 1024)
    .option('--no-pager', 'never page the output (it is paged through $PAGER or less only when stdout is a terminal)')
    .addHelpText('after', `
Examples:
  binschema inspect message.cbor
  curl -s https://example.com/data.cbor | binschema inspect - --diag --indent 2
  binschema inspect points.cbor --schema point.schema.json
  binschema inspect events.msgpack --diag
  binschema inspect - --format msgpack < events.bin

The file extension names the format: .cbor, .cbors, .cborseq, .ubj, .ubjson, .msgpack, .mpk, .mp
(.json, .ndjson and .jsonl are refused: see binschema convert). Standard input and other names
are guessed from the bytes. Almost any bytes begin some MessagePack item, so MessagePack is
guessed only when neither CBOR nor UBJSON fits them and MessagePack reads them to the end; bytes
that CBOR or UBJSON reads until they run out are that format, cut short (exit 1), and ambiguous
input (small integers, for one) is read as CBOR or UBJSON: use --format msgpack.

Exit codes: 0 ok, 1 the input is not valid CBOR/UBJSON/MessagePack (shown at its offset), 2 usage or I/O error.`)
    .action(async (file: string, flags: InspectFlags) => {
      const { runInspect } = await import('./inspect.js');
      exitQuietlyOnClosedStdout();
      process.exitCode = await runInspect(file, flags, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
    });
}

export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw new InvalidArgumentError(`expected a non-negative integer, got "${value}"`);
  return number;
}

/**
 * A reader that stops early (`binschema convert … | head`) closes the pipe: stop then, with the
 * exit code so far, instead of an unhandled EPIPE.
 */
export function exitQuietlyOnClosedStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
