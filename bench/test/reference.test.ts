/**
 * The hand-written typical-object CBOR codec (bench/src/reference/) against our generated module
 * (the ahead-of-time module the bench times): the same bytes for every valid value, the same
 * values from every valid input, and both refusing the same invalid values and inputs. Which
 * values are valid is ajv's call (plus JSON's: no NaN, infinities or lone surrogates), never the
 * codecs'.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv2020 from 'ajv/dist/2020.js';
import * as cborg from 'cborg';
import { Encoder } from 'cbor-x';
import { generateModules, importModule } from '../src/aot.js';
import { loadPayloads } from '../src/payloads.js';
import { AHEAD_OF_TIME } from '../src/registry.js';
import { HAND_WRITTEN } from '../src/reference/entry.js';
import { judgeBars } from '../src/bars.js';
import type { Row } from '../src/summary.js';
import * as reference from '../src/reference/typical-object-cbor.js';
import { INVALID_EDITS, INVALID_VALUES, VALID_STYLES, VALID_VALUES, mutate, writeCbor } from './reference-cases.js';

const payload = loadPayloads('typical-object').find((item) => item.name === 'typical-object')!;
await generateModules([payload]);
const generated = await importModule(payload, 'cbor');
const validate = new Ajv2020.default({ strict: false }).compile(payload.schema as object);
const cborX = new Encoder({ useRecords: false });

/** Valid for the schema over JSON data: ajv accepts it and JSON holds it (no NaN, infinities, lone surrogates). */
function isValid(value: unknown): boolean {
  return validate(value) && isJson(value);
}

function isJson(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return (value as unknown as { isWellFormed(): boolean }).isWellFormed();
  if (Array.isArray(value)) return value.every(isJson);
  if (value !== null && typeof value === 'object') return Object.values(value).every(isJson);
  return true;
}

/** The payload changed by `change`, or what `change` returns instead of it. */
function invalidValue(change: (ops: any[]) => unknown): unknown {
  let replaced: unknown;
  const ops = mutate(payload.value, (copy) => { replaced = change(copy); });
  return replaced === undefined ? ops : replaced;
}

