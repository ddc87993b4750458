// `format` checks of @binschema/runtime/formats. Every vector comes from the defining RFC (its
// examples, or a case its ABNF decides), noted per table; A-labels were computed with Python's
// independent `punycode` codec. The JSON Schema Test Suite runs through conformance.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as formats from '../src/formats/index.js';
import { decodePunycode, encodePunycode } from '../src/formats/punycode.js';
import { idnaProperty, isALabel, isULabel } from '../src/formats/idna.js';

type Check = (text: string) => boolean;

function verdicts(check: Check, valid: readonly string[], invalid: readonly string[]): void {
  for (const text of valid) assert.ok(check(text), `valid ${JSON.stringify(text)}`);
  for (const text of invalid) assert.not.ok(check(text), `invalid ${JSON.stringify(text)}`);
}

const dates = suite('dates and times (RFC 3339)');

dates('accepts the §5.8 examples, leap seconds included, and refuses impossible dates and times', () => {
  verdicts(
    formats.isDateTime,
    ['1985-04-12T23:20:50.52Z', '1996-12-19T16:39:57-08:00', '1990-12-31T23:59:60Z', '1990-12-31T15:59:60-08:00', '1937-01-01T12:00:27.87+00:20', '1985-04-12t23:20:50z'],
    ['1985-04-12 23:20:50Z', '1985-04-12T23:20:50', '1985-02-29T00:00:00Z', '1990-12-31T23:58:60Z', '1985-04-12T24:00:00Z', '1985-04-12T23:20:50+24:00'],
  );
});

dates('checks full-date days against their month with the §5.7 leap-year rule', () => {
  verdicts(formats.isDate, ['2000-02-29', '2004-02-29', '1999-12-31', '2024-04-30'], ['1900-02-29', '2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-01', '२०२४-01-01']);
});

dates('requires the time offset and allows a leap second only at 23:59:60 UTC', () => {
  verdicts(formats.isTime, ['08:30:06Z', '23:20:50.52+05:30', '23:59:60Z', '15:59:60-08:00'], ['08:30:06', '25:00:00Z', '08:60:00Z', '12:00:60Z', '08:30:06+5:30']);
});

dates.run();

const duration = suite('duration (RFC 3339 Appendix A)');

duration('accepts every production of the grammar', () => {
  verdicts(formats.isDuration, ['P3Y6M4DT12H30M5S', 'P1Y', 'P1Y2M', 'P1M2D', 'P1D', 'PT1H', 'PT1H2M', 'PT1M2S', 'PT2S', 'PT36H', 'P1W', 'P0D', 'P1DT2H'], []);
});

duration('refuses a skipped unit: dur-year = "Y" [dur-month], dur-hour = "H" [dur-minute]', () => {
  verdicts(formats.isDuration, [], ['P1Y2D', 'PT1H2S', 'P1Y3DT1H']);
});

duration('refuses empty parts, weeks with anything else, fractions, signs and non-ASCII digits', () => {
  verdicts(formats.isDuration, [], ['P', 'PT', 'P1YT', 'P1W2D', 'P1WT1H', 'P1.5Y', 'PT0,5S', '-P1D', 'P-1D', 'P2D1Y', 'P1D2H', 'P2S', '1Y', 'P১D', 'P1D\n']);
});

duration.run();

const hosts = suite('hostname, ipv4 and ipv6 (RFC 1123, RFC 2673, RFC 4291)');

hosts('accepts RFC 1123 §2.1 names and refuses empty labels, a trailing dot and bad label characters', () => {
  verdicts(
    formats.isHostname,
    ['example.com', 'a-b.c1', '1host', 'a--b.com', `${'a'.repeat(63)}.com`, ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')],
    ['', '.', 'example.', '.example', 'a..b', '-a.com', 'a-.com', 'a_b.com', `${'a'.repeat(64)}.com`, ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(62)].join('.'), 'exa mple.com', 'example．com', 'bücher.example'],
  );
});

hosts('accepts xn-- labels only when they are valid A-labels', () => {
  verdicts(
    formats.isHostname,
    ['xn--bcher-kva.example', 'XN--BCHER-KVA.example', 'xn--ihqwcrb4cv8a8dqg056pqjye', 'xn--d9juau41awczczp.test'],
    // The RFC 3492 §7.1 (A) string ends in U+061F ARABIC QUESTION MARK, which IDNA2008 disallows.
    ['xn--X', 'xn--', 'xn--abc-', 'xn--egbpdaj6bu4bxfgehfvwxn', 'xn--ber-ska.example'],
  );
});

