// Generated modules export decodeStream/encodeStream for their root type: the runtime's stream
// factories around the generated decode/encode, so schema checks apply to every streamed item.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileSchema, type Format } from '../src/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
mkdirSync(join(repo, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(repo, '.tmp', 'generated-streams-'));

const SCHEMA = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 0 }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
};

interface StreamModule {
  encode(value: unknown): Uint8Array;
  decodeStream(options?: { maxItemBytes?: number }): TransformStream<Uint8Array, unknown>;
  encodeStream(): TransformStream<unknown, Uint8Array>;
}

async function load(format: Format): Promise<StreamModule> {
  const [file] = compileSchema(SCHEMA, 'record', { format });
  const path = join(dir, file.fileName);
  writeFileSync(path, file.text);
  return (await import(pathToFileURL(path).href)) as StreamModule;
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const items: T[] = [];
  await stream.pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
  return items;
}

const streams = suite('generated decodeStream and encodeStream');

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  streams(`${format}: encodeStream → bytes cut at every 3rd byte → decodeStream gives the records back`, async () => {
    const codec = await load(format);
    const records = [{ id: 1, name: 'a' }, { id: 2, name: 'bé' }, { id: 3, name: '' }];
    const chunks = await collect(ReadableStream.from(records).pipeThrough(codec.encodeStream()));
    const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    chunks.reduce((pos, chunk) => (whole.set(chunk, pos), pos + chunk.length), 0);
    const cut: Uint8Array[] = [];
    for (let start = 0; start < whole.length; start += 3) cut.push(whole.subarray(start, start + 3));
    assert.equal(await collect(ReadableStream.from(cut).pipeThrough(codec.decodeStream())), records);
  });

  streams(`${format}: decodeStream applies the schema to each item, with the stream offset, after the items before it`, async () => {
    const codec = await load(format);
    const first = codec.encode({ id: 1, name: 'a' });
    // A second item that is well-formed but breaks `minimum: 0`, built with the generic encoder.
    const runtime = await import(`@binschema/runtime/${format}`);
    const second = runtime.encode({ id: -1, name: 'b' }) as Uint8Array;
    const together = new Uint8Array([...first, ...second]);
    // As two chunks, and as one: the first record arrives before the error either way.
    for (const chunks of [[first.slice(), second.slice()], [together]]) {
      const items: unknown[] = [];
      try {
        await ReadableStream.from(chunks).pipeThrough(codec.decodeStream()).pipeTo(new WritableStream({ write: (item) => void items.push(item) }));
        assert.unreachable('decoded');
      } catch (error) {
        assert.is((error as { code: string }).code, 'schema-violation');
        assert.ok((error as { offset: number }).offset >= first.length, `offset ${(error as { offset: number }).offset}`);
      }
      assert.equal(items, [{ id: 1, name: 'a' }], `${chunks.length} chunk(s)`);
    }
  });

  streams(`${format}: encodeStream refuses a value the schema refuses`, async () => {
    const codec = await load(format);
    try {
      await collect(ReadableStream.from([{ id: 'x' }]).pipeThrough(codec.encodeStream()));
      assert.unreachable('encoded');
    } catch (error) {
      assert.is((error as { name: string }).name, 'EncodeError');
    }
  });
}

streams.after(() => rmSync(dir, { recursive: true, force: true }));
streams.run();
