/** What a read returned (its values and the reader's position after) or how it failed, for comparing two readers of the same input. */
import type { Reader } from '../src/reader.js';

export type Outcome = { values: number[]; pos: number } | { code: string; offset: number; schemaPath: string | undefined };

export function outcome(read: () => number[], reader: Reader): Outcome {
  try {
    const values = read();
    return { values: [...values], pos: reader.pos };
  } catch (error) {
    const failure = error as { code: string; offset: number; schemaPath?: string };
    return { code: failure.code, offset: failure.offset, schemaPath: failure.schemaPath };
  }
}
