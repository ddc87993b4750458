import { Buffer } from 'node:buffer';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toDiagnostic as cborDiagnostic, decode as cborDecode } from '../src/cbor/index.js';
import { toDiagnostic as ubjsonDiagnostic, decode as ubjsonDecode } from '../src/ubjson/index.js';
import { isDecodeError } from '../src/errors.js';
import { seededRandom } from './cbor-fixtures.js';
import { APPENDIX_A } from './fixtures/cbor-appendix-a-diagnostic.js';

const ROUNDS = 20_000;

/** Runs `print`; anything thrown must be a DecodeError with an offset inside (or at the end of) the input. */
function onlyDecodeErrors(print: () => unknown, input: Uint8Array): 'ok' | 'error' {
  try {
    print();
    return 'ok';
  } catch (error) {
    if (!isDecodeError(error)) assert.unreachable(`${Buffer.from(input).toString('hex')}: ${String(error)}`);
    assert.ok(error.offset >= 0 && error.offset <= input.length, `offset ${error.offset} outside the input`);
    return 'error';
  }
}

/** Byte strings near valid ones: Appendix A items with bytes flipped, cut or appended. */
function mutate(random: () => number, base: Uint8Array): Uint8Array {
  const bytes = Array.from(base);
  const edits = 1 + Math.floor(random() * 3);
  for (let edit = 0; edit < edits; edit++) {
    const choice = random();
    if (choice < 0.5 && bytes.length > 0) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    else if (choice < 0.75 && bytes.length > 0) bytes.length = Math.floor(random() * bytes.length);
    else bytes.splice(Math.floor(random() * (bytes.length + 1)), 0, Math.floor(random() * 256));
  }
  return Uint8Array.from(bytes);
}

const fuzz = suite('diagnostic notation on damaged input');

fuzz('CBOR: throws only DecodeError, and exactly when the generic decoder does', () => {
  const random = seededRandom(8949);
  const bases = APPENDIX_A.map(([, hex]) => Uint8Array.from(Buffer.from(hex, 'hex')));
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const input = mutate(random, bases[Math.floor(random() * bases.length)]);
    const printed = onlyDecodeErrors(() => cborDiagnostic(input), input);
    // The notation accepts all the decoder accepts; it is more lenient only on tag content (the
    // decoder checks tags 0..3, the notation shows any well-formed tag as it is).
    const decoded = onlyDecodeErrors(() => cborDecode(input), input);
    if (decoded === 'ok') assert.is(printed, 'ok', Buffer.from(input).toString('hex'));
    if (printed === 'error') failures++;
  }
  assert.ok(failures > ROUNDS / 10, 'the mutations reach the error paths');
});

fuzz('UBJSON: throws only DecodeError, and accepts exactly what the generic decoder accepts', () => {
  const random = seededRandom(12);
  const alphabet = Buffer.from('ZNTFiUIlLdDHCS[]{}$#');
  let printed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const length = 1 + Math.floor(random() * 12);
    const input = Uint8Array.from({ length }, () => (random() < 0.7 ? alphabet[Math.floor(random() * alphabet.length)] : Math.floor(random() * 256)));
    const result = onlyDecodeErrors(() => ubjsonDiagnostic(input), input);
    assert.is(result, onlyDecodeErrors(() => ubjsonDecode(input), input), Buffer.from(input).toString('hex'));
    if (result === 'ok') printed++;
  }
  assert.ok(printed > 100, `only ${printed} inputs were valid`);
});

fuzz.run();
