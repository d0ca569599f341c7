// Small helpers every writer shares: the clause text of a failure, "expected X, got Y" split in
// two, the run's one-line headline.
import type { ConformanceReport, ReportCase } from './model.js';

/** The clauses a failure breaks: its own clause, else every clause the case cites. */
export function failureClauses(c: ReportCase, failureClause: string): string[] {
  return failureClause ? [failureClause] : c.clauses;
}

export function clauseTexts(report: ConformanceReport): Map<string, string> {
  return new Map(report.clauses.map((cl) => [cl.id, cl.text]));
}

/** "streams[*].name: expected ascending order, got "b" before "a"" -> where, expected, got. */
export function splitExpectedGot(message: string): { where: string; expected: string; got: string } | null {
  const m = /^(?:(.*?): )?expected (.*?), got (.*)$/s.exec(message);
  if (!m) return null;
  // The judge tags expectations of the zulip profile at the end: that belongs to "where".
  const tag = / \[zulip profile\]$/.exec(m[3]);
  const got = tag ? m[3].slice(0, tag.index) : m[3];
  return { where: [m[1] ?? '', tag ? 'zulip profile' : ''].filter(Boolean).join(' · '), expected: m[2], got };
}

/** FAIL; INCOMPLETE when what ran passed but cases were skipped for missing configuration; PASS. */
export function verdictWord(report: ConformanceReport): 'FAIL' | 'INCOMPLETE' | 'PASS' {
  const s = report.summary;
  if (report.verdict?.status === 'fail' || (!report.verdict && s.failed + s.errored > 0)) return 'FAIL';
  return report.verdict?.incomplete?.length ? 'INCOMPLETE' : 'PASS';
}

export function headline(report: ConformanceReport): string {
  const s = report.summary;
  return `${verdictWord(report)}: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped of ${s.total} cases`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
