/**
 * Fixtures of bench/test/reference.test.ts: values and inputs made by mutating the typical-object
 * payload, with a small CBOR writer of the test's own (so no expectation comes from a codec under
 * test). Whether a value is valid is decided by ajv (and JSON: no NaN, infinities or lone
 * surrogates), in the test.
 */

/** A deep copy of the payload with `change` applied (`ops[5]` is the add of the blog-post document). */
export function mutate(payload: unknown, change: (ops: any[]) => void): any[] {
  const copy = JSON.parse(JSON.stringify(payload)) as any[];
  change(copy);
  return copy;
}

const json = (ops: any[]) => ops[5].value.json;

/** Values the schema accepts: the encoders must write the same bytes. */
export const VALID_VALUES: [string, (ops: any[]) => void][] = [
  ['the payload as it is', () => {}],
  ['an empty patch', (ops) => ops.splice(0)],
  ['test, copy and remove operations', (ops) => ops.push({ op: 'test', path: '/a', value: 1 }, { op: 'copy', path: '/b', from: '/c' }, { op: 'remove', path: '/d' })],
  ['integers at every head width', (ops) => ops.push(...[0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER, -1, -24, -25, -256, -257, -(2 ** 32), Number.MIN_SAFE_INTEGER].map((value) => ({ op: 'add', path: '/n', value })))],
  ['integers beyond 2^53 and -0 (written as float64)', (ops) => { ops[0].value = 1e20; ops[1].value = -0; json(ops).lastSeen = -(2 ** 60); }],
  ['texts at the head boundaries (23, 24, 255, 256 and 65,536 bytes)', (ops) => { ops[2].value = 'a'.repeat(23); ops[4].value = 'b'.repeat(24); json(ops).id = 'c'.repeat(255); json(ops).mediumString = 'd'.repeat(256); json(ops).longString = 'e'.repeat(65536); }],
  ['non-ASCII text whose UTF-8 needs a longer head than its UTF-16 length', (ops) => { ops[2].value = 'é'.repeat(12); json(ops).mediumString = '€'.repeat(90); json(ops).longString = '💪'.repeat(70); }],
  ['an empty text and a path of one emoji', (ops) => { ops[0].path = ''; ops[1].path = '👍'; }],
  ['no tags, pins or marks', (ops) => { json(ops).tags = []; json(ops).pins = []; json(ops).marks = []; }],
  ['several marks with fractions, large and tiny numbers', (ops) => { json(ops).marks.push({ x: 0.5, y: -0, w: 1e300, h: 5e-324 }, { x: -1.5, y: 3, w: 2 ** 53 + 2, h: -0.1 }); }],
  ['properties in another order than the schema\'s', (ops) => {
    ops[0] = { value: 666, path: '/foo/baz', op: 'add' };
    const entries = Object.entries(json(ops)).reverse();
    ops[5].value = { json: Object.fromEntries(entries), name: 'blog post' };
  }],
  ['a document as the value of a replace and of a test', (ops) => ops.push({ op: 'replace', path: '/x', value: ops[5].value }, { op: 'test', path: '/y', value: ops[5].value })],
];

