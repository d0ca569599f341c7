// Failures grouped by operation and by broken rule: most frequent first, explained failures apart.
import { describe, expect, it } from 'vitest';
import { failureGroups } from '../../src/report/model/failure-groups.js';
import { failureGroupLines } from '../../src/report/writers/console-output.js';
import { fixtureReport } from './fixture.js';

describe('failure groups', () => {
  it('groups the failed and errored cases by operation and by the rule each breaks', () => {
    const groups = failureGroups(fixtureReport());
    expect(groups.byOperation).toEqual([
      { key: 'GET /streams', cases: ['op1.fail'] },
      { key: 'POST /users/me/status', cases: ['op2.error'] },
    ]);
    expect(groups.byRule).toEqual([
      { key: '(could not judge)', cases: ['op2.error'] },
      { key: 'op1.order', cases: ['op1.fail'], text: 'Channels come <sorted> by name.' },
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
