// Hostile schemas: names and strings built to break generated code (quotes, backticks, `${`,
// `*/`, `</script>`, line terminators, NUL, lone surrogates, `__proto__`, reserved words, 10,000
// characters), and schemas built to exhaust the compiler (1,000 levels deep, 5,000 properties
// wide, self-referencing allOf). Each must compile into code that round-trips values using those
// strings or be refused with a SchemaError, and no step may run past its wall-clock bound.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildIr } from '../src/ir/index.js';
import { isSchemaError } from '../src/errors.js';
import { HOSTILE_TEXTS, PLACEMENTS } from './fixtures/differential/hostile-cases.js';
import { Watchdog } from './support/watchdog.js';
import { show } from './support/values.js';
import type { SchemaObject } from './support/schema.js';

/** Per step; generous because the machine is shared, yet far below "hangs". */
const STEP_LIMIT_MS = 30_000;

const watchdog = new Watchdog();
await watchdog.ready;

/** Either the IR or the SchemaError; any other exception fails the test. */
function frontEnd(label: string, schema: unknown): { ir?: unknown; refused?: string } {
  return watchdog.run(label, STEP_LIMIT_MS, () => {
    try {
      return { ir: buildIr({ schema }) };
    } catch (error) {
      assert.ok(isSchemaError(error), `${label}: threw ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : String(error)}`);
      return { refused: (error as { code: string }).code };
    }
  }).result;
}

/** True when `text` occurs as a string (or object key) anywhere in `node`. */
function containsString(node: unknown, text: string, seen = new Set<unknown>()): boolean {
  if (typeof node === 'string') return node === text;
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (Array.isArray(node)) return node.some((item) => containsString(item, text, seen));
  return Object.keys(node).some((key) => key === text || containsString((node as Record<string, unknown>)[key], text, seen));
}

/** Placements whose text the IR must keep verbatim (an `$id` is resolved away, not kept). */
const KEPT_IN_IR = new Set(['a property name', 'an enum string', 'a const string', 'a title and a description', 'a $defs name', 'a pattern', 'a patternProperties key']);

const names = suite('hostile names in the front end');

for (const placement of PLACEMENTS) {
  names(`keeps every hostile text verbatim as ${placement.label}, or refuses it with a SchemaError`, () => {
    const refusals: string[] = [];
    for (const hostile of HOSTILE_TEXTS) {
      const schema = placement.schema(hostile.text);
      const outcome = frontEnd(`${hostile.label} as ${placement.label}`, schema);
      if (outcome.refused !== undefined) {
        refusals.push(`${hostile.label}: ${outcome.refused}`);
        continue;
      }
      if (KEPT_IN_IR.has(placement.label)) assert.ok(containsString(outcome.ir, hostile.text), `${hostile.label} as ${placement.label}: ${show(hostile.text.slice(0, 40))} is not in the IR`);
    }
    // Refusing is allowed, refusing everything is not: benign-looking texts must compile.
    assert.ok(refusals.length < HOSTILE_TEXTS.length / 2, `refused ${refusals.length}: ${refusals.join('; ')}`);
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

const SHAPES: { label: string; schema: SchemaObject }[] = [
  { label: 'objects nested 1,000 levels deep', schema: deepObjectSchema(1000) },
  { label: 'arrays nested 1,000 levels deep', schema: deepArraySchema(1000) },
  { label: '5,000 properties', schema: wideSchema(5000) },
  { label: 'a $defs entry whose allOf refers to itself', schema: { $ref: '#/$defs/a', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } } },
  { label: 'a root whose allOf refers to the root', schema: { type: 'object', allOf: [{ $ref: '#' }] } },
  { label: 'two $defs entries referring to each other only', schema: { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } } },
  { label: '200 $defs entries each an allOf of the next two', schema: chainSchema(200) },
];

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
