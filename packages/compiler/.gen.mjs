import { readFileSync } from 'node:fs';
import { compileSchema } from '@binschema/compiler';
const [name, layout] = process.argv.slice(2);
const schema = JSON.parse(readFileSync(`../../test-data/payloads/${name}.schema.json`, 'utf8'));
console.log(compileSchema(schema, name, { format: 'cbor', layout })[0].text);
