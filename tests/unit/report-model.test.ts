// What decides a run's exit status and what its report claims: the verdict and its reasons, the
// baseline's known failures and regressions, each clause's status and each fact's cases.
import { describe, expect, it } from 'vitest';
import { filterText, verdictOf } from '../../src/report/model/verdict.js';
import { ACTION_ENV } from '../../src/common/audience.js';
import { finish } from '../../src/report/model/assemble.js';
import { configurationSkips, failedOnSkip, gapLines, gapSentence, skipReason, targetGaps } from '../../src/report/model/skip-causes.js';
import { compareWithBaseline } from '../../src/report/model/baseline.js';
import { clauseEntries, clauseStatus, factEntries, sortCases, summarize, type ConformanceReport } from '../../src/report/model/model.js';
import type { Clause, Fact } from '../../src/engine/load/load.js';
import type { ProofsFile } from '../../src/report/model/proofs.js';
import { kase, report, type ReportInput } from './report-builders.js';

type Input = ReportInput;
const expectations = (more: Partial<NonNullable<Input['expectations']>> = {}) => ({
  file: 'x.yaml',
  expected: [],
  stale: [],
  expired: [],
  unknown: [],
  ...more,
});

describe('the verdict', () => {
  it('passes when every case passed or was skipped', () => {
    expect(verdictOf(report([kase('a', 'passed'), kase('b', 'skipped', { message: 'needs feature level 9, target has 1' })]))).toStrictEqual({
      status: 'pass',
      newFailures: [],
      reasons: [],
    });
  });

  it('every failed or errored case fails it, counted and named', () => {
    expect(verdictOf(report([kase('a', 'failed')]))).toStrictEqual({ status: 'fail', newFailures: ['a'], reasons: ['1 failure: a'] });
    expect(verdictOf(report([kase('a', 'failed'), kase('b', 'errored'), kase('c', 'passed')])).reasons).toEqual(['2 failures: a, b']);
  });

  it('with a baseline they are regressions; a failure the baseline knows, or an expectation explains, does not fail it', () => {
    const base = { file: 'b.json', knownFailures: [], regressions: [], improvements: [] };
    expect(
      verdictOf(report([kase('a', 'failed', { baseline: 'regression' }), kase('k', 'failed', { baseline: 'known' })], { baseline: base })).reasons,
    ).toEqual(['1 regression not in the baseline or expectations: a']);
    expect(verdictOf(report([kase('a', 'failed'), kase('b', 'failed')], { baseline: base })).reasons).toEqual([
      '2 regressions not in the baseline or expectations: a, b',
    ]);
    expect(verdictOf(report([kase('a', 'errored'), kase('e', 'failed', { expectation: { reason: 'r' } })], { expectations: expectations() })).reasons).toEqual([
      '1 failure not in the baseline or expectations: a',
    ]);
  });

  it('a stale expectation (listed but passing) and an expired one fail it, each named with the file', () => {
    const one = verdictOf(report([kase('a', 'passed')], { expectations: expectations({ stale: ['a'], expired: [{ id: 'e', expires: '2020-01-01' }] }) }));
    expect(one.reasons).toEqual([
      '1 stale expectation (listed, but passing now; remove them from x.yaml): a',
      '1 expired expectation in x.yaml: e (expired 2020-01-01)',
    ]);
    const two = verdictOf(
      report([], {
        expectations: expectations({
          stale: ['a', 'b'],
          expired: [
            { id: 'e', expires: '1' },
            { id: 'f', expires: '2' },
          ],
        }),
      }),
    );
    expect(two.reasons).toEqual([
      '2 stale expectations (listed, but passing now; remove them from x.yaml): a, b',
      '2 expired expectations in x.yaml: e (expired 1), f (expired 2)',
    ]);
    expect(two.status).toBe('fail');
  });

  it('a run where no case ran fails only when it also reported problems', () => {
    expect(verdictOf(report([], { runWarnings: ['cleanup failed'] }))).toMatchObject({
      status: 'fail',
      reasons: ['no case ran, and the run reported problems'],
    });
    expect(verdictOf(report([]))).toMatchObject({ status: 'pass' });
    expect(verdictOf(report([kase('a', 'passed')], { runWarnings: ['cleanup failed'] }))).toMatchObject({ status: 'pass' });
  });

  it('skips for missing accounts make it incomplete; they fail it only with --fail-on-skip', () => {
    const cases = [kase('a', 'passed'), kase('b', 'skipped', { message: 'needs the admin account, not configured' })];
    const incomplete = [{ cause: 'no admin account (CONFORMANCE_ADMIN_EMAIL)', roles: ['admin'], count: 1 }];
    expect(verdictOf(report(cases), { env: {} })).toStrictEqual({ status: 'pass', newFailures: [], reasons: [], incomplete });
    expect(verdictOf(report(cases), { failOnSkip: true, env: {} })).toStrictEqual({
      status: 'fail',
      newFailures: [],
      reasons: ['1 of 2 cases skipped for missing configuration (--fail-on-skip)'],
      incomplete,
    });
    expect(verdictOf(report([kase('a', 'passed')]), { failOnSkip: true })).toMatchObject({ status: 'pass' });
  });

  it('groups the skips by the accounts missing, the most frequent first, then by cause; each skip reason names the setting', () => {
    const skip = (message: string) => ({ status: 'skipped' as const, message });
    const [member, both, admin] = [
      'needs the member account, not configured',
      'needs the member and guest accounts, not configured',
      'needs the admin account, not configured',
    ].map(skip);
    expect(
      configurationSkips(
        [both, member, admin, admin, { status: 'passed' as const, message: member.message }, skip('needs feature level 392, target has 380')],
        {},
      ),
    ).toEqual([
      { cause: 'no admin account (CONFORMANCE_ADMIN_EMAIL)', roles: ['admin'], count: 2 },
      { cause: 'no member account (CONFORMANCE_MEMBER_EMAIL)', roles: ['member'], count: 1 },
      { cause: 'no member and guest accounts (CONFORMANCE_MEMBER_EMAIL, CONFORMANCE_GUEST_EMAIL)', roles: ['member', 'guest'], count: 1 },
    ]);
    expect(configurationSkips([member, both], {}).map((x) => x.count)).toEqual([1, 1]);
    expect(skipReason(both, {})).toBe('needs the member and guest accounts, not configured (CONFORMANCE_MEMBER_EMAIL, CONFORMANCE_GUEST_EMAIL)');
    expect(skipReason(admin, { [ACTION_ENV]: 'true' })).toBe('needs the admin account, not configured (input admin-email)');
    expect(skipReason(skip('needs feature level 392, target has 380'), {})).toBe('needs feature level 392, target has 380');
    expect(skipReason({ status: 'skipped' }, {})).toBe('');
    expect(skipReason({ status: 'failed', message: member.message }, {})).toBe(member.message);
  });

  it('tells the reason fail-on-skip gave, in either audience, from any other', () => {
    const skips = [{ cause: 'no admin account (CONFORMANCE_ADMIN_EMAIL)', roles: ['admin' as const], count: 1 }];
    expect(failedOnSkip(['1 of 2 cases skipped for missing configuration (--fail-on-skip)'], skips, 2)).toBe(true);
    expect(failedOnSkip(['x', '1 of 2 cases skipped for missing configuration (input fail-on-skip)'], skips, 2)).toBe(true);
    expect(failedOnSkip(['1 failure: a'], skips, 2)).toBe(false);
    expect(failedOnSkip(['see: 1 of 2 cases skipped for missing configuration (--fail-on-skip)'], skips, 2)).toBe(false);
    expect(failedOnSkip([], skips, 2)).toBe(false);
  });

  it("in the GitHub Action, the cause and the reason name the action's inputs; the roles are the same", () => {
    const cases = [kase('a', 'passed'), kase('b', 'skipped', { message: 'needs the admin account, not configured' })];
    expect(verdictOf(report(cases), { failOnSkip: true, env: { [ACTION_ENV]: 'true' } })).toStrictEqual({
      status: 'fail',
      newFailures: [],
      reasons: ['1 of 2 cases skipped for missing configuration (input fail-on-skip)'],
      incomplete: [{ cause: 'no admin account (input admin-email)', roles: ['admin'], count: 1 }],
    });
  });
});

