// What every generated module would repeat lives in the runtime (issue 37): no function and no
// module-level constant of one module is the same text in a module of an unrelated schema, in any
// format and code size, and a one-property schema's module is its own functions plus a few
// one-line public functions.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compileSchema, type CodeSize, type Format } from '../src/index.js';
import { testDataPath } from '../../../test-data/index.js';

const test = suite('the fixed part of every module is in the runtime');

const FORMATS: Format[] = ['cbor', 'ubjson', 'msgpack'];
const SIZES: CodeSize[] = ['speed', 'small'];

/** Unrelated schemas: a list of strings, and the payload with unions, discriminators, maps and values of unknown shape. */
const stringList = { type: 'array', items: { type: 'string' } };
const combined = JSON.parse(readFileSync(testDataPath('payloads/combined.schema.json'), 'utf8'));

function moduleJs(schema: object, format: Format, codeSize: CodeSize, deterministic = false): string {
  return compileSchema(schema, 'x', { format, codeSize, target: 'js', deterministic }).find((file) => file.fileName.endsWith('.js'))!.text;
}

/** Top-level functions and module constants of a JS module, comments and names left out (`name(` calls of the public functions differ by name only). */
function topLevelBodies(text: string): Map<string, string> {
  const bodies = new Map<string, string>();
  const code = text.replace(/\/\*\*[\s\S]*?\*\/\n/g, '');
  for (const match of code.matchAll(/^(?:export )?function (\w+)(\([^)]*\) \{\n[\s\S]*?\n\})$/gm)) bodies.set(match[1], match[2]);
  for (const match of code.matchAll(/^(?:export )?(?:const|let) (\w+) = ([^\n]*)$/gm)) if (!match[2].includes('$import')) bodies.set(match[1], match[2]);
  return bodies;
}

for (const format of FORMATS) {
  for (const codeSize of SIZES) {
    for (const deterministic of format === 'cbor' ? [false, true] : [false]) {
      test(`${format} ${codeSize}${deterministic ? ' deterministic' : ''}: no function or constant of a string list's module is the same in combined's`, () => {
        const small = topLevelBodies(moduleJs(stringList, format, codeSize, deterministic));
        const large = [...topLevelBodies(moduleJs(combined, format, codeSize, deterministic)).values()];
        assert.ok(small.size > 0);
        // A public function that is one call of the runtime (the stream factories around `decode`/`encode`) is the wanted form.
        const oneCall = (body: string) => /^\([^)]*\) \{\n\s*return \w+\([^\n]*\);\n\}$/.test(body);
        const shared = [...small].filter(([, body]) => large.includes(body) && !oneCall(body)).map(([name]) => name);
        assert.equal(shared, []);
      });
    }
  }
}

for (const format of FORMATS) {
  test(`${format}: a one-property module's encode calls its writer on the runtime's writer, its decode is one runtime call`, () => {
    const text = moduleJs(stringList, format, 'speed');
    const body = (name: string) => new RegExp(`^export function ${name}\\([^)]*\\) \\{\\n([\\s\\S]*?)\\n\\}$`, 'm').exec(text)?.[1].replace(/\s+/g, ' ').trim();
    assert.match(body('encode') ?? '', /^if \(writerBusy\(\)\) return nestedEncode\((write\w+), value\); try \{ \1\(sharedWriter, value, DEFAULT_MAX_DEPTH\); \} catch \(error\) \{ throw encodeFailed\(error\); \} return sharedWriter\.finish\(\);$/);
    assert.match(body('decode') ?? '', /^return decodeWith\(read\w+, bytes, "#"\);$/);
    assert.not.match(text, /new Writer|new Reader|sharedReader|ANY_OPTIONS|toEncodeError/);
  });
}

test.run();
