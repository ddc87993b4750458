// ajv standalone's validator for a schema, the validator a browser app would ship beside a generic
// codec (issue 39): ajv 8 (the bench's dependency), `code: { source: true, esm: true }`, written to
// a file whose `require`s of ajv's runtime helpers (`ajv/dist/runtime/ucs2length`, `equal`, …)
// the caller's esbuild bundle resolves. Formats are annotations, as binschema treats them in
// 2019-09 and 2020-12 (`validateFormats: false`); `strict: false` as binschema accepts the schema.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFromBench = createRequire(fileURLToPath(new URL('../bench/package.json', import.meta.url)));

/** ajv's class for each `$schema` these schemas declare. */
const AJV_CLASSES = {
  'https://json-schema.org/draft/2020-12/schema': 'ajv/dist/2020',
  'https://json-schema.org/draft/2019-09/schema': 'ajv/dist/2019',
};

/**
 * Writes ajv's standalone ES module for the schema in `schemaFile` to `file`; returns the file,
 * the source's bytes and the runtime helpers it requires.
 */
export async function writeAjvValidator(schemaFile, file) {
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const ajvModule = AJV_CLASSES[schema.$schema];
  if (ajvModule === undefined) throw new Error(`${schemaFile}: no ajv class here for $schema ${schema.$schema}`);
  const Ajv = requireFromBench(ajvModule).default;
  const standaloneCode = requireFromBench('ajv/dist/standalone').default;
  const ajv = new Ajv({ code: { source: true, esm: true }, strict: false, validateFormats: false, logger: false });
  const source = standaloneCode(ajv, ajv.compile(schema));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const helpers = [...new Set([...source.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1]))].sort();
  return { file, sourceBytes: Buffer.byteLength(source), helpers };
}
