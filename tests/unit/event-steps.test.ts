// Event steps: a queue step opens a queue as a role, an events step reads it with a bounded wait
// and judges the events (present, in order, counted, their payload, none of a forbidden type).
import { describe, expect, it } from 'vitest';
import { loadSpecFile } from '../../src/engine/load/load.js';
import { eventsComplete, judgeEvents } from '../../src/engine/judge/events-judge.js';
import { executeSpecs } from '../../src/runner/execute.js';
import { withSession } from '../support/run-suite.js';

const SPEC = `operation: POST /typing
title: typing events
cases:
  - id: ev.typing-start
    title: the recipient's queue gets a typing start event
    clauses: [op3.events]
    facts: [zulip.events.typing.direct]
    profile: zulip
    steps:
      - as: member2
        queue: { name: q, eventTypes: [typing] }
      - request: { method: POST, path: /typing, params: { op: start, to: ["\${accounts.member2.user_id}"] } }
        expect: { result: success }
      - events:
          queue: q
          withinMs: 1500
          expect:
            - type: typing
              op: start
              where: { "recipients[*].user_id": "\${accounts.member2.user_id}" }
              schema: events/typing
              body: [{ path: sender.user_id, equals: "\${accounts.member.user_id}" }]
`;

describe('event steps', () => {
  it('expand to the registration (with notification_settings_null) and the read, as the role of the queue', () => {
    const spec = loadSpecFile('/tmp/events.yaml', SPEC);
    const [open, , read] = spec.cases[0].steps;
    expect(open.request).toEqual({
      method: 'POST',
      path: '/register',
      params: { event_types: ['typing'], client_capabilities: { notification_settings_null: true } },
    });
    expect(open).toMatchObject({ capture: { q: 'queue_id' }, setup: true });
    expect(read).toMatchObject({ as: 'member2', request: { method: 'GET', path: '/events', params: { queue_id: '${q}', dont_block: true } } });
  });

  const events = [
    { id: 0, type: 'typing', op: 'start', sender: { user_id: 1 } },
    { id: 1, type: 'message', message: { id: 9 } },
    { id: 2, type: 'delete_message', message_id: 7 },
    { id: 3, type: 'delete_message', message_id: 8 },
  ];

  it('judges presence, order, count, payload and forbidden types', () => {
    expect(
      judgeEvents(
        events,
        {
          queue: 'q',
          expect: [
            { type: 'typing', op: 'start' },
            { type: 'delete_message', count: 2 },
          ],
        },
        10,
      ),
    ).toEqual([]);
    const missing = judgeEvents(events, { queue: 'q', expect: [{ type: 'typing', op: 'stop' }] }, 1500);
    expect(missing[0]).toMatchObject({
      check: 'events',
      expected: 'a typing stop event',
      actual: 'none within 1500 ms (typing start, message, delete_message, delete_message)',
    });
    const late = judgeEvents(events, { queue: 'q', expect: [{ type: 'message' }, { type: 'typing' }] }, 10);
    expect(late[0]).toMatchObject({ expected: 'a typing event after the ones before it', actual: expect.stringMatching(/^it came earlier, out of order/) });
    expect(judgeEvents(events, { queue: 'q', ordered: false, expect: [{ type: 'message' }, { type: 'typing' }] }, 10)).toEqual([]);
    expect(judgeEvents(events, { queue: 'q', expect: [{ type: 'delete_message', count: 1 }] }, 10)[0]).toMatchObject({
      expected: '1 delete_message events',
      actual: expect.stringMatching(/^2 /),
    });
    expect(
      judgeEvents(events, { queue: 'q', expect: [{ type: 'delete_message', where: { message_id: 8 }, body: [{ path: 'message_id', equals: 7 }] }] }, 10)[0],
    ).toMatchObject({ path: 'events[3].message_id', expected: '7', actual: '8' });
    expect(judgeEvents(events, { queue: 'q', expect: [{ type: 'typing' }], none: ['message'] }, 10)[0]).toMatchObject({
      expected: 'no message event',
      path: 'events[1]',
    });
    // A list holding something that is no event fails the step instead of stopping the run.
    expect(
      judgeEvents([null, 3, ...events] as never[], { queue: 'q', expect: [{ type: 'typing' }], none: ['message'] }, 10).map((f) => [
        f.path,
        f.expected,
        f.actual,
      ]),
    ).toEqual([
      ['events[0]', 'an event (a JSON object)', 'null'],
      ['events[1]', 'an event (a JSON object)', '3'],
      ['events[3]', 'no message event', expect.stringMatching(/^one /)],
    ]);
    expect(judgeEvents([null] as never[], { queue: 'q', expect: [{ type: 'typing' }] }, 10).map((f) => f.actual)).toEqual(['null', 'none within 10 ms (null)']);
    // A forbidden event named by its fields: another case's event of the same type does not count.
    expect(judgeEvents(events, { queue: 'q', expect: [{ type: 'typing' }], none: [{ type: 'delete_message', where: { message_id: 99 } }] }, 10)).toEqual([]);
    expect(
      judgeEvents(events, { queue: 'q', expect: [{ type: 'typing' }], none: [{ type: 'delete_message', where: { message_id: 8 } }] }, 10)[0],
    ).toMatchObject({ expected: 'no delete_message event with {"message_id":8}', path: 'events[3]' });
    // A path through [*] picks the event one of whose elements equals the value.
    const lists = [
      { id: 0, type: 'default_streams', default_streams: [1, 2] },
      { id: 1, type: 'default_streams', default_streams: [1, 2, 3] },
    ];
    expect(
      judgeEvents(
        lists,
        { queue: 'q', expect: [{ type: 'default_streams', where: { 'default_streams[*]': 3 }, body: [{ path: 'default_streams', length: 3 }] }] },
        10,
      ),
    ).toEqual([]);
    expect(judgeEvents(lists, { queue: 'q', expect: [{ type: 'default_streams', where: { 'default_streams[*]': 4 } }] }, 10)[0]).toMatchObject({
      expected: 'a default_streams event with {"default_streams[*]":4}',
    });
  });

  it('knows when the wait may end: every expectation has its events', () => {
    expect(eventsComplete(events, { queue: 'q', expect: [{ type: 'typing' }, { type: 'delete_message', count: 2 }] })).toBe(true);
    expect(eventsComplete(events.slice(0, 3), { queue: 'q', expect: [{ type: 'typing' }, { type: 'delete_message', count: 2 }] })).toBe(false);
  });

  it('runs against the reference server, and fails naming the missing event when the server sends none', async () => {
    const spec = loadSpecFile('/tmp/events.yaml', SPEC);
    const [clean] = await withSession({ profile: 'zulip' }, (session) => executeSpecs(session, [spec]));
    expect(clean.message ?? '').toBe('');
    expect(clean.status).toBe('passed');
    const [broken] = await withSession({ profile: 'zulip', quirks: ['typing-no-event'] }, (session) => executeSpecs(session, [spec]));
    expect(broken).toMatchObject({ status: 'failed', broken: ['zulip.events.typing.direct'] });
    expect(broken.failures![0]).toMatchObject({
      check: 'events',
      step: 3,
      profile: 'zulip',
      expected: expect.stringMatching(/^a typing start event with \{"recipients\[\*\]\.user_id":\d+\}$/),
      actual: expect.stringMatching(/^none within \d+ ms \(no events\)$/),
    });
  });
});
