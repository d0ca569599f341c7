// Event-queue steps made plain for the runner: a queue step is the POST /register that opens the
// queue, an events step reads it as the role that opened it, wherever the queue was opened.
import { describe, expect, it } from 'vitest';
import { expandEventSteps, expandEventStepsOf } from '../../src/engine/load/event-steps.js';
import type { SpecFile, Step } from '../../src/engine/load/types.js';

const queue = (name: string, more: Partial<Step> = {}): Step => ({ queue: { name }, request: undefined!, ...more });
const read = (name: string, more: Partial<Step> = {}): Step => ({ events: { queue: name }, request: undefined!, ...more });

describe('a queue step', () => {
  it('registers for every type, declaring notification_settings_null, and captures the queue id as its name', () => {
    const [open] = expandEventSteps([queue('q', { as: 'member2' })])!;
    expect(open).toStrictEqual({
      queue: { name: 'q' },
      as: 'member2',
      request: { method: 'POST', path: '/register', params: { client_capabilities: { notification_settings_null: true } } },
      expect: { result: 'success' },
      capture: { q: 'queue_id' },
      setup: true,
    });
  });

  it('registers for the types it names, with its capabilities besides, and keeps its own expect, captures and setup', () => {
    const step = queue('q', { expect: { result: 'success', clause: 'op1.a' }, capture: { last: 'last_event_id' }, setup: false });
    step.queue = { name: 'q', eventTypes: ['typing'], capabilities: { user_list_incomplete: true } };
    expect(expandEventSteps([step])![0]).toMatchObject({
      request: { params: { event_types: ['typing'], client_capabilities: { notification_settings_null: true, user_list_incomplete: true } } },
      expect: { result: 'success', clause: 'op1.a' },
      capture: { last: 'last_event_id', q: 'queue_id' },
      setup: false,
    });
  });
});

describe('an events step', () => {
  it('reads its queue without blocking, as the role that opened it unless it names one', () => {
    const [, byQueue, own] = expandEventSteps([queue('q', { as: 'guest' }), read('q'), read('q', { as: 'admin' })])!;
    expect(byQueue).toStrictEqual({
      events: { queue: 'q' },
      as: 'guest',
      request: { method: 'GET', path: '/events', params: { queue_id: '${q}', dont_block: true } },
    });
    expect(own.as).toBe('admin');
  });

  it('leaves other steps as they are, and no steps as none', () => {
    const plain: Step = { request: { method: 'GET', path: '/streams' } };
    expect(expandEventSteps([plain])![0]).toBe(plain);
    expect(expandEventSteps(undefined)).toBeUndefined();
  });
});

describe('queues across a spec file', () => {
  const spec: SpecFile = {
    file: 'f.yaml',
    operation: 'POST /typing',
    title: 't',
    fixtures: [queue('fq', { as: 'admin' })],
    cleanup: [read('fq'), read('cq')],
    cases: [
      { id: 'a', title: 'a', clauses: ['c'], steps: [queue('cq', { as: 'guest' }), read('fq'), read('cq')], cleanup: [read('cq')] },
      { id: 'b', title: 'b', clauses: ['c'], steps: [read('cq')] },
    ],
  };
  // Expanded inside each test: a mutant is judged by the tests that run the code it changes.
  const expanded = () => expandEventStepsOf(spec);

  it("a fixture's queue is read as its role by every case and the file's cleanup", () => {
    expect(expanded().cases[0].steps[1].as).toBe('admin');
    expect(expanded().cleanup![0].as).toBe('admin');
  });

  it("a case's queue is read as its role in that case and its cleanup, and nowhere else", () => {
    expect(expanded().cases[0].steps[2].as).toBe('guest');
    expect(expanded().cases[0].cleanup![0].as).toBe('guest');
    expect(expanded().cases[1].steps[0].as).toBeUndefined();
    expect(expanded().cleanup![1].as).toBeUndefined();
  });

  it('keeps the rest of the file', () => {
    expect(expanded()).toMatchObject({ file: 'f.yaml', operation: 'POST /typing', title: 't' });
    expect(expanded().fixtures![0].request.path).toBe('/register');
    expect(expanded().cases.map((c) => c.id)).toEqual(['a', 'b']);
  });
});
