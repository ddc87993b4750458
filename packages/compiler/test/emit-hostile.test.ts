// Hostile names and strings in schemas must reach generated code only as string literals,
// neutralised comments or checked identifiers: the output parses, plants nothing, and the codec
// round-trips values that use those names. The TypeScript parser is the judge of the source.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCodec, compileSchema } from '../src/index.js';
import { literal, commentText, comment } from '../src/emit/module/code.js';
import { NameScope, safeIdentifier } from '../src/emit/module/names.js';
import { inspectSource, plantedGlobals, MARKER } from './support/source-check.js';

const hostile = [
  '"; globalThis.PWNED_1 = 1; "',
  "'; globalThis.PWNED_2 = 1; '",
  '` + (globalThis.PWNED_3 = 1) + `',
  '${globalThis.PWNED_4 = 1}',
  '*/ globalThis.PWNED_5 = 1; /*',
  '\u2028globalThis.PWNED_6 = 1; //',
  '\u2029globalThis.PWNED_7 = 1; //',
  '\n globalThis.PWNED_8 = 1; //',
  '\r\n*/ globalThis.PWNED_9 = 1',
  '\\" + (globalThis.PWNED_10 = 1) + "',
  '</script><!-- PWNED_11',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'class',
  'function',
  'return',
  'await',
  'yield',
  'eval',
  'arguments',
  'undefined',
  'NaN',
  'writer',
  'reader',
  'value',
  'depth',
  'marker',
  'valueMarker',
  'elementType',
  'containerType',
  'BUDGET',
  'error',
  'result',
  'key',
  'encode',
  'Writer',
  'sharedWriter',
  'writerBusy',
  'nestedEncode',
  'KEY_NAME',
  'a-b',
  'a_b',
  'a b',
  'aB',
  '',
  '0',
  '123abc',
  'ünïcødé 😀',
  '日本語',
  'nul \u0000 byte',
  // The marks of TypeScript-only text (emit/module/code.ts tsOnly): the JS target drops what is between them.
  '\u0001 globalThis.PWNED_13 = 1 \u0002',
  'x\u0001: PWNED_14',
  'x'.repeat(10_000),
  `${'y'.repeat(10_000)}*/ globalThis.PWNED_12 = 1`,
];

function hostileSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  hostile.forEach((name, index) => {
    put(properties, name, index % 3 === 0 ? { type: 'string', description: name, title: name } : index % 3 === 1 ? { const: name } : { $ref: `#/$defs/${encodeToken(name)}` });
  });
  const defs: Record<string, unknown> = {};
  hostile.forEach((name, index) => {
    if (index % 3 === 2) put(defs, name, { type: 'object', properties: { [name]: { enum: [name, 'other'] } }, required: [name], additionalProperties: false, description: name });
  });
  return {
    title: hostile[4],
    description: hostile[8],
    type: 'object',
    properties,
    required: hostile,
    additionalProperties: { type: 'string', pattern: '^[^*]*$' },
    $defs: defs,
  };
}

/** Own property even for `__proto__` (plain assignment would set the prototype). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function encodeToken(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/%24/g, '$');
}

function hostileValue(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  hostile.forEach((name, index) => {
    const item = index % 3 === 2 ? {} : name;
    if (index % 3 === 2) put(item as Record<string, unknown>, name, name);
    put(value, name, item);
  });
  return value;
}

for (const format of ['cbor', 'ubjson'] as const) {
  const test = suite(`hostile names and strings in generated ${format} code`);

  test('the generated module parses and contains no planted identifier', () => {
    const [file] = compileSchema(hostileSchema(), 'hostile', { format });
    const facts = inspectSource(file.text);
    assert.equal(facts.syntaxErrors, []);
    assert.equal([...facts.identifiers].filter((name) => MARKER.test(name)), []);
    // Comments never end early: every */ in the output closes a comment the emitter opened.
    assert.not.ok(/\u2028|\u2029/.test(file.text));
  });

  test('the JS target parses too, with the same statements and no planted identifier', () => {
    const [file] = compileSchema(hostileSchema(), 'hostile', { format, target: 'js' });
    const facts = inspectSource(file.text, 'hostile.js');
    assert.equal(facts.syntaxErrors, []);
    assert.equal([...facts.identifiers].filter((name) => MARKER.test(name)), []);
    const typescript = inspectSource(compileSchema(hostileSchema(), 'hostile', { format })[0].text);
    assert.equal(facts.statements, typescript.statements.filter((kind) => kind !== 'TypeAliasDeclaration'));
  });

  test('the codec round-trips a value using every hostile name and plants nothing', () => {
    const codec = compileCodec(hostileSchema(), { format });
    const value = hostileValue();
    const back = codec.decode(codec.encode(value)) as Record<string, unknown>;
    assert.equal(Object.keys(back).sort(), Object.keys(value).sort());
    for (const name of hostile) assert.equal(back[name], value[name], `property ${JSON.stringify(name.slice(0, 40))}`);
    assert.is(Object.getPrototypeOf(back), Object.prototype);
    assert.equal(plantedGlobals(), []);
  });

  test('the codec checks hostile const values exactly', () => {
    const codec = compileCodec({ const: hostile[3] }, { format });
    assert.is(codec.decode(codec.encode(hostile[3])), hostile[3]);
    assert.throws(() => codec.encode('${globalThis.PWNED_4 = 2}'));
  });

  test.run();
}

const units = suite('literal, comment and identifier helpers');

units('literal() gives a JS string literal that evaluates to the text', () => {
  for (const text of hostile) {
    const source = literal(text).text;
    assert.not.ok(/[\u2028\u2029\n\r]/.test(source));
    assert.is(new Function(`return ${source};`)(), text);
  }
});

units('comment text never closes a comment or breaks a line', () => {
  for (const text of hostile) {
    const safe = commentText(text);
    assert.not.ok(safe.includes('*/'));
    assert.not.ok(/[\n\r\u2028\u2029]/.test(safe));
    assert.ok(safe.length <= 200);
    assert.equal(inspectSource(`${comment(text).text}\n/* ${safe} */\nexport {};`).syntaxErrors, []);
  }
});

units('safeIdentifier gives valid, non-reserved identifiers, unique within a scope', () => {
  const scope = new NameScope();
  const seen = new Set<string>();
  for (const text of hostile) {
    for (const pascal of [false, true]) {
      const name = scope.fresh(text, { pascal }).text;
      assert.match(name, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
      assert.ok(name.length <= 64, name);
      assert.not.ok(seen.has(name), name);
      seen.add(name);
      assert.equal(inspectSource(`const ${name} = 1; export { ${name} };`).syntaxErrors, []);
    }
  }
  assert.is(safeIdentifier('class').text, 'class2');
  assert.is(safeIdentifier('point', true).text, 'Point');
});

units.run();
