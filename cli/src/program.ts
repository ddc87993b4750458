import { Command } from 'commander';
import { registerCompile } from './commands/compile-command.js';
import { registerInspect } from './commands/inspect-command.js';
import { registerConvert } from './commands/convert-command.js';
import { registerCompat } from './commands/compat-command.js';
import { version } from './version.js';

/** The `binschema` command line, built fresh per call so tests can run it in-process. */
export function createProgram(): Command {
  const program = new Command('binschema')
    .description('Compile JSON Schemas into specialised CBOR and UBJSON encoders and decoders; inspect and convert CBOR, UBJSON, MessagePack and JSON; check schema evolution.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerCompile(program);
  registerInspect(program);
  registerConvert(program);
  registerCompat(program);
  return program;
}