/** Values the schema refuses (ajv says so, or JSON cannot hold them): both encoders must throw. */
export const INVALID_VALUES: [string, (ops: any[]) => unknown][] = [
  ['an object instead of the patch', (ops) => ({ ops })],
  ['null instead of the patch', () => null],
  ['a string as an operation', (ops) => { ops[0] = 'add'; }],
  ['an array as an operation', (ops) => { ops[0] = ['add', '/a', 1]; }],
  ['an operation without op', (ops) => { delete ops[0].op; }],
  ['an op no variant has', (ops) => { ops[0].op = 'delete'; }],
  ['a number as op', (ops) => { ops[0].op = 5; }],
  ['a value operation without path', (ops) => { delete ops[0].path; }],
  ['a value operation without value', (ops) => { delete ops[0].value; }],
  ['a value operation with a property it does not declare', (ops) => { ops[0].extra = 1; }],
  ['a value operation with a from', (ops) => { ops[0].from = '/a'; }],
  ['a number as path', (ops) => { ops[1].path = 7; }],
  ['1.5 as value (integer or string or document)', (ops) => { ops[0].value = 1.5; }],
  ['NaN as value', (ops) => { ops[0].value = NaN; }],
  ['Infinity as value', (ops) => { ops[0].value = Infinity; }],
  ['true as value', (ops) => { ops[0].value = true; }],
  ['null as value', (ops) => { ops[0].value = null; }],
  ['an array as value', (ops) => { ops[0].value = [1]; }],
  ['a Date as value (not a plain object)', (ops) => { ops[0].value = new Date(0); }],
  ['a move without from', (ops) => { delete ops[3].from; }],
  ['a move with value instead of from', (ops) => { ops[3].value = ops[3].from; delete ops[3].from; }],
  ['a number as from', (ops) => { ops[3].from = 1; }],
  ['a remove with a value', (ops) => { ops[0] = { op: 'remove', path: '/a', value: 1 }; }],
  ['a remove without path', (ops) => { ops[0] = { op: 'remove' }; }],
  ['a document without name', (ops) => { delete ops[5].value.name; }],
  ['a document with a property it does not declare', (ops) => { ops[5].value.extra = true; }],
  ['a number as the document name', (ops) => { ops[5].value.name = 1; }],
  ['a Map as json', (ops) => { ops[5].value.json = new Map(Object.entries(json(ops))); }],
  ['json without 👍', (ops) => { delete json(ops)['👍']; }],
  ['json with a property it does not declare', (ops) => { json(ops).views = 3; }],
  ['json with undefined as id', (ops) => { json(ops).id = undefined; }],
  ['an author without handle', (ops) => { delete json(ops).author.handle; }],
  ['a string as author', (ops) => { json(ops).author = 'John'; }],
  ['1.5 as lastSeen', (ops) => { json(ops).lastSeen = 1.5; }],
  ['a numeric string as lastSeen', (ops) => { json(ops).lastSeen = '-12345'; }],
  ['a number among the tags', (ops) => { json(ops).tags.push(5); }],
  ['an object as tags', (ops) => { json(ops).tags = { 0: 'a' }; }],
  ['a hole in tags (undefined)', (ops) => { json(ops).tags = ['a', undefined]; }],
  ['1.5 as a pin id', (ops) => { json(ops).pins[0].id = 1.5; }],
  ['a pin with a property it does not declare', (ops) => { json(ops).pins[0].at = 1; }],
  ['NaN as a mark x', (ops) => { json(ops).marks[0].x = NaN; }],
  ['-Infinity as a mark y', (ops) => { json(ops).marks[0].y = -Infinity; }],
  ['a mark without h', (ops) => { delete json(ops).marks[0].h; }],
  ['a string as a mark w', (ops) => { json(ops).marks[0].w = '0.2'; }],
  ['null as hasRetweets', (ops) => { json(ops).hasRetweets = null; }],
  ['1 as approved', (ops) => { json(ops).approved = 1; }],
  ['a lone high surrogate in a short text', (ops) => { ops[0].path = '/a\ud800'; }],
  ['a lone low surrogate in a tag', (ops) => { json(ops).tags[2] = '\udc00Sports'; }],
  ['a lone surrogate at the end of the long text', (ops) => { json(ops).longString += '\ud83d'; }],
];

export interface CborStyle {
  /** Every head with an 8-byte argument (RFC 8949 §3: valid, not preferred). */
  wide?: boolean;
  /** Arrays, maps and texts of indefinite length, texts in two chunks (RFC 8949 §3.2.2-3.2.3). */
  indefinite?: boolean;
  /** Map keys in the reverse of the value's order. */
  reverse?: boolean;
  /** Integers as float64. */
  floats?: boolean;
}

/** The test's own CBOR writer for JSON values, in the forms `style` asks for. */
export function writeCbor(value: unknown, style: CborStyle = {}): Uint8Array {
  const out: number[] = [];
  const head = (major: number, argument: number) => {
    if (style.wide) {
      out.push((major << 5) | 27, ...bigEndian(Math.floor(argument / 2 ** 32)), ...bigEndian(argument >>> 0));
    } else if (argument < 24) out.push((major << 5) | argument);
    else if (argument < 0x100) out.push((major << 5) | 24, argument);
    else if (argument < 0x1_0000) out.push((major << 5) | 25, argument >> 8, argument & 0xff);
    else if (argument < 2 ** 32) out.push((major << 5) | 26, ...bigEndian(argument));
    else out.push((major << 5) | 27, ...bigEndian(Math.floor(argument / 2 ** 32)), ...bigEndian(argument >>> 0));
  };
  const text = (item: string) => {
    const utf8 = new TextEncoder().encode(item);
    head(3, utf8.length);
    out.push(...utf8);
  };
  const write = (item: unknown): void => {
    if (item === null) out.push(0xf6);
    else if (typeof item === 'boolean') out.push(item ? 0xf5 : 0xf4);
    else if (typeof item === 'number') {
      if (Number.isSafeInteger(item) && !Object.is(item, -0) && !style.floats) head(item < 0 ? 1 : 0, item < 0 ? -1 - item : item);
      else out.push(0xfb, ...new Uint8Array(new Float64Array([item]).buffer).reverse());
    } else if (typeof item === 'string') {
      if (!style.indefinite) return text(item);
      // Two chunks split between code points: each chunk is valid UTF-8 on its own.
      const points = [...item];
      out.push(0x7f);
      text(points.slice(0, points.length >> 1).join(''));
      text(points.slice(points.length >> 1).join(''));
      out.push(0xff);
    } else if (Array.isArray(item)) {
      if (style.indefinite) out.push(0x9f);
      else head(4, item.length);
      item.forEach(write);
      if (style.indefinite) out.push(0xff);
    } else {
      const entries = Object.entries(item as object);
      if (style.reverse) entries.reverse();
      if (style.indefinite) out.push(0xbf);
      else head(5, entries.length);
      for (const [key, inner] of entries) {
        text(key);
        write(inner);
      }
      if (style.indefinite) out.push(0xff);
    }
  };
  write(value);
  return Uint8Array.from(out);
}

