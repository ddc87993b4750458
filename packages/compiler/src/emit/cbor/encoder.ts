import type { IrNumber } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { Code, js, Lines } from '../module/code.js';
import { ModuleContext } from '../module/context.js';
import { HeadEncoderEmitter } from '../head/encoder.js';
import { cborWire } from './wire.js';

/**
 * CBOR encoders: the head formats' emitter (`head/encoder.ts`) with what only CBOR has, the
 * RFC 8949 §4.2.1 deterministic mode (sorted keys, shortest floats) and DAG-CBOR.
 */
export class CborEncoderEmitter extends HeadEncoderEmitter {
  constructor(
    context: ModuleContext,
    readonly deterministic: boolean,
    /** DAG-CBOR: float64 numbers (-0 as 0, as @ipld/dag-cbor) and the DAG-CBOR writer for unknown shapes. */
    readonly dagCbor = false,
    layout: Layout = 'map',
  ) {
    super(context, cborWire(deterministic), layout, deterministic);
  }

  protected override writeNumber(_node: IrNumber, value: Code, lines: Lines): void {
    if (this.dagCbor) {
      lines.line(js`${this.context.runtime('writeDagNumber')}(writer, ${value});`);
      return;
    }
    lines.line(js`${this.context.runtime('writeNumber')}(writer, ${value}${this.deterministic ? new Code(', true') : new Code('')});`);
  }

  /** The options of `writeAny`: deterministic key order when asked, and the nesting levels left. */
  override anyOptions(depth: Code): Code {
    if (this.dagCbor) return depth;
    // The nesting levels left carry over, so deep values fail where the generic encoder's do.
    return js`${this.context.use('anySettingsAt')}(${depth}, ${new Code(this.deterministic ? '1' : '0')})`;
  }

  /** DAG-CBOR: values of unknown shape go through `writeDagAny` (JSON values and CIDs only). */
  protected override anyWriter(): Code {
    return this.context.runtime(this.dagCbor ? 'writeDagAny' : 'writeAny');
  }
}
