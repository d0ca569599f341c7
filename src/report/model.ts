// conformance.json, formatVersion 1 (DESIGN.md): the source of truth every other report and
// tool (compare, baseline) reads.
import type { CaseResult } from '../spec/run-case.js';
import type { Clause } from '../spec/load.js';
import type { Profile } from '../config.js';

export type ClauseStatus = 'tested' | 'unspecified' | 'disputed' | 'untested';

export interface ClauseEntry {
  id: string;
  endpoint: string;
  text: string;
  since?: number;
  status: ClauseStatus;
  disputed?: string;
  cases: string[];
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

export interface ConformanceReport {
  formatVersion: 1;
  tool: { name: string; version: string };
  target: { url: string; featureLevel: number; claimedFeatureLevel: number | null; profile: Profile; embedded: boolean };
  startedAt: string;
  durationMs: number;
  summary: Summary;
  cases: CaseResult[];
  clauses: ClauseEntry[];
  /** Problems outside any case (cleanup that failed, errors vitest caught outside tests). */
  runWarnings: string[];
}

export function summarize(cases: CaseResult[]): Summary {
  const summary: Summary = { total: cases.length, passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}

export function clauseEntries(catalog: Clause[], cases: CaseResult[]): ClauseEntry[] {
  return catalog.map((clause) => {
    const citing = cases.filter((c) => c.clauses.includes(clause.id));
    const ran = citing.some((c) => c.status !== 'skipped');
    const status: ClauseStatus = clause.status === 'unspecified' ? 'unspecified'
      : clause.disputed ? 'disputed'
      : ran ? 'tested' : 'untested';
    return {
      id: clause.id, endpoint: clause.endpoint, text: clause.text,
      ...(clause.since ? { since: clause.since } : {}),
      status,
      ...(clause.disputed ? { disputed: clause.disputed } : {}),
      cases: citing.map((c) => c.id),
    };
  });
}

/** Cases in a stable order: by endpoint, then id, whatever order they finished in. */
export function sortCases(cases: CaseResult[]): CaseResult[] {
  return [...cases].sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.id.localeCompare(b.id));
}
