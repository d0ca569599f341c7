// conformance.json, formatVersion 1 (DESIGN.md): the source of truth every other report and
// tool (compare, baseline) reads.
import type { CaseResult } from '../engine/run-case.js';
import type { Clause } from '../engine/load.js';
import type { Profile } from '../config.js';

export type ClauseStatus = 'tested' | 'unspecified' | 'disputed' | 'untested';

export interface ClauseEntry {
  id: string;
  endpoint: string;
  text: string;
  since?: number;
  status: ClauseStatus;
  disputed?: string;
  /** Why the clause is unspecified under this profile although the document states it. */
  unobservable?: string;
  cases: string[];
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

/** A case as the report shows it: its result, plus what the report adds to a failure. */
export interface ReportCase extends CaseResult {
  /** One shell line reproducing the failing request (credentials as $CONFORMANCE_<ROLE>_... placeholders). */
  curl?: string;
  /** The expectations file lists this case (a failure it explains, or a stale entry). */
  expectation?: { reason: string; issue?: string; expires?: string };
  /** Against --baseline: a failure it already had, a new one, or one it no longer has. */
  baseline?: 'known' | 'regression' | 'improvement';
}

export interface Target {
  url: string;
  /** The level the run judged (--feature-level, else claimed, else the newest known). */
  featureLevel: number;
  /** What the server says of itself (GET /server_settings), null when it does not say. */
  claimedFeatureLevel: number | null;
  /** The highest level whose cases all pass (cases without `since` are level 0); null: a level-0 case fails. */
  conformsThrough?: number | null;
  /** The lowest level with a case skipped for a missing account, when that limits conformsThrough. */
  unjudgedFrom?: number;
  profile: Profile;
  embedded: boolean;
}

export interface BaselineSection {
  file: string;
  /** Failed or errored there and now. */
  knownFailures: string[];
  /** Failed or errored now, not there: these fail the run. */
  regressions: string[];
  /** Failed or errored there, passed now. */
  improvements: string[];
}

export interface ExpectationsSection {
  file: string;
  /** Listed and failing: explained. */
  expected: string[];
  /** Listed and passing now: the entry is stale and fails the run until removed. */
  stale: string[];
  /** Entries past their `expires` date: they fail the run. */
  expired: { id: string; expires: string }[];
  /** Listed ids that no spec file has. */
  unknown: string[];
  /** --update-expectations rewrote the file. */
  updated?: { added: string[]; removed: string[] };
}

/** Why the run exits as it does: the failures no baseline or expectation explains, and the rest. */
export interface Verdict {
  status: 'pass' | 'fail';
  newFailures: string[];
  reasons: string[];
  /** Cases were skipped for missing configuration (an account not configured), per cause:
   * the run did not test what it could have. `status` still says whether what ran passed. */
  incomplete?: { cause: string; count: number }[];
}

export interface ConformanceReport {
  formatVersion: 1;
  tool: { name: string; version: string };
  target: Target;
  startedAt: string;
  durationMs: number;
  summary: Summary;
  cases: ReportCase[];
  clauses: ClauseEntry[];
  /** Problems outside any case (cleanup that failed, errors vitest caught outside tests). */
  runWarnings: string[];
  /** --shard i/n: this report holds only that shard's spec files (`merge` joins them). */
  shard?: { index: number; count: number };
  baseline?: BaselineSection;
  expectations?: ExpectationsSection;
  verdict?: Verdict;
}

export function summarize(cases: CaseResult[]): Summary {
  const summary: Summary = { total: cases.length, passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}

export function clauseEntries(catalog: Clause[], cases: CaseResult[], profile: Profile): ClauseEntry[] {
  return catalog.map((clause) => {
    const citing = cases.filter((c) => c.clauses.includes(clause.id));
    const ran = citing.some((c) => c.status !== 'skipped');
    // Under spec, a statement whose only reads are "not shown" cannot be checked: the document
    // leaves the means unspecified, as DESIGN.md's spec profile asks to report it.
    const unobservable = !ran && profile === 'spec' && clause.unobservableUnderSpec ? clause.unobservableUnderSpec : undefined;
    const status: ClauseStatus = clause.status === 'unspecified' || unobservable ? 'unspecified'
      : clause.disputed ? 'disputed'
      : ran ? 'tested' : 'untested';
    return {
      id: clause.id, endpoint: clause.endpoint, text: clause.text,
      ...(clause.since ? { since: clause.since } : {}),
      status,
      ...(clause.disputed ? { disputed: clause.disputed } : {}),
      ...(unobservable ? { unobservable } : {}),
      cases: citing.map((c) => c.id),
    };
  });
}

/** Cases in a stable order: by endpoint, then id, whatever order they finished in. */
export function sortCases<T extends CaseResult>(cases: T[]): T[] {
  return [...cases].sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.id.localeCompare(b.id));
}
