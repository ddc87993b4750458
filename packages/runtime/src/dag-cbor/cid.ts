/**
 * CIDs in DAG-CBOR: tag 42 around a byte string holding 0x00 (the multibase identity prefix)
 * and the binary CID (DAG-CBOR spec, "Links"). The runtime has no dependencies, so it does not
 * parse CIDs: it carries their bytes, and recognises `multiformats` CID objects by shape.
 */

/** The only tag DAG-CBOR allows (IANA: "IPLD content identifier"). */
export const CID_TAG = 42;

/** A CID as its binary bytes (without the 0x00 prefix); what `decode` returns by default. */
export class Cid {
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
  /** The marker `multiformats` uses to recognise CIDs (`CID.asCID`): the object itself. */
  get asCID(): this {
    return this;
  }
}

/**
 * The binary CID of `value` when it is a `Cid` or a `multiformats` CID (which has `asCID === this`
 * and `bytes`), else undefined.
 */
export function cidBytes(value: object): Uint8Array | undefined {
  if (value instanceof Cid) return value.bytes;
  const candidate = value as { asCID?: unknown; bytes?: unknown };
  if (candidate.asCID === value && candidate.bytes instanceof Uint8Array) return candidate.bytes;
  return undefined;
}
