import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, coverageUnder, readmeWithCoverage } from '../support/readme-coverage.js';

describe('the README coverage tables', () => {
  it('are the ones specs/proven-cases.json gives (run `npm run proofs` to refresh them)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readmeWithCoverage(readme)).toBe(readme);
  });

  it('count every clause of the catalog once per profile', () => {
    for (const profile of ['spec', 'zulip'] as const) {
      for (const row of coverageUnder(profile)) {
        const parts = row.tested + row.unobservable + row.unspecified + row.disputed + row.untestable + row.untested;
        expect(parts, `${profile} ${row.operation}`).toBe(row.clauses);
      }
    }
  });
});
