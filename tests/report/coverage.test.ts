// The per-operation coverage table: counts of each clause status per operation, and what only
// the zulip profile can test.
import { describe, expect, it } from 'vitest';
import { coverageByOperation, coverageMarkdown } from '../../src/report/model/coverage.js';
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
    const spec = coverageByOperation({ clauses, target: { profile: 'spec' } as never });
    expect(spec).toEqual([
      { operation: 'common', clauses: 1, tested: 1, zulipOnly: 0, unobservable: 0, unspecified: 0, disputed: 0, untestable: 0, untested: 0 },
      { operation: 'GET /streams', clauses: 6, tested: 1, zulipOnly: 1, unobservable: 1, unspecified: 1, disputed: 1, untestable: 1, untested: 1 },
    ]);
    expect(coverageByOperation({ clauses, target: { profile: 'zulip' } as never })[1].zulipOnly).toBe(0);
  });

  it('renders a Markdown table', () => {
    const lines = coverageMarkdown(coverageByOperation({ clauses, target: { profile: 'spec' } as never }));
    expect(lines[0]).toBe('| operation | clauses | tested | zulip only | unobservable | not shown | disputed | untestable | untested |');
    expect(lines[3]).toBe('| GET /streams | 6 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |');
  });
});
