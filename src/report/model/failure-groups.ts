// The failures of a run grouped by operation and by the rule they break, with counts, so two
// hundred failures of one kind read as one line (as Schemathesis groups its failures by check).
// By rule, the groups rank by evidence: a case counts under the rule each of its failures names
// as its cause (the first it breaks: its clause, or under the zulip profile its first fact; the
// others it lists are what the check rests on besides, shown with the failure), the most cases
// first, then the rule more cases name at all; where the only evidence is that the target
// refused what the case needed accepted (a permission or a setting of the target may be
// missing), the group says so first and, at an equal count, comes after the groups with
// evidence of their own.
import type { ConformanceReport, ReportCase } from './model.js';
import type { Failure } from '../../engine/judge/failure.js';
import { isBroken } from './groups.js';
import { brokenRules, ruleTexts } from './text-helpers.js';

export interface FailureGroup {
  key: string;
  /** Failed and errored cases in the group (not those the baseline or expectations explain). */
  cases: string[];
  /** The rule's statement, for a group by rule. */
  text?: string;
  /**
   * Every failure naming the rule is the target refusing a request the case needed accepted:
   * the refusal most of them got ("BAD_REQUEST: You don't have permission to edit this message").
   */
  refusal?: string;
}

type Judged = Pick<ReportCase, 'id' | 'endpoint' | 'status' | 'clauses' | 'failures'>;

const unexplained = (c: ReportCase) => isBroken(c) && c.baseline !== 'known' && !c.expectation;

/** The rules a failed case is counted under (its failures' causes), and the failures naming each. */
function causes(c: Judged): Map<string, Failure[]> {
  const out = new Map<string, Failure[]>();
  if (c.status === 'errored') return new Map([['(could not judge)', []]]);
  for (const f of c.failures ?? []) {
    // A refusal that names no clause (nothing points past it) is its own group: the refusal.
    const [rule = f.refusal === undefined ? undefined : `(${refusedBy(f.refusal).slice(0, -1)})`] = brokenRules(f);
    if (rule) out.set(rule, [...(out.get(rule) ?? []), f]);
  }
  // A failure recorded without its failures (an old report) counts under the case's clauses.
  return out.size ? out : new Map(c.clauses.map((rule) => [rule, []]));
}

/** The refusal a group's failures share, when a refusal is all they show. */
function refusalOf(failures: readonly Failure[]): string | undefined {
  if (!failures.length || failures.some((f) => f.refusal === undefined)) return undefined;
  const counts = new Map<string, number>();
  for (const f of failures) counts.set(f.refusal!, (counts.get(f.refusal!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

/** How a group shows its refusal, before the rule's statement: "refused by the target (BAD_REQUEST: ...):". */
export const refusedBy = (refusal: string) => `refused by the target (${refusal}):`;

/** Broken cases grouped by the rules they break, ranked by evidence (see the top of the file). */
export function ruleGroups(cases: readonly Judged[], texts: ReadonlyMap<string, string> = new Map()): FailureGroup[] {
  const groups = new Map<string, { cases: string[]; failures: Failure[]; first: number }>();
  for (const c of cases) {
    for (const [rule, failures] of causes(c)) {
      const group = groups.get(rule) ?? { cases: [], failures: [], first: groups.size };
      group.cases.push(c.id);
      group.failures.push(...failures);
      groups.set(rule, group);
    }
  }
  // At an equal count, evidence of its own before a refusal alone, then the rule more cases'
  // failures name at all (a cause one failure leaves in doubt among several rules and another
  // names alone is that one), then the rule found first.
  const first = (key: string) => groups.get(key)!.first;
  const alsoNamed = new Map<string, number>();
  for (const c of cases) for (const rule of new Set((c.failures ?? []).flatMap(brokenRules))) alsoNamed.set(rule, (alsoNamed.get(rule) ?? 0) + 1);
  const named = (key: string) => alsoNamed.get(key) ?? 0;
  return [...groups]
    .map(([key, g]) => {
      const refusal = key.startsWith('(refused') ? undefined : refusalOf(g.failures);
      return { key, cases: g.cases, ...(texts.has(key) ? { text: texts.get(key) } : {}), ...(refusal ? { refusal } : {}) };
    })
    .sort(
      (a, b) =>
        b.cases.length - a.cases.length ||
        Number(a.refusal !== undefined) - Number(b.refusal !== undefined) ||
        named(b.key) - named(a.key) ||
        first(a.key) - first(b.key),
    );
}

/** By operation, and by the rule broken ("could not judge" for errored cases, which break none). */
export function failureGroups(report: ConformanceReport): { byOperation: FailureGroup[]; byRule: FailureGroup[] } {
  const broken = report.cases.filter(unexplained);
  const byOperation = new Map<string, string[]>();
  for (const c of broken) byOperation.set(c.endpoint, [...(byOperation.get(c.endpoint) ?? []), c.id]);
  return {
    byOperation: [...byOperation].map(([key, cases]) => ({ key, cases })).sort((a, b) => b.cases.length - a.cases.length || a.key.localeCompare(b.key)),
    byRule: ruleGroups(broken, ruleTexts(report)),
  };
}
