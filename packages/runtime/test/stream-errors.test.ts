/**
 * A decoder stream that meets an error passes on every item before it, then the error, however
 * the input is cut and however fast the reader reads: erroring a stream drops what it has
 * queued, and that once lost items decoded from the same chunk as the error.
 */
import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cborDecoderStream, msgpackDecoderStream, ubjsonDecoderStream } from '../src/streams/index.js';
import { CborDecoderStream, MsgpackDecoderStream, UbjsonDecoderStream, NULL_ITEM } from '../src/streams/node.js';
import { DecodeError } from '../src/errors.js';
import { splits } from './stream-helpers.js';

const test = suite('decoder streams deliver the items before an error');

interface Case {
  name: string;
  /** Valid items, then bytes that fail at `offset` with `code`. */
  bytes: Uint8Array;
  items: unknown[];
  code: string;
  offset: number;
  whatwg: () => TransformStream<Uint8Array, unknown>;
  node: () => NodeJS.ReadWriteStream;
}

// Written by hand: three small items, then a byte no item may start with (or an item cut short).
const CASES: Case[] = [
  {
    name: 'CBOR, a break byte outside an indefinite-length item',
    bytes: Uint8Array.of(0x01, 0x82, 0x02, 0x03, 0xf6, 0xff),
    items: [1, [2, 3], null],
    code: 'not-well-formed',
    offset: 5,
    whatwg: () => cborDecoderStream(),
    node: () => new CborDecoderStream(),
  },
  {
    name: 'CBOR, input ending inside an item',
    bytes: Uint8Array.of(0x01, 0x61, 0x61, 0x83, 0x01),
    items: [1, 'a'],
    code: 'unexpected-end',
    offset: 5,
    whatwg: () => cborDecoderStream(),
    node: () => new CborDecoderStream(),
  },
  {
    name: 'UBJSON, a marker no value starts with',
    bytes: Uint8Array.of(0x69, 0x01, 0x5b, 0x69, 0x02, 0x5d, 0x5a, 0x21),
    items: [1, [2], null],
    code: 'not-well-formed',
    offset: 7,
    whatwg: () => ubjsonDecoderStream(),
    node: () => new UbjsonDecoderStream(),
  },
  {
    name: 'MessagePack, the never-used byte 0xc1',
    bytes: Uint8Array.of(0x01, 0x92, 0x02, 0x03, 0xc0, 0xc1),
    items: [1, [2, 3], null],
    code: 'not-well-formed',
    offset: 5,
    whatwg: () => msgpackDecoderStream(),
    node: () => new MsgpackDecoderStream(),
  },
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the reader takes items: as fast as it can, one per timer tick, or only after all input is in. */
const READERS = ['fast', 'slow', 'late'] as const;
type ReaderSpeed = (typeof READERS)[number];

interface Outcome {
  items: unknown[];
  error: unknown;
}

async function whatwg(stream: TransformStream<Uint8Array, unknown>, chunks: Uint8Array[], speed: ReaderSpeed): Promise<Outcome> {
  const items: unknown[] = [];
  const piped = ReadableStream.from(chunks).pipeThrough(stream);
  if (speed === 'late') await pause(5);
  try {
    for await (const item of piped) {
      items.push(item);
      if (speed === 'slow') await pause(1);
    }
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

async function node(stream: NodeJS.ReadWriteStream, chunks: Uint8Array[], speed: ReaderSpeed): Promise<Outcome> {
  const items: unknown[] = [];
  const take = (item: unknown) => void items.push(item === NULL_ITEM ? null : item);
  try {
    if (speed === 'late') {
      // Everything written before anyone reads; then the reader attaches.
      for (const chunk of chunks) stream.write(Buffer.from(chunk));
      stream.end();
      const failed = new Promise((_, reject) => stream.once('error', reject));
      await Promise.race([pause(5), failed]).catch(() => undefined);
      for await (const item of stream as unknown as AsyncIterable<unknown>) take(item);
    } else {
      await pipeline(
        Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
        stream,
        new Writable({
          objectMode: true,
          highWaterMark: 1,
          write: (item, _encoding, callback) => {
            take(item);
            if (speed === 'slow') setTimeout(callback, 1);
            else callback();
          },
        }),
      );
    }
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

function check(outcome: Outcome, expected: Case, where: string): void {
  assert.equal(outcome.items, expected.items, `${where}: items`);
  assert.instance(outcome.error, DecodeError, `${where}: error`);
  const error = outcome.error as DecodeError;
  assert.is(error.code, expected.code, `${where}: code`);
  assert.is(error.offset, expected.offset, `${where}: offset`);
}

for (const expected of CASES) {
  test(`WHATWG: ${expected.name}`, async () => {
    for (const chunks of splits(expected.bytes)) {
      for (const speed of READERS) {
        check(await whatwg(expected.whatwg(), chunks, speed), expected, `${speed} reader, chunks ${chunks.map((chunk) => chunk.length).join('+')}`);
      }
    }
  });

  test(`Node: ${expected.name}`, async () => {
    for (const chunks of splits(expected.bytes)) {
      for (const speed of READERS) {
        check(await node(expected.node(), chunks, speed), expected, `${speed} reader, chunks ${chunks.map((chunk) => chunk.length).join('+')}`);
      }
    }
  });
}

test('WHATWG: a writer that goes on writing after the error sees it', async () => {
  const stream = cborDecoderStream();
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const wrote = writer.write(Uint8Array.of(0x01, 0x02, 0xff)).catch((error: unknown) => error);
  assert.equal(await reader.read(), { done: false, value: 1 });
  assert.equal(await reader.read(), { done: false, value: 2 });
  const failed = await reader.read().catch((error: unknown) => error);
  assert.instance(failed, DecodeError);
  assert.is(await wrote, failed);
  const after = await writer.write(Uint8Array.of(0x01)).catch((error: unknown) => error);
  assert.is(after, failed);
});

test('WHATWG: the decoder stream is a TransformStream, and cancelling its reader fails its writer', async () => {
  const stream = cborDecoderStream();
  assert.instance(stream, TransformStream);
  const writer = stream.writable.getWriter();
  const reason = new Error('no more');
  await stream.readable.cancel(reason);
  const after = await writer.write(Uint8Array.of(0x01)).catch((error: unknown) => error);
  assert.is(after, reason);
});

test('WHATWG: cancelling the reader while an error is held settles the writer', async () => {
  const stream = cborDecoderStream();
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const wrote = writer.write(Uint8Array.of(0x01, 0x02, 0xff)).catch((error: unknown) => error);
  assert.equal(await reader.read(), { done: false, value: 1 });
  const reason = new Error('enough');
  await reader.cancel(reason);
  const settled = await Promise.race([wrote, new Promise((resolve) => setTimeout(() => resolve('still pending'), 200))]);
  assert.is(settled, reason);
});

test.run();
