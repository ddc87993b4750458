import type { IrArray, IrLiteral, IrNode, IrNumber, IrObject, IrUnion } from '../../ir/types.js';
import type { Layout } from '../layout.js';
import { emitCompactObjectWriter, writeIndex } from './encode-compact.js';
import { variantWriters, writeEnumIndex, writeIndexedUnion } from '../compact-encode-shared.js';
import { isIndexedEnum, isPositional } from '../compact-positions.js';
import type { Fail } from '../checks.js';
import { Code, inlineComment, js, joinCode, Lines } from '../code.js';
import { cborText, planCborObject } from '../../plan/cbor.js';
import { ModuleContext } from '../context.js';
import type { Name, NameScope } from '../names.js';
import { emitObjectWriter, type ObjectEncoding, type ObjectWritePlan } from '../encode-object.js';
import { EncoderEmitter } from '../encode-skeleton.js';

/**
 * Pre-encoded constants up to this many bytes (map heads, keys, enum strings) are written by
 * `writeConstant` from 32-bit words given inline; longer ones are copied from a hoisted constant
 * by `writeBytes`. The copy loop was ~10% of a typical-object encode profile (.tmp/gs-prof.mjs);
 * stores spelled out at every site were as fast but made functions large enough that their
 * re-optimisation after the bench's collections left whole rounds slow.
 */
const INLINE_CONSTANT_BYTES = 12;

/**
 * Emits CBOR encoders on the shared skeleton (`encode-skeleton.ts`). What CBOR fixes at compile
 * time: the simple values, pre-encoded text strings, keys and map heads.
 */
export class CborEncoderEmitter extends EncoderEmitter {
  protected readonly formatName = 'CBOR';

  constructor(
    context: ModuleContext,
    readonly deterministic: boolean,
    /** DAG-CBOR: float64 numbers (-0 as 0, as @ipld/dag-cbor) and the DAG-CBOR writer for unknown shapes. */
    readonly dagCbor = false,
    /** `'compact'`: objects by position, enums by index, discriminated unions by variant index (README "Compact layout"). */
    readonly layout: Layout = 'map',
  ) {
    super(context);
  }

  /** Compact layout: the function that writes a union's variant `index` (the object `object`), one per pair. */
  private readonly variantWriters = variantWriters(this, 'CBOR', (object, scope, lines, index) => emitCompactObjectWriter(this, this.objectEncoding(), object, scope, lines, index));

  protected emitObject(node: IrObject, scope: NameScope, lines: Lines): void {
    if (this.layout === 'compact' && isPositional(node)) emitCompactObjectWriter(this, this.objectEncoding(), node, scope, lines);
    else emitObjectWriter(this, this.objectEncoding(), node, scope, lines);
  }

  /** Compact layout: enums as their index. */
  protected override writeLiteral(node: IrLiteral, value: Code, fail: Fail, lines: Lines, depth: Code): void {
    if (this.layout === 'compact' && isIndexedEnum(node)) writeEnumIndex(this, node, value, fail, lines, (index, inner) => writeIndex(this, index, inner));
    else super.writeLiteral(node, value, fail, lines, depth);
  }

  /** Compact layout: discriminated unions as `[variantIndex, …fields]`; others as in the map layout, where that stays unambiguous (`compact-unions.ts`). */
  protected override emitUnion(node: IrUnion, scope: NameScope, lines: Lines): void {
    if (this.layout !== 'compact' || !writeIndexedUnion(this, node, scope, lines, this.variantWriters)) super.emitUnion(node, scope, lines);
  }

  /** Maps: a head with the entry count; keys in RFC 8949 §4.2.1 order in deterministic mode. */
  private objectEncoding(): ObjectEncoding {
    return {
      plan: (node) => this.planObject(node),
      writeStart: (count: Name, lines: Lines) => lines.line(js`${this.context.runtime('writeHead')}(writer, 5, ${count});`),
      writeEnd: () => {},
      keyDoc,
      keyWriter: 'writeText',
      sortKeys: this.deterministic,
      reservedLocals: ['next'],
    };
  }

