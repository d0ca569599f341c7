// compare: what changed for each case between two runs, counted per operation and feature level.
// merge: the shards of one run joined, with every section a whole run would have.
import { describe, expect, it } from 'vitest';
import { CHANGES, compareReports } from '../../src/report/cross-run/compare.js';
import { mergeReports } from '../../src/report/cross-run/merge.js';
import { RequestMeter } from '../../src/http/request-cost.js';
import { finish } from '../../src/report/model/assemble.js';
import type { ClauseEntry, ConformanceReport } from '../../src/report/model/model.js';
import { kase, report, type ReportInput } from './report-builders.js';

const done = (r: ReportInput): ConformanceReport => finish(r);

describe('compare', () => {
  const change = (a: Parameters<typeof kase>[1] | null, b: Parameters<typeof kase>[1] | null) => {
    const cmp = compareReports(done(report(a ? [kase('c', a)] : [])), done(report(b ? [kase('c', b)] : [])), ['a.json', 'b.json']);
    return cmp.cases[0].change;
  };

  it('a case is newly failing when it passed and now fails or errors, newly passing the other way', () => {
    expect([change('passed', 'failed'), change('passed', 'errored')]).toEqual(['newly-failing', 'newly-failing']);
    expect([change('failed', 'passed'), change('errored', 'passed')]).toEqual(['newly-passing', 'newly-passing']);
  });

  it('skipped in one run only, present in one run only, or the same kind of outcome: unchanged', () => {
    expect([change('skipped', 'passed'), change('failed', 'skipped')]).toEqual(['skipped-in-one', 'skipped-in-one']);
    expect([change(null, 'passed'), change('passed', null)]).toEqual(['only-in-b', 'only-in-a']);
    expect([change('failed', 'errored'), change('skipped', 'skipped'), change('passed', 'passed')]).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it("a note says why the one run skipped, or what B's new failure is; nothing else has a note", () => {
    const a = done(
      report([kase('s1', 'skipped', { message: 'why a skipped' }), kase('s2', 'passed'), kase('f', 'passed'), kase('p', 'failed', { message: 'a broke' })]),
    );
    const b = done(
      report([
        kase('s1', 'passed'),
        kase('s2', 'skipped', { message: 'why b skipped' }),
        kase('f', 'failed', { message: 'b broke' }),
        kase('p', 'passed', { message: 'x' }),
      ]),
    );
    const cmp = compareReports(a, b, ['a.json', 'b.json']);
    expect(cmp.cases.map((c) => [c.id, c.note])).toEqual([
      ['f', 'b broke'],
      ['p', undefined],
      ['s1', 'why a skipped'],
      ['s2', 'why b skipped'],
    ]);
    expect(cmp.cases.find((c) => c.id === 'p')).not.toHaveProperty('note');
  });

  it("each change keeps the case's endpoint, level and title (from B, else A) and both statuses", () => {
    const a = done(report([kase('old', 'passed', { endpoint: 'GET /a', since: 30, title: 'in a' }), kase('both', 'passed', { title: 'title a' })]));
    const b = done(report([kase('both', 'failed', { title: 'title b' })]));
    expect(compareReports(a, b, ['a.json', 'b.json']).cases).toStrictEqual([
      { id: 'old', endpoint: 'GET /a', level: '30', title: 'in a', a: 'passed', b: null, change: 'only-in-a' },
      { id: 'both', endpoint: 'GET /x', level: 'base', title: 'title b', a: 'passed', b: 'failed', change: 'newly-failing' },
    ]);
  });

  it('cases sorted by endpoint then id; counts per operation by name and per level by number, base first', () => {
    const cases = [
      kase('z', 'passed', { endpoint: 'GET /b', since: 100 }),
      kase('y', 'failed', { endpoint: 'GET /b', since: 20 }),
      kase('x', 'passed', { endpoint: 'GET /a' }),
      kase('w', 'passed', { endpoint: 'GET /b', since: 100 }),
    ];
    const b = cases.map((c) => (c.id === 'z' ? { ...c, status: 'failed' as const } : c));
    const cmp = compareReports(done(report(cases)), done(report(b)), ['a.json', 'b.json']);
    expect(cmp.cases.map((c) => c.id)).toEqual(['x', 'w', 'y', 'z']);
    const none = { 'newly-failing': 0, 'newly-passing': 0, 'skipped-in-one': 0, 'only-in-a': 0, 'only-in-b': 0, unchanged: 0 };
    expect(cmp.byOperation).toStrictEqual([
      { key: 'GET /a', counts: { ...none, unchanged: 1 } },
      { key: 'GET /b', counts: { ...none, unchanged: 2, 'newly-failing': 1 } },
    ]);
    expect(cmp.byLevel.map((g) => [g.key, g.counts.unchanged, g.counts['newly-failing']])).toEqual([
      ['base', 1, 0],
      ['20', 1, 0],
      ['100', 1, 1],
    ]);
  });

  it('levels are ordered as numbers, base first, whatever order the cases come in', () => {
    const cases = [
      kase('a', 'passed', { endpoint: 'GET /a', since: 300 }),
      kase('b', 'passed', { endpoint: 'GET /b' }),
      kase('c', 'passed', { endpoint: 'GET /c', since: 20 }),
      kase('d', 'passed', { endpoint: 'GET /d', since: 100 }),
      kase('e', 'passed', { endpoint: 'GET /e' }),
    ];
    const cmp = compareReports(done(report(cases)), done(report(cases)), ['a.json', 'b.json']);
    expect(cmp.byLevel.map((g) => g.key)).toEqual(['base', '20', '100', '300']);
    expect(cmp.byOperation.map((g) => g.key)).toEqual(['GET /a', 'GET /b', 'GET /c', 'GET /d', 'GET /e']);
  });

  it('the kinds of change, in the order a comparison shows them', () => {
    expect(CHANGES).toEqual(['newly-failing', 'newly-passing', 'skipped-in-one', 'only-in-a', 'only-in-b', 'unchanged']);
  });

  it("names each run's file, target and summary", () => {
    const a = done(report([kase('c', 'passed')]));
    const b = done(report([kase('c', 'failed')], { target: { ...a.target, url: 'other' } }));
    const cmp = compareReports(a, b, ['a.json', 'b.json']);
    expect(cmp.a).toStrictEqual({ file: 'a.json', target: a.target, summary: a.summary });
    expect(cmp.b).toStrictEqual({ file: 'b.json', target: b.target, summary: b.summary });
  });
});

describe('merge', () => {
  const shard = (index: number, more: Partial<ReportInput>, cases = [kase(`c${index}`, 'passed')]) => ({
    file: `${index}.json`,
    report: done(report(cases, { shard: { index, count: 2 }, ...more })),
  });

  it("adds up the shards' costs; without any, the merge has none", () => {
    const cost = (member: number) => {
      const meter = new RequestMeter();
      for (let i = 0; i < member; i += 1) meter.request('member', 'GET', '/streams', 'check');
      meter.request('admin', 'GET', '/streams', 'fixture');
      return meter.snapshot();
    };
    const merged = mergeReports([shard(1, { cost: cost(2) }), shard(2, { cost: cost(3) })]);
    expect(merged.cost?.requests).toBe(7);
    expect(merged.cost?.busiest).toEqual({ account: 'member', requests: 5 });
    expect(mergeReports([shard(1, {}), shard(2, {})]).cost).toBeUndefined();
  });

  it('needs one report at least', () => {
    expect(() => mergeReports([])).toThrow('merge: give at least one conformance.json');
  });

  it('refuses reports judged at different feature levels, naming both', () => {
    expect(() =>
      mergeReports([shard(1, {}), shard(2, { target: { url: 'u', featureLevel: 2, claimedFeatureLevel: null, profile: 'spec', embedded: true } })]),
    ).toThrow('merge: 2.json was run with profile spec at feature level 2, 1.json with profile spec at 1');
  });

  it('refuses reports of different profiles, naming both', () => {
    const zulip = { url: 'u', featureLevel: 1, claimedFeatureLevel: null, profile: 'zulip' as const, embedded: true };
    expect(() => mergeReports([shard(1, {}), shard(2, { target: zulip })])).toThrow(
      'merge: 2.json was run with profile zulip at feature level 1, 1.json with profile spec at 1',
    );
  });

  it('a case in two reports with the same outcome is one case, as the first report has it', () => {
    const merged = mergeReports([
      { file: 'a', report: done(report([kase('c', 'passed', { title: 'first' })])) },
      { file: 'b', report: done(report([kase('c', 'passed', { title: 'second' }), kase('d', 'failed')])) },
    ]);
    expect(merged.cases.map((c) => [c.id, c.title])).toEqual([
      ['c', 'first'],
      ['d', 'd'],
    ]);
  });

  it('a case with different outcomes in two reports is refused, naming both', () => {
    expect(() =>
      mergeReports([
        { file: 'a', report: done(report([kase('c', 'passed')])) },
        { file: 'b', report: done(report([kase('c', 'errored')])) },
      ]),
    ).toThrow('merge: case c is passed in one report and errored in b (overlapping shards?)');
  });

  it('the earliest start, the longest duration, every URL once, every warning', () => {
    const merged = mergeReports([
      shard(1, {
        startedAt: '2026-01-02',
        durationMs: 5,
        runWarnings: ['w1'],
        target: { url: 'http://a', featureLevel: 1, claimedFeatureLevel: null, profile: 'spec', embedded: true },
      }),
      shard(2, {
        startedAt: '2026-01-01',
        durationMs: 9,
        runWarnings: ['w2'],
        target: { url: 'http://b', featureLevel: 1, claimedFeatureLevel: null, profile: 'spec', embedded: true },
      }),
    ]);
    expect([merged.startedAt, merged.durationMs, merged.target.url, merged.runWarnings]).toEqual(['2026-01-01', 9, 'http://a, http://b', ['w1', 'w2']]);
    const same = mergeReports([shard(1, { startedAt: '2026-01-03', durationMs: 7 }), shard(2, { startedAt: '2026-01-04', durationMs: 3 })]);
    expect([same.startedAt, same.durationMs, same.target.url]).toEqual(['2026-01-03', 7, 'u']);
    expect(same).not.toHaveProperty('baseline');
    expect(same).not.toHaveProperty('expectations');
    expect(same).not.toHaveProperty('facts');
  });

  it('a complete set of shards is no longer partial, unless another filter narrowed them; one interrupted shard interrupts the whole', () => {
    const sharded = (index: number, filter: ReportInput['filter']) => shard(index, { filter: { ...filter, shard: { index, count: 2 } } });
    expect(sharded(1, {}).report.verdict).toMatchObject({ status: 'partial', partial: { filter: '--shard 1/2' } });
    const whole = mergeReports([sharded(1, {}), sharded(2, {})]);
    expect(whole.verdict?.status).toBe('pass');
    expect(whole).not.toHaveProperty('filter');
    expect(whole.target.conformsThrough).toBe(1);
    const grepped = mergeReports([sharded(1, { grep: 'c' }), sharded(2, { grep: 'c' })]);
    expect(grepped.filter).toEqual({ grep: 'c' });
    expect(grepped.verdict).toMatchObject({ status: 'partial', partial: { filter: '--grep "c"' } });
    const stopped = { file: '2.json', report: finish(report([kase('c2', 'passed')], { shard: { index: 2, count: 2 } }), { interruptedBy: 'SIGTERM' }) };
    expect(mergeReports([sharded(1, {}), stopped]).verdict).toMatchObject({ status: 'interrupted', interrupted: { signal: 'SIGTERM', ran: 2, notRun: 0 } });
    expect(mergeReports([sharded(1, {}), sharded(2, {})], undefined, { interruptedBy: 'SIGINT' }).verdict?.status).toBe('interrupted');
  });

  it("the shards' baseline sections are joined; a baseline given to merge is applied afresh", () => {
    const section = (n: number) => ({ file: 'b.json', knownFailures: [`k${n}`], regressions: [`r${n}`], improvements: [`i${n}`] });
    const one = shard(1, { baseline: section(1) }, [kase('c1', 'failed', { baseline: 'known' })]);
    const two = shard(2, { baseline: section(2) }, [kase('c2', 'failed', { baseline: 'regression' })]);
    const joined = mergeReports([one, two]);
    expect(joined.baseline).toStrictEqual({ file: 'b.json', knownFailures: ['k1', 'k2'], regressions: ['r1', 'r2'], improvements: ['i1', 'i2'] });
    expect(joined.cases.map((c) => c.baseline)).toEqual(['known', 'regression']);
    const fresh = mergeReports([one, two], { file: 'new.json', report: done(report([kase('c2', 'failed')])) });
    expect(fresh.baseline).toStrictEqual({ file: 'new.json', knownFailures: ['c2'], regressions: ['c1'], improvements: [] });
    expect(fresh.cases.map((c) => c.baseline)).toEqual(['regression', 'known']);
    const improved = shard(1, { baseline: section(1) }, [kase('c1', 'passed', { baseline: 'improvement' })]);
    const stale = mergeReports([improved, shard(2, {})], { file: 'new.json', report: done(report([kase('c1', 'passed')])) });
    expect(stale.cases[0]).not.toHaveProperty('baseline');
    expect(fresh.verdict.newFailures).toEqual(['c1']);
  });

  it("the shards' expectations are joined: an expired entry and an unknown id once each", () => {
    const ex = (n: number) => ({
      file: 'e.yaml',
      expected: [`x${n}`],
      stale: [`s${n}`],
      expired: [
        { id: 'old', expires: `202${n}` },
        { id: `own${n}`, expires: '2020' },
      ],
      unknown: ['nope'],
    });
    const merged = mergeReports([shard(1, { expectations: ex(1) }), shard(2, { expectations: ex(2) })]);
    expect(merged.expectations).toStrictEqual({
      file: 'e.yaml',
      expected: ['x1', 'x2'],
      stale: ['s1', 's2'],
      expired: [
        { id: 'old', expires: '2021' },
        { id: 'own1', expires: '2020' },
        { id: 'own2', expires: '2020' },
      ],
      unknown: ['nope'],
    });
    expect(merged.verdict.status).toBe('fail');
  });

  it("a fact's cases and proofs are joined across shards, sorted, once each", () => {
    const fact = { id: 'zulip.f', statement: 's', evidence: [], featureLevel: 1 };
    const merged = mergeReports([
      shard(1, { facts: [{ ...fact, cases: ['c3', 'c1'], provenBy: ['c3'] }] }),
      shard(2, {
        facts: [
          { ...fact, cases: ['c2', 'c1'], provenBy: ['c1'] },
          { ...fact, id: 'zulip.g', cases: [] },
        ],
      }),
    ]);
    expect(merged.facts).toStrictEqual([
      { ...fact, cases: ['c1', 'c2', 'c3'], provenBy: ['c1', 'c3'] },
      { ...fact, id: 'zulip.g', cases: [] },
    ]);
  });

  it("a clause's cases and proofs are joined; a proof skipped in its shard proves nothing", () => {
    const entry = (more: Partial<ClauseEntry>): ClauseEntry => ({ id: 'op1.a', endpoint: 'GET /x', text: 't', status: 'untested', cases: [], ...more });
    const one = shard(1, { clauses: [entry({ cases: ['c1', 'c3'], provenBy: ['c3'] })] }, [kase('c1', 'passed'), kase('c3', 'skipped')]);
    const two = shard(2, { clauses: [entry({ cases: ['c2', 'c1'] })] }, [kase('c2', 'passed')]);
    expect(mergeReports([one, two]).clauses).toStrictEqual([entry({ cases: ['c1', 'c2', 'c3'] })]);
    const proven = shard(2, { clauses: [entry({ cases: ['c2'], provenBy: ['c2'] })] }, [kase('c2', 'passed')]);
    expect(mergeReports([one, proven]).clauses).toStrictEqual([entry({ status: 'tested', cases: ['c1', 'c2', 'c3'], provenBy: ['c2'] })]);
    const first = shard(1, { clauses: [entry({ cases: ['c4'], provenBy: ['c4'] })] }, [kase('c4', 'passed')]);
    const second = shard(2, { clauses: [entry({ cases: ['c2'], provenBy: ['c2'] })] }, [kase('c2', 'passed')]);
    expect(mergeReports([first, second]).clauses[0].provenBy).toEqual(['c2', 'c4']);
  });

  it('a clause no shard could observe under spec stays unspecified, with the reason', () => {
    const hidden: ClauseEntry = { id: 'op1.h', endpoint: 'GET /x', text: 't', status: 'unspecified', unobservable: 'not shown', cases: [] };
    expect(mergeReports([shard(1, { clauses: [hidden] }), shard(2, { clauses: [hidden] })]).clauses).toStrictEqual([hidden]);
  });

  it('a clause unspecified by the catalog (in any shard) stays so; disputed stays disputed', () => {
    const entry = (more: Partial<ClauseEntry>): ClauseEntry => ({ id: 'op1.a', endpoint: 'GET /x', text: 't', status: 'unspecified', cases: [], ...more });
    expect(mergeReports([shard(1, { clauses: [entry({})] }), shard(2, { clauses: [entry({ provenBy: ['c2'] })] })]).clauses[0].status).toBe('unspecified');
    expect(mergeReports([shard(1, { clauses: [entry({})] }), shard(2, { clauses: [entry({ status: 'untested' })] })]).clauses[0].status).toBe('unspecified');
    const disputed = entry({ status: 'disputed', disputed: 'Zulip differs' });
    expect(mergeReports([shard(1, { clauses: [disputed] }), shard(2, { clauses: [disputed] })]).clauses[0]).toMatchObject({
      status: 'disputed',
      disputed: 'Zulip differs',
    });
  });
});
