import type { IrModule } from '../ir/types.js';
import type { Layout } from '../compile.js';
import { js } from './code.js';
import { UBJSON_FORMAT_NAMES, UBJSON_MODULE_PRELUDE, UBJSON_RUNTIME_NAMES } from './ubjson-prelude.js';
import { UbjsonEncoderEmitter } from './ubjson-encode.js';
import { UbjsonDecoderEmitter } from './ubjson-decode.js';
import { generateFormatModule, type ApiEntry, type ModuleFormat, type ModuleOptions } from './codec-module.js';

export interface UbjsonModuleOptions extends ModuleOptions {
  /** Object layout on the wire (README "Compact layout"). */
  layout: Layout;
}

/**
 * The UBJSON parts of a generated module (the same exports, types and names as the CBOR module;
 * the rest is `codec-module.ts`): each decode starts a fresh element budget and reads the root's
 * marker, which every read function takes already consumed.
 */
function ubjsonFormat(layout: Layout): ModuleFormat {
  return {
    id: 'ubjson',
    name: 'UBJSON',
    prelude: UBJSON_MODULE_PRELUDE,
    runtimeNames: UBJSON_RUNTIME_NAMES,
    formatRuntimeNames: UBJSON_FORMAT_NAMES,
    encoder: (context) => new UbjsonEncoderEmitter(context, layout),
    decoder: (context) => new UbjsonDecoderEmitter(context, layout),
    anyOptions: { note: '', init: '{}' },
    decodeStart: (context) => [js`${context.use('BUDGET')}.left = ${context.runtime('DEFAULT_MAX_COUNT')};`],
    rootRead: (context, reader, shared) => js`${reader}(${shared}, ${context.runtime('DEFAULT_MAX_DEPTH')}, ${context.use('readMarker')}(${shared}))`,
    readsMarker: true,
  };
}

/** The generated UBJSON module for an IR module, plus the names of its public functions. */
export function generateUbjsonModule(ir: IrModule, options: UbjsonModuleOptions): { text: string; api: ApiEntry[] } {
  return generateFormatModule(ir, ubjsonFormat(options.layout), options);
}
