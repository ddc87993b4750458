/**
 * The check phase: before anything is timed, every codec's output is verified on every payload.
 * An encoder passes when its bytes decode (by itself, unless it only encodes, and by the format's
 * reference peer) to a value equal to the payload and stay unchanged after later calls; a decoder
 * passes when it decodes its own encoding and the reference bytes to the payload. Failing cases
 * are reported, never timed.
 */
import { DECODER_INPUT, FORMATS, REFERENCE_ENCODER, type CodecEntry, type Direction, type Format, type PayloadCodec } from './registry.js';
import type { Payload } from './payloads.js';
import { asBytes, cloneJson, copyBytes, differs, sameBytes } from './values.js';
import { PayloadSkip } from './schemad.js';

export interface Case {
  payload: string;
  format: Format;
  direction: Direction;
  entry: CodecEntry;
  /** `skipped`: the codec cannot express this payload (a schema'd layout, `PayloadSkip`); `reason` says why. */
  status: 'ok' | 'failing' | 'skipped';
  reason?: string;
  /** Encode: bytes this encoder produced. Decode: bytes of the input it is timed on. */
  size?: number;
  /** The timed call and a maker of a fresh input for each call (set when `ok`). */
  run?: (input: any) => unknown;
  makeInput?: () => unknown;
  /**
   * One value kept for the whole run (encode: a deep copy of the payload; decode: one output of
   * this decoder), so the hidden classes (maps) of the inputs or outputs stay alive across the
   * harness's own `gc()` calls, as the objects of a running program keep theirs. Without it their
   * maps die between cases (V8 keeps unused maps for 2 full collections,
   * `--retain-maps-for-n-gc`), and optimised code specialised to them is thrown away ("weak
   * objects") and recompiled inside the timed samples of each case.
   */
  liveShapes?: unknown;
}

export interface CheckResult {
  cases: Case[];
  skipped: { entry: CodecEntry; reason: string }[];
  /** Per `payload/format`: whose bytes the decoders are timed on. */
  references: Record<string, string>;
}

/** Imports every entry; the ones whose module is not there are returned as skipped. */
async function loadEntries(entries: CodecEntry[], payloads: Payload[]) {
  const loaded = new Map<CodecEntry, (payload: Payload) => PayloadCodec>();
  const skipped: CheckResult['skipped'] = [];
  for (const entry of entries) {
    try {
      loaded.set(entry, await entry.load(payloads));
    } catch (error) {
      skipped.push({ entry, reason: describe(error) });
    }
  }
  return { loaded, skipped };
}

/**
 * `keepShapes: false` (the mixed mode) sets no `liveShapes`: nothing of the check outlives it but
 * the payloads' own values and the decoder input bytes.
 */
export async function checkAll(payloads: Payload[], entries: CodecEntry[], { keepShapes = true } = {}): Promise<CheckResult> {
  const { loaded, skipped } = await loadEntries(entries, payloads);
  const makers: Partial<Record<Format, (value: unknown) => Uint8Array>> = {};
  for (const [format, maker] of Object.entries(DECODER_INPUT)) makers[format as Format] = await maker.load();
  const cases: Case[] = [];
  const references: Record<string, string> = {};
  for (const format of FORMATS) {
    const formatEntries = [...loaded.keys()].filter((entry) => entry.format === format);
    if (formatEntries.length === 0) continue;
    for (const payload of payloads) {
      const codecs = new Map<CodecEntry, PayloadCodec | Error>();
      for (const entry of formatEntries) {
        try {
          codecs.set(entry, loaded.get(entry)!(payload));
        } catch (error) {
          codecs.set(entry, error instanceof Error ? error : new Error(String(error)));
        }
      }
      const reference = pickReference(format, payload, codecs, makers[format]);
      references[`${payload.name}/${format}`] = reference?.source ?? 'none: no peer encoder passed';
      for (const [entry, codec] of codecs) {
        cases.push(...checkEntry(payload, format, entry, codec, reference, keepShapes));
      }
    }
  }
  return { cases, skipped, references };
}

interface Reference {
  /** The peer that decodes every encoder's output in the check. */
  entry: CodecEntry;
  codec: PayloadCodec;
  /** What every decoder is timed on, and who made it. */
  bytes: Uint8Array;
  source: string;
}

/**
 * The reference peer (or the first peer that round-trips the payload) and the decoder input:
 * `DECODER_INPUT`'s bytes when the reference peer decodes them to the payload, else the peer's own.
 */
function pickReference(format: Format, payload: Payload, codecs: Map<CodecEntry, PayloadCodec | Error>, maker?: (value: unknown) => Uint8Array): Reference | undefined {
  const peer = pickPeer(format, payload, codecs);
  if (peer === undefined || maker === undefined) return peer;
  try {
    const bytes = copyBytes(maker(cloneJson(payload.value)));
    if (differs(payload.value, peer.codec.decode(peer.codec.prepare(bytes))) === undefined) {
      return { ...peer, bytes, source: DECODER_INPUT[format]!.label };
    }
  } catch {
    // Fall back to the peer's own bytes.
  }
  return peer;
}

