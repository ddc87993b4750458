import { Command, Option, InvalidArgumentError } from 'commander';

// The options and help of `binschema compile`. The compiler (and TypeScript under it) is
// imported only when the command runs, so other commands start without loading it.

const FORMATS = ['cbor', 'ubjson', 'msgpack'] as const;
type FormatName = (typeof FORMATS)[number];

export interface CompileFlags {
  out: string;
  format: FormatName[];
  target: 'ts' | 'js';
  deterministic?: boolean;
  dagCbor?: boolean;
  /** `--format-assertion` true, `--no-format-assertion` false, neither: by draft. */
  formatAssertion?: boolean;
  schema: string[];
  /** `<uri>=<file>` pairs for `schemasByUri`. */
  schemaUri?: string[];
  check?: boolean;
  watch?: boolean;
  runtime?: string;
  codeSize?: 'auto' | 'speed' | 'small';
  layout?: 'map' | 'compact';
  /** MessagePack modules only: integers past 32 bits as float64. */
  largeIntegers?: 'float64';
}

/** Exit codes: 0 written (or up to date), 1 `--check` found stale files, 2 a schema or usage error. */
export const ExitCode = { Ok: 0, Stale: 1, Error: 2 } as const;

export function registerCompile(program: Command): void {
  program
    .command('compile')
    .description('Generate one codec module per schema file and format: <out>/<name>.<format>.ts (or .js + .d.ts).')
    .argument('<schemas...>', 'schema files (<name>.schema.json or <name>.json)')
    .requiredOption('-o, --out <dir>', 'directory to write the generated modules to')
    .addOption(new Option('-f, --format <formats>', 'wire formats, comma-separated: cbor, ubjson, msgpack (MessagePack)').default(['cbor'], 'cbor').argParser(parseFormats))
    .addOption(new Option('-t, --target <target>', 'ts: one .ts module; js: .js + .d.ts').choices(['ts', 'js']).default('ts'))
    .option('--deterministic', 'CBOR: write map keys in RFC 8949 §4.2.1 order (bytes equal the generic deterministic encoder)')
    .option('--dag-cbor', 'CBOR: DAG-CBOR encoders (IPLD): keys length-first, floats always 64-bit, unknown shapes JSON values only (bytes equal @ipld/dag-cbor)')
    .option('--format-assertion', 'check `format` (date-time, email, uuid, …) in every draft; an unknown format is an error')
    .option('--no-format-assertion', '`format` is an annotation in every draft (default: checked in draft-04/06/07, annotation in 2019-09/2020-12)')
    .option('-s, --schema <file>', 'extra schema document for $ref, registered by its $id (repeatable)', collect, [])
    .option('--schema-uri <uri=file>', 'extra schema document served at <uri> (its $id may differ), e.g. https://example.com/a.json=a.json (repeatable)', collect, [])
    .option('--runtime <specifier>', 'import specifier of the runtime package', '@binschema/runtime')
    .addOption(
      new Option('--code-size <mode>', 'speed (default: specialised straight-line code per object), small (objects through runtime tables: code linear in the schema, slower), auto (speed up to 150 declared properties, small past that); every format alike (--layout compact: always speed)')
        .choices(['auto', 'speed', 'small']),
    )
    .addOption(
      new Option('--layout <layout>', 'map (objects with their keys) or compact (objects as arrays by position or objects of position keys, enums by index; README "Compact layout"); CBOR, UBJSON and MessagePack alike')
        .choices(['map', 'compact'])
        .default('map'),
    )
    .addOption(
      new Option('--large-integers <form>', 'MessagePack: float64 writes integers past 32 bits as float64, as msgpackr does, for readers that take uint64/int64 as bigints (default: the smallest exact form)')
        .choices(['float64']),
    )
    .option('--check', 'write nothing; exit 1 when a file on disk differs from what would be generated (for CI)')
    .addOption(new Option('-w, --watch', 'compile, then again whenever a schema or a file it references changes, printing each file rewritten; Ctrl-C stops').conflicts('check'))
    .addHelpText('after', `
Examples:
  binschema compile schemas/*.schema.json --out src/generated
  binschema compile person.schema.json --out gen --format cbor,ubjson --target js
  binschema compile person.schema.json --out gen --format msgpack            # gen/person.msgpack.ts
  binschema compile schemas/*.schema.json --out src/generated --check
  binschema compile schemas/*.schema.json --out src/generated --watch       # dev loop

Each module exports the schema's TypeScript types, encode(value) and decode(bytes) for the root,
and encode<Def>/decode<Def> for every $defs entry. Exit codes: 0 ok, 1 stale (--check), 2 error.

--watch compiles again when a schema, a file its $refs load or a --schema/--schema-uri file
changes; a schema error is printed (with its pointer) and the generated files are kept as they
were until the schema compiles again. Ctrl-C (SIGINT) or SIGTERM stops it with exit code 0.`)
    .action(async (schemas: string[], flags: CompileFlags) => {
      const print = (line: string): boolean => process.stdout.write(`${line}\n`);
      const warn = (line: string): boolean => process.stderr.write(`${line}\n`);
      if (flags.watch === true) {
        const { watchCompile } = await import('./compile-watch.js');
        process.exitCode = await watchCompile(schemas, flags, print, warn);
        return;
      }
      const { runCompile } = await import('./compile.js');
      process.exitCode = runCompile(schemas, flags, print, warn);
    });
}

function parseFormats(value: string): FormatName[] {
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  // An empty list (`--format ""` from an unset $FORMATS) would compile nothing and pass `--check`.
  if (names.length === 0) throw new InvalidArgumentError(`no format given (expected ${FORMATS.join(', ')})`);
  for (const name of names) {
    if (!(FORMATS as readonly string[]).includes(name)) throw new InvalidArgumentError(`unknown format "${name}" (expected ${FORMATS.join(', ')})`);
  }
  return [...new Set(names)] as FormatName[];
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
