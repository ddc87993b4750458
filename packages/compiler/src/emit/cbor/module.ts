import type { IrModule } from '../ir/types.js';
import type { Layout } from '../compile.js';
import { js } from './code.js';
import { CBOR_FORMAT_NAMES, CBOR_MODULE_PRELUDE, CBOR_RUNTIME_NAMES } from './cbor-prelude.js';
import { CborEncoderEmitter } from './cbor-encode.js';
import { CborDecoderEmitter } from './cbor-decode.js';
import { generateFormatModule, type ApiEntry, type ModuleFormat, type ModuleOptions } from './codec-module.js';

export type { ApiEntry } from './codec-module.js';

export interface CborModuleOptions extends ModuleOptions {
  deterministic: boolean;
  /** DAG-CBOR encoders (implies `deterministic`): float64 numbers, `writeDagAny` for unknown shapes. */
  dagCbor: boolean;
  /** Object layout on the wire (README "Compact layout"). */
  layout: Layout;
}

/** The CBOR parts of a generated module; the rest is `codec-module.ts`. */
function cborFormat(deterministic: boolean, dagCbor: boolean, layout: Layout): ModuleFormat {
  return {
    id: 'cbor',
    name: 'CBOR',
    prelude: CBOR_MODULE_PRELUDE,
    runtimeNames: CBOR_RUNTIME_NAMES,
    formatRuntimeNames: CBOR_FORMAT_NAMES,
    encoder: (context) => new CborEncoderEmitter(context, deterministic, dagCbor, layout),
    decoder: (context) => new CborDecoderEmitter(context, deterministic, layout),
    anyOptions: deterministic ? { note: ' (RFC 8949 §4.2.1 deterministic)', init: '{ deterministic: true }' } : { note: '', init: '{}' },
    decodeStart: (_context, shared) => [
      js`// RFC 8949 §3.4.6: a leading self-described CBOR tag (0xd9d9f7) marks the data and means nothing.`,
      js`if (bytes.length >= 3 && bytes[0] === 0xd9 && bytes[1] === 0xd9 && bytes[2] === 0xf7) ${shared}.pos = 3;`,
    ],
    rootRead: (context, reader, shared) => js`${reader}(${shared}, ${context.runtime('DEFAULT_MAX_DEPTH')})`,
  };
}

/** The generated CBOR module for an IR module, plus the names of its public functions. */
export function generateCborModule(ir: IrModule, options: CborModuleOptions): { text: string; api: ApiEntry[] } {
  return generateFormatModule(ir, cborFormat(options.deterministic, options.dagCbor, options.layout), options);
}
