/**
 * `format` assertions (JSON Schema 2020-12 Validation §7.3): generated code imports one function
 * per asserted format (`ASSERTED_FORMATS`) from `@binschema/runtime/formats`, where they are
 * written and tested against their RFCs. The table lives with the front end, which also runs
 * those checks on `enum`/`const` values (ir/formats.ts).
 */
export { FORMAT_FUNCTIONS } from '../ir/formats.js';
