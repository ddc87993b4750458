/**
 * The UTF-8 byte length of a JavaScript string without encoding it: map keys in RFC 8949 §4.2.1
 * order (encoders and the readers of sorted tables), the length limits of format checks. Apart
 * from the encoder (`utf8.ts`), so a decoder's bundle that needs the length carries no encoder.
 */

/** Exact UTF-8 length of `text` (a lone surrogate counts 3 bytes, the size of U+FFFD). */
export function utf8Length(text: string): number {
  const length = text.length;
  let bytes = length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if ((code & 0xfc00) === 0xd800 && index + 1 < length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // the pair is 2 units and 4 bytes
      index++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
