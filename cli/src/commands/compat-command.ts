import { Command, Option } from 'commander';

// The options and help of `binschema compat`. The compiler is imported only when the command runs.

export interface CompatFlags {
  layout: 'map' | 'compact';
  json?: boolean;
  /** `--format-assertion` true, `--no-format-assertion` false, neither: by draft. */
  formatAssertion?: boolean;
}

/** Exit codes: 0 compatible both ways, 1 a breaking change in either direction, 2 a schema or usage error. */
export const CompatExit = { Compatible: 0, Breaking: 1, Error: 2 } as const;

export function registerCompat(program: Command): void {
  program
    .command('compat')
    .description('Check schema evolution: can new readers read old bytes (backward) and old readers read new bytes (forward)?')
    .argument('<old>', 'the schema the existing bytes were written with')
    .argument('<new>', 'the changed schema')
    .addOption(new Option('-l, --layout <layout>', 'wire layout the bytes use: map (JSON Schema rules) or compact (adds the positional rules)').choices(['map', 'compact']).default('map'))
    .option('--json', 'print the report as JSON: { backward, forward, changes: [{ direction, path, rule, message }] }')
    .option('--format-assertion', 'treat `format` as an assertion in every draft')
    .option('--no-format-assertion', 'treat `format` as an annotation in every draft')
    .addHelpText('after', `
Examples:
  binschema compat v1/order.schema.json v2/order.schema.json
  binschema compat old.schema.json new.schema.json --layout compact --json

Each breaking change is listed with its direction (backward: new readers, old bytes; forward: old
readers, new bytes; both), the JSON Pointer of the changed place and a rule id (README "Schema
evolution"). What the checker cannot prove compatible is reported as breaking (rule cannot-prove).
Exit codes: 0 compatible both ways, 1 a breaking change, 2 a schema or usage error.`)
    // A usage error must not look like "incompatible" (1) to a CI script.
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : CompatExit.Error))
    .action(async (oldPath: string, newPath: string, flags: CompatFlags) => {
      const { runCompat } = await import('./compat.js');
      process.exitCode = runCompat(oldPath, newPath, flags, (line) => process.stdout.write(`${line}\n`));
    });
}
