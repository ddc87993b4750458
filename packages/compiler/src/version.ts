/** The compiler's version, written into every `@generated` preamble. */
export const version = '0.1.0';
