import type { IrModule } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { js } from '../module/code.js';
import { MSGPACK_FORMAT_NAMES, MSGPACK_MODULE_PRELUDE } from './prelude.js';
import { NEUTRAL_RUNTIME_NAMES } from '../module/prelude.js';
import { MSGPACK_WIRE } from './wire.js';
import { HeadEncoderEmitter } from '../head/encoder.js';
import { HeadDecoderEmitter } from '../head/decoder.js';
import { generateFormatModule, type BackEndOptions, type FormatBackEnd, type GeneratedModule, type ModuleFormat } from '../format-module.js';

/**
 * The MessagePack parts of a generated module; the encoders and decoders are the head formats'
 * (`head/encoder.ts`, `head/decoder.ts`) on the MessagePack wire table (`wire.ts`), the rest is
 * `../format-module.ts`.
 */
function msgpackFormat(layout: Layout): ModuleFormat {
  return {
    id: 'msgpack',
    name: 'MessagePack',
    prelude: MSGPACK_MODULE_PRELUDE,
    runtimeNames: NEUTRAL_RUNTIME_NAMES,
    formatRuntimeNames: MSGPACK_FORMAT_NAMES,
    encoder: (context) => new HeadEncoderEmitter(context, MSGPACK_WIRE, layout),
    decoder: (context) => new HeadDecoderEmitter(context, MSGPACK_WIRE, layout),
    streamItems: 'concatenated MessagePack items',
  };
}

/**
 * The generated MessagePack module for an IR module. No canonical form (`deterministic`, `dagCbor`
 * do not apply); `codeSize: 'small'` walks record tables with the runtime's msgpack/record.ts.
 */
function generateMsgpackModule(ir: IrModule, options: BackEndOptions): GeneratedModule {
  return generateFormatModule(ir, msgpackFormat(options.layout), { ...options, deterministic: false });
}

/** MessagePack (msgpack spec.md), the map and compact layouts. */
export const msgpackBackEnd: FormatBackEnd = { id: 'msgpack', generate: generateMsgpackModule };
