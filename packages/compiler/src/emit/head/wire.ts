import type { IrObject } from '../../ir/types.js';
import type { JsonType } from '../../plan/shape.js';
import type { Code } from '../module/code.js';
import type { ModuleContext } from '../module/context.js';
import type { Name } from '../module/names.js';
import type { EncoderEmitter } from '../specialised/encoder.js';
import type { DecoderEmitter } from '../specialised/decoder.js';

/**
 * The wire constants of a "head format": one whose items start with a head that carries the
 * item's type and its length or count (CBOR, MessagePack), whose maps take text keys and whose
 * integers and floats have fixed widths. The encoder and decoder emitters of such formats (this
 * folder: `encoder.ts`, `decoder.ts`, `object-decoding.ts`, the compact layout's
 * `compact-writer.ts` and `compact-reader.ts`) are shared; a format folder gives one of these tables.
 */
export interface HeadWire {
  /** Format id: the runtime subpath (`cbor`, `msgpack`). */
  id: string;
  /** Its name in generated JSDoc (`CBOR`, `MessagePack`). */
  name: string;
  /** What a text item is called in the comments of pre-encoded constants (`CBOR text`, `MessagePack str`). */
  textWord: string;
  /** A text item: its shortest head and UTF-8. */
  text(text: string): Uint8Array;
  /** The shortest array head of `count` elements. */
  arrayHead(count: number): Uint8Array;
  /** The shortest map head of `count` entries. */
  mapHead(count: number): Uint8Array;
  /** A non-negative integer item (an enum or variant index, a position key) in its shortest form. */
  unsigned(value: number): Uint8Array;
  /** Pre-encoded keys per declared property, the order encoders write them in, and the map head when the count is fixed. */
  planObject(node: IrObject): { keys: readonly Uint8Array[]; writeOrder: readonly number[]; fixedHead: Uint8Array | undefined };
  /** The single bytes of null, false and true. */
  nullByte: number;
  falseByte: number;
  trueByte: number;
  /** The compact layout's holes, where the format has `undefined` (CBOR), or undefined where it has none (MessagePack: the dense form then has no holes). */
  holes: Holes | undefined;
  /** Indefinite-length arrays and maps ended by a break byte (CBOR 0xff), or undefined where every container is counted. */
  breakByte: number | undefined;
  /** Statement: the smallest array / map head for a run-time `count`. */
  writeArrayHead(context: ModuleContext, count: Code): Code;
  writeMapHead(context: ModuleContext, count: Code): Code;
  /** Statement: a non-negative integer known at compile time, past the one-byte forms. */
  writeUnsigned(context: ModuleContext, value: number): Code;
  /** Expression: consumes an array / map head (of the item at `reader.pos`) and gives its count, checked against the bytes left (-1: indefinite). */
  readArrayHead(context: ModuleContext, schemaPath: Code): Code;
  readMapHead(context: ModuleContext, schemaPath: Code): Code;
  /** Tests on an item's first byte: an array head, a map head (a whole condition: callers parenthesise it to negate it). */
  isArray(first: Code): Code;
  isMap(first: Code): Code;
  /** A test on a first byte for items that can carry one of the JSON types. */
  typeTest(types: Set<JsonType>, first: Code): Code;
}

/**
 * Where a format has `undefined` (CBOR 0xf7), the compact layout's dense form may have holes: the
 * item stands for an absent optional property or a reserved position before the last one
 * written, and each object is written in the smaller of its two forms.
 */
export interface Holes {
  /** The `undefined` item. */
  undefinedByte: number;
  /** Whether the sparse form is strictly smaller, decided at compile time for objects whose shape is fixed (generated code calls the runtime's rule for the others). */
  sparseIsSmaller(counts: FormCounts): boolean;
}

/** What decides which of its two forms the compact layout writes an object in (`Holes.sparseIsSmaller`). */
export interface FormCounts {
  /** Elements of the dense array: the positions up to the last present one, plus the extras map when there are extras. */
  length: number;
  /** Positions written (present properties). */
  present: number;
  /** Bytes of the present positions' keys in the sparse form. */
  keyBytes: number;
  /** Extra (undeclared) entries. */
  extras: number;
  /** 1 for a variant of a discriminated union, else 0. */
  variant: 0 | 1;
}

/** A head format's encoder as the parts of this folder see it: the skeleton and its wire table. */
export type HeadEncoder = EncoderEmitter & { readonly wire: HeadWire };

/** A head format's decoder as the parts of this folder see it: the skeleton, its wire table and the loop condition over a container's items. */
export type HeadDecoder = DecoderEmitter & { readonly wire: HeadWire; moreItems(index: Name, count: Name): Code };
