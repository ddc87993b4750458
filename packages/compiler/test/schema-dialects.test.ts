/** `$schema` selects the draft: its meta-schema and its semantics (2020-12 when absent). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { IrNode, IrObject } from '../src/ir/types.js';
import { ANY, array, assertRefused, BOOLEAN, INTEGER, lower, NEVER, NUMBER, shape, STRING } from './ir-helpers.js';

const DRAFT_URIS: [string, string][] = [
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['https://json-schema.org/draft/2020-12/schema#', '2020-12'],
  ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
  ['http://json-schema.org/draft-07/schema#', 'draft-07'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['http://json-schema.org/draft-06/schema#', 'draft-06'],
  ['http://json-schema.org/draft-04/schema#', 'draft-04'],
];

const detection = suite('schema: dialect detection');
detection('reads a schema without $schema as 2020-12', () => {
  assert.is(lower({ type: 'string' }).draft, '2020-12');
});
for (const [uri, draft] of DRAFT_URIS) detection(`reads ${uri} as ${draft}`, () => assert.is(lower({ $schema: uri, type: 'string' }).draft, draft));
detection('checks each draft against its own meta-schema', () => {
  // Boolean subschemas arrived in draft-06; draft-04 has none.
  assertRefused(() => lower({ $schema: 'http://json-schema.org/draft-04/schema#', properties: { a: true } }), 'invalid-schema', '#/properties/a');
  assert.equal(shape(lower({ $schema: 'http://json-schema.org/draft-06/schema#', type: 'array', items: true }).root), array({}));
  // Array-form items is gone in 2020-12.
  assertRefused(() => lower({ type: 'array', items: [{ type: 'string' }] }), 'invalid-schema', '#/items');
});
detection.run();

const semantics = suite('schema: per-draft semantics');
semantics('reads 2019-09 array-form items with additionalItems as a tuple', () => {
  const schema = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'array', items: [{ type: 'boolean' }], additionalItems: { type: 'integer' } };
  assert.equal(shape(lower(schema).root), array({ prefixItems: [BOOLEAN], items: INTEGER }));
});
semantics('applies a 2019-09 $ref together with its siblings', () => {
  const schema = { $schema: 'https://json-schema.org/draft/2019-09/schema', $defs: { s: { type: 'string' } }, $ref: '#/$defs/s', maxLength: 4 };
  assert.equal(shape(lower(schema).root), { ...STRING, maxLength: 4 });
});
semantics('reads draft-06 numeric exclusive bounds', () => {
  assert.equal(shape(lower({ $schema: 'http://json-schema.org/draft-06/schema#', type: 'number', exclusiveMaximum: 10 }).root), { ...NUMBER, exclusiveMaximum: 10 });
});
semantics('resolves draft-04 id as the base URI and boolean exclusiveMaximum', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    id: 'http://example.com/root.json',
    definitions: { inner: { id: 'sub/inner.json', type: 'integer', maximum: 5, exclusiveMaximum: true } },
    type: 'array',
    items: { $ref: 'sub/inner.json' },
  };
  const module = lower(schema);
  assert.is(module.definitions[0].name, 'inner');
  assert.equal(shape(module.definitions[0].node), { ...INTEGER, exclusiveMaximum: 5 });
  assert.equal(shape(module.root), array({ items: { kind: 'ref', target: module.definitions[0].key } }));
});
semantics('reads draft-04 exclusiveMinimum false as an inclusive minimum', () => {
  const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', minimum: 1, exclusiveMinimum: false };
  assert.equal(shape(lower(schema).root), { ...NUMBER, minimum: 1 });
});
semantics('ignores a draft-07 $id beside $ref when resolving it', () => {
  // Draft-07 Core §8.3: the sibling $id must not change the base the $ref resolves against.
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'http://example.com/a/root.json',
    definitions: { target: { $id: 'http://example.com/a/t.json', type: 'string' } },
    items: { $id: 'http://example.com/b/', $ref: 't.json' },
    type: 'array',
  };
  const module = lower(schema);
  assert.is((module.root as { items: { target: string } }).items.target, module.definitions[0].key);
});
semantics.run();

// 2020-12 Core §8.1.2: a `$schema` naming a meta-schema whose `$vocabulary` lists the vocabularies in use.
const vocabulary = (entries: Record<string, boolean>): Record<string, unknown> => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.com/dialect',
  $vocabulary: entries,
});
const CORE = 'https://json-schema.org/draft/2020-12/vocab/core';
const APPLICATOR = 'https://json-schema.org/draft/2020-12/vocab/applicator';
const VALIDATION = 'https://json-schema.org/draft/2020-12/vocab/validation';

const dialects = suite('schema: custom dialects ($vocabulary)');
dialects('ignores the keywords of a standard vocabulary the dialect leaves out', () => {
  const meta = vocabulary({ [CORE]: true, [APPLICATOR]: true });
  const module = lower({ $schema: 'https://example.com/dialect', properties: { n: { minimum: 10, type: 'string' }, no: false } }, { extraSchemas: [meta] });
  assert.is(module.draft, '2020-12');
  // No validation vocabulary: `minimum` and `type` are annotations; `properties` still applies.
  const root = module.root as IrNode & { variants?: IrNode[] };
  const object = root.variants?.find((variant) => variant.kind === 'object') as IrObject | undefined;
  assert.is(root.variants?.length, 6);
  assert.equal(object?.properties.map((property) => [property.name, shape(property.node)]), [['n', ANY], ['no', NEVER]]);
});
dialects('applies the keywords of the vocabularies the dialect uses', () => {
  const meta = vocabulary({ [CORE]: true, [VALIDATION]: true, 'https://example.com/vocab/optional': false });
  assert.equal(shape(lower({ $schema: 'https://example.com/dialect', type: 'integer', properties: { a: false } }, { extraSchemas: [meta] }).root), INTEGER);
});
dialects('refuses a dialect that requires a vocabulary it does not know', () => {
  const meta = vocabulary({ [CORE]: true, 'https://example.com/vocab/required': true });
  assertRefused(() => lower({ $schema: 'https://example.com/dialect', type: 'string' }, { extraSchemas: [meta] }), 'unknown-dialect', '#/$schema');
});
dialects('refuses a $schema that names no meta-schema it has', () => {
  assertRefused(() => lower({ $schema: 'https://example.com/elsewhere', type: 'string' }, { extraSchemas: [vocabulary({ [CORE]: true })] }), 'unknown-dialect', '#/$schema');
});
dialects.run();
