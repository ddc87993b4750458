/**
 * Schemas the compact layout tests share (README "Compact layout"), each with its
 * positions spelled out, so expected bytes can be written by hand from them.
 */

const closed = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });

/** id at 0 (required), name 1, tags 2, note 3, flag 4; closed. */
export const RECORD = closed({ id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string' }, flag: { type: 'boolean' } }, ['id']);

/** a 0, b 1, c 2, d 3, all optional strings; other keys integers. */
export const OPEN = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' } }, additionalProperties: { type: 'integer' } };

/** The README's example: id 0 (required), name 1, role 2 (an enum: user 0, admin 1). */
export const ROLE = closed({ id: { type: 'integer' }, name: { type: 'string' }, role: { enum: ['user', 'admin'] } }, ['id']);

/** kind: a required const (no position); x 0 (required), y 1, 2-5 reserved, label pinned at 6. */
export const POINT = closed({ kind: { const: 'point' }, x: { type: 'integer' }, y: { type: 'integer' }, label: { type: 'string', 'x-binschema-index': 6 } }, ['kind', 'x']);

/** first 0, late pinned at 30, far at 300: position keys of one, two and three digits. */
export const WIDE = closed({ first: { type: 'integer' }, late: { type: 'integer', 'x-binschema-index': 30 }, far: { type: 'string', 'x-binschema-index': 300 } }, []);

/** One required property pinned at 9: a fixed shape with reserved positions before it. */
export const PINNED = closed({ a: { type: 'integer', 'x-binschema-index': 9 } }, ['a']);

/** Variant 0 circle (r at 0, required); variant 1 box (w at 0, 1-5 reserved, note pinned at 6); the discriminator `type` is not written. */
export const SHAPE = {
  oneOf: [
    closed({ type: { const: 'circle' }, r: { type: 'integer' } }, ['type', 'r']),
    closed({ type: { const: 'box' }, w: { type: 'integer' }, note: { type: 'string', 'x-binschema-index': 6 } }, ['type']),
  ],
};

/** An enum of 300 values ("v0" … "v299"): indexes past 127 and 255 need the wider integer markers. */
export const MANY = closed({ level: { enum: Array.from({ length: 300 }, (_, index) => `v${index}`) } }, ['level']);

/** The error tests' schema (CBOR, MessagePack): a 0 (required), color 1 (an enum), shape 2 (a discriminated union), 3 reserved, old pinned at 4; closed. */
export const SHAPES = {
  type: 'object',
  properties: {
    a: { type: 'integer' },
    color: { enum: ['red', 'green', 'blue'] },
    shape: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'circle' }, r: { type: 'integer' } }, required: ['type', 'r'], additionalProperties: false },
        { type: 'object', properties: { type: { const: 'square' }, side: { type: 'integer' } }, required: ['type', 'side'], additionalProperties: false },
      ],
    },
    old: { type: 'string', 'x-binschema-index': 4 },
  },
  required: ['a'],
  additionalProperties: false,
};
