import { readFileSync, readdirSync } from 'node:fs';
import { compileCodec } from '@binschema/compiler';
const dir = '../../test-data/payloads/';
function time(fn, minMs = 300) {
  let n = 0; const t0 = performance.now(); let t;
  do { for (let i = 0; i < 50; i++) fn(); n += 50; t = performance.now() - t0; } while (t < minMs);
  return (t * 1e6) / n; // ns/op
}
const rows = [];
let ge = 1, gd = 1, k = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
  const name = file.slice(0, -12);
  const schema = JSON.parse(readFileSync(dir + file, 'utf8'));
  const value = JSON.parse(readFileSync(dir + name + '.json', 'utf8'));
  const map = compileCodec(schema, { format: 'cbor' });
  const compact = compileCodec(schema, { format: 'cbor', layout: 'compact' });
  const mb = map.encode(value).slice(), cb = compact.encode(value).slice();
  for (let w = 0; w < 3; w++) { time(() => map.encode(value), 100); time(() => compact.encode(value), 100); time(() => map.decode(mb), 100); time(() => compact.decode(cb), 100); }
  const me = time(() => map.encode(value)), ce = time(() => compact.encode(value));
  const md = time(() => map.decode(mb)), cd = time(() => compact.decode(cb));
  ge *= me / ce; gd *= md / cd; k++;
  rows.push([name, mb.length, cb.length, (me / ce).toFixed(2), (md / cd).toFixed(2), Math.round(me), Math.round(ce), Math.round(md), Math.round(cd)]);
}
console.log('payload\tmapB\tcompactB\tenc x\tdec x\tmapEnc ns\tcEnc ns\tmapDec ns\tcDec ns');
for (const r of rows) console.log(r.join('\t'));
console.log('geomean encode', (ge ** (1 / k)).toFixed(2), 'decode', (gd ** (1 / k)).toFixed(2), 'both', ((ge * gd) ** (1 / (2 * k))).toFixed(2));
