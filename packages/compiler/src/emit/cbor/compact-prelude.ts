import { imported, type PreludeHelper } from '../module/prelude.js';

/** CBOR helpers of the compact layout (README "Compact layout"): in the runtime (cbor/compact-support.ts), imported. */
export const CBOR_COMPACT_PRELUDE: Record<string, PreludeHelper> = {
  readIndex: imported('readIndex', true),
  readPositionKey: imported('readPositionKey', true),
};
