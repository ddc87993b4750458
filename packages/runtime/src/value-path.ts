/**
 * Where in the value a generated decoder failed. Decoders track no path while they read (a
 * failure is rare, and the success path then pays nothing): after a failure, the input is walked
 * again from its start, down the array elements and object members whose bytes hold the failure's
 * offset, as encoders find theirs afterwards (`ubjson/locate.ts`). Each format says how its
 * containers are read (`<format>/value-path.ts`); the walk is lenient, as the bytes before the
 * failure were read once already, and where it cannot go on it gives what it found so far.
 */
import { DEFAULT_MAX_DEPTH } from './limits.js';
import { escapePointerToken } from './pointer.js';
import type { Reader } from './reader.js';

/** A container whose head a walk has read. */
export interface WalkedContainer {
  readonly map: boolean;
  /** Whether another entry follows the reader (`index` entries read), consuming what comes between (no-ops, an end marker). */
  more(reader: Reader, index: number): boolean;
  /** A map key's text, or undefined for a key that is not text (passed over). */
  key(reader: Reader): string | undefined;
  /** Moves past one member value or element, checking only what it must to find its end. */
  skipValue(reader: Reader): void;
}

/** How a format's items are entered. */
export interface ContainerWalk {
  /**
   * At an item that holds `offset` (in `outer`, undefined at the top): its head read and the
   * container returned, or undefined when it is no container or starts at `offset` (the failure
   * is in it as a whole).
   */
  enter(reader: Reader, offset: number, outer: WalkedContainer | undefined): WalkedContainer | undefined;
}

/** The JSON Pointer of the innermost element or member of the item at the reader whose bytes hold `offset` (a failure at a key: that member). */
export function valuePathIn(walk: ContainerWalk, reader: Reader, offset: number): string {
  let path = '';
  let outer: WalkedContainer | undefined;
  try {
    for (let level = 0; level < DEFAULT_MAX_DEPTH; level++) {
      const container = walk.enter(reader, offset, outer);
      if (container === undefined) return path;
      const token = memberAt(reader, container, offset);
      if (token === undefined) return path;
      path += `/${escapePointerToken(token)}`;
      if (reader.pos > offset) return path; // the failure is in the member's key
      outer = container;
    }
  } catch {
    // Bytes the walk cannot read: the failure is in the member it is in.
  }
  return path;
}

/**
 * In a container whose head is read: moves to the value of the member or element that holds
 * `offset` and returns its key or index, or undefined when none does (the failure is in the
 * container's own bytes). A failure in a key leaves the reader past the key.
 */
function memberAt(reader: Reader, container: WalkedContainer, offset: number): string | number | undefined {
  for (let index = 0; container.more(reader, index); index++) {
    let token: string | number = index;
    if (container.map) {
      const key = reader.pos;
      const text = container.key(reader);
      if (reader.pos > offset) return key <= offset && text !== undefined ? text : undefined;
      if (text === undefined) {
        // A key that is not text (generated decoders refuse one) names no member.
        if (!skipped(reader, container) || reader.pos > offset) return undefined;
        continue;
      }
      token = text;
    }
    const value = reader.pos;
    // Past the offset before a member starts: it is in the container's own bytes (a header, a no-op).
    if (value > offset) return undefined;
    if (value === offset || !skipped(reader, container) || reader.pos > offset) {
      reader.pos = value;
      return token;
    }
    // Elements without bytes (a UBJSON `[$Z#n`): none holds the offset, and there may be 2^53 of them.
    if (reader.pos === value) return undefined;
  }
  return undefined;
}

/** Whether the container's next value could be skipped (else the failure is in it). */
function skipped(reader: Reader, container: WalkedContainer): boolean {
  try {
    container.skipValue(reader);
    return true;
  } catch {
    return false;
  }
}

/** Throws past `DEFAULT_MAX_DEPTH` levels of a skip: the decoder failed there already. */
export function deeper(depth: number): number {
  if (depth === 0) throw new RangeError('nesting too deep');
  return depth - 1;
}
