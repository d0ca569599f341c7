// The response schemas (schemas/*.schema.json), compiled once per worker and reused.
import { readdirSync, readFileSync } from 'node:fs';
import type { Ajv2020, ValidateFunction, ErrorObject } from 'ajv/dist/2020.js';
import { sharedAjv } from '../ajv.js';
import { precompiledValidator } from '../precompiled-schemas.js';
import { projectPath } from '../paths.js';

export const SCHEMA_BASE = 'https://teamchat-conformance.test/schemas/';
const META_SCHEMAS = new Set(['spec-file.schema.json', 'clause-catalog.schema.json', 'expectations.schema.json', 'conformance-report.schema.json']);

let ajv: Ajv2020 | null = null;
const compiled = new Map<string, ValidateFunction>();

export function schemaRegistry(dir = projectPath('schemas')): Ajv2020 {
  if (ajv) return ajv;
  ajv = sharedAjv();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.schema.json') && !META_SCHEMAS.has(n)).sort()) {
    ajv.addSchema(JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')));
  }
  return ajv;
}

/** "get-streams" -> the schema with $id <base>get-streams.schema.json */
export function schemaValidator(name: string): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const id = `${SCHEMA_BASE}${name}.schema.json`;
    const found = precompiledValidator(name) ?? schemaRegistry().getSchema(id);
    if (!found) throw new Error(`unknown schema "${name}" (no ${name}.schema.json in schemas/)`);
    validate = found;
    compiled.set(name, validate);
  }
  return validate;
}

/** ajv's errors as readable lines: "streams[3].creator_id: must be integer,null". */
export function schemaErrors(errors: ErrorObject[] | null | undefined, limit = 5): string[] {
  const lines = (errors ?? [])
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf')
    .map((e) => {
      const at = e.instancePath.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') || '(body)';
      const params = e.params as Record<string, unknown>;
      if (e.keyword === 'required') return `${at}: missing required field "${String(params.missingProperty)}"`;
      if (e.keyword === 'additionalProperties') return `${at}: unexpected field "${String(params.additionalProperty)}"`;
      if (e.keyword === 'const') return `${at}: must be ${JSON.stringify(params.allowedValue)}`;
      if (e.keyword === 'enum') return `${at}: must be one of ${JSON.stringify(params.allowedValues)}`;
      return `${at}: ${e.message}`;
    });
  const unique = [...new Set(lines)];
  return unique.length > limit ? [...unique.slice(0, limit), `... and ${unique.length - limit} more`] : unique;
}
