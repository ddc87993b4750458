// Hostile schemas: names and strings built to break generated code (quotes, backticks, `${`,
// `*/`, `</script>`, line terminators, NUL, lone surrogates, `__proto__`, reserved words, 10,000
// characters), and schemas built to exhaust the compiler (1,000 levels deep, 5,000 properties
// wide, self-referencing allOf). Each must compile into code that round-trips values using those
// strings or be refused with a SchemaError, and no step may run past its wall-clock bound.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIr } from '../src/ir/index.js';
import { isSchemaError } from '../src/errors.js';
import { HOSTILE_TEXTS, LONE_SURROGATE_TEXTS, PLACEMENTS } from './fixtures/differential/hostile-cases.js';
import { Watchdog } from './support/watchdog.js';
import { findDifference, show, toHex } from './support/values.js';
import type { SchemaObject } from './support/schema.js';
import { FORMATS, type CompiledCodec, type FormatUnderTest } from './support/formats.js';
import { inspectSource, MARKER, plantedGlobals } from './support/source-check.js';
import { checkValidAgreement } from './support/checks.js';
import { isEncodeError } from '@binschema/runtime';

/** Per step; generous because the machine is shared, yet far below "hangs". */
const STEP_LIMIT_MS = 30_000;

const watchdog = new Watchdog();
await watchdog.ready;

/**
 * `step`'s result, or the code of the SchemaError it threw, or (`crashed`) any other exception:
 * compiling must never throw anything but a SchemaError.
 */
function bounded<T>(label: string, step: () => T): { result?: T; refused?: string; crashed?: string } {
  return watchdog.run(label, STEP_LIMIT_MS, () => {
    try {
      return { result: step() };
    } catch (error) {
      if (isSchemaError(error)) return { refused: error.code };
      return { crashed: `threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error)} instead of a SchemaError` };
    }
  }).result;
}

function frontEnd(label: string, schema: unknown): void {
  const outcome = bounded(label, () => buildIr({ schema }));
  assert.is(outcome.crashed, undefined, label);
}

/** True when `text` occurs as a string (or object key) anywhere in `node`. */
function containsString(node: unknown, text: string, seen = new Set<unknown>()): boolean {
  if (typeof node === 'string') return node === text;
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (Array.isArray(node)) return node.some((item) => containsString(item, text, seen));
  return Object.keys(node).some((key) => key === text || containsString((node as Record<string, unknown>)[key], text, seen));
}

const LABELS = new Map([...HOSTILE_TEXTS, ...LONE_SURROGATE_TEXTS].map((hostile) => [hostile.text, hostile.label]));
const ALL_TEXTS = HOSTILE_TEXTS.map((hostile) => hostile.text);
/** The front end must keep lone surrogates verbatim too (or refuse them); only the wire cannot. */
const FRONT_END_TEXTS = [...ALL_TEXTS, ...LONE_SURROGATE_TEXTS.map((hostile) => hostile.text)];

interface Outcome {
  /** Code of the SchemaError that refused the batch. */
  refused?: string;
  /** What went wrong, for a batch that compiled. */
  failure?: string;
}

/**
 * Runs `check` on all texts at once (one compile for many texts, so the suite stays fast) and,
 * only when the batch is refused or fails, on halves until each refusal or failure is pinned on
 * single texts. Returns the per-text failures and refusals.
 */
function triage(texts: string[], check: (batch: string[]) => Outcome): { failures: string[]; refusals: string[] } {
  const outcome = check(texts);
  if (outcome.refused === undefined && outcome.failure === undefined) return { failures: [], refusals: [] };
  if (texts.length === 1) {
    const label = LABELS.get(texts[0]) ?? show(texts[0]);
    return outcome.failure !== undefined ? { failures: [`${label}: ${outcome.failure}`], refusals: [] } : { failures: [], refusals: [`${label}: ${outcome.refused}`] };
  }
  const middle = Math.ceil(texts.length / 2);
  const left = triage(texts.slice(0, middle), check);
  const right = triage(texts.slice(middle), check);
  return { failures: [...left.failures, ...right.failures], refusals: [...left.refusals, ...right.refusals] };
}

/** Placements whose text the IR must keep verbatim (an `$id` is resolved away, not kept). */
const KEPT_IN_IR = new Set(['a property name', 'an enum string', 'a const string', 'a title and a description', 'a $defs name', 'a pattern', 'a patternProperties key', 'a name unevaluatedProperties checks']);

const names = suite('hostile names in the front end');

