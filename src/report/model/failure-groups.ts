// The failures of a run grouped by operation and by the rule they break, with counts, so two
// hundred failures of one kind read as one line (as Schemathesis groups its failures by check).
import type { ConformanceReport, ReportCase } from './model.js';
import { isBroken } from './groups.js';
import { brokenRulesOf, ruleTexts } from './text-helpers.js';

export interface FailureGroup {
  key: string;
  /** Failed and errored cases in the group (not those the baseline or expectations explain). */
  cases: string[];
  /** The rule's statement, for a group by rule. */
  text?: string;
}

const unexplained = (c: ReportCase) => isBroken(c) && c.baseline !== 'known' && !c.expectation;

function grouped(cases: ReportCase[], keys: (c: ReportCase) => string[]): FailureGroup[] {
  const groups = new Map<string, string[]>();
  for (const c of cases) for (const key of keys(c)) groups.set(key, [...(groups.get(key) ?? []), c.id]);
  return [...groups].map(([key, ids]) => ({ key, cases: ids })).sort((a, b) => b.cases.length - a.cases.length || a.key.localeCompare(b.key));
}

/** By operation, and by the rule broken ("could not judge" for errored cases, which break none). */
export function failureGroups(report: ConformanceReport): { byOperation: FailureGroup[]; byRule: FailureGroup[] } {
  const broken = report.cases.filter(unexplained);
  const texts = ruleTexts(report);
  return {
    byOperation: grouped(broken, (c) => [c.endpoint]),
    byRule: grouped(broken, (c) =>
      c.status === 'errored' ? ['(could not judge)'] : brokenRulesOf(c.failures).length ? brokenRulesOf(c.failures) : c.clauses,
    ).map((g) => ({ ...g, ...(texts.has(g.key) ? { text: texts.get(g.key) } : {}) })),
  };
}
