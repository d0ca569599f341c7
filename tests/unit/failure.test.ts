// A failure is data from the judge to the reports: its one-line message, and the rules a reader
// sees first (the Zulip facts of a zulip check, else the clauses).
import { describe, expect, it } from 'vitest';
import { brokenRules, brokenRulesOf, checkFailure, findingMessage, type Failure } from '../../src/engine/judge/failure.js';

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

  it("a zulip check observing the document through Zulip's means breaks its clauses", () => {
    expect(brokenRules(failure({ profile: 'zulip', facts: ['zulip.f'], observedThrough: 'zulip' }))).toEqual(['op1.a']);
  });

  it('checkFailure: a zulip read of a step observing a clause the document shows no way to observe is observed through Zulip; an event check is not', () => {
    const tag = { profile: 'zulip' as const, facts: ['zulip.f'], unobservable: ['op1.u'] };
    expect(checkFailure({ check: 'body', path: 'x' }, ['op1.u'], tag)).toMatchObject({ clauses: ['op1.u'], facts: ['zulip.f'], observedThrough: 'zulip' });
    // one such clause among the step's is enough: the read observes the step's statements, in their order
    expect(checkFailure({ check: 'body', path: 'x' }, ['op1.o', 'op1.u'], tag)).toMatchObject({ clauses: ['op1.o', 'op1.u'], observedThrough: 'zulip' });
    expect(checkFailure({ check: 'body', path: 'x' }, ['op1.o'], tag)).not.toHaveProperty('observedThrough');
    expect(checkFailure({ check: 'events', path: 'x' }, ['op1.u'], tag)).not.toHaveProperty('observedThrough');
    // a read refused is Zulip's means failing: its facts break
    expect(checkFailure({ check: 'result', path: 'result' }, ['op1.u'], tag)).not.toHaveProperty('observedThrough');
    expect(checkFailure({ check: 'body', path: 'x' }, ['op1.u'], { unobservable: ['op1.u'] })).not.toHaveProperty('observedThrough');
    expect(checkFailure({ check: 'body', path: 'x' }, ['op1.u'], tag)).not.toHaveProperty('unobservable');
    // a check naming its own clauses (a schema overflow's) is blamed on them, not on the step's
    expect(checkFailure({ check: 'schema', message: '... and 3 more', clauses: ['res.a', 'res.b'] }, ['op1.u'])).toMatchObject({
      clause: 'res.a',
      clauses: ['res.a', 'res.b'],
    });
  });

  it("a check naming its own facts rests on those, not its expectation's, unless the field is missing altogether", () => {
    const tag = { profile: 'zulip' as const, facts: ['zulip.case', 'zulip.own'], unobservable: ['op1.u'] };
    const own = { check: 'body' as const, path: 'status.emoji_code', expected: '"1f419"', actual: '"1f41a"', facts: ['zulip.own'] };
    const wrong = checkFailure(own, ['op1.u'], tag);
    expect(wrong).toMatchObject({ facts: ['zulip.own'] });
    // its own facts say what the value rests on: the read is not taken as observing the clause
    expect(wrong).not.toHaveProperty('observedThrough');
    expect(brokenRules({ ...wrong })).toEqual(['zulip.own']);
    const gone = checkFailure({ ...own, actual: 'nothing (the field is missing)' }, ['op1.u'], tag);
    expect(gone).toMatchObject({ facts: ['zulip.case', 'zulip.own'], observedThrough: 'zulip' });
    // under spec (no zulip tag) the facts are not the failure's
    expect(checkFailure(own, ['op1.a'])).not.toHaveProperty('facts');
  });

  it('a field the answer lacks puts the clause named after that field first', () => {
    const missing = { check: 'body' as const, path: 'streams[?stream_id=7].can_add', expected: '1', actual: 'nothing (the field is missing)' };
    expect(checkFailure(missing, ['op4.can-add', 'res.channel.can_add']).clauses).toEqual(['res.channel.can_add', 'op4.can-add']);
    expect(checkFailure({ ...missing, actual: '2' }, ['op4.can-add', 'res.channel.can_add']).clauses).toEqual(['op4.can-add', 'res.channel.can_add']);
    expect(checkFailure(missing, ['op4.can-add', 'op4.other']).clauses).toEqual(['op4.can-add', 'op4.other']);
  });

  it('brokenRulesOf lists every distinct rule once, in the order found', () => {
    expect(brokenRulesOf([failure({ clauses: ['b', 'a'] }), failure({ clauses: ['a', 'c'] })])).toEqual(['b', 'a', 'c']);
    expect(brokenRulesOf(undefined)).toEqual([]);
  });
});
