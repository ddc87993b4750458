/**
 * Every codec the bench times, one entry each. An entry imports its module lazily: when the
 * module (or the export it needs) is not there yet, the entry is skipped with a printed note and
 * the rest of the run goes on. Peers run with their documented defaults unless noted.
 */
import { readFileSync } from 'node:fs';
import type { Payload } from './payloads.js';
import { AOT_FORMATS, generateModules, importModule, type GeneratedModule } from './aot.js';
import { copyBytes } from './values.js';
import { loadPeerCalls } from './peer-calls.mjs';
import { schemadEntries } from './schemad.js';
import { referenceEntries } from './reference/entry.js';
import { jsonTypeEntry } from './json-type-peer.js';
import { alternativeEntries } from './alternatives.js';

/** The id of the ahead-of-time modules: the codec the bars are judged on. */
export const AHEAD_OF_TIME = 'binschema ahead-of-time';

export type Format = 'cbor' | 'ubjson' | 'msgpack';
/** Every format the bench times, in table order. */
export const FORMATS: readonly Format[] = ['cbor', 'ubjson', 'msgpack'];
/** How the bars and summaries name each format. */
export const FORMAT_NAMES: Record<Format, string> = { cbor: 'CBOR', ubjson: 'UBJSON', msgpack: 'MessagePack' };
export type Direction = 'encode' | 'decode';
/**
 * `ours` is binschema; `peer` sets the bar; `baseline` (JSON) is shown but never the bar;
 * `schemad` (schema'd layouts: records, Avro, our compact layout; `schemad.ts`) has its own table;
 * `reference` (a codec written by hand for one payload, `reference/`) is shown, never the bar;
 * `alternative` (a generic codec paired with ajv, what users without binschema do for checked
 * binary data; `alternatives.ts`) has its own table and bar, never the fastest peer.
 */
export type Origin = 'ours' | 'peer' | 'baseline' | 'schemad' | 'reference' | 'alternative';

/** One codec bound to one payload (generated codecs are per schema; the others ignore it). */
export interface PayloadCodec {
  encode: (value: unknown) => unknown;
  decode: (input: any) => unknown;
  /** Makes `decode`'s input from bytes; called for every timed call, so it must copy. */
  prepare: (bytes: Uint8Array) => unknown;
  /** What the check compares, applied to the payload and to the decoded value alike (never timed); default: the value itself. */
  view?: (value: unknown) => unknown;
}

export interface CodecEntry {
  id: string;
  /** Full description: package, pinned version, API. */
  label: string;
  /** Short name per direction for tables and the chart: `json-pack CborDecoderBase`. */
  names: Record<Direction, string>;
  format: Format;
  /**
   * What the bytes are: the format, or JSON text (the baseline). A decoder whose wire is not the
   * format decodes its own encoding of the payload (JSON: the payload's own text).
   */
  wire: Format | 'json' | 'cbor-records' | 'msgpack-records' | 'avro' | 'compact';
  origin: Origin;
  notes: string[];
  /**
   * Only encodes (json-type's CborCodegen): the check reads its bytes with the format's reference
   * peer, and it has no decode case at all (not applicable, rather than skipped or failing).
   */
  encodeOnly?: boolean;
  /**
   * Imports the module and returns the per-payload factory; throws when it is not available.
   * `payloads`: the ones this run checks (the ahead-of-time entry generates a module for each).
   */
  load(payloads: Payload[]): Promise<(payload: Payload) => PayloadCodec>;
}

/**
 * The opt-in smaller code, timed beside the default so its price stays measured: `codeSize:
 * 'small'`, record tables the runtime interprets instead of the default specialised code.
 */
export const SMALL_GENERATED_OPTIONS: Record<Format, Record<string, unknown>> = { cbor: { codeSize: 'small' }, ubjson: { codeSize: 'small' }, msgpack: { codeSize: 'small' } };

const pinned: Record<string, string> = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).dependencies;

/** The exact version `bench/package.json` pins for a package. */
export function pinnedVersion(pkg: string): string {
  return pinned[pkg];
}

/** `id` is stable (used in results and filters); the label adds the pinned version and API. */
function peer(id: string, pkg: string, api: [string, string] | [], format: Format, notes: string[], make: () => Promise<Omit<PayloadCodec, 'prepare'> & Partial<PayloadCodec>>): CodecEntry {
  const [encoder, decoder] = api;
  return {
    id,
    label: `${pkg} ${pinned[pkg]}${encoder === undefined ? '' : ` ${encoder} / ${decoder}`}`,
    names: encoder === undefined ? { encode: id, decode: id } : { encode: `${id.split(' ')[0]} ${encoder}`, decode: `${id.split(' ')[0]} ${decoder}` },
    format,
    wire: format,
    origin: 'peer',
    notes,
    async load() {
      const codec = { prepare: copyBytes, ...(await make()) };
      return () => codec;
    },
  };
}

