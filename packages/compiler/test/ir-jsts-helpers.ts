/**
 * The JSON Schema Test Suite (vendored in test-data/jsts, see its README) as a cross-check of
 * lowering: each case's schema is lowered, then each instance is checked against the IR with the
 * compile-time evaluator `matches`; the suite's `valid` is the independent expectation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSchemaError } from '../src/errors.js';
import { buildIr } from '../src/ir/index.js';
import { matches } from '../src/ir/matches.js';
import type { IrModule, IrNode } from '../src/ir/types.js';
import { testDataPath } from '../../../test-data/index.js';

export const JSTS = testDataPath('jsts/');

interface SuiteCase {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** Remote documents by the URL the suite serves them at (http://localhost:1234/<path>), for `schemasByUri`. */
export function remotes(draftFolder: string, dialect: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const walk = (folder: string, prefix: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        if (prefix === '' && name.startsWith('draft') && name !== draftFolder) continue;
        walk(path, `${prefix}${name}/`);
      } else if (name.endsWith('.json')) {
        const document = JSON.parse(readFileSync(path, 'utf8'));
        const plain = typeof document === 'object' && document !== null && !Array.isArray(document);
        if (plain && prefix.startsWith('draft') && !('$schema' in document)) document.$schema = dialect;
        const url = `http://localhost:1234/${prefix}${name}`;
        try {
          buildIr({ schema: {} }, { schemasByUri: { ...found, [url]: document } });
          found[url] = document;
        } catch {
          // a remote this front end does not accept (unknown dialect…): cases using it fail to lower
        }
      }
    }
  };
  walk(join(JSTS, 'remotes'), '');
  return found;
}

export interface Outcome {
  /** `file: case / test` of every instance whose result differs from the suite's. */
  mismatches: string[];
  /** `file: case (code)` of every case the front end refused. */
  refused: string[];
  checked: number;
}

export function runSuiteFile(folder: string, file: string, schemasByUri: Record<string, unknown>, outcome: Outcome, dialect: string): void {
  const cases = JSON.parse(readFileSync(join(JSTS, folder, file), 'utf8')) as SuiteCase[];
  for (const suiteCase of cases) {
    let module: IrModule;
    try {
      module = buildIr({ schema: withDialect(suiteCase.schema, dialect) }, { schemasByUri });
    } catch (error) {
      if (!isSchemaError(error)) throw error;
      outcome.refused.push(`${file}: ${suiteCase.description} (${error.code}: ${error.message})`);
      continue;
    }
    const nodes = new Map<string, IrNode>(module.definitions.map((definition) => [definition.key, definition.node]));
    const lookup = { nodeOf: (key: string) => nodes.get(key) };
    for (const test of suiteCase.tests) {
      let result: boolean | string;
      try {
        result = matches(lookup, test.data, module.root, { path: '#', source: file });
      } catch (error) {
        result = `threw ${(error as Error).message}`;
      }
      outcome.checked++;
      if (result !== test.valid) outcome.mismatches.push(`${file}: ${suiteCase.description} / ${test.description}: got ${result}`);
    }
  }
}

/** The suite's schemas rarely name their draft; this declares it when they do not. */
export function withDialect(schema: unknown, dialect: string): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || '$schema' in schema) return schema;
  return { $schema: dialect, ...schema };
}
