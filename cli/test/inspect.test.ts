import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli, bytes } from './run-cli.js';

// Golden outputs written by hand from RFC 8949 (§3 heads, §8 notation, Appendix A items) and the
// dump layout documented in src/inspect/dump.ts: offset, head bytes, nesting, type(argument) value.

const inspect = suite('binschema inspect');
const dir = mkdtempSync(join(tmpdir(), 'binschema-inspect-'));
const file = (name: string, content: Uint8Array | string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

inspect('dumps RFC 8949 Appendix A {"a": 1, "b": [2, 3]} one item per line from a file', () => {
  const run = runCli(['inspect', file('map.cbor', bytes('a26161016162820203'))]);
  assert.is(run.status, 0);
  assert.is(run.stdout.toString(), [
    '     0  a2                  map(2)',
    '     1  61                    text(1) "a"',
    '     3  01                    unsigned(1) 1',
    '     4  61                    text(1) "b"',
    '     6  82                    array(2)',
    '     7  02                      unsigned(2) 2',
    '     8  03                      unsigned(3) 3',
    '',
  ].join('\n'));
});

inspect('says an empty input has no items, in the dump and --diag, from a file and a pipe', () => {
  for (const [args, name] of [[[file('empty.cbor', '')], 'empty.cbor'], [['-'], 'stdin'], [['-', '--diag'], 'stdin']] as const) {
    const run = runCli(['inspect', ...args], new Uint8Array(0));
    assert.is(run.status, 0);
    assert.is(run.stdout.toString(), '');
    assert.match(run.stderr.toString(), new RegExp(`${name} is empty: no items\\n$`));
  }
});

inspect('dumps indefinite lengths with their breaks, read from a pipe', () => {
  // RFC 8949 Appendix A: [_ 1, [2, 3], [_ 4, 5]]
  const run = runCli(['inspect', '-'], bytes('9f018202039f0405ffff'));
  assert.is(run.status, 0);
  assert.is(run.stdout.toString(), [
    '     0  9f                  array(*)',
    '     1  01                    unsigned(1) 1',
    '     2  82                    array(2)',
    '     3  02                      unsigned(2) 2',
    '     4  03                      unsigned(3) 3',
    '     5  9f                    array(*)',
    '     6  04                      unsigned(4) 4',
    '     7  05                      unsigned(5) 5',
    '     8  ff                    break',
    '     9  ff                  break',
    '',
  ].join('\n'));
});

inspect('shows heads with their arguments, tags, floats and byte strings', () => {
  // 1(1363896240), 1.5 as f16, h'0102', -1000, 24 in one-byte form: a CBOR sequence (RFC 8742).
  const run = runCli(['inspect', '-'], bytes('c11a514b67b0 f93e00 420102 3903e7 1818'));
  assert.is(run.stdout.toString(), [
    '     0  c1                  tag(1)',
    '     1  1a514b67b0            unsigned(1363896240) 1363896240',
    '     6  f93e00              float16 1.5',
    '     9  42                  bytes(2) h\'0102\'',
    '    12  3903e7              negative(999) -1000',
    '    15  1818                unsigned(24) 24',
    '',
  ].join('\n'));
});

inspect('shows everything up to an error, then the error at its offset with the bytes around it', () => {
  // [1, "\xc3(", …]: 0xc3 0x28 is not UTF-8 (0x28 is no continuation byte).
  const run = runCli(['inspect', '-'], bytes('83 01 62 c3 28 02'));
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), [
    '     0  83                  array(3)',
    '     1  01                    unsigned(1) 1',
    'error: cbor decode: invalid UTF-8 in text at offset 3',
    '     0  83 01 62 c3 28 02',
    '                 ^^',
    '',
  ].join('\n'));
});

inspect('points after the last byte when the input ends inside an item', () => {
  // An array head declaring 2 elements with 1 byte left: refused before reading on (RFC 8949 §3).
  const run = runCli(['inspect', '-'], bytes('82 01'));
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), [
    '     0  82                  array(2)',
    'error: cbor decode: unexpected end of input (need 2 bytes, have 1) at offset 2',
    '     0  82 01',
    '              ^^ end of input',
    '',
  ].join('\n'));
});

