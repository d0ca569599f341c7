// The process's one Ajv instance (JSON Schema 2020-12, with formats). The response schemas, the
// meta-schemas of the data files (spec files, clause catalog, expectations) and the report's
// schema all compile into it: each schema compiles once, and they could $ref each other.
// ajv is loaded on first use: a compiled run whose response validators were generated at build
// time (precompiled-schemas.ts) and whose suite comes from the cache never needs it.
import { createRequire } from 'node:module';
import type { Ajv2020, Options } from 'ajv/dist/2020.js';

const require = createRequire(import.meta.url);

/**
 * Strict (a typo in a schema is an error), every error collected, union types allowed; verbose:
 * each error carries the schema object it failed in, where the response schemas' x-clause sits.
 */
export const AJV_OPTIONS: Options = { allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, verbose: true };

/** The annotation naming the clause of the API document a schema (or one of its fields) states. */
export const CLAUSE_KEYWORD = 'x-clause';

/** The annotation giving the feature level a field appeared at: a target judged as an older level may lack it. */
export const SINCE_KEYWORD = 'x-since';

/** A new instance with the suite's options and formats (`code.source` for generating standalone code). */
export function newAjv(extra: Options = {}): Ajv2020 {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => void;
  const ajv = new Ajv({ ...AJV_OPTIONS, ...extra });
  addFormats(ajv);
  ajv.addKeyword({ keyword: CLAUSE_KEYWORD, schemaType: ['string', 'array'] });
  ajv.addKeyword({ keyword: SINCE_KEYWORD, schemaType: 'number' });
  return ajv;
}

let instance: Ajv2020 | null = null;

export function sharedAjv(): Ajv2020 {
  instance ??= newAjv();
  return instance;
}

/** The validator of a schema object, compiled once: by its $id when it has one. */
export function compileOnce(schema: { $id?: string }) {
  const ajv = sharedAjv();
  return (schema.$id ? ajv.getSchema(schema.$id) : undefined) ?? ajv.compile(schema);
}
