import type { JsonType } from '../../plan/shape.js';
import { msgpackArrayHead, msgpackMapHead, msgpackText, msgpackUnsigned, planMsgpackObject } from '../../plan/msgpack.js';
import { js, joinCode, type Code } from '../module/code.js';
import type { HeadWire } from '../head/wire.js';

/**
 * MessagePack (msgpack spec.md) as a head format: fix formats first (fixint, fixstr, fixarray,
 * fixmap), then the 8/16/32-bit forms. No `undefined` and no indefinite lengths: every container
 * is counted, and the compact layout's dense form has no holes (README "Compact layout").
 */
export const MSGPACK_WIRE: HeadWire = {
  id: 'msgpack',
  name: 'MessagePack',
  textWord: 'MessagePack str',
  text: msgpackText,
  arrayHead: msgpackArrayHead,
  mapHead: msgpackMapHead,
  unsigned: msgpackUnsigned,
  planObject: planMsgpackObject,
  nullByte: 0xc0,
  falseByte: 0xc2,
  trueByte: 0xc3,
  holes: undefined,
  breakByte: undefined,
  writeArrayHead: (context, count) => js`${context.runtime('writeArrayHead')}(writer, ${count})`,
  writeMapHead: (context, count) => js`${context.runtime('writeMapHead')}(writer, ${count})`,
  writeUnsigned: (context, value) => js`${context.runtime('writeInteger')}(writer, ${value});`,
  readArrayHead: (context, path) => js`${context.runtime('readArrayHead')}(reader, ${path})`,
  readMapHead: (context, path) => js`${context.runtime('readMapHead')}(reader, ${path})`,
  // fixarray 0x90-0x9f, array16 0xdc, array32 0xdd; fixmap 0x80-0x8f, map16 0xde, map32 0xdf.
  isArray: (first) => js`(${first} & 0xf0) === 0x90 || ${first} === 0xdc || ${first} === 0xdd`,
  isMap: (first) => js`(${first} & 0xf0) === 0x80 || ${first} === 0xde || ${first} === 0xdf`,
  typeTest: firstByteTest,
};

/** A test on a MessagePack first byte for items that can carry one of the JSON types (spec.md "Overview of formats"). */
function firstByteTest(types: Set<JsonType>, first: Code): Code {
  const tests: Code[] = [];
  if (types.has('null')) tests.push(js`${first} === 0xc0`);
  if (types.has('boolean')) tests.push(js`${first} === 0xc2 || ${first} === 0xc3`);
  // Positive and negative fixint, float32/64, uint8..64, int8..64.
  if (types.has('number') || types.has('integer')) tests.push(js`${first} < 0x80 || ${first} >= 0xe0 || (${first} >= 0xca && ${first} <= 0xd3)`);
  if (types.has('string')) tests.push(js`(${first} & 0xe0) === 0xa0 || (${first} >= 0xd9 && ${first} <= 0xdb)`);
  if (types.has('array')) tests.push(js`(${first} & 0xf0) === 0x90 || ${first} === 0xdc || ${first} === 0xdd`);
  if (types.has('object')) tests.push(js`(${first} & 0xf0) === 0x80 || ${first} === 0xde || ${first} === 0xdf`);
  return tests.length === 0 ? js`false` : joinCode(tests, ' || ');
}
