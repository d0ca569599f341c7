// The exit status of a run and the reasons for it. Without baseline or expectations, every
// failed or errored case fails the run; with them, only the failures neither one explains, plus
// stale and expired expectations. Skips for missing accounts make the run incomplete, which fails
// it only with --fail-on-skip.
import type { ConformanceReport, Verdict } from './model.js';
import { isBroken } from './groups.js';
import { configurationSkips, FAIL_ON_SKIP, incompleteSentence, targetGaps } from './skip-causes.js';

export interface VerdictOptions {
  /** --fail-on-skip: a run with cases skipped for missing configuration fails. */
  failOnSkip?: boolean;
}

export function verdictOf(report: Omit<ConformanceReport, 'verdict'>, options: VerdictOptions = {}): Verdict {
  const newFailures = report.cases.filter((c) => isBroken(c) && c.baseline !== 'known' && !c.expectation).map((c) => c.id);
  const reasons: string[] = [];
  if (newFailures.length) {
    const what = report.baseline ? 'regression' : 'failure';
    reasons.push(
      `${newFailures.length} ${what}${newFailures.length > 1 ? 's' : ''}${report.baseline || report.expectations ? ' not in the baseline or expectations' : ''}: ${newFailures.join(', ')}`,
    );
  }
  const ex = report.expectations;
  if (ex?.stale.length)
    reasons.push(
      `${ex.stale.length} stale expectation${ex.stale.length > 1 ? 's' : ''} (listed, but passing now; remove them from ${ex.file}): ${ex.stale.join(', ')}`,
    );
  if (ex?.expired.length)
    reasons.push(
      `${ex.expired.length} expired expectation${ex.expired.length > 1 ? 's' : ''} in ${ex.file}: ${ex.expired.map((e) => `${e.id} (expired ${e.expires})`).join(', ')}`,
    );
  if (report.summary.total === 0 && report.runWarnings.length) reasons.push('no case ran, and the run reported problems');
  const skips = configurationSkips(report.cases);
  if (skips.length && options.failOnSkip) reasons.push(`${incompleteSentence(skips, report.summary.total)} ${FAIL_ON_SKIP}`);
  const gaps = targetGaps(report.cases);
  return {
    status: reasons.length ? 'fail' : 'pass',
    newFailures,
    reasons,
    ...(skips.length ? { incomplete: skips } : {}),
    ...(gaps.length ? { notCheckedOnTarget: gaps } : {}),
  };
}
