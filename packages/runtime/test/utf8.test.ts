import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeUtf8, writeUtf8Bounded, utf8Length, isWellFormedText, UTF8_ENCODE_THRESHOLD, UTF8_NO_ROOM } from '../src/utf8.js';
import { readUtf8, UTF8_DECODE_THRESHOLD, UTF8_PLATFORM_MIN, UTF8_UNITS_MIN } from '../src/utf8-decode.js';

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

test('encodes well-formed text like TextEncoder on both sides of the threshold', () => {
  for (const text of samples.filter((s) => s.isWellFormed())) {
    for (const padded of [text, text + 'z'.repeat(UTF8_ENCODE_THRESHOLD)]) {
      assert.equal(Array.from(encodeWithOurs(padded)), Array.from(platform.encode(padded)), JSON.stringify(padded));
      assert.is(utf8Length(padded), platform.encode(padded).length);
    }
  }
});

test('refuses text with a lone surrogate on both sides of the threshold (returns -1)', () => {
  const lone = samples.filter((s) => !s.isWellFormed());
  assert.ok(lone.length >= 3);
  for (const text of lone) {
    for (const padded of [text, text + 'z'.repeat(UTF8_ENCODE_THRESHOLD), 'é'.repeat(UTF8_ENCODE_THRESHOLD) + text]) {
      const target = new Uint8Array(padded.length * 3 + 8);
      assert.is(writeUtf8(target, 3, padded), -1, JSON.stringify(padded));
      assert.is(isWellFormedText(padded), false);
    }
  }
  // A high surrogate at the very end, and a low one first, past the platform threshold too.
  for (const text of ['a'.repeat(UTF8_ENCODE_THRESHOLD) + '\ud83d', '\ude00' + 'a'.repeat(UTF8_ENCODE_THRESHOLD), '\ud83d\ud83d\ude00']) {
    assert.is(writeUtf8(new Uint8Array(text.length * 3), 0, text), -1, JSON.stringify(text));
  }
});

test('tells a real U+FFFD and other EF-led characters in long text from a lone surrogate', () => {
  // The platform path looks for the bytes EF BF BD that a lone surrogate becomes; U+FFFD itself
  // and U+F000..U+FFFF (fullwidth forms) also start with EF and must still encode. 300 units:
  // past the length from which the search is used.
  const long = 'é'.repeat(300);
  const valid = [long + '\ufffd', '\ufffd' + long + '\ufffd', '\uff0c'.repeat(12) + long, long + '\uf000\uffef\uff0c' + '😀'];
  for (const text of valid) {
    assert.equal(Array.from(encodeWithOurs(text)), Array.from(platform.encode(text)), JSON.stringify(text));
  }
  const lone = [long + '\ufffd\ud800', '\uff0c'.repeat(12) + long + '\udc00', long + '\uf000'.repeat(2) + '\ud83d' + long, long + '\ud800' + long];
  for (const text of lone) assert.is(writeUtf8(new Uint8Array(text.length * 3 + 8), 3, text), -1, JSON.stringify(text));
});

test('looks for a lone surrogate only in the bytes of the text and leaves the byte before it as it was', () => {
  // The search runs backwards over the whole buffer, stopped by an EF put before the text for the
  // call: U+FFFD's bytes (EF BF BD) just before and just after the text must not count.
  for (const text of ['é'.repeat(UTF8_ENCODE_THRESHOLD + 5), '😀'.repeat(200) + '\uff0c', '\uf000' + 'ж'.repeat(UTF8_ENCODE_THRESHOLD)]) {
    const bytes = platform.encode(text);
    const pos = 4;
    const target = new Uint8Array(pos + bytes.length * 2 + 8);
    target.set([0xef, 0xbf, 0xbd, 0x77], 0);
    target.set([0xbf, 0xbd, 0xef, 0xbf, 0xbd], pos + bytes.length);
    const end = writeUtf8(target, pos, text);
    assert.is(end, pos + bytes.length, JSON.stringify(text.slice(0, 4)));
    assert.equal(Array.from(target.subarray(0, pos)), [0xef, 0xbf, 0xbd, 0x77]);
    assert.equal(Array.from(target.subarray(pos, end)), Array.from(bytes));
    const lone = text + '\ud800';
    const refused = new Uint8Array(pos + lone.length * 3 + 8);
    refused[pos - 1] = 0x42;
    assert.is(writeUtf8(refused, pos, lone), -1);
    assert.is(refused[pos - 1], 0x42);
  }
});

