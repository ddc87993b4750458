/**
 * How each peer and baseline is imported and called, one loader per `<format>/<registry id>`
 * (and per peer set up otherwise for the user's alternative, `alternatives.ts`: `cbor/cbor-x
 * int64AsNumber`): the one source for `registry.ts` (in process) and `cold-child.mjs` (a fresh plain-node
 * process, which cannot load TypeScript). Each loader imports only its own package and returns
 * `{ encode, decode, prepare? }` (`prepare` makes a decoder's input from bytes; default: a copy).
 * Plain JavaScript for that reason; types in `peer-calls.d.mts`.
 */
import { createRequire } from 'node:module';

/** A copy of the bytes in its own ArrayBuffer (as `values.ts` copyBytes). */
function ownCopy(bytes) {
  const copy = new Uint8Array(new ArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

/** JSON, the baseline of every format: a Buffer of the text out, the payload's own text in. */
async function json() {
  return { encode: (value) => Buffer.from(JSON.stringify(value)), decode: (buffer) => JSON.parse(buffer.toString()), prepare: (bytes) => Buffer.from(bytes) };
}

export const PEER_CALLS = {
  'cbor/cbor-x': async () => {
    const { Encoder } = await import('cbor-x');
    const codec = new Encoder({ useRecords: false });
    return { encode: (value) => codec.encode(value), decode: (bytes) => codec.decode(bytes) };
  },
  // For the user's alternative (alternatives.ts): cbor-x's default decodes a 64-bit integer head as
  // a BigInt, which ajv's `type: number` refuses (object-with-many-keys' 62343423432), so a user
  // who validates what cbor-x decodes asks for numbers.
  'cbor/cbor-x int64AsNumber': async () => {
    const { Encoder } = await import('cbor-x');
    const codec = new Encoder({ useRecords: false, int64AsNumber: true });
    return { encode: (value) => codec.encode(value), decode: (bytes) => codec.decode(bytes) };
  },
  'cbor/json-pack': async () => {
    const { CborEncoder } = await import('@jsonjoy.com/json-pack/lib/cbor/CborEncoder.js');
    const { CborDecoder } = await import('@jsonjoy.com/json-pack/lib/cbor/CborDecoder.js');
    const encoder = new CborEncoder();
    const decoder = new CborDecoder();
    return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
  },
  'cbor/json-pack fast': async () => {
    const { CborEncoderFast } = await import('@jsonjoy.com/json-pack/lib/cbor/CborEncoderFast.js');
    const { CborDecoderBase } = await import('@jsonjoy.com/json-pack/lib/cbor/CborDecoderBase.js');
    const encoder = new CborEncoderFast();
    const decoder = new CborDecoderBase();
    return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
  },
  'cbor/cborg': async () => {
    const cborg = await import('cborg');
    return { encode: (value) => cborg.encode(value), decode: (bytes) => cborg.decode(bytes) };
  },
  'cbor/node-cbor': async () => {
    // CommonJS: its classes and functions are on the default export.
    const { default: cbor } = await import('cbor');
    // Passed on to the stream.Transform it extends (16 MiB: the 16 KiB default truncates combined).
    const options = { highWaterMark: 1 << 24 };
    // encodeOne returns only the first chunk on Node 26, so read every chunk of an Encoder stream.
    const encode = (value) => {
      const encoder = new cbor.Encoder(options);
      encoder.end(value);
      const chunks = [];
      for (let chunk; (chunk = encoder.read()) !== null;) chunks.push(chunk);
      return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    };
    return { encode, decode: (bytes) => cbor.decodeFirstSync(bytes) };
  },
  'cbor/JSON': json,
  'ubjson/json-pack': async () => {
    const { UbjsonEncoder } = await import('@jsonjoy.com/json-pack/lib/ubjson/UbjsonEncoder.js');
    const { UbjsonDecoder } = await import('@jsonjoy.com/json-pack/lib/ubjson/UbjsonDecoder.js');
    // json-pack's Writer lives in @jsonjoy.com/buffers: load the copy json-pack itself depends on.
    const requireFromJsonPack = createRequire(import.meta.resolve('@jsonjoy.com/json-pack/package.json'));
    const { Writer } = requireFromJsonPack('@jsonjoy.com/buffers/lib/Writer');
    const encoder = new UbjsonEncoder(new Writer());
    const decoder = new UbjsonDecoder();
    return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
  },
  'ubjson/@shelacek/ubjson': async () => {
    const ubjson = await import('@shelacek/ubjson');
    // decode takes an ArrayBuffer: each input gets its own.
    return { encode: (value) => ubjson.encode(value), decode: (buffer) => ubjson.decode(buffer), prepare: (bytes) => ownCopy(bytes).buffer };
  },
  'ubjson/JSON': json,
  'msgpack/msgpackr': async () => {
    const { Packr } = await import('msgpackr');
    const packr = new Packr({ useRecords: false });
    return { encode: (value) => packr.pack(value), decode: (bytes) => packr.unpack(bytes) };
  },
  'msgpack/@msgpack/msgpack': async () => {
    const { Encoder, Decoder } = await import('@msgpack/msgpack');
    const encoder = new Encoder();
    const decoder = new Decoder();
    return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
  },
  'msgpack/json-pack': async () => {
    const { MsgPackEncoder } = await import('@jsonjoy.com/json-pack/lib/msgpack/MsgPackEncoder.js');
    const { MsgPackDecoder } = await import('@jsonjoy.com/json-pack/lib/msgpack/MsgPackDecoder.js');
    const encoder = new MsgPackEncoder();
    const decoder = new MsgPackDecoder();
    return { encode: (value) => encoder.encode(value), decode: (bytes) => decoder.decode(bytes) };
  },
  'msgpack/JSON': json,
};

/** The loader of `format`'s codec `id`; throws when there is none. */
export function loadPeerCalls(format, id) {
  const load = PEER_CALLS[`${format}/${id}`];
  if (load === undefined) throw new TypeError(`no peer calls for ${format} ${id}`);
  return load();
}
