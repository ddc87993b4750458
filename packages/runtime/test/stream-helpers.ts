/** What the stream tests of every format share: feeding chunks, catching the error, cutting bytes. */
import * as assert from 'uvu/assert';
import { DecodeError } from '../src/errors.js';

/** Feeds `chunks` through a WHATWG decoder stream and collects the items (or the error). */
export async function run(stream: TransformStream<Uint8Array, unknown>, chunks: Uint8Array[]): Promise<unknown[]> {
  const items: unknown[] = [];
  await ReadableStream.from(chunks).pipeThrough(stream).pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
  return items;
}

/** The DecodeError `promise` rejects with; fails the test if it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<DecodeError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, DecodeError);
    return error as DecodeError;
  }
  throw new Error('expected a DecodeError');
}

/** Every way of cutting `bytes` into two chunks, and one byte per chunk. */
export function splits(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [];
  for (let cut = 0; cut <= bytes.length; cut++) out.push([bytes.subarray(0, cut), bytes.subarray(cut)]);
  out.push(Array.from(bytes, (byte) => Uint8Array.of(byte)));
  return out;
}
