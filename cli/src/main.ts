#!/usr/bin/env node
import * as nodeModule from 'node:module';

// V8's code cache on disk (Node 22.1+), as tsc does: `compile` loads TypeScript and ts-morph, some
// 12 MB of JavaScript, and a run after the first skips compiling them. Before the other imports.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { createProgram } = await import('./program.js');

process.exitCode = 0;
await createProgram().parseAsync(process.argv);
