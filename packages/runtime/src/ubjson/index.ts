// Generic codec: UBJSON Draft 12, big-endian, strict by default. Policies are documented on
// `UbjsonEncodeOptions`/`ValueEncoder` (encoding) and `UbjsonDecodeOptions` (decoding).
export { encode, decode, UbjsonEncoder, UbjsonDecoder } from './codec.js';
export type { UbjsonEncodeOptions } from './encoder.js';
export type { UbjsonDecodeOptions } from './decoder.js';

// Marker bytes of the format.
export { Marker } from './constants.js';

// Low-level helpers for generated code: the same byte layout and checks as the generic codec.
export { writeInt, readLength } from './integer.js';
export { writeString, writeKey } from './text.js';
export { readAny, writeAny, skipAny } from './codec.js';
