// A failure the run was told about: known (it failed in the --baseline report too) or expected
// (the --expectations file lists it, and the entry has not expired). Such a failure does not fail
// the run, so the console shows it as `known` / `expected` rather than FAIL, and junit.xml as
// <skipped>, keeping CI test views as green as the job.
import type { CaseResult } from '../../engine/run/run-case.js';
import type { ConformanceReport } from './model.js';
import type { Expectations } from './expectations.js';
import { isBroken } from './groups.js';

export interface Explanation {
  kind: 'known' | 'expected';
  /** "failed in the baseline b.json too", "expected: we sort channels by id" */
  note: string;
}

export interface ExplainedSources {
  baseline?: { file: string; brokenIds: Set<string> };
  /** Unexpired entries: case id -> reason. */
  expected?: Map<string, string>;
}

export type Explain = (c: Pick<CaseResult, 'id' | 'status'>) => Explanation | null;

export function explainer(sources: ExplainedSources): Explain {
  return (c) => {
    if (!isBroken(c)) return null;
    if (sources.baseline?.brokenIds.has(c.id)) return { kind: 'known', note: `failed in the baseline ${sources.baseline.file} too` };
    const reason = sources.expected?.get(c.id);
    return reason === undefined ? null : { kind: 'expected', note: `expected: ${reason}` };
  };
}

/** During a run: from the --baseline report and the --expectations entries, as read before it. */
export function runExplainer(
  baseline: { file: string; report: ConformanceReport } | undefined,
  expectations: Expectations | undefined,
  today: string,
): Explain {
  return explainer({
    ...(baseline ? { baseline: { file: baseline.file, brokenIds: new Set(baseline.report.cases.filter(isBroken).map((c) => c.id)) } } : {}),
    ...(expectations ? { expected: new Map([...expectations].filter(([, e]) => !(e.expires && e.expires < today)).map(([id, e]) => [id, e.reason])) } : {}),
  });
}

/** From a finished report: its baseline section and the expectations it applied (expired ones excluded). */
export function reportExplainer(report: ConformanceReport): Explain {
  const expired = new Set(report.expectations?.expired.map((e) => e.id) ?? []);
  return explainer({
    ...(report.baseline ? { baseline: { file: report.baseline.file, brokenIds: new Set(report.baseline.knownFailures) } } : {}),
    expected: new Map(report.cases.filter((c) => c.expectation && !expired.has(c.id)).map((c) => [c.id, c.expectation!.reason])),
  });
}
