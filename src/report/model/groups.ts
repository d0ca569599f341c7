// Counts of outcomes per operation and per feature level, the rows of every summary table and chart.
import type { CaseStatus } from '../../engine/run/run-case.js';
import { levelLabel } from './feature-level.js';

export type Counts = Record<CaseStatus, number> & { total: number };
export interface Group {
  key: string;
  counts: Counts;
}

export const STATUSES: CaseStatus[] = ['passed', 'failed', 'errored', 'skipped'];

export function emptyCounts(): Counts {
  return { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
}

export function groupBy<T extends { status: CaseStatus }>(cases: T[], key: (c: T) => string, order?: (a: string, b: string) => number): Group[] {
  const groups = new Map<string, Counts>();
  for (const c of cases) {
    const k = key(c);
    const counts = groups.get(k) ?? emptyCounts();
    counts[c.status] += 1;
    counts.total += 1;
    groups.set(k, counts);
  }
  return [...groups].map(([k, counts]) => ({ key: k, counts })).sort((a, b) => (order ?? ((x, y) => x.localeCompare(y)))(a.key, b.key));
}

export const byOperation = <T extends { status: CaseStatus; endpoint: string }>(cases: T[]) => groupBy(cases, (c) => c.endpoint);

/** Rows "base", "167", "389"... in level order. */
export const byLevel = <T extends { status: CaseStatus; since?: number }>(cases: T[]) =>
  groupBy(
    cases,
    (c) => levelLabel(c.since ?? 0),
    (a, b) => (a === 'base' ? 0 : Number(a)) - (b === 'base' ? 0 : Number(b)),
  );

export const isBroken = (c: { status: CaseStatus }) => c.status === 'failed' || c.status === 'errored';
