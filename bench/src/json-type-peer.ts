/**
 * json-type's CborCodegen as a CBOR encode peer: a schema-compiled encoder from the json-joy
 * family (the payloads come from json-pack's benchmark). Each payload's Type is built from its
 * JSON Schema (`json-type-schemas.ts`); a payload json-type cannot express, or whose bytes do not
 * read back as the payload, is skipped with the reason. Encode only: json-type compiles no CBOR
 * decoder, so this entry has no decode cases.
 */
import { createRequire } from 'node:module';
import { jsonTypeOf } from './json-type-schemas.js';
import { pinnedVersion, type CodecEntry } from './registry.js';
import { PayloadSkip } from './schemad.js';
import { cloneJson, copyBytes, differs } from './values.js';

export const JSON_TYPE = 'json-type CborCodegen';

export function jsonTypeEntry(): CodecEntry {
  return {
    id: JSON_TYPE,
    label: `@jsonjoy.com/json-type ${pinnedVersion('@jsonjoy.com/json-type')} CborCodegen.get(type)`,
    names: { encode: JSON_TYPE, decode: JSON_TYPE },
    format: 'cbor',
    wire: 'cbor',
    origin: 'peer',
    encodeOnly: true,
    notes: [
      'encode only; the Type built from the payload\'s JSON Schema (src/json-type-schemas.ts: $defs as aliases, an enum property of union variants split into one variant per value)',
      'CborCodegen.get(type)(value, encoder) with its own json-pack CborEncoder(new Writer()), as json-type\'s callers pass their codec\'s encoder; returns the Writer\'s flush()',
    ],
    async load() {
      const { CborCodegen } = await import('@jsonjoy.com/json-type/lib/codegen/binary/cbor/CborCodegen.js');
      // The json-pack copy json-type itself depends on, and the Writer of that copy.
      const requireFromJsonType = createRequire(import.meta.resolve('@jsonjoy.com/json-type/package.json'));
      const { CborEncoder } = requireFromJsonType('@jsonjoy.com/json-pack/lib/cbor/CborEncoder');
      const { CborDecoder } = requireFromJsonType('@jsonjoy.com/json-pack/lib/cbor/CborDecoder');
      const requireFromJsonPack = createRequire(requireFromJsonType.resolve('@jsonjoy.com/json-pack/package.json'));
      const { Writer } = requireFromJsonPack('@jsonjoy.com/buffers/lib/Writer');
      // Not json-type's shared `writer`: its code generation resets that Writer, so an encoder
      // compiled lazily inside a call (a `$ref`'s) dropped what the call had written (small-object's array head).
      const encoder = new CborEncoder(new Writer());
      const decoder = new CborDecoder();
      return (payload) => {
        const derived = jsonTypeOf(payload.schema as boolean | Record<string, unknown>);
        if ('reason' in derived) throw new PayloadSkip(`not expressible in json-type: ${derived.reason}`);
        const write = CborCodegen.get(derived.type);
        const encode = (value: unknown): Uint8Array => {
          write(value, encoder);
          return encoder.writer.flush();
        };
        // The round trip the check repeats, here so that bytes json-type gets wrong are a skip with the reason.
        const difference = differs(payload.value, decoder.decode(copyBytes(encode(cloneJson(payload.value)))));
        if (difference !== undefined) throw new PayloadSkip(`json-type's bytes read back differ at ${difference}`);
        return {
          encode,
          decode: () => {
            throw new TypeError('json-type compiles no CBOR decoder (encode-only entry)');
          },
          prepare: copyBytes,
        };
      };
    },
  };
}
