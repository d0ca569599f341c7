// The real coverage of each operation at a glance: of its clauses (one per statement of the
// document), how many this run tested (a proven case ran), how many only the zulip profile can
// test (the document shows no way to observe them), how many are "not shown", disputed, or
// untested. Computed from conformance.json, so every report shows it.
import type { ClauseEntry, ConformanceReport } from './model.js';

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
  untested: number;
}

const ORDER = (op: string) => (op === 'common' ? '' : op);

export function coverageByOperation(report: Pick<ConformanceReport, 'clauses' | 'target'>): OperationCoverage[] {
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
        untested: count((c) => c.status === 'untested' && !c.untestable),
      };
    });
}

export const COVERAGE_COLUMNS: [keyof OperationCoverage, string][] = [
  ['clauses', 'clauses'],
  ['tested', 'tested'],
  ['zulipOnly', 'zulip only'],
  ['unobservable', 'unobservable'],
  ['unspecified', 'not shown'],
  ['disputed', 'disputed'],
  ['untestable', 'untestable'],
  ['untested', 'untested'],
];

/** The table in Markdown (conformance.md and the README). */
export function coverageMarkdown(rows: OperationCoverage[]): string[] {
  const head = `| operation | ${COVERAGE_COLUMNS.map(([, label]) => label).join(' | ')} |`;
  const rule = `|---|${COVERAGE_COLUMNS.map(() => '--:').join('|')}|`;
  return [head, rule, ...rows.map((r) => `| ${r.operation} | ${COVERAGE_COLUMNS.map(([k]) => String(r[k])).join(' | ')} |`)];
}
