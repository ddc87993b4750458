// Contract suite: what every compiled codec promises, whatever the format (support/formats.ts).
// Cases are data (fixtures/differential/contract-cases.ts); inputs come from the format's generic
// encoder, so nothing here is format-specific.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, isDecodeError, isEncodeError } from '@binschema/runtime';
import { FORMATS, type CompiledCodec, type FormatUnderTest } from './support/formats.js';
import { CONTRACT_CASES, type ContractCase } from './fixtures/differential/contract-cases.js';
import { MISMATCH_CODES } from './support/checks.js';
import { SchemaDocument } from './support/schema.js';
import { Random, fuzzIterations, seedFor } from './support/random.js';
import { findDifference, isPointerPrefix, setOwn, show } from './support/values.js';

/** Corrupted copies per encoded value: 60 by default, scaled up by BINSCHEMA_FUZZ_ITERATIONS. */
const CORRUPTIONS_PER_VALUE = Math.max(60, Math.round(fuzzIterations() / 3));

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Asserts `run` throws a DecodeError with one of `codes` and an offset inside `bytes`. */
function assertDecodeError(run: () => unknown, bytes: Uint8Array, codes: readonly string[], label: string): void {
  const error = thrown(run);
  assert.ok(isDecodeError(error), `${label}: expected a DecodeError, got ${String(error)}`);
  if (!isDecodeError(error)) return;
  assert.ok(codes.includes(error.code), `${label}: code ${error.code}, expected one of ${codes.join(', ')}`);
  assert.ok(error.offset >= 0 && error.offset <= bytes.length, `${label}: offset ${error.offset} outside 0..${bytes.length}`);
}

