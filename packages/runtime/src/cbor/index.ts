// Generic (schemaless) RFC 8949 CBOR: the reference behaviour generated code must agree with.
export { encode, decode, decodeSequence, checkWellFormed, CborEncoder, CborDecoder } from './codec.js';
export { skipItem } from './skip.js';
export { Tag, Simple } from './values.js';
export { type CborEncodeOptions, type CborDecodeOptions, DEFAULT_MAX_DEPTH } from './options.js';

// Wire constants.
export { Major, Info, InitialByte, KnownTag } from './constants.js';

// For generated code: heads, scalars and the generic codec on an existing Writer/Reader.
export { writeHead, writeHeadAt, headSize, readArgument, readArgumentBig } from './head.js';
export { writeText, writeInteger, writeNumber, writeAny } from './encode.js';
export { readText, readNumber, readAny } from './decode.js';
export { skipAny } from './skip.js';
