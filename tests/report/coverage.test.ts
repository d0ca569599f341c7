// The per-operation coverage table: counts of each clause status per operation, and what only
// the zulip profile can test.
import { describe, expect, it } from 'vitest';
import { clauseCountsText, coverageByOperation, coverageMarkdown } from '../../src/report/model/coverage.js';
import type { ClauseEntry } from '../../src/report/model/model.js';

const clause = (id: string, endpoint: string, status: ClauseEntry['status'], extra: Partial<ClauseEntry> = {}): ClauseEntry => ({
  id,
  endpoint,
  text: id,
  status,
  cases: [],
  ...extra,
});

describe('coverage per operation', () => {
  const clauses = [
    clause('a', 'GET /streams', 'tested'),
    clause('b', 'GET /streams', 'untested'),
    clause('c', 'GET /streams', 'unspecified', { unobservable: 'no read shown', provableUnder: ['zulip'] }),
    clause('d', 'GET /streams', 'unspecified'),
    clause('e', 'GET /streams', 'disputed'),
    clause('f', 'common', 'tested', { provableUnder: ['spec', 'zulip'] }),
    clause('g', 'GET /streams', 'untested', { untestable: 'happens in the client' }),
  ];

  it('counts each status, and the unobservable clauses only the zulip profile tests', () => {
    const spec = coverageByOperation({ clauses, target: { profile: 'spec', featureLevel: 420 } as never });
    expect(spec).toEqual([
      { operation: 'common', clauses: 1, tested: 1, zulipOnly: 0, unobservable: 0, unspecified: 0, disputed: 0, untestable: 0, newer: 0, untested: 0 },
      { operation: 'GET /streams', clauses: 6, tested: 1, zulipOnly: 1, unobservable: 1, unspecified: 1, disputed: 1, untestable: 1, newer: 0, untested: 1 },
    ]);
    expect(coverageByOperation({ clauses, target: { profile: 'zulip', featureLevel: 420 } as never })[1].zulipOnly).toBe(0);
  });

  it('one set of counts: the sentence every report gives is the table added up (untestable apart from untested)', () => {
    // Before: the summary said "2 untested" where the table said 0 untested and 2 untestable.
    expect(clauseCountsText({ clauses, target: { profile: 'spec', featureLevel: 420 } as never })).toBe(
      '2 tested, 1 not shown, 1 unobservable, 1 disputed, 1 untestable, 1 untested',
    );
  });

  it('counts apart the clauses newer than the level judged, or checked only by newer cases, in a column of their own only then', () => {
    // Before: at level 300, the 186 clauses of later levels counted as untested.
    const newer = [...clauses, clause('h', 'GET /streams', 'untested', { since: 392 })];
    const at = (featureLevel: number) => ({ clauses: newer, target: { profile: 'spec', featureLevel } as never });
    expect(coverageByOperation(at(300))[1]).toMatchObject({ newer: 1, untested: 1 });
    expect(clauseCountsText(at(300))).toBe(
      '2 tested, 1 not shown, 1 unobservable, 1 disputed, 1 untestable, 1 untested, 1 newer than the target (above level 300)',
    );
    expect(coverageMarkdown(coverageByOperation(at(300)))[0]).toContain('| untestable | newer than the target | untested |');
    expect(coverageByOperation(at(420))[1]).toMatchObject({ newer: 0, untested: 2 });
    // A statement of an older level that only cases of a later one check counts with them.
    const checkedLater = {
      ...at(300),
      clauses: [...newer, clause('i', 'GET /streams', 'untested', { cases: ['op1.new'] })],
      cases: [{ id: 'op1.new', since: 356 }],
    };
    expect(coverageByOperation(checkedLater)[1]).toMatchObject({ newer: 2, untested: 1 });
    expect(coverageByOperation({ ...checkedLater, cases: [{ id: 'op1.new', since: 200 }] })[1]).toMatchObject({ newer: 1, untested: 2 });
    expect(coverageMarkdown(coverageByOperation(at(420)))[0]).not.toContain('newer');
  });

  it('renders a Markdown table', () => {
    const lines = coverageMarkdown(coverageByOperation({ clauses, target: { profile: 'spec', featureLevel: 420 } as never }));
    expect(lines[0]).toBe('| operation | clauses | tested | zulip only | unobservable | not shown | disputed | untestable | untested |');
    expect(lines[3]).toBe('| GET /streams | 6 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |');
  });
});
