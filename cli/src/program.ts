import { Command } from 'commander';
import { registerCompile } from './commands/compile-command.js';
import { registerInspect } from './commands/inspect-command.js';
import { registerConvert } from './commands/convert-command.js';
import { version } from './version.js';

/** The `binschema` command line, built fresh per call so tests can run it in-process. */
export function createProgram(): Command {
  const program = new Command('binschema')
    .description('Compile JSON Schemas into specialised CBOR and UBJSON encoders and decoders; inspect and convert CBOR, UBJSON and JSON.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerCompile(program);
  registerInspect(program);
  registerConvert(program);
  return program;
}
