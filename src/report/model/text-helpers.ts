// Small helpers every writer shares: the texts of the rules a failure breaks (clauses of the
// document and Zulip facts), where a failure sits, the run's one-line headline.
import type { Failure } from '../../engine/judge/failure.js';
import type { ConformanceReport } from './model.js';

export { brokenRules, brokenRulesOf } from '../../engine/judge/failure.js';

/** Zulip facts are named zulip.*; everything else a report cites is a clause of the document. */
export const isFact = (id: string) => id.startsWith('zulip.');

/** Statement of every clause and fact the report knows, by id. */
export function ruleTexts(report: ConformanceReport): Map<string, string> {
  return new Map([...report.clauses.map((cl) => [cl.id, cl.text] as const), ...(report.facts ?? []).map((f) => [f.id, f.statement] as const)]);
}

/** "step 2 · schema · streams[3].creator_id" (what the reader looks for in the answer). */
export function failureWhere(f: Pick<Failure, 'step' | 'check' | 'path' | 'profile'>): string {
  return [f.step ? `step ${f.step}` : '', f.check, f.path ?? '', f.profile === 'zulip' ? 'zulip profile' : ''].filter(Boolean).join(' · ');
}

export type VerdictWord = 'INTERRUPTED' | 'FAIL' | 'PARTIAL' | 'INCOMPLETE' | 'PASS';

/**
 * INTERRUPTED (stopped by a signal), FAIL, PARTIAL (what ran passed, but a filter or shard left
 * cases out), INCOMPLETE (what ran passed, but cases were skipped for missing configuration), PASS.
 */
export function verdictWord(report: ConformanceReport): VerdictWord {
  const { status, incomplete } = report.verdict;
  if (status === 'interrupted') return 'INTERRUPTED';
  if (status === 'fail') return 'FAIL';
  if (status === 'partial') return 'PARTIAL';
  return incomplete?.length ? 'INCOMPLETE' : 'PASS';
}

/** "PASS: 479 passed, ..."; an interrupted run adds how many cases did not start, a partial one its filter. */
export function headline(report: ConformanceReport): string {
  const s = report.summary;
  const v = report.verdict;
  const more = v?.interrupted
    ? ` (interrupted by ${v.interrupted.signal}: ${v.interrupted.notRun} did not start)`
    : v?.partial
      ? ` (partial: ${v.partial.filter})`
      : '';
  return `${verdictWord(report)}: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped of ${s.total} cases${more}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
