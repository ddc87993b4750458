/**
 * Keywords of a later draft in an older one (issue 12, item 4): honoured as ajv 8 with
 * ajv-draft-04 honours them (`const`, `contains`, `propertyNames` in draft-04; `if`/`then`/`else`
 * in draft-04 and draft-06), each reported once through `onWarning`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decode as cborxDecode, encode as cborxEncode } from 'cbor-x';
import { isDecodeError, isEncodeError } from '@binschema/runtime';
import { compileCodec, type CompileWarning, type Format } from '../src/index.js';
import { lower } from './ir-helpers.js';

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';
const DRAFT_06 = 'http://json-schema.org/draft-06/schema#';
const FORMATS: Format[] = ['cbor', 'ubjson'];

/** Warnings a lowering gives. */
function warningsOf(schema: unknown): CompileWarning[] {
  const warnings: CompileWarning[] = [];
  lower(schema, { onWarning: (warning) => warnings.push(warning) });
  return warnings;
}

function accepts(schema: unknown, value: unknown): void {
  for (const format of FORMATS) {
    const codec = compileCodec(schema, { format });
    assert.equal(codec.decode(codec.encode(value)), value, `${format} ${JSON.stringify(value)}`);
  }
  // cbor-x reads our bytes back equal.
  assert.equal(cborxDecode(compileCodec(schema, { format: 'cbor' }).encode(value)), value);
}

function refuses(schema: unknown, value: unknown): void {
  for (const format of FORMATS) {
    const codec = compileCodec(schema, { format });
    try {
      codec.encode(value);
      assert.unreachable(`${format} encoded ${JSON.stringify(value)}`);
    } catch (error) {
      assert.ok(isEncodeError(error), String(error));
    }
  }
  // The decoder refuses it too, in bytes written by another implementation.
  try {
    compileCodec(schema, { format: 'cbor' }).decode(cborxEncode(value));
    assert.unreachable(`decoded ${JSON.stringify(value)}`);
  } catch (error) {
    assert.ok(isDecodeError(error), String(error));
    assert.is((error as { code: string }).code, 'schema-violation');
  }
}

const honoured = suite('later-draft keywords: honoured as ajv does');
const modes = {
  $schema: DRAFT_04,
  type: 'object',
  properties: { mode: { oneOf: [{ const: 'fast', description: 'quick' }, { const: 'safe', description: 'careful' }] } },
  required: ['mode'],
};
honoured('compiles a draft-04 oneOf of const branches that accepts each valid document', () => {
  accepts(modes, { mode: 'fast' });
  accepts(modes, { mode: 'safe' });
});
honoured('rejects a draft-04 value that matches no const branch', () => refuses(modes, { mode: 'slow' }));
honoured('applies draft-04 contains', () => {
  const schema = { $schema: DRAFT_04, type: 'array', contains: { type: 'integer', minimum: 10 } };
  accepts(schema, [1, 12]);
  refuses(schema, [1, 2]);
});
honoured('applies draft-04 propertyNames', () => {
  const schema = { $schema: DRAFT_04, type: 'object', propertyNames: { maxLength: 2 } };
  accepts(schema, { ab: 1 });
  refuses(schema, { abc: 1 });
});
honoured('applies draft-06 if/then/else', () => {
  const schema = { $schema: DRAFT_06, type: 'object', if: { required: ['url'] }, then: { required: ['method'] }, else: { required: ['path'] } };
  accepts(schema, { url: 'x', method: 'GET' });
  accepts(schema, { path: '/' });
  refuses(schema, { url: 'x' });
  refuses(schema, {});
});
honoured.run();

const warned = suite('later-draft keywords: warned once per keyword');
warned('warns once per keyword, at its first place, with code later-draft-keyword', () => {
  const schema = {
    $schema: DRAFT_04,
    definitions: { other: { const: 3 } },
    properties: { a: { const: 1 }, b: { const: 2 }, c: { type: 'array', contains: { const: 4 } } },
  };
  const warnings = warningsOf(schema);
  assert.equal(warnings.map((warning) => [warning.code, warning.keyword]), [['later-draft-keyword', 'const'], ['later-draft-keyword', 'contains']]);
  // The root is lowered before the definitions it declares.
  assert.is(warnings[0].schemaPath, '#/properties/a/const');
  assert.is(warnings[0].source, '<inline>');
  assert.match(warnings[0].message, /^warning: const is not a draft-04 keyword.* at #\/properties\/a\/const \(<inline>\)$/);
});
warned('warns for if/then/else in draft-06, each keyword once', () => {
  const keywords = warningsOf({ $schema: DRAFT_06, items: { if: { type: 'string' }, then: { minLength: 1 }, else: { type: 'number' } } }).map((warning) => warning.keyword);
  assert.equal(keywords, ['if', 'then', 'else']);
});
warned('gives no warning where the draft defines the keyword', () => {
  assert.equal(warningsOf({ $schema: 'http://json-schema.org/draft-07/schema#', properties: { a: { const: 1 }, b: { if: {}, then: {} } } }), []);
  assert.equal(warningsOf({ $schema: DRAFT_06, properties: { a: { const: 1 }, b: { contains: {}, propertyNames: {} } } }), []);
});
warned('gives no warning for a keyword ignored beside a draft-04 $ref', () => {
  // Draft-04 §7 (JSON Reference): everything beside $ref is ignored, so nothing is honoured there either.
  assert.equal(warningsOf({ $schema: DRAFT_04, definitions: { s: { type: 'string' } }, properties: { a: { $ref: '#/definitions/s', const: 'x' } } }), []);
});
warned('replays the warnings to onWarning when compileCodec answers from its cache', () => {
  const schema = { $schema: DRAFT_04, properties: { cached: { const: 'yes' } } };
  for (let round = 0; round < 2; round++) {
    const warnings: CompileWarning[] = [];
    compileCodec(schema, { format: 'cbor', onWarning: (warning) => warnings.push(warning) });
    assert.equal(warnings.map((warning) => warning.schemaPath), ['#/properties/cached/const'], `round ${round}`);
  }
});
warned.run();
