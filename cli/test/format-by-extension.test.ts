import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatByExtension } from '../src/io/format-by-extension.js';

const byName = suite('the input format a file name states');

byName('maps each extension of issue 38 to its format', () => {
  const table = {
    'a.cbor': 'cbor', 'a.cbors': 'cbor', 'a.cborseq': 'cbor',
    'a.ubj': 'ubjson', 'a.ubjson': 'ubjson',
    'a.msgpack': 'msgpack', 'a.mpk': 'msgpack', 'a.mp': 'msgpack',
    'a.json': 'json', 'a.ndjson': 'ndjson', 'a.jsonl': 'ndjson',
  };
  for (const [path, format] of Object.entries(table)) assert.is(formatByExtension(path), format, path);
});
byName('reads the extension in any letter case, after any folders', () => {
  assert.is(formatByExtension('DATA.CBOR'), 'cbor');
  assert.is(formatByExtension('in/x.json/doc.MsgPack'), 'msgpack');
});
byName('states nothing for stdin, other extensions and names without one', () => {
  for (const path of ['-', 'a.bin', 'a.cbor.gz', 'cbor', '.cbor', 'a.constructor', 'a.toString']) assert.is(formatByExtension(path), undefined, path);
});

byName.run();
