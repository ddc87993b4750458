import { createWriteStream, openSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { isCodecError } from '@binschema/runtime';
import { formatByExtension } from '../io/format-by-extension.js';
import { guessFormat, type InputFormat } from '../io/guess-format.js';
import { CliError, describeIoError, openInput } from '../io/input.js';
import { convert, convertOne, holdsOneItem, type ConvertOptions, type OutputFormat, type SingleItemFormat, type StreamFormat, type Summary } from '../convert/pipeline.js';
import { BatchedOutput } from '../convert/output.js';
import { ProgressBar, megabytes, type ProgressStream } from '../convert/progress.js';
import type { ConvertFlags } from './convert-command.js';
import type { Streams } from './inspect.js';

/** Bytes looked at to guess the input format. */
const GUESS_BYTES = 64 * 1024;

/** Runs `binschema convert`; returns the exit code (0 ok, 1 invalid input, 2 usage or I/O error). */
export async function runConvert(file: string, flags: ConvertFlags, streams: Streams & { stderr: ProgressStream }): Promise<number> {
  const report = (line: string) => void streams.stderr.write(`${line}\n`);
  try {
    const input = openInput(file, streams.stdin);
    const { chunks, format } = await peekFormat(input, flags.from ?? formatByExtension(file));
    const options: ConvertOptions = { from: format, to: flags.to, maxBytes: flags.maxBytes };
    if (flags.schema !== undefined) Object.assign(options, await schemaCodecs(flags.schema, format, flags.to));
    if (flags.progress && streams.stderr.isTTY === true) options.progress = new ProgressBar(streams.stderr, file === '-' ? undefined : sizeOf(file));
    const summary = holdsOneItem(flags.to)
      ? await writeOneItem(chunks, { ...options, to: flags.to }, flags.out, streams.stdout)
      : await writeItems(chunks, { ...options, to: flags.to }, flags.out, streams.stdout);
    const rate = summary.seconds > 0 ? `${megabytes(summary.bytesIn / summary.seconds)}/s` : '-';
    if (flags.quiet !== true) report(`${summary.items} items, ${megabytes(summary.bytesIn)} in, ${megabytes(summary.bytesOut)} out, ${summary.seconds.toFixed(2)} s, ${rate} (${format} to ${flags.to})`);
    return 0;
  } catch (error) {
    const io = describeIoError(error, file);
    if (io !== undefined) {
      report(`error: ${io}`);
      return 2;
    }
    if (error instanceof CliError) {
      report(`error: ${error.message}`);
      return error.exitCode;
    }
    if (isCodecError(error)) {
      report(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** `ndjson`, `cbor-seq`, `ubjson`, `msgpack`: written item by item, to `out` or stdout, as they convert. */
async function writeItems(chunks: AsyncIterable<Uint8Array>, options: ConvertOptions & { to: StreamFormat }, out: string | undefined, stdout: Writable): Promise<Summary> {
  if (out === undefined) return convert(chunks, new BatchedOutput(stdout), options);
  const sink = createWriteStream(out, { fd: openOutput(out) });
  let summary: Summary;
  try {
    summary = await convert(chunks, new BatchedOutput(sink), options);
  } catch (error) {
    sink.end();
    throw error;
  }
  sink.end();
  await finished(sink);
  return summary;
}

/**
 * `json`, `cbor`: the one item is written only after the whole input has been read and found to
 * hold exactly it, so a failed conversion prints nothing and leaves `out` as it was (not created,
 * or not changed).
 */
async function writeOneItem(chunks: AsyncIterable<Uint8Array>, options: ConvertOptions & { to: SingleItemFormat }, out: string | undefined, stdout: Writable): Promise<Summary> {
  const { item, summary } = await convertOne(chunks, options);
  if (out === undefined) {
    const output = new BatchedOutput(stdout);
    output.add(item);
    await output.flush();
    return summary;
  }
  try {
    await writeFile(out, item);
  } catch (error) {
    throw cannotWrite(out, error);
  }
  return summary;
}

/** `out` opened for writing (created or truncated); one it cannot open is a `cannot write` I/O error, not a stream's unhandled error. */
function openOutput(out: string): number {
  try {
    return openSync(out, 'w');
  } catch (error) {
    throw cannotWrite(out, error);
  }
}

/** The error for an output file the system refused; not `describeIoError`, which names the input ("cannot read <in>"). */
function cannotWrite(out: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? error : new CliError(`cannot write ${out}: ${code}`, 2);
}

/**
 * The input format (given by `--from` or the file's name, else guessed from the first 64 KiB) and
 * the input's chunks, the ones read for the guess included.
 */
async function peekFormat(input: AsyncIterable<Uint8Array>, given: InputFormat | undefined): Promise<{ chunks: AsyncIterable<Uint8Array>; format: InputFormat }> {
  if (given !== undefined) return { chunks: input, format: given };
  const iterator = input[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < GUESS_BYTES) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const format = guessFormat(Buffer.concat(head, length), ended);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { chunks: chunks(), format };
}

/** `--schema`: the generated codecs the conversion goes through (the compiler loads only here). */
async function schemaCodecs(path: string, from: InputFormat, to: OutputFormat): Promise<Partial<ConvertOptions>> {
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(describeIoError(error, path) ?? `${path} is not JSON`, 2);
  }
  const { compileCodec, isSchemaError } = await import('@binschema/compiler');
  const codec = (format: 'cbor' | 'ubjson' | 'msgpack') => {
    try {
      return compileCodec(schema, { format });
    } catch (error) {
      if (isSchemaError(error)) throw new CliError(error.message, 2);
      throw error;
    }
  };
  const codecs: Partial<ConvertOptions> = {};
  if (from === 'cbor' || from === 'ubjson' || from === 'msgpack') codecs.decodeItem = codec(from).decode;
  if (to === 'ubjson' || to === 'msgpack') codecs.encodeItem = codec(to).encode;
  else if (to === 'cbor' || to === 'cbor-seq') codecs.encodeItem = codec('cbor').encode;
  // JSON in and out: the CBOR encoder checks each value against the schema; its bytes are dropped.
  else if (codecs.decodeItem === undefined) codecs.check = codec('cbor').encode;
  return codecs;
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}
