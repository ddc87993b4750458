// `binschema compile --watch`: compiles, then compiles again whenever a schema file the last
// compilation read changes (the schemas, the files their `$ref`s load, `--schema` files), until
// SIGINT or SIGTERM. A schema error (or any other failure) is printed, the generated files on
// disk are left as they were, and watching goes on.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ExitCode, generateFiles, writeFiles } from './compile.js';
import type { CompileFlags } from './compile-command.js';

/**
 * Quiet time after the last file event before compiling: one save is often several events (an
 * editor's write and rename, fs.watch's change and rename for one write).
 */
const SETTLE_MS = 100;

/** Runs the watch loop; resolves with exit code 0 once stopped by SIGINT or SIGTERM. */
export function watchCompile(schemas: string[], flags: CompileFlags, print: (line: string) => void, warn: (line: string) => void): Promise<number> {
  let settling: NodeJS.Timeout | undefined;
  const watched = new DirectoryWatchers(() => {
    clearTimeout(settling);
    settling = setTimeout(() => compile(), SETTLE_MS);
  });
  let files = new Set<string>();
  let failedBefore = false;

  /**
   * One compilation; the first reports unchanged files as a plain compile does, later ones after
   * an error only. Any failure (a schema error, a file that cannot be written, an error of the
   * compiler itself) is printed and the loop goes on: the next change compiles again.
   */
  function compile(first = false): void {
    const read = new Set(schemas.map((schema) => resolve(schema)));
    let ok = false;
    try {
      const generated = generateFiles(schemas, flags, print, warn, (path) => read.add(resolve(path)));
      ok = generated !== undefined && writeFiles(flags.out, generated, print, first || failedBefore) === ExitCode.Ok;
    } catch (error) {
      print(`error: ${error instanceof Error ? error.message : String(error)}`);
    }
    // A failed compilation may stop early, before the files it would have read next: keep watching those.
    files = ok ? read : new Set([...files, ...read]);
    failedBefore = !ok;
    watched.set(files);
  }

  return new Promise((resolveExit) => {
    compile(true);
    print(`watching ${files.size} schema file(s) for changes; Ctrl-C stops`);
    const stop = (): void => {
      clearTimeout(settling);
      watched.set(new Set());
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolveExit(ExitCode.Ok);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * One fs.watch per directory holding a watched file, reporting events for those files' names
 * only. Watching the directory, not the file, keeps working when an editor saves by writing a
 * new file and renaming it over the old one (the file's own watcher would follow the old inode).
 */
class DirectoryWatchers {
  private readonly watchers = new Map<string, { watcher: FSWatcher; names: Set<string> }>();

  constructor(private readonly onChange: () => void) {}

  /** Watches exactly `files` (absolute paths) from now on. */
  set(files: ReadonlySet<string>): void {
    const namesByDirectory = new Map<string, Set<string>>();
    for (const file of files) {
      const names = namesByDirectory.get(dirname(file)) ?? new Set<string>();
      names.add(basename(file));
      namesByDirectory.set(dirname(file), names);
    }
    for (const [directory, { watcher }] of this.watchers) {
      if (!namesByDirectory.has(directory)) this.close(directory, watcher);
    }
    for (const [directory, names] of namesByDirectory) {
      const existing = this.watchers.get(directory);
      if (existing !== undefined) existing.names = names;
      else this.open(directory, names);
    }
  }

  private open(directory: string, names: Set<string>): void {
    let watcher: FSWatcher;
    try {
      // No filename (some platforms) could be any of them.
      watcher = watch(directory, (_event, name) => {
        if (name === null || this.watchers.get(directory)?.names.has(name) === true) this.onChange();
      });
    } catch {
      return; // a directory that does not exist (a $ref to a missing folder): the schema error says so
    }
    watcher.on('error', () => this.close(directory, watcher)); // the directory went away; the next compile retries
    this.watchers.set(directory, { watcher, names });
  }

  private close(directory: string, watcher: FSWatcher): void {
    watcher.close();
    if (this.watchers.get(directory)?.watcher === watcher) this.watchers.delete(directory);
  }
}
