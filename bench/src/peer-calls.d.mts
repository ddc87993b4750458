/** Types of `peer-calls.mjs` (plain JavaScript so that `cold-child.mjs` can load it without a loader). */

export interface PeerCalls {
  encode: (value: unknown) => unknown;
  decode: (input: any) => unknown;
  /** Makes a decoder's input from bytes; absent: a copy of the bytes. */
  prepare?: (bytes: Uint8Array) => unknown;
}

/** Loaders by `<format>/<registry id>`: `cbor/cbor-x`, `ubjson/json-pack`, `cbor/JSON`, … */
export declare const PEER_CALLS: Readonly<Record<string, () => Promise<PeerCalls>>>;

export declare function loadPeerCalls(format: 'cbor' | 'ubjson' | 'msgpack', id: string): Promise<PeerCalls>;
