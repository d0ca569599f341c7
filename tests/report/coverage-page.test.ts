import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COVERAGE_PAGE, coverageUnder, withCoverage } from '../support/coverage-page.js';

describe('the coverage tables of docs/coverage.md', () => {
  it('are the ones specs/proven-cases.json gives (run `npm run proofs` to refresh them)', () => {
    const page = readFileSync(COVERAGE_PAGE, 'utf8');
    expect(withCoverage(page)).toBe(page);
  });

  it('count every clause of the catalog once per profile', () => {
    for (const profile of ['spec', 'zulip'] as const) {
      for (const row of coverageUnder(profile)) {
        const parts = row.tested + row.unobservable + row.unspecified + row.disputed + row.untestable + row.newer + row.untested;
        expect(parts, `${profile} ${row.operation}`).toBe(row.clauses);
      }
    }
  });
});