function pickPeer(format: Format, payload: Payload, codecs: Map<CodecEntry, PayloadCodec | Error>): Reference | undefined {
  const candidates = [...codecs.keys()]
    .filter((entry) => entry.origin === 'peer' && !entry.encodeOnly)
    .sort((a, b) => Number(b.id === REFERENCE_ENCODER[format]) - Number(a.id === REFERENCE_ENCODER[format]));
  for (const entry of candidates) {
    const codec = codecs.get(entry);
    if (codec instanceof Error) continue;
    try {
      const bytes = copyBytes(asBytes(codec!.encode(cloneJson(payload.value))));
      if (differs(payload.value, codec!.decode(codec!.prepare(bytes))) === undefined) return { entry, bytes, codec: codec!, source: entry.label };
    } catch {
      // Not usable as the reference; its own check reports why.
    }
  }
  return undefined;
}

/**
 * One deep copy per payload, shared by every encoder case: the fresh inputs all take their hidden
 * classes from the same `cloneJson` transitions, so one live copy keeps them all alive; a copy per
 * case would only grow the heap.
 */
const liveCopies = new WeakMap<Payload, unknown>();
function liveCopy(payload: Payload): unknown {
  if (!liveCopies.has(payload)) liveCopies.set(payload, cloneJson(payload.value));
  return liveCopies.get(payload);
}

function checkEntry(payload: Payload, format: Format, entry: CodecEntry, codec: PayloadCodec | Error, reference: Reference | undefined, keepShapes: boolean): Case[] {
  const base = { payload: payload.name, format, entry };
  // An encode-only codec has no decode case: not applicable, rather than skipped or failing.
  const directions: Direction[] = entry.encodeOnly ? ['encode'] : ['encode', 'decode'];
  if (codec instanceof PayloadSkip) return directions.map((direction) => ({ ...base, direction, status: 'skipped', reason: codec.message }));
  if (codec instanceof Error) {
    const reason = `setup failed: ${describe(codec)}`;
    return directions.map((direction) => ({ ...base, direction, status: 'failing', reason }));
  }
  const encoded = attempt(() => checkEncoder(payload, entry, codec, reference));
  const encodeCase: Case = { ...base, direction: 'encode', status: 'failing', reason: encoded.reason };
  if (encoded.value !== undefined) {
    Object.assign(encodeCase, {
      status: 'ok',
      size: encoded.value.length,
      run: codec.encode,
      makeInput: () => cloneJson(payload.value),
      liveShapes: keepShapes ? liveCopy(payload) : undefined,
    });
  }
  if (entry.encodeOnly) return [encodeCase];
  // A baseline in another wire format decodes its own encoding; JSON the payload's own text.
  const input = entry.wire === 'json' ? payload.json : entry.wire === format ? reference?.bytes : encoded.value;
  const decoded = attempt(() => checkDecoder(payload, codec, encoded.value, input));
  const decodeCase: Case = { ...base, direction: 'decode', status: 'failing', reason: decoded.reason };
  if (decoded.value !== undefined && input !== undefined) {
    Object.assign(decodeCase, {
      status: 'ok',
      size: input.length,
      run: codec.decode,
      makeInput: () => codec.prepare(input),
      liveShapes: keepShapes ? codec.decode(codec.prepare(input)) : undefined,
    });
  }
  return [encodeCase, decodeCase];
}

/** Returns the encoder's bytes (a private copy) when they pass, else throws with the reason. */
function checkEncoder(payload: Payload, entry: CodecEntry, codec: PayloadCodec, reference: Reference | undefined): Uint8Array {
  const output = asBytes(codec.encode(cloneJson(payload.value)));
  const bytes = copyBytes(output);
  if (entry.encodeOnly) {
    if (reference === undefined) throw new Error('no reference peer to read the bytes of an encode-only codec');
  } else {
    expectEqual(payload.value, codec.decode(codec.prepare(bytes)), 'its own decoder', codec.view);
  }
  if (entry.wire === entry.format && reference !== undefined && reference.entry !== entry) {
    expectEqual(payload.value, reference.codec.decode(reference.codec.prepare(bytes)), reference.entry.label);
  }
  // A later call must not write where an earlier output lives: the same value gives the same
  // bytes, so compare memory ranges, not only contents.
  for (let call = 0; call < 2; call++) {
    const later = asBytes(codec.encode(cloneJson(payload.value)));
    if (overlaps(output, later)) throw new Error('a later call wrote over the bytes of an output already returned');
  }
  if (!sameBytes(output, bytes)) throw new Error('a returned output was overwritten by later calls');
  return bytes;
}

function overlaps(first: Uint8Array, second: Uint8Array): boolean {
  if (first.buffer !== second.buffer) return false;
  return first.byteOffset < second.byteOffset + second.byteLength && second.byteOffset < first.byteOffset + first.byteLength;
}

function checkDecoder(payload: Payload, codec: PayloadCodec, own: Uint8Array | undefined, input: Uint8Array | undefined): true {
  if (own !== undefined) expectEqual(payload.value, codec.decode(codec.prepare(own)), 'decoding its own encoding', codec.view);
  if (input === undefined) throw new Error('no reference bytes to decode (no peer encoder passed)');
  expectEqual(payload.value, codec.decode(codec.prepare(input)), 'decoding the reference bytes', codec.view);
  return true;
}

function expectEqual(expected: unknown, actual: unknown, by: string, view: (value: unknown) => unknown = (value) => value): void {
  const difference = differs(view(expected), view(actual));
  if (difference !== undefined) throw new Error(`round trip through ${by} differs at ${difference}`);
}

function attempt<T>(body: () => T): { value?: T; reason?: string } {
  try {
    return { value: body() };
  } catch (error) {
    return { reason: describe(error) };
  }
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const first = error.message.split('\n')[0];
  return `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${first.length > 200 ? `${first.slice(0, 200)}…` : first}`;
}
