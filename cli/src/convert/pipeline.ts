import { CborEncoder } from '@binschema/runtime/cbor';
import { UbjsonEncoder } from '@binschema/runtime/ubjson';
import { MsgpackEncoder } from '@binschema/runtime/msgpack';
import type { InputFormat } from '../io/guess-format.js';
import { CliError } from '../io/input.js';
import { readValues, type ItemDecoder } from './sources.js';
import { toJsonText } from './json-text.js';
import type { BatchedOutput } from './output.js';
import type { ProgressBar } from './progress.js';

export const OUTPUT_FORMATS = ['json', 'ndjson', 'cbor', 'cbor-seq', 'ubjson', 'msgpack'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
/** `json` and `cbor` outputs hold exactly one item; `ndjson`, `cbor-seq`, `ubjson` and `msgpack` any number. */
export type SingleItemFormat = 'json' | 'cbor';
export type StreamFormat = Exclude<OutputFormat, SingleItemFormat>;

export function holdsOneItem(format: OutputFormat): format is SingleItemFormat {
  return format === 'json' || format === 'cbor';
}

export interface ConvertOptions {
  from: InputFormat;
  to: OutputFormat;
  /** Largest JSON document, NDJSON line or binary item read (each must fit in memory). */
  maxBytes: number;
  /** A schema's decoder for each item of a CBOR/UBJSON input (default: the generic decoder). */
  decodeItem?: ItemDecoder;
  /** A schema's encoder for each value of a CBOR/UBJSON output (default: the generic encoder). */
  encodeItem?: (value: unknown) => Uint8Array;
  /** Checks each value before a JSON output (`--schema` between JSON formats). */
  check?: (value: unknown) => void;
  progress?: ProgressBar;
}

/** Bytes read and items converted so far. */
interface Meter {
  bytesIn: number;
  items: number;
}

export interface Summary {
  items: number;
  bytesIn: number;
  bytesOut: number;
  seconds: number;
}

/**
 * Converts `chunks` item by item into `output`: values are read (streaming, see `readValues`),
 * checked, encoded and written one at a time. `ndjson`, `cbor-seq` (RFC 8742), `ubjson` and
 * `msgpack` (values one after another) hold any number of items; `json` and `cbor` go through
 * `convertOne`.
 */
export async function convert(chunks: AsyncIterable<Uint8Array>, output: BatchedOutput, options: ConvertOptions & { to: StreamFormat }): Promise<Summary> {
  const started = performance.now();
  const meter = { bytesIn: 0, items: 0 };
  const encode = encoderFor(options);
  try {
    for await (const values of meteredValues(chunks, meter, options)) {
      for (const value of values) {
        meter.items++;
        output.add(encode(value));
        if (output.full) await output.flush();
      }
    }
  } finally {
    // The items before a failure are written: the exit code says the output is incomplete.
    await output.flush();
    options.progress?.done();
  }
  return summarise(meter, output.bytesOut, started);
}

/**
 * The one item of a `json` or `cbor` output, encoded, returned only once the whole input has been
 * read and found to hold exactly one valid item: the caller writes nothing on a failure, so a
 * second item or a bad byte after the first leaves no half-done output behind.
 */
export async function convertOne(chunks: AsyncIterable<Uint8Array>, options: ConvertOptions & { to: SingleItemFormat }): Promise<{ item: Uint8Array; summary: Summary }> {
  const started = performance.now();
  const meter = { bytesIn: 0, items: 0 };
  const encode = encoderFor(options);
  let item: Uint8Array | string | undefined;
  try {
    for await (const values of meteredValues(chunks, meter, options)) {
      for (const value of values) {
        if (item !== undefined) throw new CliError(`the input holds more than one item; use --to ${options.to === 'json' ? 'ndjson' : 'cbor-seq'}`);
        meter.items++;
        item = encode(value);
      }
    }
  } finally {
    options.progress?.done();
  }
  // An empty file is no JSON document and no CBOR item: writing nothing would be a broken output that exits 0.
  if (item === undefined) throw new CliError(`the input holds no item; --to ${options.to} writes exactly one`);
  const bytes = typeof item === 'string' ? Buffer.from(item) : item;
  return { item: bytes, summary: summarise(meter, bytes.length, started) };
}

function encoderFor(options: ConvertOptions): (value: unknown) => Uint8Array | string {
  if (options.to === 'json' || options.to === 'ndjson') {
    const check = options.check;
    return (value) => {
      check?.(value);
      return `${toJsonText(value)}\n`;
    };
  }
  if (options.encodeItem !== undefined) return options.encodeItem;
  if (options.to === 'ubjson') {
    const encoder = new UbjsonEncoder();
    return (value) => encoder.encode(value);
  }
  if (options.to === 'msgpack') {
    // As CBOR below: float32 where it holds the value exactly.
    const encoder = new MsgpackEncoder({ float: 'shortest' });
    return (value) => encoder.encode(value);
  }
  // RFC 8949 §4.1 preferred serialization: the shortest float that keeps the value.
  const encoder = new CborEncoder({ float: 'shortest' });
  return (value) => encoder.encode(value);
}

/** The input's values (see `readValues`), counted into `meter` as their bytes arrive. */
function meteredValues(chunks: AsyncIterable<Uint8Array>, meter: Meter, options: ConvertOptions): AsyncGenerator<unknown[]> {
  return readValues(metered(chunks, meter, options.progress), options.from, options.maxBytes, options.decodeItem);
}

function summarise(meter: Meter, bytesOut: number, started: number): Summary {
  return { items: meter.items, bytesIn: meter.bytesIn, bytesOut, seconds: (performance.now() - started) / 1000 };
}

async function* metered(chunks: AsyncIterable<Uint8Array>, meter: Meter, progress: ProgressBar | undefined): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    meter.bytesIn += chunk.length;
    progress?.update(meter.bytesIn, meter.items);
    yield chunk;
  }
}