function bigEndian(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** Valid encodings of valid values other than the preferred one: both decoders must give the value back. */
export const VALID_STYLES: [string, CborStyle][] = [
  ['heads with 8-byte arguments', { wide: true }],
  ['indefinite lengths everywhere, texts in chunks', { indefinite: true }],
  ['keys in reverse order', { reverse: true }],
  ['integers as float64', { floats: true }],
  ['all of these at once', { wide: true, indefinite: true, reverse: true, floats: true }],
];

/**
 * Invalid inputs as edits of the payload's preferred encoding (hex): `find` must occur once.
 * `why`: `cbor` (not one well-formed item: cborg refuses it), `utf8` (the bytes `bad` are not
 * UTF-8: a fatal TextDecoder refuses them), `schema` (well-formed, but cbor-x decodes it to a value
 * ajv refuses), `rfc` (not well-formed by the section cited, which the peers do not check).
 */
export const INVALID_EDITS: { name: string; find: string; replace: string; why: 'cbor' | 'utf8' | 'schema' | 'rfc'; bad?: string }[] = [
  { name: 'ends one byte early', find: '1821$', replace: '18', why: 'cbor' },
  { name: 'ends inside the long text', find: '6a6c6f6e67537472696e6779011c4c6576656c2d7570.*$', replace: '6a6c6f6e67537472696e6779011c4c6576656c2d7570', why: 'cbor' },
  { name: 'ends right after the head of the json map', find: 'ab626964.*$', replace: 'ab', why: 'cbor' },
  { name: 'declares a text longer than the input', find: '79011c', replace: '79ffff', why: 'cbor' },
  { name: 'has a byte after the item', find: '1821$', replace: '182100', why: 'cbor' },
  // cborg and cbor-x both read this leniently: RFC 8949 §3.2.1 allows a break only in an indefinite-length item.
  { name: 'has a break where the last value belongs', find: '1821$', replace: 'ff', why: 'rfc' },
  { name: 'uses reserved additional information 28 for lastSeen', find: '686c6173745365656e393038', replace: '686c6173745365656e1c', why: 'cbor' },
  { name: 'gives lastSeen an indefinite length', find: '686c6173745365656e393038', replace: '686c6173745365656e3f', why: 'cbor' },
  { name: 'has 0xff inside "blog post"', find: '69626c6f6720706f7374', replace: '69626c6f67ff706f7374', why: 'utf8', bad: 'ff' },
  { name: 'has an overlong "/" (c0 af) in "/asdf"', find: '652f61736466', replace: '65c0af736466', why: 'utf8', bad: 'c0af' },
  { name: 'has a UTF-8-encoded surrogate (ed a0 80) in "@johny"', find: '66406a6f686e79', replace: '66eda080686e79', why: 'utf8', bad: 'eda080' },
  { name: 'has a map where the tags array belongs', find: '647461677384f6', replace: '6474616773a2f6', why: 'schema' },
  { name: 'has a byte string as a path', find: '6470617468682f666f6f2f62617a6576616c756519029a', replace: '6470617468482f666f6f2f62617a6576616c756519029a', why: 'schema' },
  { name: 'has an integer key in a pin', find: 'a16269641a0012e9c6', replace: 'a1011a0012e9c6', why: 'schema' },
  { name: 'wraps lastSeen in tag 1', find: '686c6173745365656e393038', replace: '686c6173745365656ec1393038', why: 'schema' },
  { name: 'has 2^64 - 1 as lastSeen (no double holds it)', find: '686c6173745365656e393038', replace: '686c6173745365656e1bffffffffffffffff', why: 'schema' },
  { name: 'has 1.5 as a pin id', find: 'a16269641a0012e9c6', replace: 'a1626964f93e00', why: 'schema' },
  { name: 'has null as hasRetweets', find: '6b6861735265747765657473f4', replace: '6b6861735265747765657473f6', why: 'schema' },
  { name: 'has an op no variant has ("moxe")', find: '646d6f7665', replace: '646d6f7865', why: 'schema' },
  { name: 'has a key the json object does not declare ("hasRetweetz")', find: '6b6861735265747765657473f4', replace: '6b686173526574776565747af4', why: 'schema' },
];
