// conformance.json, formatVersion 1 (DESIGN.md): the source of truth every other report and
// tool (compare, baseline) reads.
import type { CaseResult } from '../../engine/run/run-case.js';
import type { Clause, Fact } from '../../engine/load/load.js';
import type { Profile, Role } from '../../common/vocabulary.js';
import type { RequestCost } from '../../http/request-cost.js';
import { provenCases, type ProofsFile } from './proofs.js';
import type { ApiSummary } from './api.js';

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
  /** For a disputed clause: the Zulip facts on the server's side. */
  facts?: string[];
  /** Every case citing it that ran or was skipped. */
  cases: string[];
  /** Of those, the cases seen to fail against a server breaking this clause (specs/proven-cases.json). */
  provenBy?: string[];
  /** The profiles under which some case is proven to catch a server breaking it, whether or not it ran. */
  provableUnder?: Profile[];
  /** Why an untested clause cannot be tested by a client on any server. */
  untestable?: string;
}

/** A Zulip fact the run's zulip-profile checks rest on, with its evidence. */
export interface FactEntry extends Fact {
  /** Cases citing it in this run. */
  cases: string[];
  /** Of those, the ones seen to fail against a server that breaks it. */
  provenBy?: string[];
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
  /** A multi-step case: a shell script replaying every step up to the failure, captures passed along. */
  repro?: string;
  /** The expectations file lists this case (a failure it explains, or a stale entry). */
  expectation?: { reason: string; issue?: string; expires?: string };
  /** Against --baseline: a failure it already had, a new one, or one it no longer has. */
  baseline?: 'known' | 'regression' | 'improvement';
}