function contractFor(format: FormatUnderTest): void {
  const contract = suite(`contract ${format.name}`);
  const codecs = new Map<ContractCase, CompiledCodec>();
  const codecOf = (entry: ContractCase) => {
    if (!codecs.has(entry)) codecs.set(entry, format.compile(entry.schema));
    return codecs.get(entry)!;
  };

  for (const entry of CONTRACT_CASES) {
    contract(`round-trips each valid value of ${entry.name}, and the generic decoder reads the bytes back`, () => {
      const codec = codecOf(entry);
      for (const value of entry.valid) {
        const bytes = codec.encode(value);
        assert.is(findDifference(codec.decode(bytes), value), undefined, `generated round trip of ${show(value)}`);
        assert.is(findDifference(format.genericDecode(bytes), value), undefined, `generic decode of ${show(value)}`);
        assert.is(findDifference(codec.decode(format.genericEncode(value)), value), undefined, `decode of generic bytes of ${show(value)}`);
      }
    });

    contract(`refuses each invalid value of ${entry.name} with an EncodeError naming its code and path`, () => {
      const codec = codecOf(entry);
      for (const invalid of entry.invalid) {
        const error = thrown(() => codec.encode(invalid.value));
        const label = `encode ${show(invalid.value)}`;
        assert.ok(isEncodeError(error), `${label}: expected an EncodeError, got ${String(error)}`);
        if (!isEncodeError(error)) continue;
        if (invalid.code === 'mismatch') assert.ok(MISMATCH_CODES.includes(error.code), `${label}: code ${error.code}`);
        else assert.is(error.code, invalid.code, label);
        if (invalid.orAbove) assert.ok(isPointerPrefix(error.path, invalid.path), `${label}: path ${error.path}`);
        else assert.is(error.path, invalid.path, label);
      }
    });

    contract(`refuses the generic encoding of each invalid value of ${entry.name} with a DecodeError`, () => {
      const codec = codecOf(entry);
      for (const invalid of entry.invalid) {
        const bytes = format.genericEncode(invalid.value);
        assertDecodeError(() => codec.decode(bytes), bytes, MISMATCH_CODES, `decode ${show(invalid.value)}`);
      }
    });

    contract(`refuses every truncation of the encoded valid values of ${entry.name} with unexpected-end or length-limit`, () => {
      const codec = codecOf(entry);
      for (const value of entry.valid) {
        const bytes = codec.encode(value).slice();
        for (let length = 0; length < bytes.length; length++) {
          const prefix = bytes.subarray(0, length);
          assertDecodeError(() => codec.decode(prefix), prefix, [ErrorCode.UnexpectedEnd, ErrorCode.LengthLimit], `${show(value)} cut to ${length} bytes`);
        }
      }
    });

    contract(`refuses a byte after the encoded valid values of ${entry.name} with trailing-bytes at the item's end`, () => {
      const codec = codecOf(entry);
      for (const value of entry.valid) {
        const bytes = codec.encode(value);
        const longer = new Uint8Array(bytes.length + 1);
        longer.set(bytes);
        const error = thrown(() => codec.decode(longer));
        assert.ok(isDecodeError(error), `expected a DecodeError for ${show(value)} plus one byte, got ${String(error)}`);
        if (!isDecodeError(error)) continue;
        assert.is(error.code, ErrorCode.TrailingBytes);
        assert.is(error.offset, bytes.length);
      }
    });

    contract(`never returns an invalid value or throws anything but a DecodeError for corrupted ${entry.name} bytes`, () => {
      const codec = codecOf(entry);
      const judge = new SchemaDocument(entry.schema);
      const random = new Random(seedFor(`corrupt ${format.name} ${entry.name}`));
      for (const value of entry.valid) {
        const bytes = codec.encode(value).slice();
        for (let round = 0; round < CORRUPTIONS_PER_VALUE; round++) {
          const corrupted = bytes.slice();
          const flips = random.int(1, 3);
          for (let flip = 0; flip < flips; flip++) corrupted[random.int(0, corrupted.length - 1)] = random.chance(0.5) ? random.int(0, 255) : corrupted[random.int(0, corrupted.length - 1)] ^ (1 << random.int(0, 7));
          let decoded: unknown;
          const error = thrown(() => (decoded = codec.decode(corrupted)));
          if (error === undefined) assert.ok(judge.validate(decoded), `decoded ${show(decoded)}, which the schema rejects`);
          else assert.ok(isDecodeError(error) && error.offset >= 0 && error.offset <= corrupted.length, `threw ${String(error)}`);
        }
      }
    });
  }

  contract('refuses values outside JSON where the schema asks for a number, an integer, a string or an object', () => {
    const codec = format.compile({
      type: 'object',
      properties: { n: { type: 'number' }, i: { type: 'integer' }, s: { type: 'string' }, o: { type: 'object', additionalProperties: { type: 'integer' } } },
    });
    const cases: [string, unknown][] = [
      ['/n', Number.NaN], ['/n', Number.POSITIVE_INFINITY], ['/i', 10n], ['/i', Number.NEGATIVE_INFINITY], ['/s', Symbol('s')], ['/s', () => 's'],
      ['/o', new Map([['a', 1]])], ['/o', new Date(0)], ['/o', new Set([1])], ['/o', new Uint8Array([1, 2])],
    ];
    const accepted: string[] = [];
    for (const [path, inner] of cases) {
      const error = thrown(() => codec.encode({ [path.slice(1)]: inner }));
      if (!isEncodeError(error)) accepted.push(`${String(inner)} at ${path}: ${error === undefined ? 'encoded' : String(error)}`);
      else assert.is(error.path, path, `${String(inner)} at ${path}`);
    }
    assert.equal(accepted, [], 'accepted or threw a non-EncodeError');
  });

  contract('refuses empty input with unexpected-end at offset 0, at the root schema', () => {
    const error = thrown(() => codecOf(CONTRACT_CASES[0]).decode(new Uint8Array(0)));
    assert.ok(isDecodeError(error));
    if (!isDecodeError(error)) return;
    assert.is(error.code, ErrorCode.UnexpectedEnd);
    assert.is(error.offset, 0);
    assert.is(error.schemaPath, '#');
  });

  contract('returns bytes that a later encode does not overwrite', () => {
    const codec = codecOf(CONTRACT_CASES[0]);
    const first = codec.encode(CONTRACT_CASES[0].valid[1]);
    const copy = first.slice();
    for (const value of CONTRACT_CASES[0].valid) codec.encode(value);
    assert.equal([...first], [...copy]);
  });

  contract('decodes a __proto__ map key as an own property or refuses it, never touching a prototype', () => {
    const codec = format.compile({ type: 'object', additionalProperties: { type: 'integer' } });
    const value: Record<string, unknown> = { a: 1 };
    setOwn(value, '__proto__', 2);
    const bytes = format.genericEncode(value);
    let decoded: unknown;
    const error = thrown(() => (decoded = codec.decode(bytes)));
    if (error !== undefined) {
      assert.ok(isDecodeError(error) && error.code === ErrorCode.ForbiddenKey, `threw ${String(error)}`);
    } else {
      assert.is(findDifference(decoded, value), undefined);
      assert.ok([Object.prototype, null].includes(Object.getPrototypeOf(decoded)));
    }
    assert.is(({} as Record<string, unknown>).a, undefined);
    assert.is(Object.getPrototypeOf({}), Object.prototype);
  });

  contract('refuses input nested far deeper than any value it encodes with a DecodeError, not a stack overflow', () => {
    const codec = format.compile({ $ref: '#/$defs/list', $defs: { list: { type: 'array', items: { $ref: '#/$defs/list' } } } });
    // A one-element array is `open + item + close` in every format; nest it 100,000 times.
    const inner = format.genericEncode([]);
    const wrapped = format.genericEncode([[]]);
    const start = wrapped.findIndex((_, index) => inner.every((byte, offset) => wrapped[index + offset] === byte));
    const open = wrapped.subarray(0, start);
    const close = wrapped.subarray(start + inner.length);
    const depth = 100_000;
    const bytes = new Uint8Array(depth * (open.length + close.length) + inner.length);
    for (let level = 0; level < depth; level++) bytes.set(open, level * open.length);
    bytes.set(inner, depth * open.length);
    for (let level = 0; level < depth; level++) bytes.set(close, depth * open.length + inner.length + level * close.length);
    assertDecodeError(() => codec.decode(bytes), bytes, [ErrorCode.TooDeep], 'nested 100,000 deep');
  });

  contract('encodes a value nested 100 deep through a recursive schema and decodes it back', () => {
    const codec = format.compile({ $ref: '#/$defs/list', $defs: { list: { type: 'array', items: { $ref: '#/$defs/list' } } } });
    let value: unknown[] = [];
    for (let level = 0; level < 100; level++) value = [value, []];
    assert.is(findDifference(codec.decode(codec.encode(value)), value), undefined);
  });

  contract.run();
}

for (const format of FORMATS) contractFor(format);
