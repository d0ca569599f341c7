// The response schemas (schemas/*.schema.json), compiled once per worker and reused. A schema
// names the clause a field's shape comes from with the annotation "x-clause", so a schema
// failure names the one clause it breaks, not every clause its case cites.
import { readFileSync } from 'node:fs';
import { responseSchemaFiles, SCHEMA_BASE } from '../load/schema-files.js';
import type { Ajv2020, ValidateFunction, ErrorObject } from 'ajv/dist/2020.js';
import { CLAUSE_KEYWORD, SINCE_KEYWORD, sharedAjv } from '../../common/ajv.js';
import { precompiledValidator } from './precompiled-schemas.js';
import { projectPath } from '../../common/paths.js';
import type { Finding } from './failure.js';
import { show } from './matchers.js';

export { CLAUSE_KEYWORD };

let ajv: Ajv2020 | null = null;
const compiled = new Map<string, ValidateFunction>();

export function schemaRegistry(dir = projectPath('schemas')): Ajv2020 {
  if (ajv) return ajv;
  ajv = sharedAjv();
  // Stryker disable next-line StringLiteral: equivalent for 'utf8': without an encoding the Buffer is read the same by JSON.parse
  for (const name of responseSchemaFiles(dir)) ajv.addSchema(JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as object);
  return ajv;
}

/** "get-streams" -> the schema with $id <base>get-streams.schema.json */
export function schemaValidator(name: string): ValidateFunction {
  let validate = compiled.get(name);
  // Stryker disable next-line ConditionalExpression: equivalent: getSchema returns the function ajv compiled before; the map saves the lookup
  if (!validate) {
    const id = `${SCHEMA_BASE}${name}.schema.json`;
    const found = precompiledValidator(name) ?? schemaRegistry().getSchema(id);
    if (!found) throw new Error(`unknown schema "${name}" (no ${name}.schema.json in schemas/)`);
    validate = found;
    compiled.set(name, validate);
  }
  return validate;
}

type SchemaObject = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };

function clauseOf(schema: SchemaObject | undefined): string | undefined {
  const value = schema?.[CLAUSE_KEYWORD];
  return Array.isArray(value) ? (value[0] as string) : (value as string | undefined);
}

/** "/streams/3/creator_id" -> "streams[3].creator_id" */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const part of pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: ajv's instance paths (and a listed field's) always reach an existing value
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * One finding per schema error: where, expected, got, and the clause the schema annotates there.
 * A field annotated "x-since" that is missing is no finding when the target is judged as an older
 * level (it had no such field yet).
 */
export function schemaFindings(errors: ErrorObject[] | null | undefined, body: unknown, limit = 5, featureLevel = Number.POSITIVE_INFINITY): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const params = e.params as Record<string, unknown>;
    const parent = e.parentSchema;
    const at = pointerToPath(e.instancePath);
    const join = (name: string) => (at ? `${at}.${name}` : name);
    let f: Finding;
    if (e.keyword === 'required') {
      const name = String(params.missingProperty);
      const field = (parent?.properties as Record<string, SchemaObject> | undefined)?.[name];
      const since = field?.[SINCE_KEYWORD];
      // Stryker disable next-line ConditionalExpression: equivalent: x-since is a number where present (the keyword's schemaType), and undefined > level is false
      if (typeof since === 'number' && since > featureLevel) continue;
      // Stryker disable next-line OptionalChaining: equivalent for parent?.: with verbose, every error has its parent schema
      f = {
        check: 'schema',
        path: join(name),
        expected: 'the field (required)',
        actual: 'nothing (the field is missing)',
        clause: clauseOf(field) ?? clauseOf(parent),
        ...(typeof since === 'number' ? { since } : {}),
      };
    } else if (e.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      f = {
        check: 'schema',
        path: join(name),
        expected: 'no such field (only the listed fields)',
        actual: show(valueAt(body, `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`)),
        clause: clauseOf(parent),
      };
    } else {
      const expected =
        e.keyword === 'const'
          ? JSON.stringify(params.allowedValue)
          : e.keyword === 'enum'
            ? `one of ${JSON.stringify(params.allowedValues)}`
            : (e.message ?? e.keyword).replace(/^must (be )?/, '').replace(/^integer,null$/, 'integer or null');
      f = { check: 'schema', path: at, expected, actual: show(valueAt(body, e.instancePath)), clause: clauseOf(parent) };
    }
    const key = `${f.path} ${f.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(f);
  }
  if (findings.length <= limit) return findings;
  // The errors left out belong to the lowest level among them (none: one of them belongs to the case's),
  // and break the clauses of their own fields (else of the fields shown): never the case's.
  const rest = findings.slice(limit);
  const since = rest.every((f) => f.since !== undefined) ? Math.min(...rest.map((f) => f.since!)) : undefined;
  const fieldClauses = (list: Finding[]) => [...new Set(list.flatMap((f) => (f.clause ? [f.clause] : [])))];
  const clauses = fieldClauses(rest).length ? fieldClauses(rest) : fieldClauses(findings);
  return [
    ...findings.slice(0, limit),
    {
      check: 'schema',
      message: `... and ${rest.length} more schema errors`,
      ...(clauses.length ? { clause: clauses[0], clauses } : {}),
      ...(since !== undefined ? { since } : {}),
    },
  ];
}

/** ajv's errors as readable lines: "[res.channel.creator_id] streams[3].creator_id: expected integer or null, got "x"". */
export function schemaErrors(errors: ErrorObject[] | null | undefined, body: unknown, limit = 5): string[] {
  return schemaFindings(errors, body, limit).map(
    (f) => f.message ?? `${f.clause ? `[${f.clause}] ` : ''}${f.path || '(body)'}: expected ${f.expected}, got ${f.actual}`,
  );
}