test('encodes text a unit either side of the threshold, and refuses a lone surrogate anywhere in it', () => {
  for (let length = UTF8_ENCODE_THRESHOLD - 2; length <= UTF8_ENCODE_THRESHOLD + 2; length++) {
    for (const unit of ['a', 'ж', '语', '\ufffd']) {
      const text = unit.repeat(length);
      assert.equal(Array.from(encodeWithOurs(text)), Array.from(platform.encode(text)), `${unit} × ${length}`);
      for (const lone of ['\ud800', '\udfff']) {
        for (const at of [0, length >> 1, length - 1]) {
          const broken = text.slice(0, at) + lone + text.slice(at + 1);
          assert.is(writeUtf8(new Uint8Array(length * 3 + 8), 3, broken), -1, `${unit} × ${length}, ${JSON.stringify(lone)} at ${at}`);
        }
      }
    }
  }
});

test('counts a lone surrogate as 3 bytes in utf8Length', () => {
  assert.is(utf8Length('a\ud800b'), 5);
  assert.is(utf8Length('\udc00\ud800'), 6);
});

test('agrees with isWellFormed on text with surrogates in every position', () => {
  const units = [0x61, 0xe9, 0xd83d, 0xde00, 0xdbff, 0xdc00];
  for (const first of units) for (const second of units) for (const third of units) {
    const text = String.fromCharCode(first, second, third);
    assert.is(isWellFormedText(text), text.isWellFormed(), JSON.stringify(text));
    assert.is(writeUtf8(new Uint8Array(9), 0, text) !== -1, text.isWellFormed(), JSON.stringify(text));
  }
});

