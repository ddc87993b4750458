/**
 * The user's real alternative to binschema: someone who wants checked binary data today pairs a
 * generic codec with ajv. Encode validates the value (ajv standalone code compiled ahead of time
 * from the payload schema, `ajv-standalone.ts`) and then encodes it with the peer; decode decodes
 * with the peer and then validates the result; an invalid value throws in either direction. Origin
 * `alternative`: their own table and bar in the report, never the fastest peer.
 */
import { loadValidators, unsupportedDraft } from './ajv-standalone.js';
import { loadPeerCalls } from './peer-calls.mjs';
import { pinnedVersion, type CodecEntry, type Format } from './registry.js';
import { PayloadSkip } from './schemad.js';
import { copyBytes } from './values.js';

interface Paired {
  name: string;
  /** Its loader in `peer-calls.mjs`. */
  calls: string;
  pkg: string;
  api: string;
  notes?: string[];
}

/** The generic codecs paired with ajv, per format. */
const PAIRED: Record<Format, Paired[]> = {
  cbor: [
    {
      name: 'cbor-x',
      calls: 'cbor-x int64AsNumber',
      pkg: 'cbor-x',
      api: 'new Encoder({ useRecords: false, int64AsNumber: true })',
      notes: ['int64AsNumber: cbor-x\'s default decodes a 64-bit integer head as a BigInt, which ajv\'s type: number refuses'],
    },
    { name: 'json-pack', calls: 'json-pack', pkg: '@jsonjoy.com/json-pack', api: 'CborEncoder / CborDecoder' },
  ],
  ubjson: [{ name: 'json-pack', calls: 'json-pack', pkg: '@jsonjoy.com/json-pack', api: 'UbjsonEncoder / UbjsonDecoder' }],
  msgpack: [{ name: 'msgpackr', calls: 'msgpackr', pkg: 'msgpackr', api: 'new Packr({ useRecords: false })' }],
};

/** Thrown by an alternative when ajv refuses a value; a passing check never sees it. */
export class InvalidValue extends Error {
  constructor(direction: 'encode' | 'decode', errors: unknown) {
    super(`ajv refused the value to ${direction}: ${JSON.stringify(errors)?.slice(0, 200)}`);
    this.name = 'InvalidValue';
  }
}

export function alternativeEntries(format: Format): CodecEntry[] {
  return PAIRED[format].map(({ name, calls, pkg, api, notes = [] }): CodecEntry => ({
    id: `${name} + ajv`,
    label: `${pkg} ${pinnedVersion(pkg)} ${api} + ajv ${pinnedVersion('ajv')} standalone validation`,
    names: { encode: `ajv validate + ${name} encode`, decode: `${name} decode + ajv validate` },
    format,
    wire: format,
    origin: 'alternative',
    notes: [
      'the user\'s alternative: ajv standalone code compiled ahead of time from the payload schema (the draft it declares; allowUnionTypes) into bench/.generated/ajv/ and imported; encode = validate, throw if invalid, then encode; decode = decode, then validate, throw if invalid',
      ...notes,
    ],
    async load(payloads) {
      const validators = await loadValidators(payloads);
      const peer = await loadPeerCalls(format, calls);
      return (payload) => {
        const validate = validators.get(payload) as ((value: unknown) => boolean) & { errors?: unknown };
        if (validate === undefined) throw new PayloadSkip(`ajv: ${unsupportedDraft(payload)}`);
        return {
          encode: (value) => {
            if (!validate(value)) throw new InvalidValue('encode', validate.errors);
            return peer.encode(value);
          },
          decode: (input) => {
            const value = peer.decode(input);
            if (!validate(value)) throw new InvalidValue('decode', validate.errors);
            return value;
          },
          prepare: peer.prepare ?? copyBytes,
        };
      };
    },
  }));
}
