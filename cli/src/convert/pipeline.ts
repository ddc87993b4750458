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

export interface Summary {
  items: number;
  bytesIn: number;
  bytesOut: number;
  seconds: number;
}

/**
 * Converts `chunks` item by item into `output`: values are read (streaming, see `readValues`),
 * checked, encoded and written one at a time. `json` and `cbor` outputs hold exactly one item; `ndjson`,
 * `cbor-seq` (RFC 8742), `ubjson` and `msgpack` (values one after another) hold any number.
 */
export async function convert(chunks: AsyncIterable<Uint8Array>, output: BatchedOutput, options: ConvertOptions): Promise<Summary> {
  const started = performance.now();
  const meter = { bytesIn: 0, items: 0 };
  const encode = encoderFor(options);
  const single = options.to === 'json' || options.to === 'cbor';
  try {
    for await (const values of readValues(metered(chunks, meter, options.progress), options.from, options.maxBytes, options.decodeItem)) {
      for (const value of values) {
        if (single && meter.items === 1) {
          throw new CliError(`the input holds more than one item; use --to ${options.to === 'json' ? 'ndjson' : 'cbor-seq'}`);
        }
        meter.items++;
        output.add(encode(value));
        if (output.full) await output.flush();
      }
    }
    // An empty file is no JSON document and no CBOR item: writing nothing would be a broken output that exits 0.
    if (single && meter.items === 0) throw new CliError(`the input holds no item; --to ${options.to} writes exactly one`);
  } finally {
    // The items before a failure are written: the exit code says the output is incomplete.
    await output.flush();
    options.progress?.done();
  }
  return { items: meter.items, bytesIn: meter.bytesIn, bytesOut: output.bytesOut, seconds: (performance.now() - started) / 1000 };
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

async function* metered(chunks: AsyncIterable<Uint8Array>, meter: { bytesIn: number; items: number }, progress: ProgressBar | undefined): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    meter.bytesIn += chunk.length;
    progress?.update(meter.bytesIn, meter.items);
    yield chunk;
  }
}
