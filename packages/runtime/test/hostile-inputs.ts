// Hostile inputs of issue 15 item 6, each with an honest run of the same size: what the same
// amount of work costs on valid input. Shared by resource-limits.test.ts and its child process.
import { Buffer } from 'node:buffer';
import { decode as decodeCbor } from '../src/cbor/index.js';
import { decode as decodeUbjson } from '../src/ubjson/index.js';
import { decode as decodeMsgpack } from '../src/msgpack/index.js';

export interface HostileCase {
  /** Decodes the hostile input (throws its `DecodeError`, or returns). */
  hostile: () => unknown;
  /** The honest work of the same size. */
  honest: () => unknown;
}

/** Container heads in the nested cases: ~70 KB of CBOR. */
const LEVELS = 23_000;
export const BIG_SIZE = 1 << 20;

function repeated(unit: number[], times: number, head: number[] = []): Uint8Array {
  const bytes = new Uint8Array(head.length + unit.length * times);
  bytes.set(head);
  for (let index = 0; index < times; index++) bytes.set(unit, head.length + index * unit.length);
  return bytes;
}

function nestedCbor(options?: object): HostileCase {
  // 0x99 0xffff: an array declaring 65,535 elements (RFC 8949 §3.1), each the next such array.
  const hostile = repeated([0x99, 0xff, 0xff], LEVELS);
  // The same size of valid CBOR: an array of 23,000 arrays [1, 1] (0x82 0x01 0x01).
  const honest = repeated([0x82, 0x01, 0x01], LEVELS, [0x99, LEVELS >> 8, LEVELS & 0xff]);
  return { hostile: () => decodeCbor(hostile, options), honest: () => decodeCbor(honest, options) };
}

function nestedUbjson(): HostileCase {
  // `[#I 0x7fff`: a counted array of 32,767, each the next such array.
  const hostile = repeated([0x5b, 0x23, 0x49, 0x7f, 0xff], LEVELS);
  // Valid UBJSON of the same size: `[#I n` then n arrays `[#U 1 U 7`.
  const honest = repeated([0x5b, 0x23, 0x55, 0x01, 0x55, 0x07], LEVELS, [0x5b, 0x23, 0x49, LEVELS >> 8, LEVELS & 0xff]);
  return { hostile: () => decodeUbjson(hostile), honest: () => decodeUbjson(honest) };
}

function bignum(): HostileCase {
  // Tag 2 around a 1 MiB byte string (0xc2 0x5a + 4-byte length), the limit raised to allow it.
  const bytes = new Uint8Array(6 + BIG_SIZE).fill(0xab);
  bytes.set([0xc2, 0x5a, 0x00, 0x10, 0x00, 0x00]);
  const magnitude = bytes.subarray(6);
  return {
    hostile: () => decodeCbor(bytes, { maxBignumBytes: BIG_SIZE }),
    // The engine's own linear route from bytes to a bigint: Node's hex and the hex parser.
    honest: () => BigInt(`0x${Buffer.from(magnitude.buffer, magnitude.byteOffset, magnitude.length).toString('hex')}`),
  };
}

function highPrecision(): HostileCase {
  // `H`, length `l` 2^20, then 2^20 digits '1' (an integer, value-types.html#numeric).
  const hostile = new Uint8Array(6 + BIG_SIZE).fill(0x31);
  hostile.set([0x48, 0x6c, 0x00, 0x10, 0x00, 0x00]);
  // The same text as a string `S`: reading it costs what reading the digits must.
  const honest = hostile.slice();
  honest[0] = 0x53;
  return { hostile: () => decodeUbjson(hostile), honest: () => decodeUbjson(honest) };
}

function nestedMsgpack(): HostileCase {
  // 0xdc 0xffff: an array16 declaring 65,535 elements (spec.md "array format family"), each the next.
  const hostile = repeated([0xdc, 0xff, 0xff], LEVELS);
  // The same size of valid MessagePack: an array16 of 23,000 arrays [1, 1] (0x92 0x01 0x01).
  const honest = repeated([0x92, 0x01, 0x01], LEVELS, [0xdc, LEVELS >> 8, LEVELS & 0xff]);
  return { hostile: () => decodeMsgpack(hostile), honest: () => decodeMsgpack(honest) };
}

/** 100,000 fixarrays of one element (0x91), each holding the next; honest: 100,000 fixints in an array32. */
function nestedFixarrays(): HostileCase {
  const hostile = new Uint8Array(100_000).fill(0x91);
  const honest = repeated([0x01], 100_000, [0xdd, 0x00, 0x01, 0x86, 0xa0]);
  return { hostile: () => decodeMsgpack(hostile), honest: () => decodeMsgpack(honest) };
}

/** A 6-byte input: `first` with a 32-bit length or count of 2^32-1 and one byte; honest: a 6-byte item. */
function hugeHead(first: number): () => HostileCase {
  const hostile = Uint8Array.of(first, 0xff, 0xff, 0xff, 0xff, 0x00);
  const honest = Uint8Array.of(0xa5, 0x61, 0x62, 0x63, 0x64, 0x65);
  return () => ({ hostile: () => decodeMsgpack(hostile), honest: () => decodeMsgpack(honest) });
}

/** A short input that is not MessagePack: `hostile` bytes; honest: the fixint 1. */
function shortMsgpack(hostile: number[]): () => HostileCase {
  const bytes = Uint8Array.from(hostile);
  return () => ({ hostile: () => decodeMsgpack(bytes), honest: () => decodeMsgpack(Uint8Array.of(0x01)) });
}

export const CASES: Record<string, () => HostileCase> = {
  'cbor-nested-counts': () => nestedCbor(),
  'cbor-nested-counts-deep': () => nestedCbor({ maxDepth: 2_000 }),
  'ubjson-nested-counts': nestedUbjson,
  'cbor-bignum': bignum,
  'ubjson-high-precision': highPrecision,
  'msgpack-nested-counts': nestedMsgpack,
  'msgpack-nested-fixarrays': nestedFixarrays,
  'msgpack-array32-head': hugeHead(0xdd),
  'msgpack-map32-head': hugeHead(0xdf),
  'msgpack-str32-head': hugeHead(0xdb),
  'msgpack-bin32-head': hugeHead(0xc6),
  'msgpack-reserved-byte': shortMsgpack([0xc1]),
  'msgpack-trailing-byte': shortMsgpack([0x01, 0x02]),
};