  /** A fixed property set (all required, nothing else allowed) writes its map head merged with the first key. */
  private planObject(node: IrObject): ObjectWritePlan {
    const plan = planCborObject(node, this.deterministic);
    if (plan.fixedHead === undefined || plan.writeOrder.length === 0) return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart: undefined };
    const first = node.properties[plan.writeOrder[0]];
    const mergedStart = {
      bytes: Uint8Array.from([...plan.fixedHead, ...plan.keys[plan.writeOrder[0]]]),
      constantName: `head ${node.properties.length} ${first.name}`,
      what: `CBOR map head (${node.properties.length} entries) and the key ${JSON.stringify(first.name)} that comes first`,
    };
    return { keys: plan.keys, writeOrder: plan.writeOrder, mergedStart };
  }

  protected writeNull(lines: Lines): void {
    lines.line(new Code('writer.u8(0xf6);'));
  }

  protected writeBoolean(value: Code, lines: Lines): void {
    lines.line(js`writer.u8(${value} ? 0xf5 : 0xf4);`);
  }

  protected writeNumber(_node: IrNumber, value: Code, lines: Lines): void {
    if (this.dagCbor) {
      lines.line(js`${this.context.runtime('writeDagNumber')}(writer, ${value});`);
      return;
    }
    lines.line(js`${this.context.runtime('writeNumber')}(writer, ${value}${this.deterministic ? new Code(', true') : new Code('')});`);
  }

  protected writeString(value: Code, lines: Lines): void {
    lines.line(js`${this.context.runtime('writeText')}(writer, ${value});`);
  }

  protected writeTextConstant(text: string, lines: Lines): void {
    this.writeConstant(cborText(text), `text ${text}`, `CBOR text ${JSON.stringify(text)}: a constant string with its head`, lines);
  }

  protected readonly inlineConstantBytes = INLINE_CONSTANT_BYTES;

  /** One `writeConstant(writer, length, words…)` call: no locals, so no block needed. */
  protected writeInlineConstant(bytes: Uint8Array, what: string, lines: Lines): void {
    // Big-endian words, zero-padded: writeConstant stores `length` bytes from them.
    const words = [0, 0, 0];
    bytes.forEach((byte, offset) => (words[offset >> 2] += byte * 2 ** (24 - 8 * (offset & 3))));
    const args = words.map((word) => new Code(word === 0 ? '0' : `0x${word.toString(16).padStart(8, '0')}`));
    lines.line(js`${this.context.use('writeConstant')}(writer, ${new Code(String(bytes.length))}, ${joinCode(args, ', ')}); ${inlineComment(what)}`);
  }

  /** The options of `writeAny`: deterministic key order when asked, and the nesting levels left. */
  anyOptions(depth: Code): Code {
    if (this.dagCbor) return depth;
    // The nesting levels left carry over, so deep values fail where the generic encoder's do.
    return js`${this.context.use('anySettingsAt')}(${depth}, ${new Code(this.deterministic ? '1' : '0')})`;
  }

  /** DAG-CBOR: values of unknown shape go through `writeDagAny` (JSON values and CIDs only). */
  protected override anyWriter(): Code {
    return this.context.runtime(this.dagCbor ? 'writeDagAny' : 'writeAny');
  }

  protected emitArray(node: IrArray, scope: NameScope, lines: Lines): void {
    const { length, index } = this.beginArray(node, scope, lines);
    lines.line(js`${this.context.runtime('writeHead')}(writer, 4, ${length});`);
    this.writeItems(node, length, index, scope, lines);
  }
}

/** The comment of a pre-encoded key constant (shared by every object with that key). */
export function keyDoc(name: string): string {
  return `CBOR text ${JSON.stringify(name)}: a map key with its head`;
}
