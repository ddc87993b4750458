// `format` as an assertion (formatAssertion: true): each format the front end lets through is
// checked by the generated encoder and decoder. Vectors are taken from the defining RFCs' examples
// and grammars, noted per line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { strictDiagnostics } from './support/type-check.js';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { encode as genericEncode } from '@binschema/runtime/cbor';
import * as formatChecks from '@binschema/runtime/formats';
import { ASSERTED_FORMATS, compileCodec, compileSchema } from '../src/index.js';
import { FORMAT_FUNCTIONS } from '../src/ir/formats.js';

const vectors: Record<string, { valid: string[]; invalid: string[] }> = {
  // RFC 3339 §5.8 examples; 1990-12-31T23:59:60Z is the leap second example.
  'date-time': {
    valid: ['1985-04-12T23:20:50.52Z', '1996-12-19T16:39:57-08:00', '1990-12-31T23:59:60Z', '1990-12-31T15:59:60-08:00', '1937-01-01t12:00:27.87+00:20'],
    invalid: ['1985-04-12 23:20:50Z', '1985-04-12T23:20:50', '1985-02-30T00:00:00Z', '1990-12-31T22:59:60Z', '1985-04-12T24:00:00Z'],
  },
  date: { valid: ['2024-02-29', '2000-02-29', '1999-12-31'], invalid: ['2023-02-29', '1900-02-29', '2024-13-01', '2024-1-01', '2024-04-31'] },
  time: { valid: ['08:30:06Z', '23:20:50.52+05:30'], invalid: ['08:30:06', '25:00:00Z', '08:60:00Z'] },
  // RFC 3339 Appendix A.
  duration: { valid: ['P1Y2M3DT4H5M6S', 'P4W', 'PT1M', 'P1D'], invalid: ['P', 'PT', 'P1W2D', '1Y', 'P1.5Y'] },
  email: { valid: ['joe@example.com', "o'hara+tag@mail.example.org"], invalid: ['joe', 'joe@', '@example.com', 'a..b@example.com'] },
  // RFC 1123 §2.1.
  hostname: { valid: ['example.com', 'a-b.c1', 'xn--bcher-kva.example'], invalid: ['-a.com', 'a_b.com', `${'a'.repeat(64)}.com`, ''] },
  // RFC 6531 §3.3.
  'idn-email': { valid: ['\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a', 'joe@example.com'], invalid: ['\u00fc..\u00fc@example.com', 'a@\u0640.com'] },
  // RFC 5890 §2.3.2.3 (U-labels, A-labels), RFC 5893 §2 rule 1.
  'idn-hostname': { valid: ['b\u00fccher.example', 'xn--bcher-kva.example'], invalid: ['B\u00fccher.example', '0a.\u05d0', 'a..b'] },
  ipv4: { valid: ['192.168.0.1', '0.0.0.0', '255.255.255.255'], invalid: ['256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5'] },
  // RFC 4291 §2.2 examples.
  ipv6: {
    valid: ['2001:DB8:0:0:8:800:200C:417A', '2001:DB8::8:800:200C:417A', 'FF01::101', '::1', '::', '::13.1.68.3', '::FFFF:129.144.52.38'],
    invalid: ['2001:DB8::8::417A', '12345::', '1:2:3:4:5:6:7:8:9', ':1', '::256.1.1.1'],
  },
  // RFC 3986 §1.1.2 examples.
  uri: { valid: ['ftp://ftp.is.co.za/rfc/rfc1808.txt', 'mailto:John.Doe@example.com', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2'], invalid: ['//example.com/a', 'a b:c', 'http://x/%zz'] },
  'uri-reference': { valid: ['../a/b?c#d', '//example.com', ''], invalid: ['a b', '%', '\\\\x', '1:b'] },
  // RFC 3987 §3.1 and §2.2.
  iri: { valid: ['http://r\u00e9sum\u00e9.example.org', 'http://example.org/?q=\ue000'], invalid: ['\u00e9', 'http://example.org/\ue000'] },
  'iri-reference': { valid: ['\u00e9', '#\u00e9'], invalid: ['\u00e9:\u00e9', 'a b'] },
  // RFC 6570 §1.2.
  'uri-template': { valid: ['http://example.com/search{?q,lang}', '{/list*,path:4}'], invalid: ['{var', '{v:0}', 'a b'] },
  // RFC 4122 §3.
  uuid: { valid: ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6'], invalid: ['urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'f81d4fae7dec11d0a76500a0c91e6bf6', 'g81d4fae-7dec-11d0-a765-00a0c91e6bf6'] },
  // RFC 6901 §5.
  'json-pointer': { valid: ['', '/foo', '/foo/0', '/a~1b', '/m~0n', '/ '], invalid: ['foo', '/~2', '/a~'] },
  // draft-handrews-relative-json-pointer-01 §5.1.
  'relative-json-pointer': { valid: ['0', '1/0', '2/highly/nested/objects', '0#'], invalid: ['/foo', '01', '-1/foo', '1#/foo'] },
  regex: { valid: ['^a+$', '\\p{L}'], invalid: ['(', '\\p{Nope}'] },
};

const test = suite('format assertions in generated CBOR codecs');

test('covers every format the front end asserts', () => {
  assert.equal(Object.keys(vectors).sort(), [...ASSERTED_FORMATS].sort());
});

for (const [format, { valid, invalid }] of Object.entries(vectors)) {
  test(`${format}: accepts valid and rejects invalid strings in both directions`, () => {
    const codec = compileCodec({ type: 'string', format }, { format: 'cbor', formatAssertion: true });
    for (const text of valid) {
      assert.is(codec.decode(codec.encode(text)), text, `valid ${JSON.stringify(text)}`);
    }
    for (const text of invalid) {
      assert.throws(() => codec.encode(text), (error: unknown) => isEncodeError(error) && error.code === 'schema-violation', `encode ${JSON.stringify(text)}`);
      assert.throws(() => codec.decode(genericEncode(text)), (error: unknown) => isDecodeError(error) && error.code === 'schema-violation' && error.offset === 0, `decode ${JSON.stringify(text)}`);
    }
  });
}

test('imports a function @binschema/runtime/formats exports for every asserted format', () => {
  assert.equal(Object.keys(FORMAT_FUNCTIONS).sort(), [...ASSERTED_FORMATS].sort());
  for (const name of Object.values(FORMAT_FUNCTIONS)) assert.type((formatChecks as Record<string, unknown>)[name], 'function', name);
});

const repo = fileURLToPath(new URL('../../../', import.meta.url));

for (const format of ['cbor', 'ubjson', 'msgpack'] as const) {
  test(`an ahead-of-time ${format} module imports every check from @binschema/runtime/formats, type-checks and runs`, async () => {
    const properties = Object.fromEntries([...ASSERTED_FORMATS].map((name) => [name, { type: 'string', format: name }]));
    const [file] = compileSchema({ type: 'object', properties }, 'formats', { format, formatAssertion: true });
    const imported = /import \{ ([^}]*) \} from '@binschema\/runtime\/formats';/.exec(file.text);
    assert.ok(imported !== null, 'an import from @binschema/runtime/formats');
    // Each as `isEmail as isEmail$import`, bound again as a module const (emit/module/assemble.ts).
    assert.equal(imported[1].split(', ').map((spec) => spec.split(' as ')[0]).sort(), Object.values(FORMAT_FUNCTIONS).sort());
    for (const name of Object.values(FORMAT_FUNCTIONS)) assert.not.ok(file.text.includes(`function ${name}(`), `no local copy of ${name}`);
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(repo, '.tmp', 'formats-'));
    try {
      writeFileSync(join(dir, file.fileName), file.text);
      assert.equal(strictDiagnostics([join(dir, file.fileName)]), []);
      const module = (await import(pathToFileURL(join(dir, file.fileName)).href)) as { encode(value: unknown): Uint8Array; decode(bytes: Uint8Array): unknown };
      const value = Object.fromEntries(Object.entries(vectors).map(([name, { valid }]) => [name, valid[0]]));
      assert.equal(module.decode(module.encode(value)), value);
      assert.throws(() => module.encode({ ...value, hostname: 'example.' }), (error: unknown) => isEncodeError(error) && error.code === 'schema-violation' && error.path === '/hostname');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('format is only an annotation without formatAssertion', () => {
  const codec = compileCodec({ type: 'string', format: 'ipv4' }, { format: 'cbor' });
  assert.is(codec.decode(codec.encode('not an address')), 'not an address');
});

test.run();