inspect('prints RFC 8949 diagnostic notation with --diag, encoding indicators with --exact', () => {
  const input = bytes('a26161016162820203 190001 f93e00 5f42010243030405ff');
  assert.is(runCli(['inspect', '-', '--diag'], input).stdout.toString(), '{"a": 1, "b": [2, 3]}, 1, 1.5, (_ h\'0102\', h\'030405\')\n');
  assert.is(runCli(['inspect', '-', '--diag', '--exact'], input).stdout.toString(), '{"a": 1, "b": [2, 3]}, 1_1, 1.5_1, (_ h\'0102\', h\'030405\')\n');
});

inspect('indents --diag output with --indent', () => {
  assert.is(runCli(['inspect', '-', '--diag', '--indent', '2'], bytes('a161618102')).stdout.toString(), '{\n  "a": [\n    2\n  ]\n}\n');
});

inspect('guesses UBJSON from the bytes and dumps it', () => {
  // {"a": [$i#2 1, -1], "b": "abc"} with every marker written out (UBJSON Draft 12).
  const ubjson = Buffer.concat([Buffer.from('{U\x01a[$i#U\x02'), Buffer.from([0x01, 0xff]), Buffer.from('U\x01bSU\x03abc}')]);
  const run = runCli(['inspect', file('doc-ubjson.bin', ubjson)]);
  assert.is(run.status, 0);
  assert.is(run.stdout.toString(), [
    '     0  7b                  object',
    '     1  5501                  key(1) "a"',
    '     4  5b2469235502          array($i #2)',
    '    10  01                      int8 1',
    '    11  ff                      int8 -1',
    '    12  5501                  key(1) "b"',
    '    15  535503                string(3) "abc"',
    '    21  7d                  end',
    '',
  ].join('\n'));
  assert.is(runCli(['inspect', '-', '--diag', '--exact'], ubjson).stdout.toString(), '{"a"_U: [$i#U 1, -1], "b"_U: "abc"_SU}\n');
});

inspect('labels items with their JSON Pointer and schema location and marks the first that breaks the schema', () => {
  const schema = file('s.json', JSON.stringify({
    type: 'object',
    properties: { a: { type: 'integer' }, b: { type: 'array', items: { $ref: '#/$defs/small' } } },
    $defs: { small: { type: 'integer', maximum: 2 } },
  }));
  const run = runCli(['inspect', file('m.cbor', bytes('a26161016162820203')), '--schema', schema]);
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), [
    '     0  a2                  map(2)                                    / #',
    '     1  61                    text(1) "a"                             /a #/properties/a',
    '     3  01                    unsigned(1) 1                           /a #/properties/a',
    '     4  61                    text(1) "b"                             /b #/properties/b',
    '     6  82                    array(2)                                /b #/properties/b',
    '     7  02                      unsigned(2) 2                         /b/0 #/$defs/small',
    '     8  03                      unsigned(3) 3                         /b/1 #/$defs/small  <-- schema-violation: must be <= 2 (#/$defs/small)',
    '',
  ].join('\n'));
});

inspect('cuts long strings to 60 characters on a dump line', () => {
  // Text of 70 "a" (0x78 0x46), then 40 bytes of 0xab (0x58 0x28).
  const run = runCli(['inspect', '-'], bytes('7846' + '61'.repeat(70) + '5828' + 'ab'.repeat(40)));
  assert.is(run.stdout.toString(), [
    `     0  7846                text(70) "${'a'.repeat(57)}…"`,
    `    72  5828                bytes(40) h'${'ab'.repeat(28)}…'`,
    '',
  ].join('\n'));
});

inspect('stops after --max-items', () => {
  const run = runCli(['inspect', '-', '--max-items', '2'], bytes('83010203'));
  assert.is(run.status, 0);
  assert.is(run.stdout.toString(), '     0  83                  array(3)\n     1  01                    unsigned(1) 1\n… stopped after 2 items (--max-items)\n');
});

