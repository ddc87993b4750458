/** Tag 32 (RFC 8949 §3.4.5.3: URI, a text string) ⇄ `URL`. Text `URL` refuses is `invalid-tag`. */
import type { CborExtension } from '../extensions.js';

/**
 * What the extension uses of the WHATWG `URL`, declared here: the runtime's types must compile in
 * projects that have neither the DOM nor Node's typings (the package-install test checks that).
 */
export interface WhatwgUrl {
  readonly href: string;
}

const UrlClass = (globalThis as unknown as { URL: new (text: string) => WhatwgUrl }).URL;

export const urlExtension: CborExtension<WhatwgUrl> = {
  tag: 32,
  Class: UrlClass,
  encode: (url) => url.href,
  decode(content) {
    if (typeof content !== 'string') throw new TypeError('tag 32 needs a text string');
    return new UrlClass(content);
  },
};
