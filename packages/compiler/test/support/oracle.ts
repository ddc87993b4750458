/**
 * A reference "compiled" codec made of ajv and the generic codec: validate, then encode; decode,
 * then validate. It is what a compiled codec must behave like (minus the speed), so the suites'
 * checks can be proven on it: they must pass for it and fail for a codec that skips validation.
 */
import { DecodeError, EncodeError, ErrorCode } from '@binschema/runtime';
import type { CompiledCodec, FormatUnderTest } from './formats.js';
import { SchemaDocument, type Schema } from './schema.js';

export function oracleCodec(format: FormatUnderTest, schema: Schema): CompiledCodec {
  const document = new SchemaDocument(schema);
  return {
    encode(value) {
      if (!document.validate(value)) throw new EncodeError(format.name, ErrorCode.SchemaViolation, 'value does not match the schema', '');
      return format.genericEncode(value);
    },
    decode(bytes) {
      const value = format.genericDecode(bytes);
      if (!document.validate(value)) throw new DecodeError(format.name, ErrorCode.SchemaViolation, 'value does not match the schema', 0);
      return value;
    },
  };
}

/** A codec that checks nothing: the checks must catch it. */
export function uncheckedCodec(format: FormatUnderTest): CompiledCodec {
  return { encode: (value) => format.genericEncode(value), decode: (bytes) => format.genericDecode(bytes) };
}
