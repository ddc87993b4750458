// Left recursion (issue 24): a definition that reaches itself through $ref/anyOf/oneOf with no
// object or array in between compiles. A branch that comes back to the same value in place
// cannot match (the least fixed point: `A = anyOf[A, string]` is `string`), so values that match
// another branch round-trip and the others fail with a typed error, never a stack overflow.
// ajv compiles these schemas but overflows the engine stack on every value (it evaluates the
// looping branch), so it judges an equivalent schema with the looping branches written `false`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { compileCodec, compileSchema } from '../src/index.js';
import { isSchemaError } from '../src/errors.js';
import { assertVerdict, encodeErrorOf, GENERIC_ENCODERS } from './support/verdicts.js';
import { strictDiagnostics } from './support/type-check.js';

const test = suite('left recursion');
const SCHEMA_CODES = ['schema-violation', 'unexpected-type'];
const ajv = new Ajv2020({ strict: false });

interface Case {
  name: string;
  schema: Record<string, unknown>;
  /** The same set of values with each looping branch written `false`, which ajv can judge. */
  equivalent: Record<string, unknown>;
  values: unknown[];
  /** The compact layout refuses the union: an object is reachable through two of its variants. */
  compactRefused?: true;
}

const cases: Case[] = [
  {
    name: 'a definition that is itself or a string (anyOf, the self-reference first)',
    schema: { $defs: { A: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'string' }] } }, $ref: '#/$defs/A' },
    equivalent: { anyOf: [false, { type: 'string' }] },
    values: ['x', '', 5, null, true, ['x'], { a: 'x' }],
  },
  {
    name: 'two definitions that reach each other through oneOf',
    schema: {
      $defs: { A: { oneOf: [{ $ref: '#/$defs/B' }, { type: 'string' }] }, B: { oneOf: [{ $ref: '#/$defs/A' }, { type: 'number' }] } },
      $ref: '#/$defs/A',
    },
    equivalent: { oneOf: [{ oneOf: [false, { type: 'number' }] }, { type: 'string' }] },
    values: ['x', 5, 2.5, null, false, [1], {}],
  },
  {
    name: 'nested integer lists: itself, a list of itself or an integer',
    schema: { $defs: { A: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'array', items: { $ref: '#/$defs/A' } }, { type: 'integer' }] } }, $ref: '#/$defs/A' },
    equivalent: { $defs: { A: { anyOf: [false, { type: 'array', items: { $ref: '#/$defs/A' } }, { type: 'integer' }] } }, $ref: '#/$defs/A' },
    values: [5, [], [1, [2, []], [[3]]], [1, 'x'], 'x', [[[null]]], 1.5],
  },
  {
    name: 'a chain of three definitions back to the first, one through a plain $ref',
    schema: {
      $defs: {
        A: { anyOf: [{ $ref: '#/$defs/B' }, { type: 'object', properties: { next: { $ref: '#/$defs/A' } }, required: ['next'] }] },
        B: { $ref: '#/$defs/C' },
        C: { oneOf: [{ $ref: '#/$defs/A' }, { type: 'boolean' }] },
      },
      $ref: '#/$defs/A',
    },
    equivalent: {
      $defs: { A: { anyOf: [{ oneOf: [false, { type: 'boolean' }] }, { type: 'object', properties: { next: { $ref: '#/$defs/A' } }, required: ['next'] }] } },
      $ref: '#/$defs/A',
    },
    values: [true, { next: false }, { next: { next: true } }, { next: 1 }, {}, 'x', null],
    compactRefused: true,
  },
];

for (const { name, schema, equivalent, values, compactRefused } of cases) {
  test(`${name}: both formats and layouts accept exactly what ajv accepts of the equivalent schema`, () => {
    const validate = ajv.compile(equivalent);
    for (const { format, encode } of GENERIC_ENCODERS) {
      for (const layout of compactRefused ? (['map'] as const) : (['map', 'compact'] as const)) {
        // The compact layout writes objects by position: its decoder is fed its own encoder's bytes.
        const codec = compileCodec(schema, { format, layout });
        for (const value of values) {
          const valid = validate(value) as boolean;
          if (layout === 'map') assertVerdict(codec, encode, value, valid, `${format} ${layout}`);
          else if (valid) assert.equal(codec.decode(codec.encode(value)), value, `${format} ${layout} ${JSON.stringify(value)}`);
          else assert.ok(SCHEMA_CODES.includes(encodeErrorOf(() => codec.encode(value)).code), `${format} ${layout} ${JSON.stringify(value)}`);
        }
      }
    }
  });
}

