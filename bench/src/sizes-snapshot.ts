/**
 * A private copy of the built compiler and runtime for the size report's child processes. Other
 * work in the same tree rebuilds `dist/` at any time; without the copy a report's rows could come
 * from two builds, and a child that starts mid-build finds files gone. The copy's `node_modules`
 * links the compiler's dependencies where they are installed, and `@binschema/runtime` to the
 * copied runtime.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGES = fileURLToPath(new URL('../../packages/', import.meta.url));

export interface BuildSnapshot {
  /** The copied compiler's entry module, for `import()`. */
  compilerEntry: string;
  /** A hash of the copied `.js` files. */
  hash: string;
}

/** Copies `packages/{compiler,runtime}` (package.json and dist) into `dir`; retries while a build is writing. */
export function snapshotBuild(dir: string, attempts = 10): BuildSnapshot {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const before = buildHash(join(PACKAGES, 'compiler'), join(PACKAGES, 'runtime'));
    rmSync(dir, { recursive: true, force: true });
    for (const name of ['compiler', 'runtime']) {
      for (const part of ['package.json', 'dist']) cpSync(join(PACKAGES, name, part), join(dir, name, part), { recursive: true });
    }
    linkDependencies(join(PACKAGES, 'compiler/node_modules'), join(dir, 'compiler/node_modules'), dir);
    const copied = buildHash(join(dir, 'compiler'), join(dir, 'runtime'));
    if (copied === before && copied === buildHash(join(PACKAGES, 'compiler'), join(PACKAGES, 'runtime'))) {
      return { compilerEntry: join(dir, 'compiler/dist/index.js'), hash: copied };
    }
    // A build wrote between the hashes: wait for it to finish and copy again.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);
  }
  throw new Error(`the build kept changing while it was copied (${attempts} attempts)`);
}

/** A hash of the `.js` files under each package's `dist/`. */
export function buildHash(...packages: string[]): string {
  const hash = createHash('sha256');
  for (const dir of packages.map((name) => join(name, 'dist'))) {
    for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.js')).sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** Links each installed dependency (scoped ones one level down) where it really lives; the runtime to the copy. */
function linkDependencies(from: string, to: string, snapshot: string): void {
  for (const entry of readdirSync(from)) {
    const names = entry.startsWith('@') ? readdirSync(join(from, entry)).map((name) => `${entry}/${name}`) : [entry];
    for (const name of names) {
      const target = name === '@binschema/runtime' ? join(snapshot, 'runtime') : realpathSync(join(from, name));
      mkdirSync(dirname(join(to, name)), { recursive: true });
      symlinkSync(target, join(to, name), 'dir');
    }
  }
}
