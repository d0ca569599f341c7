// The process's one Ajv instance (JSON Schema 2020-12, with formats). The response schemas, the
// meta-schemas of the data files (spec files, clause catalog, expectations) and the report's
// schema all compile into it: each schema compiles once, and they could $ref each other.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

let instance: Ajv2020 | null = null;

/** Strict (a typo in a schema is an error), every error collected, union types allowed. */
export function sharedAjv(): Ajv2020 {
  if (!instance) {
    instance = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(instance);
  }
  return instance;
}

/** The validator of a schema object, compiled once: by its $id when it has one. */
export function compileOnce(schema: { $id?: string }) {
  const ajv = sharedAjv();
  return (schema.$id ? ajv.getSchema(schema.$id) : undefined) ?? ajv.compile(schema);
}
