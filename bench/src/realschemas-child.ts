/**
 * Child process of `pnpm realschemas`: checks one schema and writes its `RealSchemaResult` as
 * JSON to the file named by the parent. Its own process, so a schema that overflows the stack,
 * runs out of memory or hangs costs that schema only (the parent's timeout kills it).
 * Usage: node --import tsx realschemas-child.ts <dir> <name> <out.json>
 */
import { writeFileSync } from 'node:fs';
import { checkRealSchema } from './realschemas-check.js';
import { listRealSchemas, loadRealSchema } from './realschemas-load.js';

const [dir, name, out] = process.argv.slice(2);
const entry = listRealSchemas(dir).find((candidate) => candidate.name === name);
if (entry === undefined) throw new Error(`no schema ${name} in ${dir}`);
writeFileSync(out, JSON.stringify(checkRealSchema(loadRealSchema(dir, entry))));
