/**
 * The import graph of a source folder, read as text: every relative `from '…'` (type-only imports
 * included) of every `.ts` file, its strongly connected components (import cycles) and its layers
 * (the longest chain of imports below each file). For emit-imports.test.ts and the numbers of
 * issue 40 (`node --import tsx packages/compiler/test/support/import-graph.ts <folder>`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ImportGraph {
  /** Files relative to the folder (`module/code.ts`), sorted. */
  files: string[];
  /** Per file, the files of the folder it imports. */
  imports: Map<string, string[]>;
}

/** Every `.ts` file below `folder`, relative to it. */
function sourceFiles(folder: string, below = ''): string[] {
  return readdirSync(join(folder, below), { withFileTypes: true }).flatMap((entry) => {
    const path = below === '' ? entry.name : `${below}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(folder, path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative specifiers a file imports from (`import … from`, `export … from`). */
function specifiers(text: string): string[] {
  return [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]);
}

export function importGraph(folder: string): ImportGraph {
  const files = sourceFiles(folder).sort();
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(readFileSync(join(folder, file), 'utf8'))
      .map((specifier) => normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    imports.set(file, [...new Set(targets)].sort());
  }
  return { files, imports };
}

/** The import cycles: strongly connected components of more than one file (Tarjan), each sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return cycles;
}

/** Per file, the length of the longest chain of imports below it (0: imports nothing of the folder); files in a cycle count once. */
export function layers(graph: ImportGraph): Map<string, number> {
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (file: string): number => {
    const known = depth.get(file);
    if (known !== undefined) return known;
    if (visiting.has(file)) return 0;
    visiting.add(file);
    const below = (graph.imports.get(file) ?? []).map((target) => visit(target) + 1);
    visiting.delete(file);
    const result = Math.max(0, ...below);
    depth.set(file, result);
    return result;
  };
  for (const file of graph.files) visit(file);
  return depth;
}

/** The figures issue 40 names: files directly in the folder, arrows, layers, cycles, largest file. */
function report(folder: string): void {
  const graph = importGraph(folder);
  const arrows = [...graph.imports.values()].reduce((sum, targets) => sum + targets.length, 0);
  const lines = graph.files.map((file) => ({ file, lines: readFileSync(join(folder, file), 'utf8').split('\n').length - 1 }));
  const largest = lines.reduce((a, b) => (b.lines > a.lines ? b : a));
  const total = lines.reduce((sum, entry) => sum + entry.lines, 0);
  console.log(`${relative(process.cwd(), folder) || '.'}: ${graph.files.length} files, ${total} lines, ${graph.files.filter((file) => !file.includes('/')).length} directly in it`);
  console.log(`${arrows} import arrows, ${Math.max(...layers(graph).values()) + 1} layers, largest file ${largest.file} (${largest.lines} lines)`);
  const cycles = importCycles(graph);
  console.log(`${cycles.length} import cycles${cycles.map((cycle) => `\n  ${cycle.join(' <-> ')}`).join('')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) report(process.argv[2] ?? '.');
