/** Tag 32 (RFC 8949 §3.4.5.3: URI, a text string) ⇄ `URL`. Text `URL` refuses is `invalid-tag`. */
import type { CborExtension } from '../extensions.js';

export const urlExtension: CborExtension<URL> = {
  tag: 32,
  Class: URL,
  encode: (url) => url.href,
  decode(content) {
    if (typeof content !== 'string') throw new TypeError('tag 32 needs a text string');
    return new URL(content);
  },
};