test('a value that matches no branch fails with a schema error at the definition, in both directions', () => {
  const [, , useful] = cases;
  for (const { format, encode } of GENERIC_ENCODERS) {
    const codec = compileCodec(useful.schema, { format });
    const encodeError = encodeErrorOf(() => codec.encode('x'));
    assert.is(encodeError.code, 'unexpected-type');
    assert.is(encodeError.schemaPath, '#/$defs/A');
    try {
      codec.decode(encode('x'));
      assert.unreachable('decoded a string');
    } catch (error) {
      assert.ok(isDecodeError(error), String(error));
      assert.is(error.code, 'unexpected-type');
      assert.is(error.offset, 0);
      assert.is(error.schemaPath, '#/$defs/A');
    }
  }
});

test('deep nesting through the recursive branch stops at the depth limit, not the engine stack', () => {
  const [, , useful] = cases;
  let deep: unknown = 1;
  for (let level = 0; level < 5_000; level++) deep = [deep];
  for (const { format, encode } of GENERIC_ENCODERS) {
    const codec = compileCodec(useful.schema, { format });
    try {
      codec.encode(deep);
      assert.unreachable('encoded 5,000 levels');
    } catch (error) {
      assert.ok(isEncodeError(error), String(error));
      assert.is(error.code, 'too-deep');
    }
    // The generic encoder stops at its own limit: the bytes are made by hand, 5,000 one-item arrays then 1.
    const { head, item } = { cbor: { head: [0x81], item: [0x01] }, ubjson: { head: [0x5b, 0x23, 0x55, 0x01], item: [0x55, 0x01] }, msgpack: { head: [0x91], item: [0x01] } }[format];
    const bytes = Uint8Array.from([...Array.from({ length: 5_000 }, () => head).flat(), ...item]);
    try {
      codec.decode(bytes);
      assert.unreachable('decoded 5,000 levels');
    } catch (error) {
      assert.ok(isDecodeError(error), String(error));
      assert.is(error.code, 'too-deep');
    }
  }
});

test('a cyclic value fails with an EncodeError', () => {
  const [, , useful] = cases;
  const cyclic: unknown[] = [];
  cyclic.push(cyclic);
  for (const { format } of GENERIC_ENCODERS) assert.ok(isEncodeError(errorOf(() => compileCodec(useful.schema, { format }).encode(cyclic))));
});

test('the guard also holds in checks: not over a left-recursive definition', () => {
  const schema = {
    $defs: { A: { oneOf: [{ $ref: '#/$defs/B' }, { type: 'string' }] }, B: { oneOf: [{ $ref: '#/$defs/A' }, { type: 'number' }] } },
    type: 'array',
    items: { not: { $ref: '#/$defs/A' } },
  };
  for (const { format, encode } of GENERIC_ENCODERS) {
    const codec = compileCodec(schema, { format });
    assertVerdict(codec, encode, [null, [], true], true, format);
    assertVerdict(codec, encode, [null, 'x'], false, format);
    assertVerdict(codec, encode, [1], false, format);
  }
});

test('the compact layout refuses a left-recursive union whose object is reachable through two variants', () => {
  const chain = cases.find((candidate) => candidate.compactRefused)!;
  for (const format of ['cbor', 'ubjson'] as const) {
    try {
      compileCodec(chain.schema, { format, layout: 'compact' });
      assert.unreachable('compiled an ambiguous compact union');
    } catch (error) {
      assert.ok(isSchemaError(error), String(error));
      assert.is(error.code, 'unsupported');
    }
  }
});

test('a definition that reaches itself through not is still refused: a predicate has no failing branch to stop at', () => {
  const schema = { $defs: { A: { anyOf: [{ not: { $ref: '#/$defs/A' } }, { type: 'string' }] } }, $ref: '#/$defs/A' };
  try {
    compileCodec(schema, { format: 'cbor' });
    assert.unreachable('compiled a loop through not');
  } catch (error) {
    assert.ok(isSchemaError(error), String(error));
    assert.is(error.code, 'recursive-merge');
  }
});

const repo = fileURLToPath(new URL('../../../', import.meta.url));

test('the generated modules type-check under tsc --strict (the declared types spell out the loop)', () => {
  mkdirSync(join(repo, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(repo, '.tmp', 'left-recursion-'));
  try {
    const roots: string[] = [];
    cases.forEach(({ schema, compactRefused }, index) => {
      for (const format of ['cbor', 'ubjson'] as const) {
        for (const layout of compactRefused ? (['map'] as const) : (['map', 'compact'] as const)) {
          const [file] = compileSchema(schema, `case-${index}-${layout}`, { format, layout });
          writeFileSync(join(dir, file.fileName), file.text);
          roots.push(join(dir, file.fileName));
        }
      }
    });
    const use = join(dir, 'use.ts');
    writeFileSync(use, ["import { encode, decode, type Root } from './case-2-map.cbor.js';", 'const value: Root = [1, [2, []]];', 'export const back: Root = decode(encode(value));'].join('\n'));
    assert.equal(strictDiagnostics([...roots, use]), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

test.run();
