// The JS target's last step (emit/module/assemble.ts `emitJavaScript`): one parse of the generated TS gives
// the JS with its types stripped and the declarations of what it exports; an export without an
// explicit type is a compiler bug and must stop the build, not ship a `.d.ts` that widens it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { emitJavaScript } from '../src/emit/module/assemble.js';

const test = suite('emitJavaScript');

const source = [
  "import { Writer as Writer$import, type Reader } from '@binschema/runtime';",
  'export type Point = { x: number; y: number };',
  '/** Doubles a point. */',
  'export function double(point: Point): Point {',
  '    const scale: number = 2;',
  '    return { x: point.x * scale, y: point.y * scale };',
  '}',
  'function reader(bytes: Uint8Array): Reader | undefined {',
  '    return bytes.length > 0 ? undefined : undefined;',
  '}',
  'export const writer: unknown = new Writer$import();',
  '',
].join('\n');

test('strips the types (indenting by two) and keeps type-only imports out of the JS', () => {
  const { js } = emitJavaScript('point.cbor.ts', source);
  assert.is(
    js,
    [
      "import { Writer as Writer$import } from '@binschema/runtime';",
      '/** Doubles a point. */',
      'export function double(point) {',
      '  const scale = 2;',
      '  return { x: point.x * scale, y: point.y * scale };',
      '}',
      'function reader(bytes) {',
      '  return bytes.length > 0 ? undefined : undefined;',
      '}',
      'export const writer = new Writer$import();',
      '',
    ].join('\n'),
  );
});

test('declares exactly what the module exports, with their written types', () => {
  const { dts } = emitJavaScript('point.cbor.ts', source);
  assert.match(dts, /export type Point = \{\n    x: number;\n    y: number;\n\};/);
  assert.match(dts, /export declare function double\(point: Point\): Point;/);
  assert.match(dts, /export declare const writer: unknown;/);
  assert.not.match(dts, /reader/);
});

test('an export without an explicit type is an internal error naming the module', () => {
  assert.throws(
    () => emitJavaScript('bad.cbor.ts', 'export function untyped(value: number) {\n  return value + 1;\n}\n'),
    (error: Error) => error.message.startsWith('internal: generated module bad.cbor.ts has an export without an explicit type ('),
  );
});

test.run();
