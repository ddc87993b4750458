import { headSize } from '@binschema/runtime/cbor';
import type { JsonType } from '../../plan/shape.js';
import { cborText, planCborObject } from '../../plan/cbor.js';
import { js, joinCode, type Code } from '../module/code.js';
import type { HeadWire } from '../head/wire.js';
import { sparseIsSmaller } from './compact-form.js';

/** RFC 8949 §3.1 shortest head of `major` with `argument` below 2^32. */
function head(major: number, argument: number): Uint8Array {
  const first = major << 5;
  const size = headSize(argument);
  if (size === 1) return Uint8Array.of(first | argument);
  if (size === 2) return Uint8Array.of(first | 24, argument);
  if (size === 3) return Uint8Array.of(first | 25, argument >>> 8, argument & 0xff);
  return Uint8Array.of(first | 26, argument >>> 24, (argument >>> 16) & 0xff, (argument >>> 8) & 0xff, argument & 0xff);
}

/** CBOR (RFC 8949) as a head format; `deterministic`: keys in §4.2.1 order. */
export function cborWire(deterministic: boolean): HeadWire {
  return {
    id: 'cbor',
    name: 'CBOR',
    textWord: 'CBOR text',
    text: cborText,
    arrayHead: (count) => head(4, count),
    mapHead: (count) => head(5, count),
    unsigned: (value) => head(0, value),
    planObject: (node) => planCborObject(node, deterministic),
    nullByte: 0xf6,
    falseByte: 0xf4,
    trueByte: 0xf5,
    // RFC 8949 §3.3: simple value 23.
    holes: { undefinedByte: 0xf7, sparseIsSmaller },
    // RFC 8949 §3.2.1.
    breakByte: 0xff,
    writeArrayHead: (context, count) => js`${context.runtime('writeHead')}(writer, 4, ${count})`,
    writeMapHead: (context, count) => js`${context.runtime('writeHead')}(writer, 5, ${count})`,
    writeUnsigned: (context, value) => js`${context.runtime('writeHead')}(writer, 0, ${value});`,
    readArrayHead: (context, path) => js`${context.use('readContainerHead')}(reader, 4, ${path})`,
    readMapHead: (context, path) => js`${context.use('readContainerHead')}(reader, 5, ${path})`,
    isArray: (first) => js`${first} >> 5 === 4`,
    isMap: (first) => js`${first} >> 5 === 5`,
    typeTest: initialTest,
  };
}

/** A test on a CBOR initial byte for items that can carry one of the JSON types. */
function initialTest(types: Set<JsonType>, initial: Code): Code {
  const tests: Code[] = [];
  if (types.has('null')) tests.push(js`${initial} === 0xf6`);
  if (types.has('boolean')) tests.push(js`${initial} === 0xf4 || ${initial} === 0xf5`);
  if (types.has('number') || types.has('integer')) tests.push(js`${initial} < 0x40 || (${initial} >= 0xf9 && ${initial} <= 0xfb)`);
  if (types.has('string')) tests.push(js`(${initial} & 0xe0) === 0x60`);
  if (types.has('array')) tests.push(js`(${initial} & 0xe0) === 0x80`);
  if (types.has('object')) tests.push(js`(${initial} & 0xe0) === 0xa0`);
  return tests.length === 0 ? js`false` : joinCode(tests, ' || ');
}