/** The peers, each called as `peer-calls.mjs` says (shared with the cold mode's child processes). */
function peers(): CodecEntry[] {
  const calls = (format: Format, id: string) => () => loadPeerCalls(format, id);
  return [
    peer('cbor-x', 'cbor-x', [], 'cbor', ['new Encoder({ useRecords: false }); the same instance decodes'], calls('cbor', 'cbor-x')),
    peer('json-pack', '@jsonjoy.com/json-pack', ['CborEncoder', 'CborDecoder'], 'cbor', [], calls('cbor', 'json-pack')),
    peer('json-pack fast', '@jsonjoy.com/json-pack', ['CborEncoderFast', 'CborDecoderBase'], 'cbor', ['the JSON-only variants'], calls('cbor', 'json-pack fast')),
    peer('cborg', 'cborg', [], 'cbor', ['defaults: encode sorts map keys (length-first), decode returns BigInt beyond 2^53'], calls('cbor', 'cborg')),
    peer('node-cbor', 'cbor', ['Encoder', 'decodeFirstSync'], 'cbor', ['node-cbor (npm `cbor`), defaults except highWaterMark 16 MiB; encode ends an Encoder stream with the value and concatenates every chunk it reads back (its encodeOne returns only the first chunk on Node 26, so its decodeFirstSync then says "Insufficient data"); encode returns a Buffer'], calls('cbor', 'node-cbor')),
    peer('json-pack', '@jsonjoy.com/json-pack', ['UbjsonEncoder', 'UbjsonDecoder'], 'ubjson', ['UbjsonEncoder(new Writer()) with the Writer from @jsonjoy.com/buffers'], calls('ubjson', 'json-pack')),
    peer('@shelacek/ubjson', '@shelacek/ubjson', [], 'ubjson', ['encode returns an ArrayBuffer and decode takes one: the timed decode gets a fresh ArrayBuffer'], calls('ubjson', '@shelacek/ubjson')),
    peer('msgpackr', 'msgpackr', ['pack', 'unpack'], 'msgpack', ['new Packr({ useRecords: false }), one instance (its records mode is in the schema\'d table)'], calls('msgpack', 'msgpackr')),
    peer('@msgpack/msgpack', '@msgpack/msgpack', ['Encoder', 'Decoder'], 'msgpack', ['the reference implementation: one Encoder and one Decoder reused, defaults'], calls('msgpack', '@msgpack/msgpack')),
    peer('json-pack', '@jsonjoy.com/json-pack', ['MsgPackEncoder', 'MsgPackDecoder'], 'msgpack', [], calls('msgpack', 'json-pack')),
  ];
}

function json(format: Format): CodecEntry {
  return {
    id: 'JSON',
    label: 'JSON (JSON.stringify / JSON.parse with Buffer)',
    names: { encode: 'JSON.stringify + Buffer', decode: 'JSON.parse + Buffer' },
    format,
    wire: 'json',
    origin: 'baseline',
    notes: ['Buffer.from(JSON.stringify(v)) / JSON.parse(buffer.toString()); decodes the JSON text, not the binary format'],
    async load() {
      const codec = { prepare: copyBytes, ...(await loadPeerCalls(format, 'JSON')) };
      return () => codec;
    },
  };
}

/** Thrown by `load()` when a module exists but lacks what the entry needs. */
export class Unavailable extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'Unavailable';
  }
}

/** The generic codecs' class names: `CborEncoder`, `UbjsonDecoder`, `MsgpackEncoder`… */
const GENERIC_PREFIX: Record<Format, string> = { cbor: 'Cbor', ubjson: 'Ubjson', msgpack: 'Msgpack' };

function generic(format: Format): CodecEntry {
  return {
    id: 'binschema generic',
    label: `binschema generic (@binschema/runtime/${format})`,
    names: { encode: 'binschema generic', decode: 'binschema generic' },
    format,
    wire: format,
    origin: 'ours',
    notes: [`${GENERIC_PREFIX[format]}Encoder / ${GENERIC_PREFIX[format]}Decoder with default options, one instance reused`],
    async load() {
      const module: Record<string, any> = await import(`@binschema/runtime/${format}`);
      const prefix = GENERIC_PREFIX[format];
      const Encoder = module[`${prefix}Encoder`];
      const Decoder = module[`${prefix}Decoder`];
      if (typeof Encoder !== 'function' || typeof Decoder !== 'function') {
        throw new Unavailable(`@binschema/runtime/${format} does not export ${prefix}Encoder and ${prefix}Decoder yet`);
      }
      const encoder = new Encoder();
      const decoder = new Decoder();
      const codec: PayloadCodec = {
        encode: (value) => encoder.encode(value),
        decode: (bytes: Uint8Array) => decoder.decode(bytes),
        prepare: copyBytes,
      };
      return () => codec;
    },
  };
}

