import * as assert from 'uvu/assert';
import { isDecodeError } from '@binschema/runtime';
import { fromHex } from './values.js';

/** The DecodeError `decode` throws on the hex `bytes`: its code, byte offset and schema path (any other outcome fails the test). */
export function decodeErrorOf(decode: (bytes: Uint8Array) => unknown, bytes: string): { code: string; offset: number; schemaPath: string | undefined } {
  try {
    decode(fromHex(bytes));
  } catch (error) {
    assert.ok(isDecodeError(error), String(error));
    return { code: error.code, offset: error.offset, schemaPath: error.schemaPath };
  }
  throw new assert.Assertion({ message: `decoded ${bytes}`, generated: false, operator: 'throws' });
}
