import { CIRCULAR_VALUE, EncodeError, TOO_DEEP } from '../errors.js';
import { joinPointer } from '../pointer.js';
import { isBytes, keyProblem, problemOf, type EncodeFailure, type ValueEncoder } from './encoder.js';

/**
 * Turns an encoder failure into an `EncodeError` with the JSON Pointer of the failing value.
 * The encoder keeps no path while it runs; this walks `root` again in the encoder's order
 * (array indexes, then `Object.keys` without undefined members) and stops at the first value
 * `problemOf` refuses, which is the one the encoder stopped at. A depth failure whose ancestors
 * repeat a container is a cycle: `circular-value` at the reference that closes it.
 */
export function locateFailure(encoder: ValueEncoder, root: unknown, base: string, failure: EncodeFailure): EncodeError {
  const tokens: (string | number)[] = [];
  const ancestors: object[] = [];
  const found = walk(encoder, root, 0, tokens, ancestors) ?? failure;
  let length = tokens.length;
  let code = found.code;
  let what = found.what;
  if (code === TOO_DEEP) {
    const seen = new Set<object>();
    for (let index = 0; index < ancestors.length; index++) {
      if (seen.has(ancestors[index])) {
        code = CIRCULAR_VALUE;
        what = 'circular reference';
        length = index;
        break;
      }
      seen.add(ancestors[index]);
    }
  }
  let path = base;
  for (let index = 0; index < length; index++) path = joinPointer(path, tokens[index]);
  return new EncodeError('ubjson', code, what, path);
}

/** Depth-first search for the first refused value; `tokens`/`ancestors` hold the path to it. */
function walk(
  encoder: ValueEncoder,
  value: unknown,
  depth: number,
  tokens: (string | number)[],
  ancestors: object[],
): EncodeFailure | undefined {
  const problem = problemOf(encoder, value, depth);
  if (problem !== undefined) return problem;
  if (value === null || typeof value !== 'object' || isBytes(value)) return undefined;
  ancestors.push(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      tokens.push(index);
      const found = walk(encoder, value[index], depth + 1, tokens, ancestors);
      if (found !== undefined) return found;
      tokens.pop();
    }
  } else {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      tokens.push(key);
      const found = keyProblem(key) ?? walk(encoder, item, depth + 1, tokens, ancestors);
      if (found !== undefined) return found;
      tokens.pop();
    }
  }
  ancestors.pop();
  return undefined;
}