inspect('refuses JSON and a missing file with exit code 2', () => {
  const json = runCli(['inspect', '-'], '{"a": 1}');
  assert.is(json.status, 2);
  assert.match(json.stderr, /looks like JSON/);
  const missing = runCli(['inspect', join(dir, 'nope.cbor')]);
  assert.is(missing.status, 2);
  assert.match(missing.stderr, /ENOENT/);
});

inspect('guesses MessagePack from the bytes and dumps it with the spec.md format names', () => {
  // {"a": [1, -1, 300], "b": "abc", "t": timestamp 2018-01-02T03:04:05Z, "x": h'0102'}, written by hand.
  const msgpack = bytes('84 a161 93 01 ff cd012c a162 a3616263 a174 d6ff5a4af6a5 a178 c4020102');
  const run = runCli(['inspect', file('doc-msgpack.bin', msgpack)]);
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.toString(), [
    '     0  84                  fixmap(4)',
    '     1  a1                    fixstr(1) "a"',
    '     3  93                    fixarray(3)',
    '     4  01                      positive fixint 1',
    '     5  ff                      negative fixint -1',
    '     6  cd012c                  uint16 300',
    '     9  a1                    fixstr(1) "b"',
    '    11  a3                    fixstr(3) "abc"',
    '    15  a1                    fixstr(1) "t"',
    '    17  d6ff                  fixext4(-1, 4) timestamp 2018-01-02T03:04:05Z',
    '    23  a1                    fixstr(1) "x"',
    '    25  c402                  bin8(2) h\'0102\'',
    '',
  ].join('\n'));
  assert.is(runCli(['inspect', '-', '--diag'], msgpack).stdout.toString(), '{"a": [1, -1, 300], "b": "abc", "t": ext(-1, h\'5a4af6a5\'), "x": h\'0102\'}\n');
  assert.is(runCli(['inspect', '-', '--diag', '--exact'], msgpack).stdout.toString(), '{"a": [1, -1, 300_uint16], "b": "abc", "t": ext(-1, h\'5a4af6a5\')_fixext4, "x": h\'0102\'_bin8}\n');
});

inspect('reads MessagePack with --format msgpack where the guess would be CBOR, and shows an error at its offset', () => {
  // 1, 2, then 0xc1 (never used): as CBOR, 01 and 02 are integers too.
  const run = runCli(['inspect', '-', '--format', 'msgpack'], bytes('01 02 92 c3 c1'));
  assert.is(run.status, 1);
  assert.is(run.stdout.toString(), [
    '     0  01                  positive fixint 1',
    '     1  02                  positive fixint 2',
    '     2  92                  fixarray(2)',
    '     3  c3                    true',
    'error: msgpack decode: reserved byte 0xc1 (never used) at offset 4',
    '     0  01 02 92 c3 c1',
    '                    ^^',
    '',
  ].join('\n'));
  assert.match(runCli(['inspect', '-'], bytes('01 02')).stdout.toString(), /unsigned\(1\) 1/);
});

inspect('shows extension types, long strings cut, and a timestamp with nanoseconds', () => {
  const run = runCli(['inspect', '-', '-f', 'msgpack'], bytes('d7ff a1dcd7c8 5a4af6a5' + 'c70307 707172' + 'd946' + '61'.repeat(70)));
  assert.is(run.stdout.toString(), [
    '     0  d7ff                fixext8(-1, 8) timestamp 2018-01-02T03:04:05.678901234Z',
    '    10  c70307              ext8(7, 3) h\'707172\'',
    `    16  d946                str8(70) "${'a'.repeat(57)}…"`,
    '',
  ].join('\n'));
});

inspect('labels MessagePack items with --schema as CBOR items, the first that breaks the schema marked', () => {
  const schema = file('s-msgpack.json', JSON.stringify({
    type: 'object',
    properties: { a: { type: 'integer' }, b: { type: 'array', items: { $ref: '#/$defs/small' } } },
    $defs: { small: { type: 'integer', maximum: 2 } },
  }));
  // {"a": 1, "b": [2, 3]} by hand (spec.md "Formats"): 82 a161 01 a162 92 02 03.
  const run = runCli(['inspect', '-', '-f', 'msgpack', '--schema', schema, '--no-pager'], bytes('82a16101a162920203'));
  assert.is(run.status, 1, run.stderr);
  assert.is(run.stdout.toString(), [
    '     0  82                  fixmap(2)                                 / #',
    '     1  a1                    fixstr(1) "a"                           /a #/properties/a',
    '     3  01                    positive fixint 1                       /a #/properties/a',
    '     4  a1                    fixstr(1) "b"                           /b #/properties/b',
    '     6  92                    fixarray(2)                             /b #/properties/b',
    '     7  02                      positive fixint 2                     /b/0 #/$defs/small',
    '     8  03                      positive fixint 3                     /b/1 #/$defs/small  <-- schema-violation: must be <= 2 (#/$defs/small)',
    '',
  ].join('\n'));
});

