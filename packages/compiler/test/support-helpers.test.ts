// Support helpers every generated module calls live in the runtime (`generated-support.ts`):
// a module imports them instead of repeating their source, and the runtime exports each one.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as runtime from '@binschema/runtime';
import * as cborRuntime from '@binschema/runtime/cbor';
import * as ubjsonRuntime from '@binschema/runtime/ubjson';
import { compileSchema } from '../src/index.js';
import { CBOR_MODULE_PRELUDE } from '../src/emit/cbor/prelude.js';
import { UBJSON_MODULE_PRELUDE } from '../src/emit/ubjson/prelude.js';
import type { PreludeHelper } from '../src/emit/module/prelude.js';

const support = suite('support helpers of generated modules');

// Uses closed records, uniqueItems, maxLength, multipleOf, enum, a union and nesting, so that
// many helpers (moved and kept) are pulled in.
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 40 },
    price: { type: 'number', multipleOf: 0.01 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    kind: { enum: ['a', 'b', { c: 1 }] },
    shape: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'dot' }, x: { type: 'integer' } }, required: ['type'] },
        { type: 'object', properties: { type: { const: 'box' }, w: { type: 'boolean' } }, required: ['type'] },
      ],
    },
    extra: { type: ['null', 'string'] },
  },
  required: ['name'],
  additionalProperties: false,
};

const formats = [
  { format: 'cbor' as const, prelude: CBOR_MODULE_PRELUDE, formatRuntime: cborRuntime as Record<string, unknown>, module: '@binschema/runtime/cbor' },
  { format: 'ubjson' as const, prelude: UBJSON_MODULE_PRELUDE, formatRuntime: ubjsonRuntime as Record<string, unknown>, module: '@binschema/runtime/ubjson' },
];

function moved(prelude: Record<string, PreludeHelper>): string[] {
  return Object.keys(prelude).filter((name) => prelude[name].text === '');
}

function importedNames(text: string, module: string): string[] {
  const line = text.split('\n').find((candidate) => candidate.startsWith('import {') && candidate.endsWith(` from '${module}';`));
  // `name as name$import` (rebound as a module const, see emit/module/assemble.ts): the imported name.
  return line === undefined ? [] : line.slice('import {'.length, line.indexOf('}')).split(',').map((name) => name.trim().split(' as ')[0]);
}

for (const { format, prelude, formatRuntime, module } of formats) {
  support(`every ${format} helper without source is exported by the runtime it is imported from`, () => {
    const names = moved(prelude);
    assert.ok(names.length > 10);
    for (const name of names) {
      const fromFormat = prelude[name].formatRuntime.includes(name);
      const exported = fromFormat ? formatRuntime[name] : (runtime as Record<string, unknown>)[name];
      // Functions, and the state modules share with the runtime (UBJSON's element BUDGET object).
      assert.ok(typeof exported === 'function' || (typeof exported === 'object' && exported !== null), `${name} is exported by ${fromFormat ? module : '@binschema/runtime'}`);
    }
  });

  support(`a generated ${format} module imports the moved helpers it calls and defines none of them`, () => {
    const [file] = compileSchema(schema, 'support', { format });
    const imports = [...importedNames(file.text, '@binschema/runtime'), ...importedNames(file.text, module)];
    let used = 0;
    for (const name of moved(prelude)) {
      assert.not.match(file.text, new RegExp(`^(function|class) ${name}\\b`, 'm'), `${name} is not defined in the module`);
      if (new RegExp(`\\b${name}\\(|new ${name}\\b|instanceof ${name}\\b`).test(file.text)) {
        used++;
        assert.ok(imports.includes(name), `${name} is imported`);
      }
    }
    assert.ok(used > 5, `the module calls ${used} moved helpers`);
  });

  support(`a generated ${format} module binds its imported functions again as module constants, and keeps classes as imports`, () => {
    const [file] = compileSchema(schema, 'support', { format });
    const aliased = [...file.text.matchAll(/\b(\w+) as \1\$import\b/g)].map((match) => match[1]);
    assert.ok(aliased.includes('encodeFailure') && aliased.includes('withSchemaPath'), 'helpers are aliased');
    for (const name of aliased) assert.match(file.text, new RegExp(`[ ,]${name} = ${name}\\$import[,;]`), `${name} is bound again`);
    assert.not.ok(aliased.includes('Writer') || aliased.includes('DecodeError'), 'classes stay plain imports (the TS target uses them as types)');
  });
}

support.run();
