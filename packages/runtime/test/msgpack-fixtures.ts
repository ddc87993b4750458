// Shared helpers of the msgpack*.test.ts suites: the benchmark payloads, the DecodeError a call
// throws, and a hex form for MessagePack bytes. Not a test file itself.
import { readdirSync, readFileSync } from 'node:fs';
import { DecodeError } from '../src/errors.js';
import { testDataUrl } from '../../../test-data/index.js';
import { fromHex } from './cbor-fixtures.js';

/** The eleven benchmark payloads (test-data/payloads), by file name. */
export function payloads(): { name: string; value: unknown }[] {
  const directory = testDataUrl('payloads/');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .sort()
    .map((name) => ({ name, value: JSON.parse(readFileSync(new URL(name, directory), 'utf8')) as unknown }));
}

/** Bytes from hex with optional spaces or dashes (`"cc-80"`, `"a1 61"`), as the test suite writes them. */
export function bytesOf(hex: string): Uint8Array {
  return fromHex(hex.replace(/[\s-]/g, ''));
}

/** The `DecodeError` `run` throws; anything else (another error or a value) fails the test. */
export function failure(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw new Error(`expected a DecodeError, got ${String(error)}`);
  }
  throw new Error('expected a DecodeError, got success');
}

/**
 * A bigint that a JSON payload's double stands for (large-object.json holds 968129121061490700,
 * beyond 2^53, which encoders write as a 64-bit integer): compared as that double.
 */
export function bigintsAsNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(bigintsAsNumbers);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = bigintsAsNumbers(item);
    return out;
  }
  return value;
}