for (const placement of PLACEMENTS) {
  names(`keeps every hostile text verbatim as ${placement.label}, or refuses it with a SchemaError`, () => {
    const { failures, refusals } = triage(FRONT_END_TEXTS, (texts) => {
      const outcome = bounded(`front end: ${placement.label}`, () => buildIr({ schema: placement.schema(texts) }));
      if (outcome.crashed !== undefined) return { failure: outcome.crashed };
      if (outcome.refused !== undefined) return { refused: outcome.refused };
      const lost = KEPT_IN_IR.has(placement.label) ? texts.filter((text) => !containsString(outcome.result, text)) : [];
      return lost.length === 0 ? {} : { failure: `not in the IR: ${lost.map((text) => show(text.slice(0, 40))).join(', ')}` };
    });
    assert.equal(failures, []);
    // Refusing is allowed, refusing everything is not: benign-looking texts must compile.
    assert.ok(refusals.length < ALL_TEXTS.length / 4, `refused ${refusals.length}: ${refusals.join('; ')}`);
  });
}

names.run();

/** `{ type: object, properties: { a: … } }` nested `depth` times around an integer. */
function deepObjectSchema(depth: number): SchemaObject {
  let schema: SchemaObject = { type: 'integer' };
  for (let level = 0; level < depth; level++) schema = { type: 'object', properties: { a: schema }, required: ['a'] };
  return schema;
}

function deepArraySchema(depth: number): SchemaObject {
  let schema: SchemaObject = { type: 'string' };
  for (let level = 0; level < depth; level++) schema = { type: 'array', items: schema };
  return schema;
}

function wideSchema(width: number): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (let index = 0; index < width; index++) properties[`p${index}`] = { type: index % 2 === 0 ? 'integer' : 'string' };
  return { type: 'object', properties, required: Object.keys(properties).slice(0, 100) };
}

/** The 5,000-property codec takes ~10 s to compile (noisy); full width in long runs only. */
const COMPILED_WIDTH = process.env.BINSCHEMA_FUZZ_ITERATIONS ? 5000 : 1000;

interface Shape {
  label: string;
  schema: SchemaObject;
  /** A value to round-trip; when given, refusing the schema is a failure too. */
  value?: unknown;
}

function nestedValue(depth: number): unknown {
  let value: unknown = 7;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

function wideValue(width: number): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (let index = 0; index < width; index++) value[`p${index}`] = index % 2 === 0 ? index : `v${index}`;
  return value;
}

const SHAPES: Shape[] = [
  { label: 'objects nested 1,000 levels deep', schema: deepObjectSchema(1000) },
  { label: 'arrays nested 1,000 levels deep', schema: deepArraySchema(1000) },
  // 150 levels is 300 JSON levels, inside the front end's 400-level document limit: must work.
  { label: 'objects nested 150 levels deep', schema: deepObjectSchema(150), value: nestedValue(150) },
  { label: '5,000 properties', schema: wideSchema(5000) },
  { label: 'a $defs entry whose allOf refers to itself', schema: { $ref: '#/$defs/a', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } } },
  { label: 'a root whose allOf refers to the root', schema: { type: 'object', allOf: [{ $ref: '#' }] } },
  { label: 'two $defs entries referring to each other only', schema: { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } } },
  { label: '200 $defs entries each an allOf of the next two', schema: chainSchema(200) },
];

/** What the codec stage compiles: the same shapes, the wide one at `COMPILED_WIDTH`, with a value. */
const COMPILED_SHAPES: Shape[] = SHAPES.map((shape) =>
  shape.label === '5,000 properties' ? { label: `${COMPILED_WIDTH.toLocaleString('en')} properties`, schema: wideSchema(COMPILED_WIDTH), value: wideValue(COMPILED_WIDTH) } : shape,
);

/** d0 = allOf[d1, d2], d1 = allOf[d2, d3]…: exponential if merged naively, linear if shared. */
function chainSchema(length: number): SchemaObject {
  const defs: Record<string, SchemaObject> = {};
  for (let index = 0; index < length; index++) {
    defs[`d${index}`] = index + 2 < length ? { allOf: [{ $ref: `#/$defs/d${index + 1}` }, { $ref: `#/$defs/d${index + 2}` }] } : { type: 'object' };
  }
  return { $ref: '#/$defs/d0', $defs: defs };
}

const shapes = suite('hostile shapes in the front end');

for (const shape of SHAPES) {
  shapes(`lowers a schema of ${shape.label} in bounded time or refuses it with a SchemaError`, () => {
    frontEnd(shape.label, shape.schema);
  });
}

shapes.run();

/** Top-level statement kinds generated modules are made of; an injected expression is none of them. */
const DECLARATION_KINDS = new Set(['ImportDeclaration', 'ExportDeclaration', 'TypeAliasDeclaration', 'InterfaceDeclaration', 'VariableStatement', 'FunctionDeclaration', 'ClassDeclaration']);

