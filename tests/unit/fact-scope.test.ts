// Which of a case's Zulip facts a check naming none rests on: the facts no check of the case
// names itself (a zulip block's or an event expectation's), else all of them.
import { describe, expect, it } from 'vitest';
import { claimedFacts, scopeFacts } from '../../src/engine/load/fact-scope.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';

const step = (more: Partial<Step> = {}): Step => ({ request: { method: 'GET', path: '/x' }, ...more });
const scoped = (facts: string[], steps: Step[]): Step[] => {
  const c: Case = { id: 'c', title: 't', clauses: ['x'], facts, steps };
  const spec: SpecFile = { file: 'f', operation: 'GET /x', title: 't', cases: [c] };
  return scopeFacts([spec])[0].cases[0].steps;
};
const marker = step({ events: { queue: 'q', expect: [{ type: 'message', where: { id: 1 }, facts: ['zulip.marker'] }] } });
const block = step({ expect: { result: 'success', zulip: { status: 200, facts: ['zulip.status'] } } });

describe('fact scope', () => {
  it('claimedFacts: the facts zulip blocks and event expectations name', () => {
    expect([...claimedFacts({ id: 'c', title: 't', clauses: [], steps: [marker, block, step()] })].sort()).toEqual(['zulip.marker', 'zulip.status']);
  });

  it('the checks naming no fact rest on the facts no check names', () => {
    const steps = scoped(['zulip.effect', 'zulip.marker', 'zulip.read'], [step(), marker]);
    expect(steps.map((s) => s.restsOn)).toEqual([
      ['zulip.effect', 'zulip.read'],
      ['zulip.effect', 'zulip.read'],
    ]);
  });

  it('every fact some check names, or none named: the case is left as it is', () => {
    const all = [step(), marker];
    expect(scoped(['zulip.marker'], all)).toEqual(all);
    const none = [step(), step()];
    expect(scoped(['zulip.a', 'zulip.b'], none)).toEqual(none);
  });
});
