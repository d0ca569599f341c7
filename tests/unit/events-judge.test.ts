// The events judge, without a server: which event an expectation picks, when the wait may end,
// and what a missing, early, miscounted, malformed or forbidden event says. A hole here passes
// every server that sends the wrong events (or none).
import { describe, expect, it } from 'vitest';
import { eventsComplete, judgeEvents, type QueuedEvent } from '../../src/engine/judge/events-judge.js';
import { unitSchema } from './unit-schemas.js';
import type { EventExpectation, EventsSpec } from '../../src/engine/load/types.js';

const events: QueuedEvent[] = [
  { id: 0, type: 'typing', op: 'start', sender: { user_id: 1 } },
  { id: 1, type: 'message', message: { id: 9 } },
  { id: 2, type: 'delete_message', message_id: 7 },
  { id: 3, type: 'delete_message', message_id: 8 },
];
const GOT = '(typing start, message, delete_message, delete_message)';
const spec = (expectations: EventExpectation[], more: Partial<EventsSpec> = {}): EventsSpec => ({ queue: 'q', expect: expectations, ...more });
/** The findings, each with the clause of the expectation it came from (`by`), which the runner falls back to. */
const judged = (s: EventsSpec, list = events) => judgeEvents(list, s, 10).map(({ expectation, ...f }) => ({ ...f, by: expectation?.clause }));

// Schemas of their own, so these tests do not move when schemas/events/ changes.
const SCHEMA = unitSchema('unit-events-judge', {
  type: 'object',
  required: ['message_id'],
  properties: { message_id: { type: 'string', 'x-clause': 'op9.id' } },
});
const SMALL = unitSchema('unit-events-judge-small', {
  type: 'object',
  maxProperties: 2,
  properties: Object.fromEntries('abcdef'.split('').map((k) => [k, { type: 'string' }])),
});

describe('which events an expectation picks', () => {
  it('by type, op when it names one, and every field of where (a body path)', () => {
    expect(judged(spec([{ type: 'typing', op: 'start', where: { 'sender.user_id': 1 } }]))).toEqual([]);
    expect(judged(spec([{ type: 'typing', where: { 'sender.user_id': 2 } }]))[0]).toMatchObject({ expected: 'a typing event with {"sender.user_id":2}' });
    expect(judged(spec([{ type: 'typing', op: 'stop' }]))[0]).toMatchObject({ expected: 'a typing stop event' });
    expect(judged(spec([{ type: 'message', op: 'add' }]))[0]).toMatchObject({ expected: 'a message add event' });
    expect(judged(spec([{ type: 'delete_message', where: { message_id: 8, id: 3 } }]))).toEqual([]);
    expect(judged(spec([{ type: 'delete_message', where: { message_id: 8, id: 2 } }]))).toHaveLength(1);
  });

  it('by text with whereMatches: every field a string matching its pattern, besides every field of where', () => {
    const notices: QueuedEvent[] = [
      { id: 0, type: 'message', message: { sender: 'bot', content: 'you joined channel x' } },
      { id: 1, type: 'message', message: { sender: 'bot', content: 'added you to the group g7' } },
      { id: 2, type: 'message', message: { sender: 'bot', content: 7 } },
    ];
    const pick = (e: Partial<EventExpectation>) => judged(spec([{ type: 'message', ...e }]), notices);
    expect(pick({ where: { 'message.sender': 'bot' }, whereMatches: { 'message.content': 'added you.*g7' }, body: [{ path: 'id', equals: 1 }] })).toEqual([]);
    expect(pick({ where: { 'message.sender': 'someone' }, whereMatches: { 'message.content': 'added you' } })[0]).toMatchObject({
      expected: 'a message event with {"message.sender":"someone"} matching {"message.content":"added you"}',
    });
    expect(pick({ whereMatches: { 'message.content': '^7$' } })[0]).toMatchObject({ expected: 'a message event matching {"message.content":"^7$"}' });
    expect(pick({ whereMatches: { 'message.missing': '.*' } })).toHaveLength(1);
    expect(judged({ queue: 'q', none: [{ type: 'message', whereMatches: { 'message.content': 'joined' } }] }, notices)[0]).toMatchObject({
      path: 'events[0]',
      expected: 'no message event matching {"message.content":"joined"}',
    });
  });
});

describe('eventsComplete: when the wait may end', () => {
  it('when every expectation has its events, after the ones before it', () => {
    expect(eventsComplete(events, spec([{ type: 'typing' }, { type: 'delete_message' }]))).toBe(true);
    expect(eventsComplete(events, spec([{ type: 'message' }, { type: 'typing' }]))).toBe(false);
    expect(eventsComplete(events, spec([{ type: 'message' }, { type: 'typing' }], { ordered: false }))).toBe(true);
  });

  it('when an expectation with a count has that many', () => {
    expect(eventsComplete(events, spec([{ type: 'delete_message', count: 2 }]))).toBe(true);
    expect(eventsComplete(events, spec([{ type: 'delete_message', count: 3 }]))).toBe(false);
  });

  it('an event counts for one expectation only, in order: the next looks after the last one used', () => {
    expect(eventsComplete(events, spec([{ type: 'delete_message' }, { type: 'delete_message' }]))).toBe(true);
    expect(eventsComplete(events, spec([{ type: 'delete_message', count: 2 }, { type: 'delete_message' }]))).toBe(false);
    expect(eventsComplete(events, spec([{ type: 'delete_message', count: 2 }, { type: 'delete_message' }], { ordered: false }))).toBe(true);
  });

  it('with no expectation, at once; with no event, never', () => {
    expect(eventsComplete([], { queue: 'q' })).toBe(true);
    expect(eventsComplete([], spec([{ type: 'typing' }]))).toBe(false);
  });
});