// Issue 38: {name: 'inspect me', list: [1, -2, 3.5, 'x'], nested: {deep: [true, null]}} from the
// runtime's generic encoders, whole and cut to its first 20 bytes, in files named for their format.
const WHOLE = {
  cbor: 'a3 646e616d65 6a696e7370656374206d65 646c697374 84 01 21 fb400c000000000000 6178 666e6573746564 a1 6464656570 82 f5 f6',
  ubj: '7b 6904 6e616d65 53 690a 696e7370656374206d65 6904 6c697374 5b 6901 69fe 44400c000000000000 53 6901 78 5d 6906 6e6573746564 7b 6904 64656570 5b 54 5a 5d 7d 7d',
  msgpack: '83 a4 6e616d65 aa 696e7370656374206d65 a4 6c697374 94 01 fe cb400c000000000000 a178 a6 6e6573746564 81 a4 64656570 92 c3 c0',
};

inspect('reads a cut .cbor, .ubj and .msgpack file in the format its name states and reports the cut at offset 20 with exit code 1', () => {
  // Each cut ends inside a string: CBOR text(4) "list" and MessagePack fixstr(4) "list" with 2
  // of their 4 bytes, UBJSON right after the value "inspect me". The last 8 bytes are shown.
  const expected = {
    cbor: { format: 'cbor', first: '     0  a3                  map(3)', context: '    12  63 74 20 6d 65 64 6c 69' },
    ubj: { format: 'ubjson', first: '     0  7b                  object', context: '    12  73 70 65 63 74 20 6d 65' },
    msgpack: { format: 'msgpack', first: '     0  83                  fixmap(3)', context: '    12  63 74 20 6d 65 a4 6c 69' },
  };
  for (const [extension, hex] of Object.entries(WHOLE) as [keyof typeof WHOLE, string][]) {
    const { format, first, context } = expected[extension];
    const whole = runCli(['inspect', file(`whole.${extension}`, bytes(hex))]);
    assert.is(whole.status, 0, `whole.${extension}: ${whole.stdout}`);
    assert.is(whole.stdout.toString().split('\n')[0], first);
    const cut = runCli(['inspect', file(`cut.${extension}`, bytes(hex).subarray(0, 20))]);
    assert.is(cut.status, 1, `cut.${extension}: ${cut.stdout}`);
    const lines = cut.stdout.toString().split('\n');
    assert.is(lines[0], first);
    assert.match(lines.at(-4)!, new RegExp(`^error: ${format} decode: unexpected end of input.* at offset 20$`));
    assert.equal(lines.slice(-3), [context, `${' '.repeat(32)}^^ end of input`, '']);
  }
});

inspect('reads a file in the format its name states though the bytes would be guessed otherwise; --format overrides the name', () => {
  // 0x01 0x02 is two integers in CBOR and in MessagePack: guessed CBOR, stated MessagePack.
  const path = file('small.mpk', bytes('01 02'));
  assert.is(runCli(['inspect', path]).stdout.toString(), '     0  01                  positive fixint 1\n     1  02                  positive fixint 2\n');
  assert.is(runCli(['inspect', path, '--format', 'cbor']).stdout.toString(), '     0  01                  unsigned(1) 1\n     1  02                  unsigned(2) 2\n');
  const json = runCli(['inspect', file('doc.json', bytes('a0'))]);
  assert.is(json.status, 2);
  assert.match(json.stderr, /doc\.json is JSON by its name/);
});

inspect.after(() => rmSync(dir, { recursive: true }));
inspect.run();
