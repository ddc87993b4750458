/**
 * What a generated codec says of one value, for tests that judge codecs against ajv or the spec:
 * an encoder refuses only with `EncodeError`, a decoder only with a `DecodeError` of a schema
 * kind, and a decoder that accepts returns the value it was given.
 */
import * as assert from 'uvu/assert';
import { isDecodeError, isEncodeError, type DecodeError, type EncodeError } from '@binschema/runtime';
import { encode as cborEncode } from '@binschema/runtime/cbor';
import { encode as ubjsonEncode } from '@binschema/runtime/ubjson';
import { encode as msgpackEncode } from '@binschema/runtime/msgpack';

/** Each format with the generic encoder that makes the bytes a generated decoder is fed. */
export const GENERIC_ENCODERS = [
  { format: 'cbor', encode: cborEncode },
  { format: 'ubjson', encode: ubjsonEncode },
  { format: 'msgpack', encode: msgpackEncode },
] as const;

export function encoderAccepts(encode: (value: unknown) => Uint8Array, value: unknown): boolean {
  try {
    encode(value);
    return true;
  } catch (error) {
    assert.ok(isEncodeError(error), `expected an EncodeError, got ${String(error)}`);
    return false;
  }
}

export function decoderAccepts(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array, value: unknown): boolean {
  try {
    assert.equal(decode(bytes), value);
    return true;
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    assert.ok(error.code === 'schema-violation' || error.code === 'unexpected-type', `unexpected code ${error.code}`);
    return false;
  }
}

/**
 * The encoder on `value`, and the decoder on `encode(value)` (a generic encoder's bytes), both
 * give the verdict `valid`; `label` (a format name) starts the failure messages.
 */
export function assertVerdict(
  codec: { encode(value: unknown): Uint8Array; decode(bytes: Uint8Array): unknown },
  encode: (value: unknown) => Uint8Array,
  value: unknown,
  valid: boolean,
  label?: string,
): void {
  const prefix = label === undefined ? '' : `${label} `;
  assert.is(encoderAccepts(codec.encode, value), valid, `${prefix}encode ${JSON.stringify(value)}`);
  assert.is(decoderAccepts(codec.decode, encode(value), value), valid, `${prefix}decode ${JSON.stringify(value)}`);
}

/** Runs `run`, expecting an `EncodeError` and nothing else; returns it. */
export function encodeErrorOf(run: () => unknown): EncodeError {
  try {
    run();
  } catch (error) {
    assert.ok(isEncodeError(error), `expected an EncodeError, got ${String(error)}`);
    return error as EncodeError;
  }
  throw new assert.Assertion({ message: 'expected an EncodeError, nothing was thrown', operator: 'throws' } as never);
}

/** Runs `run`, expecting a `DecodeError` and nothing else; returns it. */
export function decodeErrorOf(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    assert.ok(isDecodeError(error), `expected a DecodeError, got ${String(error)}`);
    return error as DecodeError;
  }
  throw new assert.Assertion({ message: 'expected a DecodeError, nothing was thrown', operator: 'throws' } as never);
}
