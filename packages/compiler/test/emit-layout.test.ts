// The emitter's layout (packages/compiler/README.md, "Inside the compiler"; issue 40): imports
// run one way, down the layers below with the format folders on top; no file imports a file that
// imports it; every folder's README names each of its files; every file says what it holds
// before its first declaration and stays under STYLE.md's ~400 lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { importCycles, importGraph } from './support/import-graph.js';

const EMIT = fileURLToPath(new URL('../src/emit/', import.meta.url));

/**
 * The shared rooms of emit/, bottom first: a file may import from its own room and from the rooms
 * of lower layers only. A room is a folder, or a file directly in emit/. Every other folder is a
 * format (`cbor`, `msgpack`, `ubjson`, a new one): the top layer, whose rooms never import each other.
 */
const LAYERS: readonly string[] = ['module', 'checks', 'record-tables', 'specialised', 'compact-layout', 'format-module.ts', 'head'];

const MAX_LINES = 400;

function roomOf(file: string): string {
  return file.split('/')[0];
}

function layerOf(file: string): number {
  const layer = LAYERS.indexOf(roomOf(file));
  return layer < 0 ? LAYERS.length : layer;
}

const graph = importGraph(EMIT);
const layout = suite('the emitter layout');

layout('no file of emit/ imports a file that imports it', () => {
  assert.equal(importCycles(graph), []);
});

layout('every import in emit/ stays in its room or goes down to a lower layer', () => {
  const upward: string[] = [];
  for (const [file, targets] of graph.imports) {
    for (const target of targets) {
      if (roomOf(target) !== roomOf(file) && layerOf(target) >= layerOf(file)) upward.push(`${file} -> ${target}`);
    }
  }
  assert.equal(upward, []);
});

layout("every folder of emit/ has a README.md that names each of its files", () => {
  const folders = readdirSync(EMIT, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  assert.ok(folders.length >= 8);
  for (const folder of folders) {
    const readme = `${EMIT}${folder}/README.md`;
    assert.ok(existsSync(readme), `${folder}/README.md`);
    const text = readFileSync(readme, 'utf8');
    for (const file of graph.files.filter((candidate) => roomOf(candidate) === folder)) {
      assert.ok(text.includes(`\`${file.slice(folder.length + 1)}\``), `${folder}/README.md names ${file}`);
    }
  }
});

layout('every file of emit/ says what it holds in a comment before its first declaration', () => {
  for (const file of graph.files) {
    const text = readFileSync(`${EMIT}${file}`, 'utf8');
    const comment = text.search(/\/\*\*|^\/\//m);
    const declaration = text.search(/^(export |function |class |const |let |interface |type |abstract )/m);
    assert.ok(comment >= 0 && (declaration < 0 || comment < declaration), file);
  }
});

layout(`no file of emit/ is over ${MAX_LINES} lines (STYLE.md)`, () => {
  const long = graph.files.filter((file) => readFileSync(`${EMIT}${file}`, 'utf8').split('\n').length - 1 > MAX_LINES);
  assert.equal(long, []);
});

layout.run();
