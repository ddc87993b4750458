import { resolve } from 'node:path';
import { checkCompatibilityOfFiles, isSchemaError, type CompatReport } from '@binschema/compiler';
import { CompatExit, type CompatFlags } from './compat-command.js';

export { CompatExit };

/** Runs the command; returns the exit code. `print` receives one line at a time. */
export function runCompat(oldPath: string, newPath: string, flags: CompatFlags, print: (line: string) => void): number {
  let report: CompatReport;
  try {
    report = checkCompatibilityOfFiles(resolve(oldPath), resolve(newPath), { layout: flags.layout, formatAssertion: flags.formatAssertion });
  } catch (error) {
    if (!isSchemaError(error)) throw error;
    print(error.message);
    return CompatExit.Error;
  }
  if (flags.json === true) print(JSON.stringify(report, null, 2));
  else printText(report, flags.layout, print);
  return report.backward && report.forward ? CompatExit.Compatible : CompatExit.Breaking;
}

function printText(report: CompatReport, layout: string, print: (line: string) => void): void {
  const verdict = (ok: boolean): string => (ok ? 'compatible' : 'BREAKING');
  print(`layout ${layout}`);
  print(`backward (new readers, old bytes): ${verdict(report.backward)}`);
  print(`forward  (old readers, new bytes): ${verdict(report.forward)}`);
  for (const change of report.changes) print(`  ${change.direction.padEnd(8)} ${change.rule.padEnd(30)} ${change.path}  ${change.message}`);
}
