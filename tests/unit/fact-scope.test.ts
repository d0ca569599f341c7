// Which of a case's Zulip facts each step rests on: those whose statement names its operation,
// or (an event expectation) those of its event type; all of them where none does.
import { describe, expect, it } from 'vitest';
import { namesOperation, scopeFacts } from '../../src/engine/load/fact-scope.js';
import type { Case, SpecFile, Step } from '../../src/engine/load/types.js';

const FACTS = [
  {
    id: 'zulip.settings.read-back',
    statement: 'POST /register with fetch_event_types ["user_settings"] returns user_settings; values set by `PATCH /settings` are read back there.',
  },
  { id: 'zulip.settings.booleans', statement: 'Every boolean parameter of PATCH /settings is parsed as JSON.' },
  { id: 'zulip.errors.http-400', statement: 'An error answer is HTTP 400 unless the error class says otherwise.' },
  { id: 'zulip.users.read', statement: 'GET /users/{user_id} returns the user.' },
  { id: 'zulip.events.update-message.content', statement: 'A content edit sends update_message.' },
  { id: 'zulip.events.message.send', statement: 'Sending a message pushes a message event.' },
  { id: 'zulip.events.queue.ids', statement: 'Event ids increase.' },
];
const step = (method: string, path: string, more: Partial<Step> = {}): Step => ({ request: { method, path }, ...more });
const scoped = (facts: string[], steps: Step[]): Step[] => {
  const c: Case = { id: 'c', title: 't', clauses: ['x'], facts, steps };
  const spec: SpecFile = { file: 'f', operation: 'PATCH /settings', title: 't', cases: [c] };
  return scopeFacts([spec], FACTS)[0].cases[0].steps;
};

describe('fact scope', () => {
  it('namesOperation: the method and path, a slot of either side matching any value, no longer path', () => {
    expect(namesOperation('values set by `PATCH /settings` are read back', 'PATCH', '/settings')).toBe(true);
    expect(namesOperation('GET /users/{user_id} returns the user', 'GET', '/users/${accounts.member.user_id}')).toBe(true);
    expect(namesOperation('GET /users/{user_id} returns the user', 'GET', '/users/12')).toBe(true);
    expect(namesOperation('PATCH /streams/{stream_id} changes it', 'GET', '/streams')).toBe(false);
    expect(namesOperation('GET /streams/{stream_id}/x', 'GET', '/streams/${id}')).toBe(false);
    expect(namesOperation('POST /register returns it', 'PATCH', '/settings')).toBe(false);
  });

  it("a step rests on the facts naming its operation; none naming it, on all the case's", () => {
    const facts = ['zulip.settings.booleans', 'zulip.settings.read-back', 'zulip.errors.http-400'];
    const [patch, read, other] = scoped(facts, [step('PATCH', '/settings'), step('POST', '/register'), step('GET', '/streams')]);
    expect(patch.restsOn).toEqual(['zulip.settings.booleans', 'zulip.settings.read-back']);
    expect(read.restsOn).toEqual(['zulip.settings.read-back']);
    expect(other.restsOn).toBeUndefined();
  });

  it('an event expectation rests on the facts of its type; the events step on those of every type it names', () => {
    const facts = ['zulip.events.update-message.content', 'zulip.events.message.send', 'zulip.events.queue.ids'];
    const events = {
      queue: 'q',
      expect: [
        { type: 'update_message', where: { id: 1 } },
        { type: 'message', where: { id: 2 } },
        { type: 'heartbeat', where: {} },
      ],
      none: ['typing'],
    };
    const own = { type: 'update_message', where: { id: 3 }, facts: ['zulip.events.queue.ids'] };
    const [s] = scoped(facts, [step('GET', '/events', { events: { ...events, expect: [...events.expect, own] } })]);
    expect(s.restsOn).toEqual(['zulip.events.update-message.content', 'zulip.events.message.send']);
    expect(s.events!.expect!.map((e) => e.restsOn)).toEqual([['zulip.events.update-message.content'], ['zulip.events.message.send'], undefined, undefined]);
  });

  it('a case citing one fact or none is left as it is', () => {
    const steps = [step('PATCH', '/settings')];
    expect(scoped(['zulip.settings.booleans'], steps)[0]).toBe(steps[0]);
    expect(scoped([], steps)[0]).toBe(steps[0]);
  });
});