describe('an interrupted run, a partial run', () => {
  const notStarted = (id: string) => kase(id, 'skipped', { message: 'the run was interrupted before this case started' });
  const cutShort = (id: string) => kase(id, 'skipped', { message: 'the run was interrupted before this case ended' });

  it('a run a signal stopped is interrupted, whatever ran: what ran to its end and what did not are counted, and said first', () => {
    const cases = [
      kase('a', 'passed'),
      kase('b', 'failed'),
      notStarted('c'),
      cutShort('d'),
      kase('e', 'skipped', { message: 'needs feature level 9, target has 1' }),
      // A case that ran counts as run, whatever its message says.
      kase('f', 'errored', { message: 'the run was interrupted before this case ended' }),
    ];
    expect(verdictOf(report(cases), { interruptedBy: 'SIGINT' })).toStrictEqual({
      status: 'interrupted',
      newFailures: ['b', 'f'],
      reasons: ['interrupted by SIGINT: 3 cases ran, 2 did not', '2 failures: b, f'],
      interrupted: { signal: 'SIGINT', ran: 3, notRun: 2 },
    });
    expect(verdictOf(report([notStarted('a')]), { interruptedBy: 'SIGTERM' })).toStrictEqual({
      status: 'interrupted',
      newFailures: [],
      reasons: ['interrupted by SIGTERM: 0 cases ran, 1 did not'],
      interrupted: { signal: 'SIGTERM', ran: 0, notRun: 1 },
    });
    // Stopped before any case, with a warning: interrupted, not "no case ran" as a failure.
    expect(verdictOf(report([], { runWarnings: ['x'] }), { interruptedBy: 'SIGINT' }).reasons).toEqual(['interrupted by SIGINT: 0 cases ran, 0 did not']);
    expect(verdictOf(report([kase('a', 'passed')]))).not.toHaveProperty('interrupted');
  });

  it('a run narrowed by a filter or a shard whose cases passed is partial, not a pass, and says its filter; a failure still fails it', () => {
    const filter = { grep: 'op20', operations: ['GET /streams'], clauses: ['op1', 'op2.x'], shard: { index: 1, count: 3 } };
    expect(filterText(filter, {})).toBe('--operation "GET /streams" --grep "op20" --clause "op1" --clause "op2.x" --shard 1/3');
    // In the GitHub Action, its inputs.
    expect(filterText(filter, { [ACTION_ENV]: 'true' })).toBe(
      'input operation "GET /streams", input grep "op20", input clause "op1", input clause "op2.x", input shard 1/3',
    );
    expect(filterText({})).toBe('');
    expect(filterText(undefined)).toBe('');
    expect(verdictOf(report([kase('a', 'passed')], { filter: { grep: 'op20' } }))).toStrictEqual({
      status: 'partial',
      newFailures: [],
      reasons: [],
      partial: { filter: '--grep "op20"' },
    });
    expect(verdictOf(report([kase('a', 'failed')], { filter: { shard: { index: 2, count: 2 } } }))).toMatchObject({
      status: 'fail',
      partial: { filter: '--shard 2/2' },
    });
    expect(verdictOf(report([kase('a', 'passed')], { filter: {} }))).toMatchObject({ status: 'pass' });
    expect(verdictOf(report([kase('a', 'passed')], { filter: { grep: 'a' } }), { interruptedBy: 'SIGINT' }).status).toBe('interrupted');
  });

  it('neither claims a feature level: conformsThrough is null and notClaimed says why', () => {
    const skippedForAccount = kase('s', 'skipped', { since: 1, message: 'needs the admin account, not configured' });
    const whole = finish(report([kase('a', 'passed'), skippedForAccount]));
    expect(whole.target).toMatchObject({ conformsThrough: 0, unjudgedFrom: 1 });
    expect(whole.target).not.toHaveProperty('notClaimed');
    const stopped = finish(report([kase('a', 'passed'), notStarted('b'), skippedForAccount]), { interruptedBy: 'SIGINT' });
    const { unjudgedFrom: _u, ...rest } = whole.target;
    expect(stopped.target).toStrictEqual({ ...rest, conformsThrough: null, notClaimed: 'interrupted by SIGINT: 1 case ran, 1 did not' });
    const filtered = finish(report([kase('a', 'passed')], { filter: { grep: 'a' } }));
    expect(filtered.target.conformsThrough).toBeNull();
    expect(filtered.target.notClaimed).toBe('a partial run (--grep "a") ran only the cases its filter kept');
    // A report read back and finished again (merge) does not keep a stale reason.
    expect(finish({ ...filtered, filter: undefined }).target).not.toHaveProperty('notClaimed');
  });
});

