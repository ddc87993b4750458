import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { isDecodeError } from '@binschema/runtime';
import { toDiagnostic as cborDiagnostic } from '@binschema/runtime/cbor';
import { toDiagnostic as ubjsonDiagnostic } from '@binschema/runtime/ubjson';
import { toDiagnostic as msgpackDiagnostic } from '@binschema/runtime/msgpack';
import { formatByExtension } from '../io/format-by-extension.js';
import { guessFormat } from '../io/guess-format.js';
import { CliError, describeIoError, openInput, readAll } from '../io/input.js';
import { dump, type BinaryFormat } from '../inspect/dump.js';
import { errorContext } from '../inspect/error-context.js';
import { SchemaLocator } from '../inspect/schema-locator.js';
import type { InspectFlags } from './inspect-command.js';

export interface Streams {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

/** Runs `binschema inspect`; returns the exit code (0 ok, 1 invalid input, 2 usage or I/O error). */
export async function runInspect(file: string, flags: InspectFlags, streams: Streams): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = await readAll(openInput(file, streams.stdin), flags.maxBytes, file === '-' ? 'stdin' : file);
  } catch (error) {
    streams.stderr.write(`error: ${describeIoError(error, file) ?? (error as Error).message}\n`);
    return 2;
  }
  if (bytes.length === 0) {
    // Zero items is a valid sequence (RFC 8742), but a dump of nothing looks like a failure to run.
    streams.stderr.write(`${file === '-' ? 'stdin' : file} is empty: no items\n`);
    return 0;
  }
  const named = flags.format ?? formatByExtension(file);
  const format = named ?? guessFormat(bytes, true);
  if (format !== 'cbor' && format !== 'ubjson' && format !== 'msgpack') {
    const why = named === undefined ? `looks like ${format.toUpperCase()}` : `is ${format.toUpperCase()} by its name (--format to read it otherwise)`;
    streams.stderr.write(`error: ${file} ${why}; inspect reads CBOR, UBJSON or MessagePack (see binschema convert)\n`);
    return 2;
  }
  const output = pagedOutput(streams.stdout, flags.pager);
  try {
    if (flags.diag === true) return diagnostic(bytes, format, flags, output.print);
    const schema = flags.schema === undefined ? undefined : await schemaLabels(flags.schema, format);
    return dump(bytes, { format, maxItems: flags.maxItems, print: output.print, schema });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    streams.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  } finally {
    await output.close();
  }
}

const DIAGNOSTIC = { cbor: cborDiagnostic, ubjson: ubjsonDiagnostic, msgpack: msgpackDiagnostic };

function diagnostic(bytes: Uint8Array, format: BinaryFormat, flags: InspectFlags, print: (line: string) => void): number {
  const options = { sequence: true, indent: flags.indent, encodingIndicators: flags.exact === true };
  try {
    print(DIAGNOSTIC[format](bytes, options));
    return 0;
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    for (const line of errorContext(error, bytes, 6)) print(line);
    return 1;
  }
}

/** `--schema`: the schema's locator and its generated decoder (the compiler loads only here). */
async function schemaLabels(path: string, format: BinaryFormat) {
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(describeIoError(error, path) ?? `${path} is not JSON`);
  }
  const { compileCodec, isSchemaError } = await import('@binschema/compiler');
  let codec: { decode: (bytes: Uint8Array) => unknown };
  try {
    codec = compileCodec(schema, { format });
  } catch (error) {
    if (isSchemaError(error)) throw new CliError(error.message);
    throw error;
  }
  const check = (item: Uint8Array, start: number) => {
    try {
      codec.decode(item);
      return undefined;
    } catch (error) {
      if (!isDecodeError(error)) throw error;
      return { offset: start + error.offset, message: `${error.code}: ${error.detail}${error.schemaPath === undefined ? '' : ` (${error.schemaPath})`}` };
    }
  };
  return { locator: new SchemaLocator(schema), check };
}

/**
 * Lines to stdout; on a terminal, through `$PAGER` (default `less -FRX`, which exits at once
 * when the output fits the screen). Without a pager program, or with `--no-pager`, written directly.
 */
function pagedOutput(stdout: Streams['stdout'], pager: boolean): { print: (line: string) => void; close: () => Promise<void> } {
  if (!pager || stdout.isTTY !== true) return { print: (line) => void stdout.write(`${line}\n`), close: async () => {} };
  const [command, ...args] = (process.env.PAGER ?? 'less -FRX').split(' ').filter(Boolean);
  const child = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
  let broken = false;
  child.on('error', () => (broken = true));
  child.stdin.on('error', () => (broken = true)); // the user quit the pager early
  return {
    print: (line) => void (broken ? stdout.write(`${line}\n`) : child.stdin.write(`${line}\n`)),
    close: () => new Promise((resolve) => {
      child.stdin.end();
      if (broken) resolve();
      else child.on('close', () => resolve());
    }),
  };
}
