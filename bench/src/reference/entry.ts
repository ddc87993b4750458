/**
 * The hand-written reference line (issue 24, "Limit"): typical-object's CBOR codec written by hand
 * for speed, timed beside our generated module. Origin `reference`: shown in the typical-object
 * tables with its ratio to the fastest peer, never a peer itself; the other payloads are skipped.
 */
import type { CodecEntry } from '../registry.js';
import { PayloadSkip } from '../schemad.js';
import { copyBytes } from '../values.js';

export const HAND_WRITTEN = 'hand-written (reference)';
/** The payload the reference codec is written for. */
export const HAND_WRITTEN_PAYLOAD = 'typical-object';
/** Issue 24: our generated module at most this many times the hand-written codec's time, each direction. */
export const LIMIT = 1.2;

export function referenceEntries(): CodecEntry[] {
  return [{
    id: HAND_WRITTEN,
    label: 'hand-written (reference): bench/src/reference/typical-object-cbor.ts',
    names: { encode: HAND_WRITTEN, decode: HAND_WRITTEN },
    format: 'cbor',
    wire: 'cbor',
    origin: 'reference',
    notes: [`a CBOR codec written by hand for ${HAND_WRITTEN_PAYLOAD} only (own buffer, named reads, keys compared in place), making the schema's checks; bench/test/reference.test.ts checks it against the generated module`],
    async load() {
      const codec = await import('./typical-object-cbor.js');
      return (payload) => {
        if (payload.name !== HAND_WRITTEN_PAYLOAD) throw new PayloadSkip(`written for ${HAND_WRITTEN_PAYLOAD} only`);
        return { encode: codec.encode, decode: codec.decode, prepare: copyBytes };
      };
    },
  }];
}