describe('the clauses a target did not let the run check', () => {
  const push = 'needs push devices behind a push relay in each failing state';
  const owner = 'does not hold on this target: the configured owner is the only owner (...)';

  it('are those whose every case was skipped for what the target lacks, grouped by cause, the largest group first', () => {
    const cases = [
      kase('p1', 'skipped', { clauses: ['op21.bouncer-5xx', 'errors.http-status'], message: push, onTarget: true }),
      kase('p2', 'skipped', { clauses: ['op21.admin-action-required', 'op21.bouncer-5xx'], message: push, onTarget: true }),
      kase('o1', 'skipped', { clauses: ['op10.role.last-owner'], message: owner, onTarget: true }),
      kase('ok', 'passed', { clauses: ['errors.http-status'] }),
    ];
    expect(targetGaps(cases)).toStrictEqual([
      { cause: push, clauses: ['op21.admin-action-required', 'op21.bouncer-5xx'], cases: ['p1', 'p2'] },
      { cause: owner, clauses: ['op10.role.last-owner'], cases: ['o1'] },
    ]);
    expect(verdictOf(report(cases))).toStrictEqual({ status: 'pass', newFailures: [], reasons: [], notCheckedOnTarget: targetGaps(cases) });
    expect(gapLines(targetGaps(cases))).toEqual([`op21.admin-action-required, op21.bouncer-5xx: ${push} (2 cases)`, `op10.role.last-owner: ${owner} (1 case)`]);
    expect(gapSentence(targetGaps(cases))).toBe('3 clauses, for what the target lacks');
  });

  it('leave out a clause another case checked, whatever became of it, and skips for the configuration or the level', () => {
    const cases = [
      kase('p1', 'skipped', { clauses: ['a', 'b'], message: push, onTarget: true }),
      kase('f', 'failed', { clauses: ['a'] }),
      kase('e', 'errored', { clauses: ['b'] }),
      kase('c', 'skipped', { clauses: ['c'], message: 'needs the admin account, not configured' }),
      kase('l', 'skipped', { clauses: ['d'], message: 'needs feature level 9, target has 1' }),
    ];
    expect(targetGaps(cases)).toStrictEqual([]);
    expect(verdictOf(report(cases))).not.toHaveProperty('notCheckedOnTarget');
  });

  it('a clause skipped for two causes is listed under each; a skip without a message under the empty cause', () => {
    const cases = [
      kase('x', 'skipped', { clauses: ['a'], message: 'one', onTarget: true }),
      kase('z', 'skipped', { clauses: ['a'], onTarget: true }),
      kase('y', 'skipped', { clauses: ['a'], onTarget: true }),
    ];
    expect(targetGaps(cases)).toStrictEqual([
      { cause: '', clauses: ['a'], cases: ['y', 'z'] },
      { cause: 'one', clauses: ['a'], cases: ['x'] },
    ]);
    expect(gapSentence(targetGaps(cases))).toBe('1 clause, for what the target lacks');
  });
});

