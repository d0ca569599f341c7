// --expectations F.yaml: the implementer's known gaps, keyed by case id. A listed case that fails
// is expected; a listed case that passes is a stale entry; an entry past `expires` fails the run.
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../../common/vocabulary.js';
import { parseYaml } from '../../engine/load/yaml-source.js';
import { validateSource } from '../../engine/load/validate.js';
import type { ExpectationsSection, ReportCase } from './model.js';
import { isBroken } from './groups.js';

export interface Expectation {
  reason: string;
  issue?: string;
  expires?: string;
}

export type Expectations = Map<string, Expectation>;

/** Reads and validates the file (errors name file:line: field); a missing file is an empty list. */
export function loadExpectations(path: string, mustExist = true): Expectations {
  if (!existsSync(path)) {
    if (mustExist) throw new ConfigError(`expectations file ${path}: not found`);
    return new Map();
  }
  const source = parseYaml(path, readFileSync(path, 'utf8'));
  validateSource(source, 'expectations.schema.json');
  const entries = (source.data as { expectations: Record<string, Expectation> | null }).expectations ?? {};
  return new Map(Object.entries(entries));
}

export function applyExpectations(cases: ReportCase[], expectations: Expectations, file: string, knownIds: Set<string>, today: string): ExpectationsSection {
  const section: ExpectationsSection = { file, expected: [], stale: [], expired: [], unknown: [] };
  const byId = new Map(cases.map((c) => [c.id, c]));
  for (const [id, entry] of expectations) {
    if (!knownIds.has(id)) section.unknown.push(id);
    if (entry.expires && entry.expires < today) section.expired.push({ id, expires: entry.expires });
    const c = byId.get(id);
    if (!c || c.status === 'skipped') continue; // did not run: nothing to say about it
    c.expectation = { ...entry };
    if (isBroken(c)) section.expected.push(id);
    else section.stale.push(id);
  }
  return section;
}
