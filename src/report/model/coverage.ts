// The real coverage of each operation at a glance: of its clauses (one per statement of the
// document), how many this run tested (a proven case ran), how many only the zulip profile can
// test (the document shows no way to observe them), how many are "not shown", disputed, newer
// than the level the target was judged as, or untested. Computed from conformance.json, so every
// report shows it, and its totals are the counts every report states.
import type { ClauseEntry, ConformanceReport, ReportCase } from './model.js';

export interface OperationCoverage {
  operation: string;
  clauses: number;
  tested: number;
  /** Not tested in this run, but proven under the zulip profile (unobservable under spec). */
  zulipOnly: number;
  unobservable: number;
  unspecified: number;
  disputed: number;
  /** Untested because no client can observe it on any server (the catalog says why). */
  untestable: number;
  /** Untested because it is newer than the level the target was judged as (its `since`), or only cases of later levels check it. */
  newer: number;
  untested: number;
}

const ORDER = (op: string) => (op === 'common' ? '' : op);

/** The report's parts the coverage reads: the cases (for their levels) where there are any. */
type CoverageInput = Pick<ConformanceReport, 'clauses' | 'target'> & { cases?: Pick<ReportCase, 'id' | 'since'>[] };

export function coverageByOperation(report: CoverageInput): OperationCoverage[] {
  // A statement of a later level than the one judged, or one only cases of later levels check:
  // the target could not have been checked for it, which is not a gap of the suite's.
  const caseSince = new Map((report.cases ?? []).map((c) => [c.id, c.since ?? 0]));
  const later = (level: number | undefined) => (level ?? 0) > report.target.featureLevel;
  const newerThanTarget = (c: ClauseEntry) => later(c.since) || (c.cases.length > 0 && c.cases.every((id) => caseSince.has(id) && later(caseSince.get(id))));
  const byOp = new Map<string, ClauseEntry[]>();
  for (const c of report.clauses) byOp.set(c.endpoint, [...(byOp.get(c.endpoint) ?? []), c]);
  return [...byOp]
    .sort(([a], [b]) => ORDER(a).localeCompare(ORDER(b)))
    .map(([operation, list]) => {
      const count = (pred: (c: ClauseEntry) => boolean) => list.filter(pred).length;
      const notTested = (c: ClauseEntry) => c.status !== 'tested';
      return {
        operation,
        clauses: list.length,
        tested: count((c) => c.status === 'tested'),
        zulipOnly:
          report.target.profile === 'zulip'
            ? 0
            : count((c) => notTested(c) && Boolean(c.provableUnder?.includes('zulip')) && !c.provableUnder?.includes('spec')),
        unobservable: count((c) => c.status === 'unspecified' && Boolean(c.unobservable)),
        unspecified: count((c) => c.status === 'unspecified' && !c.unobservable),
        disputed: count((c) => c.status === 'disputed'),
        untestable: count((c) => c.status === 'untested' && Boolean(c.untestable)),
        newer: count((c) => c.status === 'untested' && !c.untestable && newerThanTarget(c)),
        untested: count((c) => c.status === 'untested' && !c.untestable && !newerThanTarget(c)),
      };
    });
}

/** Every operation's row added up: the counts the report states wherever it gives them. */
export function coverageTotals(rows: OperationCoverage[]): OperationCoverage {
  const total: OperationCoverage = {
    operation: 'all',
    clauses: 0,
    tested: 0,
    zulipOnly: 0,
    unobservable: 0,
    unspecified: 0,
    disputed: 0,
    untestable: 0,
    newer: 0,
    untested: 0,
  };
  for (const row of rows) for (const [key] of COVERAGE_COLUMNS) (total[key] as number) += row[key] as number;
  return total;
}

/**
 * "465 tested, 209 not shown, 9 unobservable, 14 disputed, 2 untestable, 0 untested", with the
 * clauses newer than the target apart ("186 newer than the target"): the table's columns, which
 * add up to every clause (zulip only is a part of the others, and left out).
 */
export function clauseCountsText(report: CoverageInput): string {
  const total = coverageTotals(coverageByOperation(report));
  const parts: [keyof OperationCoverage, string][] = [
    ['tested', 'tested'],
    ['unspecified', 'not shown'],
    ['unobservable', 'unobservable'],
    ['disputed', 'disputed'],
    ['untestable', 'untestable'],
    ['untested', 'untested'],
  ];
  const newer = total.newer ? `, ${total.newer} newer than the target (above level ${report.target.featureLevel})` : '';
  return `${parts.map(([key, label]) => `${total[key]} ${label}`).join(', ')}${newer}`;
}

export const COVERAGE_COLUMNS: [keyof OperationCoverage, string][] = [
  ['clauses', 'clauses'],
  ['tested', 'tested'],
  ['zulipOnly', 'zulip only'],
  ['unobservable', 'unobservable'],
  ['unspecified', 'not shown'],
  ['disputed', 'disputed'],
  ['untestable', 'untestable'],
  ['newer', 'newer than the target'],
  ['untested', 'untested'],
];

/** The columns a table of these rows shows: "newer than the target" only where a clause is. */
export function coverageColumns(rows: OperationCoverage[]): [keyof OperationCoverage, string][] {
  return COVERAGE_COLUMNS.filter(([key]) => key !== 'newer' || rows.some((r) => r.newer > 0));
}

/** The table in Markdown (conformance.md and the README). */
export function coverageMarkdown(rows: OperationCoverage[]): string[] {
  const columns = coverageColumns(rows);
  const head = `| operation | ${columns.map(([, label]) => label).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '--:').join('|')}|`;
  return [head, rule, ...rows.map((r) => `| ${r.operation} | ${columns.map(([k]) => String(r[k])).join(' | ')} |`)];
}
