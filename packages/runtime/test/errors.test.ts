import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CodecError, DecodeError, EncodeError, isDecodeError, isEncodeError, isCodecError } from '../src/errors.js';
import { escapePointerToken, joinPointer, parsePointer, pointerFrom } from '../src/pointer.js';

const errors = suite('errors and pointers');

errors('formats decode errors as "<format> decode: <what> at offset <n>"', () => {
  const error = new DecodeError('cbor', 'unexpected-type', 'expected map, got 0x61', 12, '#/$defs/Point', '/points/3');
  assert.is(error.message, 'cbor decode: expected map, got 0x61 at offset 12 (#/$defs/Point, at /points/3)');
  assert.is(error.name, 'DecodeError');
  assert.is(error.offset, 12);
  assert.ok(error instanceof CodecError && error instanceof Error);
  assert.is(new DecodeError('ubjson', 'x', 'bad marker', 0).message, 'ubjson decode: bad marker at offset 0');
});

errors('formats encode errors with the value pointer', () => {
  const error = new EncodeError('cbor', 'unexpected-type', 'expected integer, got string', '/points/3', '#/$defs/Point/properties/x');
  assert.is(error.message, 'cbor encode: expected integer, got string at /points/3 (#/$defs/Point/properties/x)');
  assert.is(new EncodeError('ubjson', 'x', 'cannot encode symbol', '').message, 'ubjson encode: cannot encode symbol at /');
});

errors('guards check the name, so copies of the package still match', () => {
  const foreign = Object.assign(new Error('x'), { name: 'DecodeError' });
  assert.ok(isDecodeError(foreign));
  assert.not.ok(isEncodeError(foreign));
  assert.ok(isEncodeError(new EncodeError('cbor', 'c', 'w', '')));
  assert.ok(isCodecError(new CodecError('c', 'm')));
  assert.not.ok(isDecodeError('DecodeError'));
});

errors('escapes JSON Pointer tokens per RFC 6901', () => {
  assert.is(escapePointerToken('a/b~c'), 'a~1b~0c');
  assert.is(joinPointer('/x', 'm~n/'), '/x/m~0n~1');
  assert.is(pointerFrom(['a', 0, '']), '/a/0/');
  assert.equal(parsePointer('/a~1b/~01'), ['a/b', '~1']);
  assert.equal(parsePointer(''), []);
});

errors.run();
