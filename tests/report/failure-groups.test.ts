// Failures grouped by operation and by broken rule: most frequent first, explained failures apart,
// each failure under its cause, a refusal-only rule saying so.
import { describe, expect, it } from 'vitest';
import { failureGroups, ruleGroups } from '../../src/report/model/failure-groups.js';
import type { Failure } from '../../src/engine/judge/failure.js';
import { failureGroupLines } from '../../src/report/writers/console-output.js';
import { fixtureReport } from './fixture.js';

describe('failure groups', () => {
  it('groups the failed and errored cases by operation and by the rule each breaks', () => {
    const groups = failureGroups(fixtureReport());
    expect(groups.byOperation).toEqual([
      { key: 'GET /streams', cases: ['op1.fail'] },
      { key: 'POST /users/me/status', cases: ['op2.error'] },
    ]);
    // one case each: in the order the failures came
    expect(groups.byRule).toEqual([
      { key: 'op1.order', cases: ['op1.fail'], text: 'Channels come <sorted> by name.' },
      { key: '(could not judge)', cases: ['op2.error'] },
    ]);
  });

  it('leaves out failures the baseline already had', () => {
    const report = fixtureReport();
    report.cases = report.cases.map((c) => (c.id === 'op1.fail' ? { ...c, baseline: 'known' as const } : c));
    expect(failureGroups(report).byRule.map((g) => g.key)).toEqual(['(could not judge)']);
  });

  it('prints one line a group, with the count', () => {
    const lines = failureGroupLines(fixtureReport()).map((l) => l.replace(/\x1b\[\d+m/g, ''));
    expect(lines).toContain('Failures by broken rule:');
    expect(lines).toContain('     1 op1.order Channels come <sorted> by name. (op1.fail)');
  });
});

describe('failures by broken rule, ranked by evidence', () => {
  const f = (clauses: string[], more: Partial<Failure> = {}): Failure => ({ clause: clauses[0], clauses, step: 1, check: 'body', message: 'm', ...more });
  const failed = (id: string, failures: Failure[]) => ({ id, endpoint: 'GET /x', status: 'failed' as const, clauses: ['op.case'], failures });

  it("counts a case under its failures' causes (the first rule each breaks), the most cases first", () => {
    const groups = ruleGroups([
      failed('a', [f(['op.x', 'op.y'])]),
      failed('b', [f(['op.y']), f(['op.x'])]),
      failed('c', [f(['op.z'], { profile: 'zulip', facts: ['zulip.f', 'zulip.g'] })]),
    ]);
    expect(groups.map((g) => [g.key, g.cases])).toEqual([
      ['op.x', ['a', 'b']],
      ['op.y', ['b']],
      ['zulip.f', ['c']],
    ]);
  });

  it('a rule whose only evidence is a refusal says so, and at an equal count comes after one with evidence', () => {
    const refused = (id: string, refusal: string) => failed(id, [f(['op.a'], { check: 'result', refusal })]);
    const groups = ruleGroups(
      [refused('r1', 'BAD_REQUEST: no'), refused('r2', 'BAD_REQUEST: no'), refused('r3', 'X: other'), failed('e', [f(['op.b'])])],
      new Map([['op.a', 'A text']]),
    );
    expect(groups).toEqual([
      { key: 'op.a', cases: ['r1', 'r2', 'r3'], text: 'A text', refusal: 'BAD_REQUEST: no' },
      { key: 'op.b', cases: ['e'] },
    ]);
    const tie = ruleGroups([refused('r', 'BAD_REQUEST: no'), failed('e', [f(['op.z'])])]);
    expect(tie.map((g) => g.key)).toEqual(['op.z', 'op.a']);
    // a refusal beside other evidence for the same rule is no refusal-only group
    expect(ruleGroups([refused('r', 'BAD_REQUEST: no'), failed('e', [f(['op.a'])])])[0]).toEqual({ key: 'op.a', cases: ['r', 'e'] });
  });

  it('at an equal count, the rule more cases name at all comes first: a cause one failure leaves in doubt and another names alone', () => {
    // 'both' could be op.group-id's or op.unusable's fault; 'alone' shows only op.unusable broken.
    const groups = ruleGroups([failed('both', [f(['op.group-id', 'op.unusable'])]), failed('alone', [f(['op.unusable'])])]);
    expect(groups.map((g) => g.key)).toEqual(['op.unusable', 'op.group-id']);
    // named equally often: the one found first
    expect(ruleGroups([failed('p', [f(['op.p'])]), failed('q', [f(['op.q'])])]).map((g) => g.key)).toEqual(['op.p', 'op.q']);
  });

  it('a refusal naming no clause is a group of its own, the refusal', () => {
    const groups = ruleGroups([failed('n', [f([], { clause: '', check: 'result', refusal: 'BAD_REQUEST: no' })])]);
    expect(groups).toEqual([{ key: '(refused by the target (BAD_REQUEST: no))', cases: ['n'] }]);
  });

  it('an errored case could not be judged; a failed one without failures counts under its clauses', () => {
    expect(ruleGroups([{ id: 'x', endpoint: 'GET /x', status: 'errored', clauses: ['op.case'] }]).map((g) => g.key)).toEqual(['(could not judge)']);
    expect(ruleGroups([{ id: 'y', endpoint: 'GET /x', status: 'failed', clauses: ['op.case'] }]).map((g) => g.key)).toEqual(['op.case']);
  });

  it('the console line says the refusal before the rule', () => {
    const report = fixtureReport();
    report.cases = report.cases.map((c) => (c.id === 'op1.fail' ? { ...c, failures: c.failures!.map((x) => ({ ...x, refusal: 'BAD_REQUEST: no' })) } : c));
    const lines = failureGroupLines(report).map((l) => l.replace(/\x1b\[\d+m/g, ''));
    expect(lines).toContain('     1 op1.order refused by the target (BAD_REQUEST: no): Channels come <sorted> by name. (op1.fail)');
  });
});