test('writeUtf8Bounded writes what fits and asks for room otherwise, never past the end', () => {
  for (const unit of ['a', 'é', '水', '😀', 'a\ud800']) {
    for (const length of [10, UTF8_ENCODE_THRESHOLD + 1, 300]) {
      const text = unit.repeat(Math.ceil(length / unit.length));
      const bytes = text.isWellFormed() ? platform.encode(text) : undefined;
      for (let room = text.length; room <= text.length * 3 + 8; room += 1 + (room >> 4)) {
        const target = new Uint8Array(2 + room);
        const end = writeUtf8Bounded(target, 2, text);
        if (end === UTF8_NO_ROOM) {
          // Asking for room is right when the text and 4 spare bytes do not fit, or (hand loop)
          // when the room is below the 3-bytes-a-unit worst case.
          const tight = text.length <= UTF8_ENCODE_THRESHOLD ? room < text.length * 3 + 4 : bytes === undefined || bytes.length + 4 > room;
          assert.ok(tight, `${unit} × ${length} in ${room}: asked for room`);
          continue;
        }
        if (bytes === undefined) {
          assert.is(end, -1, `${unit} × ${length} in ${room}`);
          continue;
        }
        assert.is(end, 2 + bytes.length);
        assert.ok(room - bytes.length >= 4, 'leaves 4 bytes for a wider head');
        assert.equal(Array.from(target.subarray(2, end)), Array.from(bytes));
      }
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

test('decodes ASCII of every short length, and a non-ASCII byte at any position of it', () => {
  // Past the hand path's limit (one fromCharCode call up to UTF8_DECODE_THRESHOLD bytes) too.
  for (let length = 0; length <= UTF8_DECODE_THRESHOLD + 8; length++) {
    const ascii = Array.from({ length }, (_, index) => String.fromCharCode(0x21 + ((index * 7) % 90))).join('');
    const bytes = platform.encode(`é${ascii}é`);
    assert.is(readUtf8(bytes, 2, length), ascii);
    for (let at = 0; at < length; at++) {
      const text = `${ascii.slice(0, at)}ö${ascii.slice(at + 1)}`;
      const encoded = platform.encode(text);
      assert.is(readUtf8(encoded, 0, encoded.length), text);
      // The same bytes with the lead byte alone: invalid at every position.
      const broken = Uint8Array.from([...platform.encode(ascii.slice(0, at)), 0xc3, ...platform.encode(ascii.slice(at + 1))]);
      assert.is(readUtf8(broken, 0, broken.length), undefined, `${length} at ${at}`);
    }
  }
});

test('decodes valid U+FFFD in long text, and still rejects invalid bytes next to it', () => {
  for (const text of ['\ufffd' + 'a'.repeat(100), 'a'.repeat(100) + '\ufffd', 'a'.repeat(2000) + '\ufffdé']) {
    const bytes = platform.encode(text);
    assert.is(readUtf8(bytes, 0, bytes.length), text);
    const broken = Uint8Array.from([...bytes, 0xff]);
    assert.is(readUtf8(broken, 0, broken.length), undefined);
  }
});

/** Text of exactly `bytes` UTF-8 bytes that starts with `unit` (ASCII 'a' fills what no unit fits). */
function textOfBytes(unit: string, bytes: number): string {
  let text = unit;
  // Mostly `unit`, an 'a' after every third so the lengths do not all fall on character edges.
  for (let count = 1; ; count++) {
    const next = count % 3 === 0 ? 'a' : unit;
    if (platform.encode(text + next).length > bytes) break;
    text += next;
  }
  while (platform.encode(text).length < bytes) text += 'a';
  return text;
}

/** Every length from 2 below to 2 above each decode threshold: the one-call ASCII path's, the UTF-16 buffer's, the platform's. */
const decodeEdges = [UTF8_DECODE_THRESHOLD, UTF8_UNITS_MIN, UTF8_PLATFORM_MIN].flatMap((edge) => [edge - 2, edge - 1, edge, edge + 1, edge + 2]);

test('decodes text that starts with non-ASCII at each threshold and a byte either side', () => {
  for (const unit of ['é', 'ж', '语', '😍', 'ø€']) {
    for (const bytes of decodeEdges) {
      const text = textOfBytes(unit, bytes);
      const encoded = platform.encode(text);
      assert.is(encoded.length, bytes);
      assert.is(readUtf8(encoded, 0, encoded.length), text, `${unit} ${bytes}`);
      // And inside a message, as codecs call it.
      const message = Uint8Array.from([0x78, ...encoded, 0x00]);
      assert.is(readUtf8(message, 1, bytes), text, `${unit} ${bytes} at offset 1`);
    }
  }
});

test('decodes a valid U+FFFD in non-ASCII text at each threshold and a byte either side', () => {
  // The platform turns invalid bytes into U+FFFD; a real one must still come through.
  for (const bytes of decodeEdges) {
    for (const text of [textOfBytes('\ufffd', bytes), textOfBytes('ж', bytes - 3) + '\ufffd', 'ж\ufffd' + textOfBytes('语', bytes - 5)]) {
      const encoded = platform.encode(text);
      assert.is(readUtf8(encoded, 0, encoded.length), text, `${JSON.stringify(text.slice(0, 3))} ${encoded.length}`);
    }
  }
});

test('rejects invalid UTF-8 just past each threshold, at the start, middle and end of the text', () => {
  for (const [name, invalidBytes] of invalid) {
    for (const bytes of decodeEdges) {
      for (const unit of ['ж', '语']) {
        const valid = [...platform.encode(textOfBytes(unit, bytes))];
        const middle = valid.length >> 1;
        // Cut back to a character boundary so only `invalidBytes` is wrong.
        let cut = middle;
        while ((valid[cut] & 0xc0) === 0x80) cut--;
        const cases = [
          [...invalidBytes, ...valid],
          [...valid.slice(0, cut), ...invalidBytes, ...valid.slice(cut)],
          [...valid, ...invalidBytes],
        ];
        for (const broken of cases) {
          assert.is(readUtf8(Uint8Array.from(broken), 0, broken.length), undefined, `${name} in ${unit} × ${bytes} (${broken.length} bytes)`);
        }
      }
    }
  }
  // A text cut inside its last character, one byte past each threshold.
  for (const bytes of decodeEdges) {
    const encoded = platform.encode(textOfBytes('ж', bytes) + '语');
    assert.is(readUtf8(encoded, 0, bytes + 2), undefined, `语 cut at ${bytes + 2}`);
  }
});

test('decodes long non-ASCII text across the UTF-16 buffer chunks, surrogate pairs at every alignment', () => {
  for (const text of ['ж'.repeat(20000), '😍'.repeat(5000), 'é' + '😍'.repeat(4200), 'жé' + '语'.repeat(9000) + '😍']) {
    const bytes = platform.encode(text);
    assert.is(readUtf8(bytes, 0, bytes.length), text);
    const broken = Uint8Array.from([...bytes, 0xed, 0xa0, 0x80]);
    assert.is(readUtf8(broken, 0, broken.length), undefined);
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
    const veryLong = Uint8Array.from([...platform.encode('é'.repeat(600)), ...bytes]);
    assert.is(readUtf8(veryLong, 0, veryLong.length), undefined, `${name} (very long, not ASCII)`);
  }
});

test.run();
