/**
 * json-pack's UBJSON codec (@jsonjoy.com/json-pack, CommonJS), loaded with the Writer of its own
 * @jsonjoy.com/buffers dependency: the independent UBJSON implementation the cross-checks use.
 * Its decoder gives every `L` integer as a BigInt.
 */
import { createRequire } from 'node:module';

const packRequire = createRequire(createRequire(import.meta.url).resolve('@jsonjoy.com/json-pack/lib/ubjson'));

export const { UbjsonEncoder: PackEncoder, UbjsonDecoder: PackDecoder } = packRequire('@jsonjoy.com/json-pack/lib/ubjson') as {
  UbjsonEncoder: new (writer: unknown) => { encode(value: unknown): Uint8Array };
  UbjsonDecoder: new () => { decode(bytes: Uint8Array): unknown };
};
export const { Writer: PackWriter } = packRequire('@jsonjoy.com/buffers/lib/Writer') as { Writer: new () => unknown };