hosts('accepts RFC 2673 §3.2 dotted quads without leading zeros', () => {
  verdicts(formats.isIpv4, ['192.168.0.1', '0.0.0.0', '255.255.255.255'], ['256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5', '1.2.3.4 ', '१.2.3.4']);
});

hosts('accepts the RFC 4291 §2.2 examples and refuses a second "::" or a ninth group', () => {
  verdicts(
    formats.isIpv6,
    ['ABCD:EF01:2345:6789:ABCD:EF01:2345:6789', '2001:DB8:0:0:8:800:200C:417A', '2001:DB8::8:800:200C:417A', 'FF01::101', '::1', '::', '0:0:0:0:0:0:13.1.68.3', '::13.1.68.3', '::FFFF:129.144.52.38'],
    ['2001:DB8::8::417A', '12345::', '1:2:3:4:5:6:7:8:9', ':1', '1::2:', '::256.1.1.1', '::1.2.3.04', 'g::1'],
  );
});

hosts.run();

const idna = suite('IDNA2008 labels and Punycode (RFC 3492, RFC 5891, RFC 5892)');

/** RFC 3492 §7.1 sample strings (A), (B), (C), (L), (R), (S). */
const PUNYCODE_SAMPLES: readonly [string, string][] = [
  ['\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f', 'egbpdaj6bu4bxfgehfvwxn'],
  ['\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587', 'ihqwcrb4cv8a8dqg056pqjye'],
  ['\u4ed6\u5011\u7232\u4ec0\u9ebd\u4e0d\u8aaa\u4e2d\u6587', 'ihqwctvzc91f659drss3x8bo0yb'],
  ['3\u5e74B\u7d44\u91d1\u516b\u5148\u751f', '3B-ww4c5e180e575a65lsy2b'],
  ['\u305d\u306e\u30b9\u30d4\u30fc\u30c9\u3067', 'd9juau41awczczp'],
  ['-> $1.00 <-', '-> $1.00 <--'],
];

idna('encodes and decodes the RFC 3492 §7.1 sample strings', () => {
  for (const [text, encoded] of PUNYCODE_SAMPLES) {
    const points = Array.from(text, (char) => char.codePointAt(0)!);
    assert.is(encodePunycode(points), encoded);
    assert.equal(decodePunycode(encoded), points);
  }
});

