import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readUtf8, writeUtf8, utf8Length, UTF8_ENCODE_THRESHOLD, UTF8_DECODE_THRESHOLD } from '../src/utf8.js';

const test = suite('utf8');
const platform = new TextEncoder();

function encodeWithOurs(text: string): Uint8Array {
  const target = new Uint8Array(text.length * 3 + 8);
  const end = writeUtf8(target, 3, text);
  return target.slice(3, end);
}

const samples = [
  '', 'a', 'hello', 'ø', 'Привет', '日本語', '😀', 'a😀b', '\u0000', '\u07ff\u0800\uffff',
  '\ud800', 'x\udc00y', '\ud83d', 'é'.repeat(40), '😀'.repeat(30), 'ascii '.repeat(20),
];

test('encodes like TextEncoder on both sides of the threshold, lone surrogates as U+FFFD', () => {
  for (const text of samples) {
    for (const padded of [text, text + 'z'.repeat(UTF8_ENCODE_THRESHOLD)]) {
      assert.equal(Array.from(encodeWithOurs(padded)), Array.from(platform.encode(padded)), JSON.stringify(padded));
      assert.is(utf8Length(padded), platform.encode(padded).length);
    }
  }
});

test('decodes valid UTF-8 on both sides of the threshold', () => {
  for (const text of samples.filter((s) => s.isWellFormed())) {
    for (const padded of [text, text + 'z'.repeat(UTF8_DECODE_THRESHOLD)]) {
      const bytes = platform.encode(padded);
      assert.is(readUtf8(bytes, 0, bytes.length), padded);
    }
  }
});

test('keeps a leading byte order mark as data', () => {
  const bytes = platform.encode('\ufeff' + 'b'.repeat(UTF8_DECODE_THRESHOLD + 1));
  assert.is(readUtf8(bytes, 0, bytes.length)?.charCodeAt(0), 0xfeff);
  assert.is(readUtf8(bytes, 0, 3), '\ufeff');
});

const invalid: [string, number[]][] = [
  ['a lone continuation byte', [0x80]],
  ['an overlong two-byte form', [0xc0, 0xaf]],
  ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ['a truncated sequence', [0xe6, 0x97]],
  ['the byte 0xff', [0xff]],
];

test('rejects invalid UTF-8 on both sides of the threshold', () => {
  for (const [name, bytes] of invalid) {
    assert.is(readUtf8(Uint8Array.from(bytes), 0, bytes.length), undefined, name);
    const long = Uint8Array.from([...new Array(UTF8_DECODE_THRESHOLD).fill(0x61), ...bytes]);
    assert.is(readUtf8(long, 0, long.length), undefined, `${name} (long)`);
  }
});

test.run();
