#!/usr/bin/env node
import { createProgram } from './program.js';

process.exitCode = 0;
await createProgram().parseAsync(process.argv);