/** Whether CBOR carries `value` as data: JSON's types with any number, no holes, no undefined, no class instances. */
function cborCarries(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return true;
  if (typeof value === 'string') return isJson(value);
  if (Array.isArray(value)) return value.every(cborCarries) && Object.keys(value).length === value.length;
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(cborCarries);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

/** The error each side throws for `run`, or undefined when it returned. */
function thrown(run: () => unknown): Error | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** `find` (a regular expression over the hex, matching once at a byte boundary) replaced by `replace`. */
function edit(text: string, find: string, replace: string): string {
  const matches = [...text.matchAll(new RegExp(find, 'g'))];
  assert.is(matches.length, 1, `${find} occurs once`);
  assert.is(matches[0].index! % 2, 0, `${find} starts at a byte`);
  return text.slice(0, matches[0].index) + replace + text.slice(matches[0].index! + matches[0][0].length);
}

const preferred = hex(generated.encode(payload.value));

const Encode = suite('hand-written typical-object encoder');

for (const [name, change] of VALID_VALUES) {
  Encode(`writes the generated module's bytes for ${name}`, () => {
    const value = mutate(payload.value, change);
    assert.ok(isValid(value), 'ajv accepts the value');
    const ours = hex(generated.encode(value));
    assert.is(hex(reference.encode(value)), ours);
    // And the bytes are that value for a decoder that is neither (cborg, BigInt beyond 2^53 aside).
    assert.equal(cborg.decode(fromHex(ours)), value);
  });
}

Encode('writes the same bytes for a null-prototype object as for a plain one', () => {
  const value = [Object.assign(Object.create(null), { op: 'remove', path: '/a' })];
  assert.is(hex(reference.encode(value)), hex(generated.encode(value)));
});

Encode('keeps an earlier output intact and carves the next one elsewhere', () => {
  const first = reference.encode(payload.value);
  const copy = hex(first);
  const second = reference.encode(mutate(payload.value, (ops) => ops.reverse()));
  assert.is(hex(first), copy);
  assert.ok(first.buffer !== second.buffer || first.byteOffset + first.length <= second.byteOffset);
});

for (const [name, change] of INVALID_VALUES) {
  Encode(`refuses ${name}, as the generated module does`, () => {
    const value = invalidValue(change);
    assert.not.ok(isValid(value), 'ajv (or JSON) refuses the value');
    assert.is(thrown(() => generated.encode(value))?.name, 'EncodeError');
    assert.is(thrown(() => reference.encode(value))?.name, 'HandWrittenCodecError');
    // A refused value leaves nothing behind: the next output is the payload's alone.
    assert.is(hex(reference.encode(payload.value)), preferred);
  });
}

const Decode = suite('hand-written typical-object decoder');

Decode('decodes the preferred encoding of the payload, as the generated module does', () => {
  assert.equal(reference.decode(fromHex(preferred)), payload.value);
  assert.equal(generated.decode(fromHex(preferred)), payload.value);
});

for (const [name, change] of VALID_VALUES) {
  Decode(`decodes the bytes of ${name} to the value, as the generated module does`, () => {
    const value = mutate(payload.value, change);
    const bytes = writeCbor(value);
    assert.equal(reference.decode(bytes), generated.decode(bytes));
    assert.equal(reference.decode(bytes), value);
  });
}

for (const [name, style] of VALID_STYLES) {
  Decode(`decodes the payload written with ${name}, as the generated module does`, () => {
    const bytes = writeCbor(payload.value, style);
    assert.equal(reference.decode(bytes), payload.value);
    assert.equal(generated.decode(bytes), payload.value);
  });
}

Decode('skips a leading self-described CBOR tag (RFC 8949 §3.4.6), as the generated module does', () => {
  const bytes = fromHex(`d9d9f7${preferred}`);
  assert.equal(reference.decode(bytes), payload.value);
  assert.equal(generated.decode(bytes), payload.value);
});

Decode('takes the last value of a repeated key, as the generated module and cbor-x do', () => {
  // [{"op": "add", "path": "/a", "path": "/b", "value": 1}]
  const bytes = fromHex('81a4626f70636164646470617468622f616470617468622f626576616c756501');
  const expected = [{ op: 'add', path: '/b', value: 1 }];
  assert.equal(cborX.decode(bytes), expected);
  assert.equal(reference.decode(bytes), expected);
  assert.equal(generated.decode(bytes), expected);
});

Decode('refuses a repeated op that names another variant than the first, as the generated module does', () => {
  // [{"op": "add", "op": "move", "path": "/a", "from": "/b"}]: the first op picks the variant
  // (RFC 8949 §5.6: a map with duplicate keys is not valid CBOR; decoders choose what to do).
  const bytes = fromHex('81a4626f7063616464626f70646d6f76656470617468622f616466726f6d622f62');
  assert.is(thrown(() => generated.decode(bytes))?.name, 'DecodeError');
  assert.is(thrown(() => reference.decode(bytes))?.name, 'HandWrittenCodecError');
});

for (const [name, change] of INVALID_VALUES) {
  const value = invalidValue(change);
  // Only the values CBOR carries as data (NaN and infinities yes; Date, Map, undefined, lone surrogates no).
  if (!cborCarries(value)) continue;
  Decode(`refuses the encoding of ${name}, as the generated module does`, () => {
    assert.not.ok(isValid(value), 'ajv (or JSON) refuses the value');
    const bytes = writeCbor(value);
    assert.is(thrown(() => generated.decode(bytes))?.name, 'DecodeError');
    assert.is(thrown(() => reference.decode(bytes))?.name, 'HandWrittenCodecError');
  });
}

Decode('refuses an empty input and what is not a Uint8Array, as the generated module does', () => {
  for (const input of [new Uint8Array(0), [0x80] as unknown as Uint8Array]) {
    assert.is(thrown(() => generated.decode(input))?.name, 'DecodeError');
    assert.is(thrown(() => reference.decode(input))?.name, 'HandWrittenCodecError');
  }
});

for (const { name, find, replace, why, bad } of INVALID_EDITS) {
  Decode(`refuses the payload's encoding when it ${name}, as the generated module does`, () => {
    const bytes = fromHex(edit(preferred, find, replace));
    if (why === 'cbor') assert.ok(thrown(() => cborg.decode(bytes)) !== undefined, 'cborg refuses it');
    if (why === 'utf8') assert.ok(thrown(() => new TextDecoder('utf-8', { fatal: true }).decode(fromHex(bad!))) !== undefined, 'not UTF-8');
    if (why === 'schema') assert.not.ok(isValid(cborX.decode(bytes)), 'ajv refuses what cbor-x decodes');
    assert.is(thrown(() => generated.decode(bytes))?.name, 'DecodeError');
    assert.is(thrown(() => reference.decode(bytes))?.name, 'HandWrittenCodecError');
  });
}

const Limit = suite('the Limit bar');

/** typical-object CBOR rows: ours and the hand-written reference at the given ns/op, both directions. */
function limitRows(oursNs: number, referenceNs: number): Row[] {
  return (['encode', 'decode'] as const).flatMap((direction) => [
    { payload: 'typical-object', format: 'cbor', direction, codec: AHEAD_OF_TIME, label: 'aot', origin: 'ours', status: 'ok', nsPerOp: oursNs },
    { payload: 'typical-object', format: 'cbor', direction, codec: HAND_WRITTEN, label: HAND_WRITTEN, origin: 'reference', status: 'ok', nsPerOp: referenceNs },
  ] satisfies Row[]);
}

Limit('is met at 1.2x the hand-written reference\'s time and not above', () => {
  const limits = (rows: Row[]) => judgeBars(rows, 1).filter((bar) => bar.claim.includes('of the hand-written reference'));
  assert.equal(limits(limitRows(1200, 1000)).map((bar) => bar.status), ['met', 'met']);
  assert.equal(limits(limitRows(1210, 1000)).map((bar) => bar.status), ['not met', 'not met']);
  assert.match(limits(limitRows(1210, 1000))[0].detail, /1\.21x its time/);
  assert.equal(limits(limitRows(1000, 1000).filter((row) => row.origin === 'ours')).map((bar) => bar.status), ['n/a', 'n/a']);
});

Limit('leaves the fastest peer alone: the reference is never the peer a ratio is taken against', () => {
  const rows = limitRows(1000, 500);
  assert.ok(judgeBars(rows, 1).filter((bar) => !bar.claim.includes('of the hand-written reference')).every((bar) => bar.status === 'n/a'));
});

Encode.run();
Decode.run();
Limit.run();
