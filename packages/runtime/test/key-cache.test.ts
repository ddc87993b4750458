import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { KeyCache, KEY_CACHE_MAX_LENGTH, KEY_CACHE_SLOTS, slotOf } from '../src/key-cache.js';
import { testDataUrl } from '../../../test-data/index.js';

const encoder = new TextEncoder();
const test = suite('key cache');

/** `text` as UTF-8 in the middle of a larger buffer, with other bytes around it. */
function placed(text: string): { source: Uint8Array; start: number; length: number } {
  const bytes = encoder.encode(text);
  const source = new Uint8Array(bytes.length + 6).fill(0x7a);
  source.set(bytes, 3);
  return { source, start: 3, length: bytes.length };
}

test('gives the key of every length, cached or not, again and again', () => {
  const cache = new KeyCache();
  for (let length = 0; length <= KEY_CACHE_MAX_LENGTH + 8; length++) {
    for (const text of ['k'.repeat(length), 'é'.repeat(length >> 1) + 'x'.repeat(length & 1)]) {
      const { source, start, length: size } = placed(text);
      for (let round = 0; round < 3; round++) assert.is(cache.get(source, start, size), text);
    }
  }
});

test('refuses invalid UTF-8 and does not keep it', () => {
  const cache = new KeyCache();
  const invalid = Uint8Array.from([0x61, 0xc3, 0x62]);
  assert.is(cache.get(invalid, 0, 3), undefined);
  assert.is(cache.get(invalid, 0, 3), undefined);
});

test('does not give a cached key for other bytes at the same place', () => {
  const cache = new KeyCache();
  const { source, start, length } = placed('alpha');
  assert.is(cache.get(source, start, length), 'alpha');
  source.set(encoder.encode('alphb'), start);
  assert.is(cache.get(source, start, length), 'alphb');
  source.set(encoder.encode('alpha'), start);
  assert.is(cache.get(source, start, length), 'alpha');
});

test('puts long keys that share their start, middle and end in slots of their own', () => {
  // very-large-object's test names ("ref schema - ref to type definition, ok" / ", fail", ...):
  // hashing a few sampled bytes sent most of them to slots already taken.
  const payload = JSON.parse(readFileSync(testDataUrl('payloads/very-large-object.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  const names = Object.keys(Object.values(payload).find((value) => typeof value === 'object' && value !== null && Object.keys(value).length > 300)!);
  const long = names.map((name) => encoder.encode(name)).filter((bytes) => bytes.length > 24 && bytes.length <= KEY_CACHE_MAX_LENGTH);
  assert.ok(long.length > 200, `${long.length} long names`);
  const slots = new Set(long.map((bytes) => slotOf(bytes, 0, bytes.length)));
  // Uniform hashing into 4096 slots would leave ~4% of them sharing a slot.
  assert.ok(slots.size >= long.length * 0.9, `${slots.size} slots for ${long.length} keys`);
  for (const slot of slots) assert.ok(slot >= 0 && slot < KEY_CACHE_SLOTS);
});

test.run();
