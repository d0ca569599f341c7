// Which files of schemas/ are response schemas (checked against answers) and which validate the
// suite's own data files; read when loading (citations read the schemas' x-clause annotations)
// and when judging (the validators compile them).
import { readdirSync } from 'node:fs';
import { projectPath } from '../../common/paths.js';

export const SCHEMA_BASE = 'https://teamchat-conformance.test/schemas/';
export const META_SCHEMAS = new Set([
  'spec-file.schema.json',
  'clause-catalog.schema.json',
  'expectations.schema.json',
  'zulip-facts.schema.json',
  'level-crosswalk.schema.json',
  'created-resources.schema.json',
  'organisation-settings.schema.json',
  'changed-settings.schema.json',
  'conformance-report.schema.json',
]);

/** The response schemas of schemas/ and its folders ("events/typing.schema.json"), by path below it. */
export function responseSchemaFiles(dir = projectPath('schemas')): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((n) => n.split('\\').join('/'))
    .filter((n) => n.endsWith('.schema.json') && !META_SCHEMAS.has(n))
    .sort();
}
