// compare (per case, operation and feature level) and merge (shards back into one report).
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/report/cross-run/compare.js';
import { compareHtml, compareMarkdown, compareText } from '../../src/report/cross-run/compare-render.js';
import { mergeReports } from '../../src/report/cross-run/merge.js';
import { sortCases } from '../../src/report/model/model.js';
import { fixtureReport } from './fixture.js';

describe('compare', () => {
  const a = fixtureReport();
  const b = fixtureReport();
  b.cases = b.cases.map((c) =>
    c.id === 'op1.pass'
      ? { ...c, status: 'failed' as const, message: 'now broken' }
      : c.id === 'op1.fail'
        ? { ...c, status: 'passed' as const }
        : c.id === 'op2.skip'
          ? { ...c, status: 'passed' as const, message: undefined }
          : c,
  );
  b.cases.push({ ...b.cases[0], id: 'op1.new', status: 'passed' });
  const cmp = compareReports(a, b, ['a.json', 'b.json']);
  const change = (id: string) => cmp.cases.find((c) => c.id === id)?.change;

  it('classifies each case', () => {
    expect(change('op1.pass')).toBe('newly-failing');
    expect(change('op1.fail')).toBe('newly-passing');
    expect(change('op2.skip')).toBe('skipped-in-one');
    expect(change('op1.new')).toBe('only-in-b');
    expect(change('op2.error')).toBe('unchanged');
    expect(cmp.cases.find((c) => c.id === 'op2.skip')!.note).toBe('needs feature level 392, target has 380');
  });

  it('counts changes per operation and per feature level', () => {
    expect(cmp.byOperation.find((g) => g.key === 'GET /streams')!.counts).toMatchObject({ 'newly-failing': 1, 'newly-passing': 1, 'only-in-b': 1 });
    expect(cmp.byLevel.map((g) => g.key)).toEqual(['base', '167', '392']);
    expect(cmp.byLevel.find((g) => g.key === '392')!.counts['skipped-in-one']).toBe(1);
  });

  it('renders as text, Markdown and self-contained HTML', () => {
    expect(compareText(cmp)).toContain('Newly failing (1):\n  op1.pass [GET /streams, level base] passed -> failed: now broken');
    expect(compareMarkdown(cmp)).toContain('| `op2.skip` | POST /users/me/status | 392 | skipped | passed | needs feature level 392, target has 380 |');
    const html = compareHtml(cmp);
    expect(html).toContain('REGRESSED');
    expect(html).not.toMatch(/\s(?:src|href)=["']?https?:/);
  });
});

describe('merge', () => {
  it('joins shards into the report of the whole run', () => {
    const whole = fixtureReport();
    const one = fixtureReport({ shard: { index: 1, count: 2 } });
    one.cases = one.cases.filter((c) => c.endpoint === 'GET /streams');
    const two = fixtureReport({ shard: { index: 2, count: 2 } });
    two.cases = two.cases.filter((c) => c.endpoint !== 'GET /streams');
    const merged = mergeReports([
      { file: '1.json', report: one },
      { file: '2.json', report: two },
    ]);
    expect(merged.cases.map((c) => [c.id, c.status])).toEqual(sortCases(whole.cases).map((c) => [c.id, c.status]));
    expect(merged.summary).toEqual(whole.summary);
    expect(merged.clauses.map((c) => [c.id, c.status, c.cases])).toEqual(whole.clauses.map((c) => [c.id, c.status, c.cases]));
    expect(merged.verdict).toEqual(whole.verdict);
  });

  it('counts a clause unobservable in one shard as tested when another shard ran a case for it', () => {
    const one = fixtureReport({ shard: { index: 1, count: 2 } });
    one.cases = one.cases.filter((c) => c.endpoint === 'GET /streams');
    const two = fixtureReport({ shard: { index: 2, count: 2 } });
    two.cases = two.cases.filter((c) => c.endpoint !== 'GET /streams');
    const ran = two.cases.find((c) => c.id === 'op2.error')!;
    ran.clauses = [...ran.clauses, 'op1.hidden'];
    two.clauses = two.clauses.map((cl) => {
      if (cl.id !== 'op1.hidden') return cl;
      const { unobservable: _, ...rest } = cl;
      return { ...rest, status: 'tested' as const, cases: ['op2.error'], provenBy: ['op2.error'] };
    });
    const merged = mergeReports([
      { file: '1.json', report: one },
      { file: '2.json', report: two },
    ]);
    expect(merged.clauses.find((c) => c.id === 'op1.hidden')).toMatchObject({ status: 'tested', cases: ['op2.error'] });
    expect(merged.clauses.find((c) => c.id === 'op1.hidden')!.unobservable).toBeUndefined();
    const alone = mergeReports([
      { file: '1.json', report: one },
      { file: '2.json', report: fixtureReport({ shard: { index: 2, count: 2 } }) },
    ]);
    expect(alone.clauses.find((c) => c.id === 'op1.hidden')).toMatchObject({ status: 'unspecified', unobservable: 'reads of <it> are not shown' });
  });

  it('refuses a shard set with a shard missing or given twice, naming them', () => {
    const shard = (index: number, count = 3) => ({ file: `${index}.json`, report: fixtureReport({ shard: { index, count } }) });
    expect(() => mergeReports([shard(1), shard(2)])).toThrow('merge: not one complete set of shards: shard 3 of 3 missing');
    expect(() => mergeReports([shard(1), shard(2), shard(2), shard(3)])).toThrow(
      'merge: not one complete set of shards: shard 2 of 3 given 2 times (2.json, 2.json)',
    );
    expect(() => mergeReports([shard(1), shard(1)])).toThrow(
      'merge: not one complete set of shards: shards 2, 3 of 3 missing; shard 1 of 3 given 2 times (1.json, 1.json)',
    );
    expect(() => mergeReports([shard(1), shard(2, 2)])).toThrow('merge: 1.json is shard 1 of 3, 2.json is shard 2 of 2: not one split');
    expect(() => mergeReports([shard(1, 1), { file: 'whole.json', report: fixtureReport() }])).toThrow(
      'merge: whole.json is a whole run (no --shard), 1.json is shard 1 of 1',
    );
  });

  it('refuses reports of different profiles or overlapping shards that disagree', () => {
    const zulip = fixtureReport();
    zulip.target = { ...zulip.target, profile: 'zulip' };
    expect(() =>
      mergeReports([
        { file: 'a', report: fixtureReport() },
        { file: 'b', report: zulip },
      ]),
    ).toThrow(/profile zulip/);
    const other = fixtureReport();
    other.cases = other.cases.map((c) => (c.id === 'op1.fail' ? { ...c, status: 'passed' as const } : c));
    expect(() =>
      mergeReports([
        { file: 'a', report: fixtureReport() },
        { file: 'b', report: other },
      ]),
    ).toThrow(/op1\.fail is failed in one report and passed in b/);
  });
});
