/**
 * Child process of the size report: one schema, one task (a format's modules, or ajv's code),
 * its result written as JSON to the file the parent names. Its own process, so compile times do not
 * include what other schemas left warm, and a schema that hangs or runs out of memory costs only
 * itself (the parent's timeout kills it). The compiler is the parent's snapshot of the build
 * (`sizes-snapshot.ts`), imported from the path given.
 * Usage: node --import tsx sizes-child.ts <cbor|ubjson|msgpack|ajv> '<SizeSchemaRef as JSON>' <out.json> <compiler entry>
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Format } from '@binschema/compiler';
import { measureAjv } from './sizes-ajv.js';
import { measureFormat } from './sizes-module.js';
import { loadSizeSchema, type SizeSchemaRef } from './sizes-schemas.js';

const [task, ref, out, compilerEntry] = process.argv.slice(2);
const compiler = (await import(pathToFileURL(compilerEntry).href)) as typeof import('@binschema/compiler');
const schema = loadSizeSchema(JSON.parse(ref) as SizeSchemaRef);
const result = task === 'ajv' ? await measureAjv(schema, compiler.ASSERTED_FORMATS) : measureFormat(compiler.compileSchema, schema, task as Format);
writeFileSync(out, JSON.stringify(result));
