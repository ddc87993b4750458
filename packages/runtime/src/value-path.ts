/**
 * Where in the value a generated decoder failed. Decoders track no path while they read (a
 * failure is rare, and the success path then pays nothing): after a failure, the input is walked
 * again from its start, down the array elements and object members whose bytes hold the failure's
 * offset, as encoders find theirs afterwards (`ubjson/locate.ts`). Each format says how its items
 * are read (`<format>/value-path.ts`); the walk is lenient, as the bytes before the failure were
 * read once already, and where it cannot go on it gives what it found so far.
 */
import { DEFAULT_MAX_DEPTH } from './limits.js';
import { escapePointerToken } from './pointer.js';
import type { Reader } from './reader.js';

/** A container whose head a walk has read. */
export interface WalkedContainer {
  map: boolean;
  /** Entries, or -1: up to an end marker. */
  count: number;
  /** UBJSON: the marker of every element (`$`), which then carries none; else -1. */
  type: number;
}

/** How a format's items are read. */
export interface ItemWalk {
  /**
   * Reads the head of the item at the reader (in `outer`; undefined at the top) and returns its
   * container, or moves past the whole item and returns undefined when it is no container.
   */
  head(reader: Reader, outer: WalkedContainer | undefined): WalkedContainer | undefined;
  /** Whether another entry follows (`index` read), moving past what comes between (no-ops, an end marker). */
  more(reader: Reader, container: WalkedContainer, index: number): boolean;
  /** A map key's text, or undefined for a key that is not text (moved past). */
  key(reader: Reader): string | undefined;
}

/** The JSON Pointer of the innermost element or member of the item at the reader whose bytes hold `offset` (a failure at a key: that member). */
export function valuePathIn(walk: ItemWalk, reader: Reader, offset: number): string {
  let path = '';
  let outer: WalkedContainer | undefined;
  try {
    for (let level = 0; level < DEFAULT_MAX_DEPTH; level++) {
      if (reader.pos >= offset) return path;
      const container = walk.head(reader, outer);
      if (container === undefined) return path;
      const token = memberAt(walk, reader, container, offset);
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
function memberAt(walk: ItemWalk, reader: Reader, container: WalkedContainer, offset: number): string | number | undefined {
  for (let index = 0; walk.more(reader, container, index); index++) {
    let token: string | number | undefined = index;
    if (container.map) {
      const key = reader.pos;
      token = walk.key(reader);
      if (reader.pos > offset) return key <= offset ? token : undefined;
    }
    const value = reader.pos;
    // Past the offset before a member starts: it is in the container's own bytes (a header, a no-op).
    if (value > offset) return undefined;
    if (value === offset || !skipped(walk, reader, container) || reader.pos > offset) {
      reader.pos = value;
      // A key that is not text (generated decoders refuse one) names no member.
      return token;
    }
    // Elements without bytes (a UBJSON `[$Z#n`): none holds the offset, and there may be 2^53 of them.
    if (reader.pos === value) return undefined;
  }
  return undefined;
}

/** Whether the container's next value could be moved past (else the failure is in it). */
function skipped(walk: ItemWalk, reader: Reader, container: WalkedContainer): boolean {
  try {
    skipItem(walk, reader, container);
    return true;
  } catch {
    return false;
  }
}

/** Moves past the item at the reader (in `outer`), its entries' heads read as far as they nest (at most the decoders' depth limit). */
export function skipItem(walk: ItemWalk, reader: Reader, outer?: WalkedContainer, depth = DEFAULT_MAX_DEPTH): void {
  if (depth === 0) throw new RangeError('nesting too deep');
  const inner = walk.head(reader, outer);
  if (inner === undefined) return;
  for (let index = 0; walk.more(reader, inner, index); index++) {
    if (inner.map) walk.key(reader);
    skipItem(walk, reader, inner, depth - 1);
  }
}
