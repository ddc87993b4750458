import type { IrModule } from '../../ir/types.js';
import type { Layout } from '../module/layout.js';
import { CBOR_FORMAT_NAMES, CBOR_MODULE_PRELUDE, CBOR_RUNTIME_NAMES } from './prelude.js';
import { CborEncoderEmitter } from './encoder.js';
import { HeadDecoderEmitter } from '../head/decoder.js';
import { cborWire } from './wire.js';
import { generateFormatModule, type BackEndOptions, type FormatBackEnd, type GeneratedModule, type ModuleFormat } from '../format-module.js';

/** The CBOR parts of a generated module; the rest is `../format-module.ts`. */
function cborFormat(deterministic: boolean, dagCbor: boolean, layout: Layout): ModuleFormat {
  return {
    id: 'cbor',
    name: 'CBOR',
    prelude: CBOR_MODULE_PRELUDE,
    runtimeNames: CBOR_RUNTIME_NAMES,
    formatRuntimeNames: CBOR_FORMAT_NAMES,
    encoder: (context) => new CborEncoderEmitter(context, deterministic, dagCbor, layout),
    decoder: (context) => new HeadDecoderEmitter(context, cborWire(deterministic), layout),
    streamItems: 'a CBOR sequence (RFC 8742)',
  };
}

/** The generated CBOR module for an IR module (DAG-CBOR implies deterministic), plus the names of its public functions. */
function generateCborModule(ir: IrModule, options: BackEndOptions): GeneratedModule {
  const deterministic = options.deterministic || options.dagCbor;
  return generateFormatModule(ir, cborFormat(deterministic, options.dagCbor, options.layout), { ...options, deterministic });
}

/** CBOR (RFC 8949), with its deterministic and DAG-CBOR encoders. */
export const cborBackEnd: FormatBackEnd = { id: 'cbor', generate: generateCborModule };