function generated(format: Format, small: boolean): CodecEntry {
  const extra = small ? SMALL_GENERATED_OPTIONS[format] : {};
  const shown = Object.entries(extra).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
  const id = small ? 'binschema generated (small)' : 'binschema generated';
  return {
    id,
    label: small ? `binschema generated (${shown})` : 'binschema generated (defaults)',
    names: { encode: id, decode: id },
    format,
    wire: format,
    origin: 'ours',
    notes: [`compileCodec(schema, { format: '${format}'${shown ? `, ${shown}` : ''} }) at start-up, one codec per payload schema`],
    async load() {
      const { compileCodec } = (await import('@binschema/compiler')) as Record<string, any>;
      if (typeof compileCodec !== 'function') throw new Unavailable('@binschema/compiler does not export compileCodec yet');
      probeFormat(compileCodec, format);
      return (payload) => {
        const codec = compileCodec(payload.schema, { format, ...extra });
        return {
          encode: (value: unknown) => codec.encode(value),
          decode: (bytes: Uint8Array) => codec.decode(bytes),
          prepare: copyBytes,
        };
      };
    },
  };
}

/**
 * The modules users import: `binschema compile --target js` output (see `aot.ts`), one per
 * payload schema, generated at start-up when stale and imported with `import()`.
 */
function aheadOfTime(format: Format): CodecEntry {
  return {
    id: AHEAD_OF_TIME,
    label: 'binschema ahead-of-time (binschema compile --target js, imported)',
    names: { encode: AHEAD_OF_TIME, decode: AHEAD_OF_TIME },
    format,
    wire: format,
    origin: 'ours',
    notes: [`modules written by \`binschema compile <schema> --format ${AOT_FORMATS.join(',')} --target js\` into bench/.generated/aot/ and imported`],
    async load(payloads) {
      if (!AOT_FORMATS.includes(format)) {
        const { compileCodec } = (await import('@binschema/compiler')) as Record<string, any>;
        probeFormat(compileCodec, format);
        throw new Unavailable(`the bench does not compile ${format} modules yet (AOT_FORMATS in aot.ts)`);
      }
      await generateModules(payloads);
      const modules = new Map<Payload, GeneratedModule>();
      for (const payload of payloads) modules.set(payload, await importModule(payload, format));
      return (payload) => {
        const module = modules.get(payload);
        if (module === undefined) throw new Error(`no module generated for ${payload.name}`);
        return { encode: module.encode, decode: module.decode, prepare: copyBytes };
      };
    },
  };
}

/** A format the compiler does not generate yet is a skip, not a failure on every payload. */
function probeFormat(compileCodec: (schema: unknown, options: object) => unknown, format: Format): void {
  try {
    compileCodec({ type: 'null' }, { format });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'invalid-option') {
      throw new Unavailable(`compileCodec does not generate ${format} yet (${(error as Error).message})`);
    }
  }
}

/**
 * The registry, in display order: ours first, then peers (json-type's encoder after CBOR's), the
 * baselines, the user's alternatives (a generic codec + ajv), then the hand-written reference and
 * the schema'd layouts (CBOR).
 */
export function registry(): CodecEntry[] {
  const entries: CodecEntry[] = [];
  for (const format of FORMATS) {
    entries.push(aheadOfTime(format), generated(format, false), generated(format, true), generic(format));
    entries.push(...peers().filter((entry) => entry.format === format));
    if (format === 'cbor') entries.push(jsonTypeEntry());
    entries.push(json(format), ...alternativeEntries(format));
    if (format === 'cbor') entries.push(...referenceEntries(), ...schemadEntries());
  }
  return entries;
}

/**
 * The reference peer of each format: it decodes every encoder's output in the check, and (where
 * `DECODER_INPUT` has no entry) its bytes are what every decoder is timed on.
 */
export const REFERENCE_ENCODER: Record<Format, string> = {
  cbor: 'cbor-x',
  ubjson: 'json-pack',
  msgpack: 'msgpackr',
};

export interface InputMaker {
  label: string;
  load(): Promise<(value: unknown) => Uint8Array>;
}

/**
 * The bytes every decoder is timed on. CBOR: RFC 8949 §4.1 preferred serialization (shortest
 * heads and floats) in the payload's key order, made by a peer, cborg with map sorting off;
 * cbor-x (map16 heads) and json-pack (some longer string heads) write valid but longer forms.
 * UBJSON has no preferred form: the reference peer's output (json-pack: smallest integer markers).
 * MessagePack: the reference peer's output (msgpackr: the smallest forms, floats as float64).
 */
export const DECODER_INPUT: Partial<Record<Format, InputMaker>> = {
  cbor: {
    label: `cborg ${pinned.cborg} with map sorting off (RFC 8949 §4.1 preferred serialization, payload key order)`,
    async load() {
      const cborg = await import('cborg');
      return (value) => cborg.encode(value, { mapSorter: undefined } as Parameters<typeof cborg.encode>[1]);
    },
  },
};
