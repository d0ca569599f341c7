// The property budget (src/property/budget.ts): fewer runs of the same properties against a target
// that states a low rate limit, as the user says otherwise, and at least two runs each.
import { describe, expect, it } from 'vitest';
import { limitBoundsRun, propertyBudget, runsUnder } from '../../src/property/budget.js';

describe('propertyBudget', () => {
  it("scales to the target's limit unless the user chose: a fifth for Zulip's 200 a minute, in full from 1000 on", () => {
    const zulip = { requests: 200, seconds: 60 };
    expect(propertyBudget({ factor: null, thorough: false, rateLimit: zulip })).toEqual({
      factor: 0.2,
      reason: 'the target limits each account to 200 requests per 60 s',
    });
    expect(propertyBudget({ factor: null, thorough: false, rateLimit: { requests: 500, seconds: 60 } }).factor).toBe(0.5);
    expect(propertyBudget({ factor: null, thorough: false, rateLimit: { requests: 40, seconds: 2 } }).factor).toBe(0.2);
    expect(propertyBudget({ factor: null, thorough: false, rateLimit: { requests: 1000, seconds: 60 } })).toEqual({ factor: 1, reason: null });
    expect(propertyBudget({ factor: null, thorough: false, rateLimit: null })).toEqual({ factor: 1, reason: null });
    expect(propertyBudget({ factor: 3, thorough: false, rateLimit: zulip })).toEqual({ factor: 3, reason: '--property-factor 3' });
    expect(propertyBudget({ factor: 1, thorough: false, rateLimit: zulip })).toEqual({ factor: 1, reason: null });
    expect(propertyBudget({ factor: null, thorough: true, rateLimit: zulip })).toEqual({ factor: 10, reason: '--thorough' });
    expect(propertyBudget({ factor: 2, thorough: true, rateLimit: null })).toEqual({ factor: 20, reason: '--thorough with --property-factor 2' });
  });

  it('a limit bounds the run (its exclusive groups then go first) under 1000 requests a window, none above or without one', () => {
    expect(limitBoundsRun({ requests: 200 })).toBe(true);
    expect(limitBoundsRun({ requests: 999 })).toBe(true);
    expect(limitBoundsRun({ requests: 1000 })).toBe(false);
    expect(limitBoundsRun(null)).toBe(false);
  });

  it('gives every property at least two runs when scaled down (fewer only if it had fewer), at least one when scaled up', () => {
    expect([25, 6, 2, 1].map((runs) => runsUnder(runs, 0.2))).toEqual([5, 2, 2, 1]);
    expect([25, 6].map((runs) => runsUnder(runs, 0.5))).toEqual([13, 3]);
    expect([25, 6].map((runs) => runsUnder(runs, 10))).toEqual([250, 60]);
  });
});