describe('what the judge says', () => {
  it('a missing event: none within the wait, and what came', () => {
    expect(judgeEvents(events, spec([{ type: 'typing', op: 'stop', clause: 'op3.stop' }]), 1500)).toEqual([
      {
        check: 'events',
        path: 'events[?type=typing]',
        expectation: { type: 'typing', op: 'stop', clause: 'op3.stop' },
        expected: 'a typing stop event',
        actual: `none within 1500 ms ${GOT}`,
      },
    ]);
    expect(judged(spec([{ type: 'typing' }]), [])[0]).toMatchObject({ actual: 'none within 10 ms (no events)' });
    expect(judged(spec([{ type: 'x' }]), [{ type: 'heartbeat', op: 7 }])[0]).toMatchObject({ actual: 'none within 10 ms (heartbeat)' });
  });

  it('an event before the ones it should follow came out of order; unordered, it is fine', () => {
    expect(judged(spec([{ type: 'message' }, { type: 'typing' }]))).toEqual([
      {
        check: 'events',
        path: 'events[?type=typing]',
        expected: 'a typing event after the ones before it',
        actual: `it came earlier, out of order ${GOT}`,
        by: undefined,
      },
    ]);
    expect(judged(spec([{ type: 'message' }, { type: 'typing' }], { ordered: false }))).toEqual([]);
  });

  it('a missing event does not move the cursor: the next expectation looks where it would have', () => {
    expect(judged(spec([{ type: 'typing' }, { type: 'nope' }, { type: 'message' }]))).toHaveLength(1);
  });

  it('a count is exact, and says how many came', () => {
    expect(judged(spec([{ type: 'delete_message', count: 1 }]))).toEqual([
      { check: 'events', path: 'events[?type=delete_message]', expected: '1 delete_message events', actual: `2 ${GOT}`, by: undefined },
    ]);
    expect(judged(spec([{ type: 'delete_message', count: 2 }]))).toEqual([]);
  });

  it('with a count every matching event is judged; without, the first only', () => {
    const body = [{ path: 'message_id', equals: 7 }];
    expect(judged(spec([{ type: 'delete_message', count: 2, body }])).map((f) => f.path)).toEqual(['events[3].message_id']);
    expect(judged(spec([{ type: 'delete_message', body }]))).toEqual([]);
  });

  it('the events used by a counted expectation are not used again; later ones are', () => {
    const list = [...events, { id: 4, type: 'delete_message', message_id: 9 }];
    expect(
      judged(
        spec([
          { type: 'delete_message', count: 2 },
          { type: 'delete_message', body: [{ path: 'message_id', equals: 9 }] },
        ]),
        list,
      ),
    ).toEqual([
      {
        check: 'events',
        path: 'events[?type=delete_message]',
        expected: '2 delete_message events',
        actual: '3 (typing start, message, delete_message, delete_message, delete_message)',
        by: undefined,
      },
    ]);
  });

  it("a body assertion is at the event's index and names its own clause, else the expectation's", () => {
    const e: EventExpectation = {
      type: 'delete_message',
      where: { message_id: 8 },
      clause: 'op9.event',
      body: [
        { path: 'message_id', equals: 7 },
        { path: 'id', equals: 0, clause: 'op9.id' },
      ],
    };
    expect(judged(spec([e]))).toEqual([
      { check: 'events', path: 'events[3].message_id', expected: '7', actual: '8', by: 'op9.event' },
      { check: 'events', path: 'events[3].id', expected: '0', actual: '3', by: 'op9.id' },
    ]);
  });

  it("a body assertion naming its own facts carries them, else the expectation's; one with when applies only where its condition holds", () => {
    const e: EventExpectation = {
      type: 'delete_message',
      where: { message_id: 8 },
      facts: ['zulip.event'],
      body: [
        { path: 'message_id', equals: 7 },
        { path: 'id', equals: 0, facts: ['zulip.first'] },
        { path: 'id', equals: 1, when: { path: 'id', type: 'string' } },
      ],
    };
    const found = judgeEvents(events, spec([e]), 10).map((f) => [f.path, f.expectation?.facts]);
    expect(found).toEqual([
      ['events[3].message_id', ['zulip.event']],
      ['events[3].id', ['zulip.first']],
    ]);
  });

  it("a schema error is at the event's index, with the schema's clause and name", () => {
    expect(judged(spec([{ type: 'delete_message', schema: SCHEMA }]))).toEqual([
      {
        check: 'schema',
        path: 'events[2].message_id',
        expected: 'string',
        actual: '7',
        clause: 'op9.id',
        by: undefined,
        message: 'events[2].message_id: expected string, got 7 (schema unit-events-judge)',
      },
    ]);
    expect(judged(spec([{ type: 'typing', schema: SCHEMA }]))).toEqual([
      {
        check: 'schema',
        path: 'events[0].message_id',
        expected: 'the field (required)',
        actual: 'nothing (the field is missing)',
        clause: 'op9.id',
        by: undefined,
        message: 'events[0].message_id: expected the field (required), got nothing (the field is missing) (schema unit-events-judge)',
      },
    ]);
  });

  it('a schema error about the whole event is at the event; more than five are counted there', () => {
    expect(judged(spec([{ type: 'message', schema: SMALL }]))).toEqual([
      {
        check: 'schema',
        path: 'events[1]',
        expected: 'NOT have more than 2 properties',
        actual: '{"id":1,"type":"message","message":{"id":9}}',
        clause: undefined,
        by: undefined,
        message: 'events[1]: expected NOT have more than 2 properties, got {"id":1,"type":"message","message":{"id":9}} (schema unit-events-judge-small)',
      },
    ]);
    const wrong = { type: 'x', a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 };
    expect(judged(spec([{ type: 'x', schema: SMALL }]), [{ id: 0, type: 'y' }, wrong]).at(-1)).toEqual({
      check: 'schema',
      path: 'events[1]',
      message: '... and 2 more schema errors',
      by: undefined,
    });
  });

  it('two expectations of one type take one event each, in order', () => {
    expect(judged(spec([{ type: 'delete_message', where: { message_id: 7 } }, { type: 'delete_message' }]))).toEqual([]);
    expect(judged(spec([{ type: 'delete_message' }, { type: 'delete_message', where: { message_id: 8 } }]))).toEqual([]);
  });

  it('after a counted expectation, the next looks past the last event it counted', () => {
    const list = [...events, { id: 4, type: 'delete_message', message_id: 9 }, { id: 5, type: 'message' }];
    expect(
      judged(
        spec([
          { type: 'delete_message', count: 3 },
          { type: 'delete_message', where: { message_id: 9 } },
        ]),
        list,
      )[0],
    ).toMatchObject({ expected: 'a delete_message event with {"message_id":9} after the ones before it' });
    expect(
      judged(
        spec([
          { type: 'delete_message', count: 3 },
          { type: 'message', where: { id: 5 } },
        ]),
        list,
      ),
    ).toEqual([]);
  });

  it('a forbidden type is a finding at the first such event, wherever it came', () => {
    expect(judged(spec([{ type: 'typing' }], { none: ['delete_message'] }))).toEqual([
      {
        check: 'events',
        path: 'events[2]',
        expected: 'no delete_message event',
        actual: 'one ({"id":2,"type":"delete_message","message_id":7})',
        by: undefined,
      },
    ]);
    expect(judged({ queue: 'q', none: ['typing'] })[0]).toMatchObject({ path: 'events[0]' });
    expect(judged(spec([{ type: 'typing' }], { none: ['presence'] }))).toEqual([]);
  });

  it('a forbidden event named by its fields: only a matching one is a finding, not another event of the type', () => {
    expect(judged(spec([{ type: 'typing' }], { none: [{ type: 'delete_message', where: { message_id: 99 } }] }))).toEqual([]);
    expect(judged(spec([{ type: 'typing' }], { none: [{ type: 'delete_message', op: 'remove' }] }))).toEqual([]);
    expect(judged(spec([{ type: 'typing' }], { none: [{ type: 'delete_message', where: { message_id: 8 } }] }))).toEqual([
      {
        check: 'events',
        path: 'events[3]',
        expected: 'no delete_message event with {"message_id":8}',
        actual: 'one ({"id":3,"type":"delete_message","message_id":8})',
        by: undefined,
      },
    ]);
  });
});

describe('a list holding what is no event', () => {
  it('each entry that is not a JSON object is a finding of its own, and matches no expectation', () => {
    const odd = [null, 3, 'typing', [{ type: 'typing' }], ...events] as unknown as QueuedEvent[];
    expect(judged(spec([{ type: 'typing' }], { none: ['message'] }), odd).map((f) => [f.path, f.expected, f.actual])).toEqual([
      ['events[0]', 'an event (a JSON object)', 'null'],
      ['events[1]', 'an event (a JSON object)', '3'],
      ['events[2]', 'an event (a JSON object)', '"typing"'],
      ['events[3]', 'an event (a JSON object)', '[{"type":"typing"}]'],
      ['events[5]', 'no message event', 'one ({"id":1,"type":"message","message":{"id":9}})'],
    ]);
    expect(eventsComplete([null] as unknown as QueuedEvent[], spec([{ type: 'typing' }]))).toBe(false);
  });

  it('what came is listed with such entries shown as they are', () => {
    expect(judged(spec([{ type: 'typing' }]), [null, { type: 'message', op: 'add' }] as unknown as QueuedEvent[]).map((f) => f.actual)).toEqual([
      'null',
      'none within 10 ms (null, message add)',
    ]);
  });
});