describe('the baseline', () => {
  // Built inside each test: a mutant is judged by the tests that run the code it changes.
  const before = () =>
    report([kase('was-failed', 'failed'), kase('was-errored', 'errored'), kase('was-passed', 'passed'), kase('was-skipped', 'skipped')]) as ConformanceReport;

  it('a failure it had is known; a new one (or one of a case it lacks) a regression; a failure now passing an improvement', () => {
    const cases = [
      kase('was-failed', 'errored'),
      kase('was-errored', 'passed'),
      kase('was-passed', 'failed'),
      kase('was-skipped', 'failed'),
      kase('new', 'errored'),
      kase('still', 'passed'),
    ];
    expect(compareWithBaseline(cases, before(), 'b.json')).toStrictEqual({
      file: 'b.json',
      knownFailures: ['was-failed'],
      regressions: ['was-passed', 'was-skipped', 'new'],
      improvements: ['was-errored'],
    });
    expect(cases.map((c) => c.baseline)).toEqual(['known', 'improvement', 'regression', 'regression', 'regression', undefined]);
  });

  it('a case skipped now is neither an improvement nor a regression', () => {
    const cases = [kase('was-failed', 'skipped')];
    expect(compareWithBaseline(cases, before(), 'b.json')).toMatchObject({ knownFailures: [], regressions: [], improvements: [] });
    expect(cases[0]).not.toHaveProperty('baseline');
  });
});