/** The generated TypeScript parses, has no marker identifiers and only declarations at the top level. */
function checkSource(format: FormatUnderTest, schema: SchemaObject): string | undefined {
  const generated = bounded('generate', () => format.generate(schema));
  if (generated.crashed !== undefined) return `compileSchema ${generated.crashed}`;
  if (generated.refused !== undefined) return `compileCodec accepted it but compileSchema refused it (${generated.refused})`;
  for (const file of generated.result!) {
    if (!file.fileName.endsWith('.ts')) continue;
    // STYLE.md: strings reach the source through literal(), which escapes these; raw, they end
    // a line comment (U+2028/2029), or do not survive a UTF-8 file (NUL is legal but invisible).
    const raw = /[\u0000\u2028\u2029]/u.exec(file.text);
    if (raw !== null) return `${file.fileName} holds a raw U+${raw[0].codePointAt(0)!.toString(16).padStart(4, '0')} at index ${raw.index}`;
    const facts = inspectSource(file.text, file.fileName);
    if (facts.syntaxErrors.length > 0) return `${file.fileName} does not parse: ${facts.syntaxErrors.slice(0, 3).join('; ')}`;
    const markers = [...facts.identifiers].filter((name) => MARKER.test(name));
    if (markers.length > 0) return `${file.fileName} has the injected identifiers ${markers.join(', ')}`;
    const stray = facts.statements.filter((kind) => !DECLARATION_KINDS.has(kind));
    if (stray.length > 0) return `${file.fileName} has top-level ${stray.join(', ')}`;
  }
  return undefined;
}

/** Each value round-trips and agrees with the generic codec. */
function checkValues(format: FormatUnderTest, codec: CompiledCodec, values: unknown[]): string | undefined {
  for (const value of values) {
    const failure = checkValidAgreement(format, codec, value);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/**
 * A lone surrogate has no UTF-8 form (RFC 3629 §3), so a value holding one cannot round-trip
 * through CBOR text or UBJSON strings: the encoder must refuse it (EncodeError), not write U+FFFD
 * that its own decoder then reads back as something else.
 */
function loneSurrogateOutcome(codec: CompiledCodec, value: unknown): string | undefined {
  let bytes: Uint8Array;
  try {
    bytes = codec.encode(value);
  } catch (error) {
    return isEncodeError(error) ? undefined : `encode threw ${String(error)}`;
  }
  try {
    const difference = findDifference(codec.decode(bytes), value);
    return difference === undefined ? undefined : `encode accepted a lone surrogate and the round trip changed it ${difference}`;
  } catch (error) {
    return `encode accepted a lone surrogate, wrote ${toHex(bytes)}, and decode of those bytes threw ${error instanceof Error ? `${error.name} ${(error as { code?: string }).code}` : String(error)}`;
  }
}

for (const format of FORMATS) {
  const compiled = suite(`hostile names in ${format.name} codecs`);
  for (const placement of PLACEMENTS) {
    compiled(`compiles hostile text as ${placement.label} into clean code that round-trips, or refuses it with a SchemaError`, () => {
      const { failures } = triage(ALL_TEXTS, (texts) => {
        const schema = placement.schema(texts);
        const outcome = bounded(`${format.name} compile: ${placement.label}`, () => format.compile(schema));
        if (outcome.crashed !== undefined) return { failure: `compile ${outcome.crashed}` };
        if (outcome.refused !== undefined) return { refused: outcome.refused };
        return { failure: checkSource(format, schema) ?? checkValues(format, outcome.result!, placement.values(texts)) };
      });
      assert.equal(plantedGlobals(), [], 'an injected statement ran');
      assert.ok(failures.length === 0, `${failures.length} failures:\n  ${failures.join('\n  ')}`);
    });
  }

  for (const placement of PLACEMENTS) {
    compiled(`refuses lone surrogates as ${placement.label} when compiling or encoding, or round-trips them`, () => {
      const failures: string[] = [];
      for (const hostile of LONE_SURROGATE_TEXTS) {
        const schema = placement.schema([hostile.text]);
        const outcome = bounded(`${format.name} compile: ${hostile.label} as ${placement.label}`, () => format.compile(schema));
        if (outcome.crashed !== undefined) failures.push(`${hostile.label}: compile ${outcome.crashed}`);
        if (outcome.result === undefined) continue;
        for (const value of placement.values([hostile.text])) {
          const failure = loneSurrogateOutcome(outcome.result, value);
          if (failure !== undefined) failures.push(`${hostile.label} in ${show(value)}: ${failure}`);
        }
      }
      assert.ok(failures.length === 0, `${failures.length} failures:\n  ${failures.join('\n  ')}`);
    });
  }

  for (const shape of COMPILED_SHAPES) {
    compiled(`compiles a schema of ${shape.label} in bounded time${shape.value === undefined ? ' or refuses it with a SchemaError' : ' into a codec that round-trips'}`, () => {
      const outcome = bounded(`${format.name} ${shape.label}`, () => format.compile(shape.schema));
      assert.is(outcome.crashed, undefined);
      if (shape.value === undefined) return;
      assert.ok(outcome.result !== undefined, `refused with ${outcome.refused}`);
      assert.is(checkValidAgreement(format, outcome.result!, shape.value), undefined);
    });
  }

  compiled.run();
}
