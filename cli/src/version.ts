import { readFileSync } from 'node:fs';

/** The CLI's own package version, read once from its package.json. */
export const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
