#!/usr/bin/env node
import * as nodeModule from 'node:module';

// V8's code cache on disk (Node 22.1+), as tsc does: `compile` loads the compiler and ajv, and a
// run after the first skips compiling them. Before the other imports.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { createProgram } = await import('./program.js');

process.exitCode = 0;
await createProgram().parseAsync(process.argv);
