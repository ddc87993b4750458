/**
 * DAG-CBOR, the IPLD profile of CBOR (ipld.io/specs/codecs/dag-cbor/spec), byte-equal with
 * `@ipld/dag-cbor` in both directions.
 *
 * Encoding: map keys sorted length-first then bytewise; shortest heads; safe integers and
 * bigints within 64 bits as integers; every other number as float64; `Uint8Array` as bytes;
 * plain objects as maps; a CID (`Cid`, or a `multiformats` CID) as tag 42 around 0x00 and its
 * bytes. `undefined`, NaN, ±Infinity, Map, Date and other class instances are `EncodeError`s.
 *
 * Decoding is strict: anything outside the profile is a `DecodeError` (`non-canonical`,
 * `profile-violation`, `duplicate-key`, …) with the byte offset; links become `Cid`s, or what
 * the `cid` option builds from the binary CID.
 */
export { encode, type DagCborEncodeOptions } from './encode.js';
export { decode, type DagCborDecodeOptions } from './decode.js';
export { Cid, CID_TAG } from './cid.js';
