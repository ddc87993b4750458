import { Command } from 'commander';
import { registerCompile } from './commands/compile-command.js';
import { registerInspect } from './commands/inspect-command.js';
import { registerConvert } from './commands/convert-command.js';
import { registerCompat } from './commands/compat-command.js';
import { version } from './version.js';

/** Exit code of a usage error (unknown option, invalid choice…): the 2 every command documents, not commander's 1, which `compile --check` uses for stale files. */
const USAGE_ERROR = 2;

/** The `binschema` command line, built fresh per call so tests can run it in-process. */
export function createProgram(): Command {
  const program = new Command('binschema')
    .description('Compile JSON Schemas into specialised CBOR, UBJSON and MessagePack encoders and decoders; inspect and convert CBOR, UBJSON, MessagePack and JSON; check schema evolution.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) })
    // Inherited by the commands registered below; help and --version keep their exit code 0.
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_ERROR));
  registerCompile(program);
  registerInspect(program);
  registerConvert(program);
  registerCompat(program);
  return program;
}
