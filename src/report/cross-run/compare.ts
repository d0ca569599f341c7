// What changed between two runs (two servers, or two feature levels of one): per case, per
// operation and per feature level: newly passing, newly failing, skipped in one, only in one.
import type { CaseStatus } from '../../engine/run/run-case.js';
import type { ConformanceReport, ReportCase } from '../model/model.js';
import { levelLabel } from '../model/feature-level.js';

export type Change = 'newly-failing' | 'newly-passing' | 'skipped-in-one' | 'only-in-a' | 'only-in-b' | 'unchanged';

export interface CaseChange {
  id: string;
  endpoint: string;
  level: string;
  title: string;
  a: CaseStatus | null;
  b: CaseStatus | null;
  change: Change;
  /** Why the case was skipped in the run that skipped it, or B's failure message. */
  note?: string;
}

export interface ChangeCounts {
  'newly-failing': number;
  'newly-passing': number;
  'skipped-in-one': number;
  'only-in-a': number;
  'only-in-b': number;
  unchanged: number;
}

export interface Comparison {
  a: { file: string; target: ConformanceReport['target']; summary: ConformanceReport['summary'] };
  b: { file: string; target: ConformanceReport['target']; summary: ConformanceReport['summary'] };
  cases: CaseChange[];
  byOperation: { key: string; counts: ChangeCounts }[];
  byLevel: { key: string; counts: ChangeCounts }[];
}

export const CHANGES: Change[] = ['newly-failing', 'newly-passing', 'skipped-in-one', 'only-in-a', 'only-in-b', 'unchanged'];
const broken = (s: CaseStatus | null) => s === 'failed' || s === 'errored';

function classify(a: CaseStatus | null, b: CaseStatus | null): Change {
  if (a === null) return 'only-in-b';
  if (b === null) return 'only-in-a';
  if ((a === 'skipped') !== (b === 'skipped')) return 'skipped-in-one';
  if (a === 'passed' && broken(b)) return 'newly-failing';
  if (broken(a) && b === 'passed') return 'newly-passing';
  return 'unchanged';
}

/** Counts per key, in the order of `order`, else in the order of the (sorted) changes. */
function tally(changes: CaseChange[], key: (c: CaseChange) => string, order?: (x: string, y: string) => number) {
  const groups = new Map<string, ChangeCounts>();
  for (const c of changes) {
    const counts = groups.get(key(c)) ?? { 'newly-failing': 0, 'newly-passing': 0, 'skipped-in-one': 0, 'only-in-a': 0, 'only-in-b': 0, unchanged: 0 };
    counts[c.change] += 1;
    groups.set(key(c), counts);
  }
  const rows = [...groups].map(([k, counts]) => ({ key: k, counts }));
  return order ? rows.sort((x, y) => order(x.key, y.key)) : rows;
}

export function compareReports(a: ConformanceReport, b: ConformanceReport, files: [string, string]): Comparison {
  const inA = new Map(a.cases.map((c) => [c.id, c]));
  const inB = new Map(b.cases.map((c) => [c.id, c]));
  const ids = [...new Set([...inA.keys(), ...inB.keys()])];
  const cases = ids
    .map((id): CaseChange => {
      const ca = inA.get(id);
      const cb = inB.get(id);
      const any = (cb ?? ca) as ReportCase;
      const change = classify(ca?.status ?? null, cb?.status ?? null);
      // Skipped in one: both ran, one of them skipped. Newly failing: B has the case.
      const skippedOne = ca?.status === 'skipped' ? ca : cb;
      const note = change === 'skipped-in-one' ? skippedOne!.message : change === 'newly-failing' ? cb!.message : undefined;
      return {
        id,
        endpoint: any.endpoint,
        level: levelLabel(any.since ?? 0),
        title: any.title,
        a: ca?.status ?? null,
        b: cb?.status ?? null,
        change,
        ...(note ? { note } : {}),
      };
    })
    .sort((x, y) => x.endpoint.localeCompare(y.endpoint) || x.id.localeCompare(y.id));
  const levelNumber = (label: string) => (label === 'base' ? 0 : Number(label));
  const levelOrder = (x: string, y: string) => levelNumber(x) - levelNumber(y);
  return {
    a: { file: files[0], target: a.target, summary: a.summary },
    b: { file: files[1], target: b.target, summary: b.summary },
    cases,
    byOperation: tally(cases, (c) => c.endpoint), // the cases are sorted by endpoint
    byLevel: tally(cases, (c) => c.level, levelOrder),
  };
}