idna('refuses Punycode that ends mid-number, has a non-digit, or overflows (§6.2, §6.4)', () => {
  for (const text of ['X', 'a-9', 'ab-c!', 'ü-abc', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzz', '9'.repeat(200)]) assert.is(decodePunycode(text), undefined, text);
});

idna('derives RFC 5892 properties, exceptions (§2.6) included', () => {
  const expected: [string, string][] = [
    ['a', 'PVALID'], ['0', 'PVALID'], ['-', 'PVALID'], ['A', 'DISALLOWED'], [' ', 'DISALLOWED'], ['\u00df', 'PVALID'], ['\u03c2', 'PVALID'],
    ['\u3007', 'PVALID'], ['\u0640', 'DISALLOWED'], ['\u302e', 'DISALLOWED'], ['\u00b7', 'CONTEXTO'], ['\u0660', 'CONTEXTO'], ['\u200c', 'CONTEXTJ'],
    ['\u200d', 'CONTEXTJ'], ['\u1100', 'DISALLOWED'], ['\u20d0', 'DISALLOWED'], ['\u00c0', 'DISALLOWED'], ['\u0131', 'PVALID'], ['\u13a0', 'PVALID'],
    ['\uab70', 'DISALLOWED'], ['\u0378', 'DISALLOWED'], ['\ufdd0', 'DISALLOWED'], ['\u00ad', 'DISALLOWED'], ['\u4e2d', 'PVALID'], ['\u0301', 'PVALID'],
  ];
  for (const [char, property] of expected) assert.is(idnaProperty(char), property, `U+${char.codePointAt(0)!.toString(16)}`);
});

idna('applies the RFC 5892 Appendix A contextual rules', () => {
  verdicts(
    isALabel,
    // l·l (A.3), α͵β (A.4), א׳ (A.5), ア・イ (A.7), ٠١ (A.8), ZWJ after a virama (A.2), ب ZWNJ ب (A.1)
    ['xn--ll-0ea', 'xn--wva3je', 'xn--4db4e', 'xn--ccke4x', 'xn--8hbc', 'xn--11b2ezcw70k', 'xn--ngba799q'],
    // a·l, a͵b, a׳, a・b, ٠۱, ZWJ without a virama, ا ZWNJ ب (alef joins on the right only)
    ['xn--al-0ea', 'xn--ab-63b', 'xn--a-0jc', 'xn--ab-3n4a', 'xn--8hb40a', 'xn--11b2er09f', 'xn--mgbc799q'],
  );
});

idna('refuses a leading mark (§4.2.3.2), a non-NFC U-label, disallowed characters and broken Punycode', () => {
  // Valid: "über" in either case, U+3007, "abßc". Invalid: U+0301 then "a"; "a" then U+0301 (NFC
  // is U+00E1); "Über" (capital); U+0640 tatweel; a truncated number; U+0082 U+0081 U+0080.
  verdicts(isALabel, ['xn--ber-goa', 'XN--BER-GOA', 'xn--w6j', 'xn--abc-6ka'], ['xn--a-wbb', 'xn--a-xbb', 'xn--ber-ska', 'xn--a-eoc', 'xn--ber-goa0', 'xn--abc']);
});

idna('refuses "--" in the third and fourth positions of a U-label (§4.2.3.1)', () => {
  verdicts(isULabel, ['über', 'a--ü'], ['ab--ü', '-ü', 'ü-', '']);
});

idna('applies the RFC 5893 Bidi rule to every label of a name with an RTL label', () => {
  verdicts(
    formats.isHostname,
    // א; a.א; א0 (rule 3: may end in EN); א with a trailing NSM; 0a.b (no RTL label: not checked)
    ['xn--4db', 'a.xn--4db', 'xn--0-zhc', 'xn--hdb9b', '0a.b'],
    // 0a.א (rule 1); aא (rule 5); אa (rule 2); א0٠ (rule 4)
    ['0a.xn--4db', 'xn--a-0hc', 'xn--a-zhc', 'xn--0-zhc74b'],
  );
});

idna('accepts RFC 5890 internationalized names of U-labels, A-labels and LDH labels', () => {
  verdicts(
    formats.isIdnHostname,
    ['bücher.example', 'xn--bcher-kva.example', 'example.com', '\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587.test', 'l\u00b7l', 'a\u3002b', 'a\uff0eb', 'a\uff61b', '\u05d0.a', `${'a'.repeat(63)}.com`,
      // Four labels of 57 octets in DNS form (231 with the dots).
      Array.from({ length: 4 }, () => `${'ü'.repeat(10)}${'a'.repeat(40)}`).join('.')],
    [
      '', '.', 'a.', 'a..b', 'Bücher.example', 'b\u0075\u0308cher.example', '\u0301a', 'a\u00b7b', '-ü', 'ab--ü', 'a\u05d0', '0a.\u05d0', 'xn--X', 'a b', `${'a'.repeat(64)}.com`,
      // U-labels whose A-label passes 63 octets, and a name whose DNS form passes 253.
      'ü'.repeat(60), Array.from({ length: 5 }, () => `${'ü'.repeat(10)}${'a'.repeat(40)}`).join('.'),
    ],
  );
});

idna('refuses a name far too long for DNS at once, whatever its labels hold', () => {
  // 200,000 CJK ideographs (20,000 distinct): checked label by label, the Punycode encoding alone
  // took 8 s here (quadratic in distinct code points); the length bound refuses it first.
  const long = Array.from({ length: 200_000 }, (_, index) => String.fromCodePoint(0x4e00 + (index % 20_000))).join('');
  assert.not.ok(formats.isIdnHostname(long));
});

idna.run();

const uri = suite('URIs, IRIs and URI Templates (RFC 3986, RFC 3987, RFC 6570)');

uri('accepts the §1.1.2 and §3 examples, an IPvFuture literal and an empty port', () => {
  verdicts(
    formats.isUri,
    [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt', 'http://www.ietf.org/rfc/rfc2396.txt', 'ldap://[2001:db8::7]/c=GB?objectClass?one', 'mailto:John.Doe@example.com',
      'news:comp.infosystems.www.servers.unix', 'tel:+1-816-555-1212', 'telnet://192.0.2.16:80/', 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
      'foo://example.com:8042/over/there?name=ferret#nose', 'http://[v7.fe80::1]/', 'http://example.com:/', 'http://user:pass@host/', 'file:///etc/hosts', 'a:',
    ],
    [],
  );
});

uri('refuses what §3 rules out: no scheme, bad userinfo, ports, IP literals and path characters', () => {
  verdicts(formats.isUri, [], [
    '//example.com/a', '/abc', 'abc', '1a:b', 'a_b:c', ':x', 'http://a@b@c/', 'https://[@example.org/', 'http://example.com:8o/', 'http://h:1:2/', 'http://[::1/', 'http://[1::2::3]/',
    'http://[::ffff:01.2.3.4]', 'http://[v7]/', 'http://[::1]x/', 'http:/[::1]', 'http://x/%zz', 'http://x/%A', 'http://x/a b', 'http://x/ü', 'http://x/a\\b', 'http://x/#a#b',
  ]);
});

uri('accepts every reference of the §5.4 resolution examples', () => {
  const references = [
    'g:h', 'g', './g', 'g/', '/g', '//g', '?y', 'g?y', '#s', 'g#s', 'g?y#s', ';x', 'g;x', 'g;x?y#s', '', '.', './', '..', '../', '../g', '../..', '../../', '../../g',
    '../../../g', '/./g', '/../g', 'g.', '.g', 'g..', '..g', './../g', './g/.', 'g/./h', 'g/../h', 'g;x=1/./y', 'g;x=1/../y', 'g?y/./x', 'g?y/../x', 'g#s/./x', 'g#s/../x', 'http:g',
  ];
  verdicts(formats.isUriReference, references, []);
});

uri('refuses a colon in a first relative segment (§4.2) and authority errors in network-path references', () => {
  verdicts(formats.isUriReference, ['./this:that', 'a/b:c', '//'], ['1:b', '/[::1]', '//example.com:abc/p', '//a@b@example.com/', '//[::ffff:192.168.0.01]/p', '%', 'a b', '#frag\\ment']);
});

uri('accepts RFC 3987 IRIs: ucschar anywhere, iprivate only in the query', () => {
  verdicts(
    formats.isIri,
    ['http://r\u00e9sum\u00e9.example.org', 'http://www.example.org/D\u00fcrst', 'http://\u7d0d\u8c46.example.org/%E2%80%AE', 'http://example.org/?q=\ue000', 'http://example.org/\u{10000}', 'urn:\u00e9'],
    ['http://example.org/\ue000', 'http://example.org/\ufffe', 'http://example.org/\ud800', 'http://example.org/a b', 'http://example.org/\u200e', '/\u00e9', '\u00e9', 'http://[::1/'],
  );
  verdicts(formats.isIriReference, ['\u00e9', '/\u00e9', '#\u00e9', '//\u00e9/'], ['\u00e9:\u00e9', '#\u00e9\\', '\u202e', '1:b']);
});

uri('accepts the RFC 6570 §1.2 templates of every level and refuses broken expressions', () => {
  verdicts(
    formats.isUriTemplate,
    [
      '', 'http://example.com/~{username}/', 'http://example.com/dictionary/{term:1}/{term}', 'http://example.com/search{?q,lang}', '{var}', '{+var}', '{#var}', '{.var}', '{/var}',
      '{;x,y}', '{?x,y}', '{&x}', '{var:3}', '{list*}', '{/list*,path:4}', '{%41b}', '{a.b}', '{v:9999}', "'{var}'", 'a%41b', '\u00e9{x}',
    ],
    ['{', '}', '{var', 'a}b', '{}', '{+}', '{a,,b}', '{a,}', '{v:0}', '{v:01}', '{v:10000}', '{var:3*}', '{a..b}', '{$var}', '{a b}', 'a b', 'a"b', 'a<b', 'a%4', '{{x}}'],
  );
});

uri.run();

const email = suite('email and idn-email (RFC 5321 §4.1.2, RFC 6531 §3.3)');

email('accepts dot-string and quoted local parts (RFC 3696 §3 examples, as corrected by its errata)', () => {
  verdicts(formats.isEmail, [
    'joe@example.com', 'customer/department=shipping@example.com', '$A12345@example.com', '!def!xyz%abc@example.com', '_somename@example.com', 'user@localhost',
    '"Abc\\@def"@example.com', '"Fred\\ Bloggs"@example.com', '"Joe.\\\\Blow"@example.com', '"Abc@def"@example.com', '"Fred Bloggs"@example.com', '"joe..bloggs"@example.com', '""@example.com',
  ], []);
});

email('accepts §4.1.3 IPv4 and IPv6 address literals, and no other tag', () => {
  verdicts(
    formats.isEmail,
    ['a@[192.0.2.1]', 'a@[127.000.0.1]', 'a@[IPv6:2001:db8::1]', 'a@[ipv6:::1]', 'a@[IPv6:1:2:3:4:5:6:7:8]', 'a@[IPv6:1:2:3:4:5:6::]', 'a@[IPv6:::ffff:192.0.2.1]'],
    ['a@[256.0.0.1]', 'a@[1.2.3]', 'a@[IPv6:1:2:3:4:5:6:7::]', 'a@[IPv6:1:2:3:4:5::1.2.3.4]', 'a@[IPv6:1::2::3]', 'a@[Foo:bar]', 'a@[::1]', 'a@192.0.2.1]'],
  );
});

email('keeps the §4.5.3.1 size limits: a 64-octet local part and a 255-octet domain', () => {
  const domain = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(63)].join('.'); // 255 octets
  const longer = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61), 'ab'].join('.'); // 256 octets, every label valid
  verdicts(formats.isEmail, [`${'a'.repeat(64)}@example.com`, `a@${domain}`], [`${'a'.repeat(65)}@example.com`, `a@${longer}`]);
  // Octets, not characters, under RFC 6531: "é" is two.
  verdicts(formats.isIdnEmail, [`${'\u00e9'.repeat(32)}@example.com`], [`${'\u00e9'.repeat(33)}@example.com`]);
});

