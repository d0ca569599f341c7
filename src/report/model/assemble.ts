// Builds conformance.json from a run's parts: the cases, the clause catalog, and what the report
// adds: curl lines for failures, the effective feature level, the baseline and expectations
// sections, and the verdict. `finish` recomputes the derived fields (merge uses it too).
import type { Clause, Fact } from '../../engine/load/load.js';
import type { CaseResult } from '../../engine/run/run-case.js';
import { clauseEntries, factEntries, sortCases, summarize, type ConformanceReport, type ExpectationsSection, type ReportCase, type Target } from './model.js';
import { curlCommand } from './curl.js';
import { reproScript } from './repro.js';
import { loadProofs, type ProofsFile } from './proofs.js';
import { conformsThrough, unjudgedFrom } from './feature-level.js';
import { compareWithBaseline } from './baseline.js';
import { applyExpectations, type Expectations } from './expectations.js';
import { isBroken } from './groups.js';
import { interruptedSentence, verdictOf, type VerdictOptions } from './verdict.js';

export interface ReportParts {
  tool: ConformanceReport['tool'];
  target: Omit<Target, 'conformsThrough' | 'unjudgedFrom' | 'notClaimed'>;
  startedAt: string;
  durationMs: number;
  cases: CaseResult[];
  catalog: Clause[];
  /** The Zulip facts catalog (specs/zulip-facts.yaml). */
  facts?: Fact[];
  /** Which cases are proven to catch a server breaking each clause; default specs/proven-cases.json. */
  proofs?: ProofsFile;
  runWarnings: string[];
  cost?: ConformanceReport['cost'];
  /** The property budget (property/budget.ts): the runs in all are counted from the cases. */
  propertyBudget?: { factor: number; reason: string | null };
  shard?: ConformanceReport['shard'];
  filter?: ConformanceReport['filter'];
  /** The API the spec files describe (apiOf). */
  api?: ConformanceReport['api'];
  baseline?: { file: string; report: ConformanceReport };
  expectations?: { file: string; entries: Expectations; knownIds: Set<string>; today: string; updated?: ExpectationsSection['updated'] };
  verdict?: VerdictOptions;
}

/** A broken case gets a curl line for its failing request, and a script replaying all its steps. */
export function withCurl(c: CaseResult): ReportCase {
  if (!isBroken(c) || !c.exchange) return { ...c };
  return { ...c, curl: curlCommand(c.exchange), ...(c.steps && c.steps.length > 1 ? { repro: reproScript(c.steps) } : {}) };
}

export function assembleReport(parts: ReportParts): ConformanceReport {
  const cases = sortCases(parts.cases).map(withCurl);
  const proofs = parts.proofs ?? loadProofs();
  const facts = factEntries(parts.facts ?? [], cases, parts.catalog, parts.target.profile, proofs);
  const baseline = parts.baseline ? compareWithBaseline(cases, parts.baseline.report, parts.baseline.file) : undefined;
  const ex = parts.expectations;
  const expectations = ex
    ? { ...applyExpectations(cases, ex.entries, ex.file, ex.knownIds, ex.today), ...(ex.updated ? { updated: ex.updated } : {}) }
    : undefined;
  return finish(
    {
      formatVersion: 1,
      tool: parts.tool,
      target: { ...parts.target },
      startedAt: parts.startedAt,
      durationMs: parts.durationMs,
      summary: summarize(cases),
      ...(parts.cost ? { cost: parts.cost } : {}),
      ...(parts.propertyBudget ? { propertyBudget: { ...parts.propertyBudget, runs: cases.reduce((sum, c) => sum + (c.property?.runs ?? 0), 0) } } : {}),
      ...(parts.shard ? { shard: parts.shard } : {}),
      ...(parts.filter && Object.keys(parts.filter).length ? { filter: parts.filter } : {}),
      ...(parts.api ? { api: parts.api } : {}),
      ...(baseline ? { baseline } : {}),
      ...(expectations ? { expectations } : {}),
      cases,
      clauses: clauseEntries(parts.catalog, cases, parts.target.profile, proofs),
      ...(facts.length ? { facts } : {}),
      runWarnings: parts.runWarnings,
    },
    parts.verdict,
  );
}

/**
 * Summary, verdict and effective feature level, from the cases. A partial or interrupted run
 * claims no level: the cases it did not run would have had their say.
 */
export function finish(report: Omit<ConformanceReport, 'verdict'>, verdictOptions: VerdictOptions = {}): ConformanceReport {
  const summary = summarize(report.cases);
  const verdict = verdictOf({ ...report, summary }, verdictOptions);
  const { unjudgedFrom: _stale, notClaimed: _was, ...given } = report.target;
  const notClaimed = verdict.interrupted
    ? interruptedSentence(verdict.interrupted)
    : verdict.partial
      ? `a partial run (${verdict.partial.filter}) ran only the cases its filter kept`
      : undefined;
  const unjudged = notClaimed ? undefined : unjudgedFrom(report.cases, report.target.featureLevel);
  const target = {
    ...given,
    conformsThrough: notClaimed ? null : conformsThrough(report.cases, report.target.featureLevel, report.target.claimedFeatureLevel),
    ...(unjudged === undefined ? {} : { unjudgedFrom: unjudged }),
    ...(notClaimed ? { notClaimed } : {}),
  };
  const { cases, clauses, facts, runWarnings, ...head } = { ...report, target, summary };
  return { ...head, verdict, cases, clauses, ...(facts ? { facts } : {}), runWarnings };
}