describe("a clause's status and a fact's cases", () => {
  const clause = (id: string, more: Partial<Clause> = {}): Clause => ({ id, endpoint: 'GET /x', text: `text of ${id}`, ...more });
  const proofs: ProofsFile = {
    about: '',
    cases: { 'op1.a': { spec: ['c1'], zulip: ['c1', 'c2'] }, 'op1.z': { zulip: ['c2'] }, 'zulip.f': { spec: ['c1'] } },
    properties: { 'op1.p': { spec: ['p1'] } },
  };
  const cases = [
    kase('c1', 'passed', { clauses: ['op1.a', 'op1.p'], facts: ['zulip.f'] }),
    kase('c2', 'skipped', { clauses: ['op1.a', 'op1.z'] }),
    kase('p1', 'failed', { clauses: ['op1.p'] }),
  ];

  it('tested when a case proven to catch it ran; untested, with why no client can test it, when none did', () => {
    const entries = clauseEntries(
      [
        clause('op1.a', { since: 5, facts: ['zulip.f'] }),
        clause('op1.z', { untestable: 'client side' }),
        clause('op1.p', { untestable: 'ignored when tested' }),
        clause('op1.none'),
      ],
      cases,
      'spec',
      proofs,
    );
    expect(entries).toStrictEqual([
      {
        id: 'op1.a',
        endpoint: 'GET /x',
        text: 'text of op1.a',
        since: 5,
        status: 'tested',
        facts: ['zulip.f'],
        cases: ['c1', 'c2'],
        provenBy: ['c1'],
        provableUnder: ['spec', 'zulip'],
      },
      { id: 'op1.z', endpoint: 'GET /x', text: 'text of op1.z', status: 'untested', cases: ['c2'], provableUnder: ['zulip'], untestable: 'client side' },
      { id: 'op1.p', endpoint: 'GET /x', text: 'text of op1.p', status: 'tested', cases: ['c1', 'p1'], provenBy: ['p1'], provableUnder: ['spec'] },
      { id: 'op1.none', endpoint: 'GET /x', text: 'text of op1.none', status: 'untested', cases: [] },
    ]);
  });

  it('under zulip, the zulip proofs count; a case skipped proves nothing', () => {
    const [a, z] = clauseEntries([clause('op1.a'), clause('op1.z')], cases, 'zulip', proofs);
    expect([a.status, a.provenBy, z.status, z.provenBy]).toEqual(['tested', ['c1'], 'untested', undefined]);
  });

  it('unspecified and disputed say so, with the reason', () => {
    expect(
      clauseEntries(
        [clause('op1.u', { status: 'unspecified' }), clause('op1.d', { disputed: 'Zulip differs' }), clause('op1.o', { unobservableUnderSpec: 'not shown' })],
        [],
        'spec',
        proofs,
      ),
    ).toMatchObject([{ status: 'unspecified' }, { status: 'disputed', disputed: 'Zulip differs' }, { status: 'unspecified', unobservable: 'not shown' }]);
    expect(clauseStatus({ unobservableUnderSpec: 'not shown' }, 'spec', true)).toStrictEqual({ status: 'tested' });
    expect(clauseStatus({ unobservableUnderSpec: 'not shown' }, 'zulip', false)).toStrictEqual({ status: 'untested' });
  });

  it('a fact is listed when a case cites it or a disputed clause does, with the cases proven to rest on it', () => {
    const fact = (id: string): Fact => ({ id, statement: id, evidence: [], featureLevel: 1 });
    const facts = factEntries(
      [fact('zulip.f'), fact('zulip.d'), fact('zulip.none')],
      cases,
      [clause('op1.d', { facts: ['zulip.d'] }), clause('op1.x')],
      'spec',
      proofs,
    );
    expect(facts).toStrictEqual([
      { ...fact('zulip.f'), cases: ['c1'], provenBy: ['c1'] },
      { ...fact('zulip.d'), cases: [] },
    ]);
    expect(factEntries([fact('zulip.f')], [kase('c1', 'skipped', { facts: ['zulip.f'] })], [], 'spec', proofs)).toStrictEqual([
      { ...fact('zulip.f'), cases: ['c1'] },
    ]);
  });
});

describe('cases in a report', () => {
  it('are sorted by endpoint, then id, in a copy', () => {
    const cases = [kase('b', 'passed', { endpoint: 'GET /b' }), kase('z', 'passed', { endpoint: 'GET /a' }), kase('a', 'passed', { endpoint: 'GET /b' })];
    expect(sortCases(cases).map((c) => c.id)).toEqual(['z', 'a', 'b']);
    expect(cases.map((c) => c.id)).toEqual(['b', 'z', 'a']);
  });

  it('are counted by status', () => {
    expect(summarize([kase('a', 'passed'), kase('b', 'failed'), kase('c', 'failed'), kase('d', 'errored')])).toStrictEqual({
      total: 4,
      passed: 1,
      failed: 2,
      skipped: 0,
      errored: 1,
    });
  });
});