email('refuses misplaced dots, unquoted specials, raw quotes and bad domains', () => {
  verdicts(formats.isEmail, [], [
    'joe', '@example.com', 'joe@', '.a@example.com', 'a.@example.com', 'a..b@example.com', 'joe bloggs@example.com', '"a"b"@example.com', '"a\\"@example.com', 'a"b"@example.com',
    'a@-example.com', 'a@example-.com', 'a@exa_mple.com', 'a@example.com.', 'a@b, c@d', '"ü"@example.com', 'ü@example.com',
  ]);
});

email('accepts RFC 6531 §3.3 non-ASCII local parts and U-label domains (idn-email), checked in NFC (RFC 6532 §3.1)', () => {
  verdicts(
    formats.isIdnEmail,
    ['joe@example.com', '\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae@example.com', '"\u00fc \u00fc"@example.com', 'user@b\u00fccher.example', 'user@b\u0075\u0308cher.example', '\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a', 'a@[192.0.2.1]', '\u0080@example.com'],
    ['\u00fc..\u00fc@example.com', '.\u00fc@example.com', 'a b@example.com', 'user\uff20example.com', '\ud800@example.com', 'a@B\u00fccher.example', 'a@b\u00fccher\u3002example', 'a@\u0640.com', 'a@0a.\u05d0', 'a@', '@\u00fc.com'],
  );
});

