/**
 * Schemas by the feature `codeSize: 'small'` has to model, each with valid values and invalid
 * ones: the record-table codecs of every format must agree with the specialised ones on all of them
 * (code-size.test.ts).
 */

export const rule = { type: 'object', properties: { active: { type: 'boolean' }, excludes: { type: 'array', items: { type: 'string' } } } };

/** Schemas by the feature they exercise, each with valid values and invalid ones. */
export const CASES: { name: string; schema: object; valid: unknown[]; invalid: unknown[] }[] = [
  {
    name: 'required and optional scalars, closed',
    schema: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, score: { type: 'number' }, on: { type: 'boolean' }, none: { type: 'null' }, any: {} },
      required: ['id', 'name'],
      additionalProperties: false,
    },
    valid: [{ id: 1, name: 'a' }, { name: 'b', id: -7, score: 1.5, on: true, none: null, any: [1, { x: 'y' }] }, { id: 2 ** 40, name: '' }],
    invalid: [{ id: 1, name: 'a', constructor: undefined }, { id: 1 }, { id: 1.5, name: 'a' }, { id: 1, name: 2 }, { id: 1, name: 'a', extra: 1 }, { id: 1, name: 'a', score: Infinity }, [], null, 'text'],
  },
  {
    name: 'nested objects, arrays of objects and of scalars',
    schema: {
      type: 'object',
      properties: {
        point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] },
        tags: { type: 'array', items: { type: 'string' } },
        items: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } },
      },
    },
    valid: [{}, { point: { x: 1, y: 2, z: 'extra' }, tags: ['a', 'b'], items: [{ n: 1 }, { n: 2 }] }, { other: { deep: [1, 2] }, tags: [] }],
    invalid: [{ point: { x: 1 } }, { tags: ['a', 3] }, { items: [{ n: 1 }, { n: 'two' }] }, { items: [{ n: 1, m: 2 }] }, { tags: 'a' }],
  },
  {
    name: 'const and enum',
    schema: {
      type: 'object',
      properties: { kind: { const: 'point' }, level: { enum: ['low', 'high'] }, mixed: { enum: [1, 'one', null, { a: [1] }] } },
      required: ['kind'],
    },
    valid: [{ kind: 'point' }, { kind: 'point', level: 'high', mixed: { a: [1] } }, { kind: 'point', mixed: null }],
    invalid: [{ kind: 'line' }, { kind: 'point', level: 'medium' }, { kind: 'point', mixed: { a: [2] } }, { kind: 1 }],
  },
  {
    name: 'patternProperties, additionalProperties schema, extra required names, property counts',
    schema: {
      type: 'object',
      properties: { x_declared: { type: 'integer' }, name: { type: 'string' } },
      patternProperties: { '^x_': { type: 'number', minimum: 0 }, '^x_n': { type: 'integer' } },
      additionalProperties: { type: 'string' },
      required: ['name', 'other'],
      minProperties: 2,
      maxProperties: 5,
    },
    valid: [{ name: 'a', other: 'b' }, { name: 'a', other: 'b', x_declared: 3, x_n: 4, x_f: 0.5 }],
    invalid: [{ name: 'a' }, { name: 'a', other: 1 }, { name: 'a', other: 'b', x_declared: -1 }, { name: 'a', other: 'b', x_n: 1.5 }, { name: 'a', other: 'b', c: 'c', d: 'd', e: 'e', f: 'f' }],
  },
  {
    name: 'allOf with a $ref merged into many objects, recursion through a definition',
    schema: {
      $defs: { rule, tree: { type: 'object', properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/tree' } } }, required: ['value'] } },
      type: 'object',
      properties: {
        first: { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { limit: { type: 'integer' } } },
        second: { type: 'object', allOf: [{ $ref: '#/$defs/rule' }], properties: { names: { type: 'array', items: { type: 'string' } } } },
        tree: { $ref: '#/$defs/tree' },
      },
    },
    valid: [{ first: { active: true, limit: 3 }, second: { excludes: ['a'], names: [] } }, { tree: { value: 1, children: [{ value: 2, children: [] }, { value: 3 }] } }],
    invalid: [{ first: { active: 'yes' } }, { second: { excludes: [1] } }, { tree: { value: 1, children: [{}] } }, { tree: { children: [] } }],
  },
  {
    name: 'unions told apart by JSON type, typeless schemas with properties',
    schema: {
      type: 'object',
      properties: {
        v: { type: ['string', 'null', 'integer'] },
        w: { oneOf: [{ type: 'string', minLength: 2 }, { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } } }, { type: 'boolean' }] },
        loose: { properties: { a: { type: 'string' } } },
      },
    },
    valid: [{ v: null, w: 'ab' }, { v: 3, w: [{ a: 1 }, {}], loose: { a: 'x' } }, { v: 'x', w: true, loose: 5 }, { loose: [1, 'two'] }, { loose: null }],
    invalid: [{ v: 1.5 }, { v: [] }, { w: 'a' }, { w: [{ a: 'b' }] }, { w: 3 }, { loose: { a: 1 } }],
  },
  {
    name: 'maps without declared properties',
    schema: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } } },
    valid: [{}, { a: { x: 1 }, '1000': {}, __proto__x: { y: 2 } }],
    invalid: [{ a: 1 }, { a: { x: 'one' } }],
  },
  {
    name: 'maps without declared properties, with required names and property counts',
    schema: { type: 'object', additionalProperties: { type: 'integer' }, required: ['id'], minProperties: 2, maxProperties: 4 },
    valid: [{ id: 1, b: 2 }, { '127': 1, id: 2, a: 3, '1000': 4 }],
    invalid: [{ id: 1 }, { a: 1, b: 2 }, { id: 1, a: 2, b: 3, c: 4, d: 5 }, { id: 'x', a: 1 }, { id: 1, a: 2.5 }],
  },
  {
    name: 'arrays of ranged integers (UBJSON typed containers), lists of lists, ranged scalars',
    schema: {
      type: 'object',
      properties: {
        small: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 100 } },
        grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        level: { type: 'integer', minimum: 0, maximum: 1000 },
      },
    },
    valid: [{ small: [1, 2, 3], grid: [[1.5], []], level: 999 }, { small: [], grid: [] }, { small: [0, -0, 100] }],
    invalid: [{ small: [101] }, { small: [1.5] }, { grid: [[1, 'x']] }, { level: 1001 }, { grid: [1] }],
  },
  {
    // openhab-5.1's shape: patterns in a closed object, `if`/`then`/`not` over the objects they match.
    name: 'patterns of a closed object, false subschemas, checks over objects, lists and unions',
    schema: {
      type: 'object',
      additionalProperties: false,
      patternProperties: {
        '^p_': {
          type: 'object',
          properties: { type: { type: 'string' }, kind: { enum: ['state', 'trigger'] }, dim: { type: 'string' } },
          allOf: [
            { if: { required: ['type'] }, then: { not: { anyOf: [{ required: ['kind'] }, { required: ['dim'] }] } } },
            { if: { required: ['kind'], properties: { kind: { const: 'state' } } }, then: { required: ['dim'] } },
          ],
        },
      },
      properties: {
        list: { type: 'array', items: { type: 'integer' }, not: { contains: { const: 0 } } },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }], not: { const: 'x' } },
        variant: { oneOf: [{ type: 'object', properties: { a: { type: 'integer' } }, not: { required: ['b'] } }, { type: 'array', items: { type: 'string' }, not: { maxItems: 0 } }, { type: 'string' }] },
        nothing: false,
      },
    },
    valid: [{}, { p_a: { type: 't' }, list: [1, 2], either: 'y' }, { p_b: { kind: 'state', dim: 'd' }, p_c: { kind: 'trigger', other: [1] }, either: 3 }, { p_d: {} }, { variant: { a: 1 } }, { variant: ['s'] }, { variant: 'v' }],
    invalid: [{ q: {} }, { p_a: { type: 't', kind: 'state', dim: 'd' } }, { p_a: { kind: 'state' } }, { p_a: 1 }, { list: [1, 0] }, { list: 0 }, { either: 'x' }, { either: 1.5 }, { nothing: 1 }, { nothing: null }, { variant: { a: 1, b: 2 } }, { variant: [] }, { variant: { a: 'x' } }, { variant: [1] }],
  },
];
