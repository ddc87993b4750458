/**
 * Schema'd layouts: codecs whose bytes leave the key names out (cbor-x and msgpackr records,
 * Avro through avsc, and ours in the compact layout once it exists). Not peers of the map-layout
 * bars (their bytes need the writer's record definitions or schema to mean anything): origin
 * `schemad`, reported in their own table (markdown.ts, "Schema'd layouts") with bytes and speed,
 * and each decodes its own encoding.
 */
import avro from 'avsc';
import { avroSchemaOf, withoutNulls } from './avro-schemas.js';
import type { Payload } from './payloads.js';
import { pinnedVersion, Unavailable, type CodecEntry, type PayloadCodec } from './registry.js';
import { copyBytes, differs } from './values.js';

/** Thrown by a schema'd entry's per-payload factory when that payload cannot be expressed: the case is skipped with the reason, not failing. */
export class PayloadSkip extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PayloadSkip';
  }
}

interface SchemadSpec {
  id: string;
  label: string;
  wire: CodecEntry['wire'];
  notes: string[];
  /** Imports the module; returns the per-payload codec maker (throw `PayloadSkip` for a payload it cannot express). */
  make(): Promise<(payload: Payload) => Omit<PayloadCodec, 'prepare'> & Partial<PayloadCodec>>;
}

/** A schema'd layout entry from encode/decode functions (the compact layout of ours plugs in here too). */
export function schemad(spec: SchemadSpec): CodecEntry {
  return {
    id: spec.id,
    label: spec.label,
    names: { encode: spec.id, decode: spec.id },
    format: 'cbor',
    wire: spec.wire,
    origin: 'schemad',
    notes: spec.notes,
    async load() {
      const make = await spec.make();
      return (payload) => ({ prepare: copyBytes, ...make(payload) });
    },
  };
}

export function schemadEntries(): CodecEntry[] {
  return [
    schemad({
      id: 'cbor-x records',
      label: `cbor-x ${pinnedVersion('cbor-x')} new Encoder({ useRecords: true })`,
      wire: 'cbor-records',
      notes: ['record definitions inline in each message (no shared structures); the same instance decodes'],
      async make() {
        const { Encoder } = await import('cbor-x');
        const codec = new Encoder({ useRecords: true });
        return () => ({ encode: (value) => codec.encode(value), decode: (bytes: Uint8Array) => codec.decode(bytes) });
      },
    }),
    schemad({
      id: 'msgpackr records',
      label: `msgpackr ${pinnedVersion('msgpackr')} new Packr({ useRecords: true }) (MessagePack)`,
      wire: 'msgpack-records',
      notes: ['record definitions inline in each message (no shared structures); the same instance unpacks'],
      async make() {
        const { Packr } = await import('msgpackr');
        const packr = new Packr({ useRecords: true });
        return () => ({ encode: (value) => packr.pack(value), decode: (bytes: Uint8Array) => packr.unpack(bytes) });
      },
    }),
    schemad({
      id: 'avsc',
      label: `avsc ${pinnedVersion('avsc')} Type.forSchema(derived, { wrapUnions: false }) toBuffer / fromBuffer (Avro)`,
      wire: 'avro',
      notes: ['Avro schema derived from the payload\'s JSON Schema (src/avro-schemas.ts); compared after dropping null/absent keys (Avro writes absent optional fields as null); decodes a Buffer'],
      async make() {
        return (payload) => avroCodec(payload);
      },
    }),
    compactLayout(),
  ];
}

function avroCodec(payload: Payload): Omit<PayloadCodec, 'prepare'> & Partial<PayloadCodec> {
  const derived = avroSchemaOf(payload.schema);
  if ('reason' in derived) throw new PayloadSkip(`not expressible in Avro: ${derived.reason}`);
  let type: avro.Type;
  try {
    type = avro.Type.forSchema(derived.avro as avro.Schema, { wrapUnions: false });
  } catch (error) {
    throw new PayloadSkip(`not expressible in Avro: ${(error as Error).message.slice(0, 160)}`);
  }
  // The round trip the check repeats, here so that a payload Avro cannot hold is a skip, not a failure.
  let back: unknown;
  try {
    back = type.fromBuffer(type.toBuffer(payload.value));
  } catch (error) {
    throw new PayloadSkip(`not expressible in Avro: ${(error as Error).message.slice(0, 160)}`);
  }
  const difference = differs(withoutNulls(payload.value), withoutNulls(back));
  if (difference !== undefined) throw new PayloadSkip(`Avro round trip differs at ${difference}`);
  return {
    encode: (value) => type.toBuffer(value),
    decode: (buffer: Buffer) => type.fromBuffer(buffer),
    prepare: (bytes) => Buffer.from(copyBytes(bytes)),
    view: withoutNulls,
  };
}

/**
 * Ours in the compact layout (issue 17): `compileCodec(schema, { format: 'cbor', layout: 'compact' })`.
 * Skipped until the compiler has the option: a compiler without it ignores the key and writes the
 * map layout, which the probe tells apart by the bytes of `{a: 1}` (map: a1 61 61 01; compact: 81 01).
 */
function compactLayout(): CodecEntry {
  return schemad({
    id: 'binschema compact',
    label: 'binschema compileCodec(schema, { format: \'cbor\', layout: \'compact\' })',
    wire: 'compact',
    notes: ['ours, compact layout (objects as arrays by position, enums as indexes); one codec per payload schema, compiled at start-up'],
    async make() {
      const { compileCodec } = (await import('@binschema/compiler')) as Record<string, any>;
      const probe = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], additionalProperties: false };
      let bytes: Uint8Array;
      try {
        bytes = compileCodec(probe, { format: 'cbor', layout: 'compact' }).encode({ a: 1 });
      } catch (error) {
        throw new Unavailable(`compileCodec has no compact layout yet (${(error as Error).message})`);
      }
      if (bytes[0] !== 0x81) throw new Unavailable('compileCodec has no compact layout yet (it ignores layout: \'compact\')');
      return (payload) => {
        const codec = compileCodec(payload.schema, { format: 'cbor', layout: 'compact' });
        return { encode: (value: unknown) => codec.encode(value), decode: (input: Uint8Array) => codec.decode(input) };
      };
    },
  });
}
