/** Tag 258 (IANA: mathematical finite set, github.com/input-output-hk/cbor-sets-spec): `Set` ⇄ array. */
import { DecodeError, INVALID_TAG } from '../../errors.js';
import type { CborExtension } from '../extensions.js';

export const setExtension: CborExtension<Set<unknown>> = {
  tag: 258,
  Class: Set,
  encode: (set) => [...set],
  decode(content) {
    if (!Array.isArray(content)) throw new DecodeError('cbor', INVALID_TAG, 'tag 258 needs an array', 0);
    return new Set(content);
  },
};
