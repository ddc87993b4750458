import { readFileSync, readdirSync } from 'node:fs';
import { compileCodec } from '@binschema/compiler';
import { decode as cborx } from 'cbor-x';
import { equal } from 'uvu/assert';
const dir = '../../test-data/payloads/';
for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
  const name = file.slice(0, -12);
  const schema = JSON.parse(readFileSync(dir + file, 'utf8'));
  const value = JSON.parse(readFileSync(dir + name + '.json', 'utf8'));
  try {
    const map = compileCodec(schema, { format: 'cbor' });
    const compact = compileCodec(schema, { format: 'cbor', layout: 'compact' });
    const bytes = compact.encode(value);
    equal(compact.decode(bytes), value);
    cborx(bytes);
    console.log(name, map.encode(value).length, bytes.length);
  } catch (e) { console.log(name, 'FAIL', e.message.slice(0, 300)); }
}
