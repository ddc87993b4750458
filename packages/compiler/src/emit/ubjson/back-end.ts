import type { IrModule } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { fixedInteger, typedArrayItems } from '../../plan/ubjson.js';
import { UBJSON_FORMAT_NAMES, UBJSON_MODULE_PRELUDE } from './prelude.js';
import { NEUTRAL_RUNTIME_NAMES } from '../module/prelude.js';
import { UbjsonEncoderEmitter } from './encoder.js';
import { UbjsonDecoderEmitter } from './decoder.js';
import { generateFormatModule, type BackEndOptions, type FormatBackEnd, type GeneratedModule, type ModuleFormat } from '../format-module.js';

/**
 * The UBJSON parts of a generated module (the same exports, types and names as the CBOR module;
 * the rest is `../format-module.ts`): each decode starts a fresh element budget and reads the root's
 * marker, which every read function takes already consumed.
 */
function ubjsonFormat(layout: Layout): ModuleFormat {
  return {
    id: 'ubjson',
    name: 'UBJSON',
    prelude: UBJSON_MODULE_PRELUDE,
    runtimeNames: NEUTRAL_RUNTIME_NAMES,
    formatRuntimeNames: UBJSON_FORMAT_NAMES,
    encoder: (context) => new UbjsonEncoderEmitter(context, layout),
    decoder: (context) => new UbjsonDecoderEmitter(context, layout),
    streamItems: 'concatenated UBJSON values',
    // Typed containers (`[$I#n`, items of a fixed integer range), which the runtime's listOf does not write.
    ownsList: (node) => typedArrayItems(node) !== undefined,
    // Integers whose range fixes their marker (`U` for 0..255, `i`, `I`), written as that marker.
    ownsNumber: (node) => fixedInteger(node) !== undefined,
  };
}

/** The generated UBJSON module for an IR module (no canonical form: `deterministic` and `dagCbor` do not apply). */
function generateUbjsonModule(ir: IrModule, options: BackEndOptions): GeneratedModule {
  return generateFormatModule(ir, ubjsonFormat(options.layout), { ...options, deterministic: false });
}

/** UBJSON (Draft 12), the map and compact layouts. */
export const ubjsonBackEnd: FormatBackEnd = { id: 'ubjson', generate: generateUbjsonModule };
