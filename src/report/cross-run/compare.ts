// What changed between two runs (two servers, or two feature levels of one): per case, per
// operation and per feature level: newly passing, newly failing, skipped in one, only in one;
// and, when the two targets stand at different levels, a changelog of the API between them: the
// operations, parameters and behaviours (clauses of the document) each level in between added.
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

/** What one feature level added to the API. */
export interface LevelChanges {
  level: number;
  /** Operations new at the level, each with the number of the document's statements about it. */
  operations: { endpoint: string; statements: number }[];
  /** Parameters added to operations older than the level, by operation. */
  parameters: { endpoint: string; names: string[] }[];
  /** The document's statements of the level (clauses with `since`) about operations older than it. */
  behaviours: { id: string; endpoint: string; text: string }[];
}

/** The API between the levels of two runs: what each level after the older one, up to the newer one, added. */
export interface Changelog {
  /** The older level, and which run (a or b) stands at it. */
  from: { level: number; run: 'a' | 'b' };
  to: { level: number; run: 'a' | 'b' };
  levels: LevelChanges[];
}

export interface Comparison {
  a: { file: string; target: ConformanceReport['target']; summary: ConformanceReport['summary'] };
  b: { file: string; target: ConformanceReport['target']; summary: ConformanceReport['summary'] };
  cases: CaseChange[];
  byOperation: { key: string; counts: ChangeCounts }[];
  byLevel: { key: string; counts: ChangeCounts }[];
  changelog?: Changelog;
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
  const changelog = changelogBetween(a, b);
  return {
    a: { file: files[0], target: a.target, summary: a.summary },
    b: { file: files[1], target: b.target, summary: b.summary },
    cases,
    byOperation: tally(cases, (c) => c.endpoint), // the cases are sorted by endpoint
    byLevel: tally(cases, (c) => c.level, levelOrder),
    ...(changelog ? { changelog } : {}),
  };
}

/** The level a run's target stands at: what it conforms through, else the level it was judged as. */
export const standsAt = (report: Pick<ConformanceReport, 'target'>): number => report.target.conformsThrough ?? report.target.featureLevel;

/** What the API gained from the older run's level to the newer one's; none when both stand at one level. */
export function changelogBetween(a: ConformanceReport, b: ConformanceReport): Changelog | undefined {
  const [la, lb] = [standsAt(a), standsAt(b)];
  if (la === lb) return undefined;
  // Stryker disable next-line EqualityOperator: equivalent: equal levels returned above
  const from = la < lb ? { level: la, run: 'a' as const } : { level: lb, run: 'b' as const };
  // Stryker disable next-line EqualityOperator: equivalent: equal levels returned above
  const to = la < lb ? { level: lb, run: 'b' as const } : { level: la, run: 'a' as const };
  // Stryker disable next-line ConditionalExpression: equivalent: undefined > level is false
  const within = (since: number | undefined): since is number => since !== undefined && since > from.level && since <= to.level;
  const api = (to.run === 'b' ? b.api : a.api) ?? a.api ?? b.api;
  const clauses = new Map([...a.clauses, ...b.clauses].map((c) => [c.id, c]));
  const levels = new Map<number, LevelChanges>();
  const at = (level: number) => {
    let entry = levels.get(level);
    if (!entry) levels.set(level, (entry = { level, operations: [], parameters: [], behaviours: [] }));
    return entry;
  };
  const added = new Map<string, number>();
  // Stryker disable next-line ArrayDeclaration: equivalent: a string in the list has no since, and is left out
  for (const op of api?.operations ?? []) {
    if (!within(op.since)) continue;
    at(op.since).operations.push({ endpoint: op.endpoint, statements: 0 });
    added.set(op.endpoint, op.since);
  }
  // Stryker disable next-line ArrayDeclaration: equivalent: a string in the list has no since, and is left out
  for (const p of api?.parameters ?? []) {
    // A parameter of an operation that appeared at the same level came with it.
    if (!within(p.since) || added.get(p.endpoint) === p.since) continue;
    const params = at(p.since).parameters;
    const group = params.find((g) => g.endpoint === p.endpoint);
    if (group) group.names.push(p.name);
    else params.push({ endpoint: p.endpoint, names: [p.name] });
  }
  for (const c of clauses.values()) {
    if (!within(c.since)) continue;
    // A statement about an operation of the same level is counted with the operation.
    const op = at(c.since).operations.find((o) => o.endpoint === c.endpoint);
    if (op) op.statements += 1;
    else at(c.since).behaviours.push({ id: c.id, endpoint: c.endpoint, text: c.text });
  }
  return { from, to, levels: [...levels.values()].sort((x, y) => x.level - y.level) };
}