export interface Target {
  url: string;
  /** The level the run judged (--feature-level, else claimed, else the newest known), at most 420. */
  featureLevel: number;
  /** What the server says of itself (GET /server_settings), null when it does not say. */
  claimedFeatureLevel: number | null;
  /** --feature-level, when it was above the newest level of the document (judged as that level instead). */
  requestedFeatureLevel?: number;
  /** The highest level whose cases all pass (cases without `since` are level 0); null: a level-0 case fails. */
  conformsThrough?: number | null;
  /** The lowest level with a case skipped for a missing account, when that limits conformsThrough. */
  unjudgedFrom?: number;
  /** Why the run claims no level at all (conformsThrough null): it was partial or interrupted. */
  notClaimed?: string;
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

/**
 * What the run's verdict says, the worst first: interrupted (stopped by a signal before its
 * end), fail (a failure nothing explains), partial (what ran passed, but a filter or a shard
 * left cases out), pass.
 */
export type VerdictStatus = 'interrupted' | 'fail' | 'partial' | 'pass';

/** A run stopped by SIGINT (Ctrl-C) or SIGTERM: it started no case after the signal. */
export interface Interruption {
  signal: string;
  /** Cases that ran to their end (passed, failed or errored). */
  ran: number;
  /** Cases the plan would have run that never started (in `cases` as skipped, with that reason). */
  notRun: number;
}

/** The filters of a run (--grep, --operation, --clause, --shard): only the cases they keep ran. */
export interface RunFilter {
  grep?: string;
  operations?: string[];
  clauses?: string[];
  shard?: { index: number; count: number };
}

/** Clauses the target did not let the run check, by the cause (verdict.notCheckedOnTarget). */
export interface TargetGap {
  /** Why the cases were skipped: what the target is or lacks ("needs push devices behind ..."). */
  cause: string;
  clauses: string[];
  cases: string[];
}

/** Why the run exits as it does: the failures no baseline or expectation explains, and the rest. */
export interface Verdict {
  status: VerdictStatus;
  newFailures: string[];
  reasons: string[];
  /** Cases were skipped for missing configuration (an account not configured), per cause:
   * the run did not test what it could have. `status` still says whether what ran passed.
   * `cause` names the setting to add as the run's reader sets it (a CONFORMANCE_* variable, or in
   * the GitHub Action its input); `roles` are the accounts missing, the same in both. */
  incomplete?: { cause: string; roles: Role[]; count: number }[];
  /** The run was stopped by a signal: what ran and what did not. */
  interrupted?: Interruption;
  /** A filter or shard left cases out: the filter, as the command line gives it. */
  partial?: { filter: string };
  /**
   * Clauses the target did not let the run check (their cases skipped for what it is or lacks:
   * a permission no read shows, data only the reference server seeds, an assumption that does not
   * hold), by cause. They do not change `status`.
   */
  notCheckedOnTarget?: TargetGap[];
}

export interface ConformanceReport {
  formatVersion: 1;
  tool: { name: string; version: string };
  target: Target;
  startedAt: string;
  durationMs: number;
  summary: Summary;
  /** What the run cost the target: requests per account, operation and purpose, and the rate limit met. */
  cost?: RequestCost;
  /** The runs the property cases got: the factor on their default runs, why it is not 1, and the runs in all. */
  propertyBudget?: { factor: number; reason: string | null; runs: number };
  cases: ReportCase[];
  clauses: ClauseEntry[];
  /** The Zulip facts cited by the run's cases (zulip-profile checks), with their evidence. */
  facts?: FactEntry[];
  /** Problems outside any case (cleanup that failed, errors vitest caught outside tests). */
  runWarnings: string[];
  /** --shard i/n: this report holds only that shard's spec files (`merge` joins them). */
  shard?: { index: number; count: number };
  /** The filters the run was given (the shard too): its cases are only those they keep. */
  filter?: RunFilter;
  /** The operations and parameters of the API document, with the feature level each appeared at. */
  api?: ApiSummary;
  baseline?: BaselineSection;
  expectations?: ExpectationsSection;
  verdict: Verdict;
}

export function summarize(cases: CaseResult[]): Summary {
  const summary: Summary = { total: cases.length, passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const c of cases) summary[c.status] += 1;
  return summary;
}

/**
 * A clause's status in a run: unspecified (the document says "not shown", or under spec shows
 * no way to observe it), disputed, tested (a case proven to catch a server breaking it ran),
 * else untested, even when cases that cite it ran: they were never seen to catch anything.
 */
export function clauseStatus(
  clause: Pick<Clause, 'status' | 'disputed' | 'unobservableUnderSpec'>,
  profile: Profile,
  provenRan: boolean,
): { status: ClauseStatus; unobservable?: string } {
  // Under spec, a statement whose only reads are "not shown" cannot be checked: the document
  // leaves the means unspecified, as DESIGN.md's spec profile asks to report it.
  const unobservable = !provenRan && profile === 'spec' && clause.unobservableUnderSpec ? clause.unobservableUnderSpec : undefined;
  const status: ClauseStatus =
    clause.status === 'unspecified' || unobservable ? 'unspecified' : clause.disputed ? 'disputed' : provenRan ? 'tested' : 'untested';
  return { status, ...(unobservable ? { unobservable } : {}) };
}

export function clauseEntries(catalog: Clause[], cases: CaseResult[], profile: Profile, proofs: ProofsFile): ClauseEntry[] {
  const ran = new Set(cases.filter((c) => c.status !== 'skipped').map((c) => c.id));
  return catalog.map((clause) => {
    const citing = cases.filter((c) => c.clauses.includes(clause.id));
    const provenBy = provenCases(proofs, clause.id, profile).filter((id) => ran.has(id));
    const { status, unobservable } = clauseStatus(clause, profile, provenBy.length > 0);
    const provableUnder = (['spec', 'zulip'] as Profile[]).filter((p) => provenCases(proofs, clause.id, p).length > 0);
    return {
      id: clause.id,
      endpoint: clause.endpoint,
      text: clause.text,
      ...(clause.since ? { since: clause.since } : {}),
      status,
      ...(clause.disputed ? { disputed: clause.disputed } : {}),
      ...(unobservable ? { unobservable } : {}),
      ...(clause.facts ? { facts: clause.facts } : {}),
      cases: citing.map((c) => c.id),
      ...(provenBy.length ? { provenBy } : {}),
      ...(provableUnder.length ? { provableUnder } : {}),
      ...(status === 'untested' && clause.untestable ? { untestable: clause.untestable } : {}),
    };
  });
}

/** The facts the run's cases (and disputed clauses) cite, with the cases citing each. */
export function factEntries(facts: Fact[], cases: CaseResult[], clauses: Clause[], profile: Profile, proofs: ProofsFile): FactEntry[] {
  const ran = new Set(cases.filter((c) => c.status !== 'skipped').map((c) => c.id));
  // Stryker disable next-line ArrayDeclaration: equivalent: "Stryker was here" is no fact
  const byDisputed = new Set(clauses.flatMap((c) => c.facts ?? []));
  return facts.flatMap((fact) => {
    const citing = cases.filter((c) => c.facts?.includes(fact.id)).map((c) => c.id);
    if (!citing.length && !byDisputed.has(fact.id)) return [];
    const provenBy = provenCases(proofs, fact.id, profile).filter((id) => ran.has(id));
    return [{ ...fact, cases: citing, ...(provenBy.length ? { provenBy } : {}) }];
  });
}

/** Cases in a stable order: by endpoint, then id, whatever order they finished in. */
export function sortCases<T extends CaseResult>(cases: T[]): T[] {
  return [...cases].sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.id.localeCompare(b.id));
}