email.run();

const misc = suite('uuid, json-pointer, relative-json-pointer and regex');

misc('accepts the RFC 4122 §3 string form in either case and refuses its URN', () => {
  verdicts(formats.isUuid, ['f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', '00000000-0000-0000-0000-000000000000'], [
    'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'f81d4fae7dec11d0a76500a0c91e6bf6', '{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf', 'g81d4fae-7dec-11d0-a765-00a0c91e6bf6',
  ]);
});

misc('accepts the RFC 6901 §5 pointers and refuses bare tokens and stray "~"', () => {
  verdicts(formats.isJsonPointer, ['', '/foo', '/foo/0', '/', '/a~1b', '/c%d', '/e^f', '/g|h', '/i\\j', '/k"l', '/ ', '/m~0n'], ['foo', '#/foo', '/~', '/~2', '/a~']);
});

misc('accepts the draft-handrews-relative-json-pointer-01 §5 examples and refuses absolute pointers, signs and leading zeros', () => {
  // §5.1 evaluates these from "baz" / "bar" of the RFC 6901 example document.
  const examples = ['0', '1/0', '2/highly/nested/objects', '0#', '1#', '0/objects', '1/nested/objects', '2/foo/0', '10/~0~1'];
  verdicts(formats.isRelativeJsonPointer, examples, ['', '/foo', '#', '-1/foo', '+1', '01', '00#', '1#/foo', '0##', '0/~', '0/a~2', '1\n', '\u0661/foo', '0+1/foo']);
});

misc('accepts patterns that compile with the u flag and refuses others', () => {
  verdicts(formats.isRegex, ['^a+$', '\\p{L}', '(?<year>\\d{4})'], ['(', '[', '\\p{Nope}', 'a{2,1}']);
});

misc.run();
