// A failure is data from the judge to the reports: its one-line message, and the rules a reader
// sees first (the Zulip facts of a zulip check, else the clauses).
import { describe, expect, it } from 'vitest';
import { brokenRules, brokenRulesOf, findingMessage, type Failure } from '../../src/engine/judge/failure.js';

const failure = (more: Partial<Failure>): Failure => ({ clause: 'op1.a', clauses: ['op1.a'], step: 1, check: 'body', message: 'm', ...more });

describe('findingMessage', () => {
  it('is "<path>: expected <expected>, got <actual>"', () => {
    expect(findingMessage({ check: 'body', path: 'n', expected: '4', actual: '3' })).toBe('n: expected 4, got 3');
  });

  it('leaves out an empty path, and says "?" and "nothing" for what it does not know', () => {
    expect(findingMessage({ check: 'status', path: '', expected: 'HTTP 400', actual: 'HTTP 403' })).toBe('expected HTTP 400, got HTTP 403');
    expect(findingMessage({ check: 'body' })).toBe('expected ?, got nothing');
  });

  it('keeps a message the check wrote itself', () => {
    expect(findingMessage({ check: 'envelope', path: 'x', expected: 'a', actual: 'b', message: 'answer is not JSON' })).toBe('answer is not JSON');
  });
});

describe('brokenRules', () => {
  it('a zulip check with facts breaks its facts', () => {
    expect(brokenRules(failure({ profile: 'zulip', facts: ['zulip.f'] }))).toEqual(['zulip.f']);
  });

  it('a zulip check without facts, and a spec check with facts, break their clauses', () => {
    expect(brokenRules(failure({ profile: 'zulip', facts: [] }))).toEqual(['op1.a']);
    expect(brokenRules(failure({ profile: 'zulip' }))).toEqual(['op1.a']);
    expect(brokenRules(failure({ facts: ['zulip.f'] }))).toEqual(['op1.a']);
  });

  it('brokenRulesOf lists every distinct rule once, in the order found', () => {
    expect(brokenRulesOf([failure({ clauses: ['b', 'a'] }), failure({ clauses: ['a', 'c'] })])).toEqual(['b', 'a', 'c']);
    expect(brokenRulesOf(undefined)).toEqual([]);
  });
});
