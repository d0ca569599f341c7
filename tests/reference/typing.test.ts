import { describe, expect, it } from 'vitest';
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { events, openQueue } from './event-helpers.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;
const typing = (s: ReferenceServer, as: Who, form: Record<string, string>) => call(s, 'POST', '/typing', { as, form });

describe('reference server: POST /typing', () => {
  const server = useServer();

  it('direct typing reaches every participant, the sender included', async () => {
    const s = server();
    const { member, member2 } = s.accounts;
    const q2 = await openQueue(s, member2);
    const q1 = await openQueue(s, member);
    expectSuccess(await typing(s, member, { op: 'start', to: JSON.stringify([member2.userId]) }));
    const got = await events(s, member2, q2);
    expect(got).toEqual([
      {
        type: 'typing',
        op: 'start',
        message_type: 'direct',
        id: 0,
        sender: { user_id: member.userId, email: member.email },
        recipients: [
          { user_id: member.userId, email: member.email },
          { user_id: member2.userId, email: member2.email },
        ],
      },
    ]);
    expect(await events(s, member, q1)).toHaveLength(1);
  });

  it('channel typing goes only to queues that declared stream_typing_notifications', async () => {
    const s = server();
    const { owner, admin, member } = s.accounts;
    const declared = await openQueue(s, admin, { stream_typing_notifications: true, empty_topic_name: true });
    const plain = await openQueue(s, admin);
    expectSuccess(await typing(s, owner, { type: 'channel', op: 'stop', stream_id: '2', topic: '(no topic)' }));
    expect(await events(s, admin, declared)).toEqual([
      { type: 'typing', op: 'stop', message_type: 'stream', sender: { user_id: owner.userId, email: owner.email }, stream_id: 2, topic: '', id: 0 },
    ]);
    expect(await events(s, admin, plain)).toEqual([]);
    // The member is not subscribed to channel 2: no event.
    const outsider = await openQueue(s, member, { stream_typing_notifications: true });
    expectSuccess(await typing(s, owner, { type: 'stream', op: 'start', stream_id: '2', topic: 'plans' }));
    expect(await events(s, member, outsider)).toEqual([]);
  });

  it('the empty topic is shown by its display name to clients without empty_topic_name', async () => {
    const s = server();
    const q = await openQueue(s, s.accounts.admin, { stream_typing_notifications: true });
    expectSuccess(await typing(s, s.accounts.owner, { type: 'channel', op: 'start', stream_id: '2', topic: 'general chat' }));
    expect((await events(s, s.accounts.admin, q))[0].topic).toBe('general chat');
  });

  it('refuses private, bad ops and missing arguments with Zulip texts', async () => {
    const s = server();
    const m = s.accounts.member;
    const to = JSON.stringify([s.accounts.member2.userId]);
    expectError(await typing(s, m, { type: 'private', op: 'start', to }), 400, 'BAD_REQUEST', 'Invalid type');
    expectError(await typing(s, m, { to }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'op' argument");
    expectError(await typing(s, m, { op: 'pause', to }), 400, 'BAD_REQUEST', 'Invalid op');
    expectError(await typing(s, m, { op: 'start' }), 400, 'BAD_REQUEST', "Missing 'to' argument");
    expectError(await typing(s, m, { op: 'start', to: '[]' }), 400, 'BAD_REQUEST', "Empty 'to' list");
    expectError(await typing(s, m, { op: 'start', to: '[999]' }), 400, 'BAD_REQUEST', 'Invalid user ID 999');
    expectError(await typing(s, m, { type: 'channel', op: 'start', topic: 'x' }), 400, 'BAD_REQUEST', "Missing 'stream_id' argument");
    expectError(await typing(s, m, { type: 'channel', op: 'start', stream_id: '1' }), 400, 'BAD_REQUEST', 'Missing topic');
    expectError(await typing(s, m, { type: 'channel', op: 'start', stream_id: '3', topic: 'x' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
  });

  it('ignores to for channel typing and stream_id for direct typing, once parsed as Zulip parses them', async () => {
    const s = server();
    const m = s.accounts.member;
    expectSuccess(await typing(s, m, { type: 'channel', op: 'start', stream_id: '1', topic: 'x', to: '[]' }));
    expectSuccess(await typing(s, m, { type: 'channel', op: 'start', stream_id: '1', topic: 'x', to: '[987654321]' }));
    expectSuccess(await typing(s, m, { op: 'start', to: JSON.stringify([s.accounts.member2.userId]), stream_id: '3' }));
    expectSuccess(await typing(s, m, { op: 'start', to: JSON.stringify([s.accounts.member2.userId]), stream_id: '987654321', topic: 'x' }));
    expectError(await typing(s, m, { type: 'channel', op: 'start', stream_id: '1', topic: 'x', to: '["a"]' }), 400, 'BAD_REQUEST', 'to[0] is not an integer');
    expectError(await typing(s, m, { op: 'start', to: JSON.stringify([s.accounts.member2.userId]), stream_id: 'one' }), 400, 'BAD_REQUEST');
  });

  it('events are acknowledged with last_event_id; an unknown queue is BAD_EVENT_QUEUE_ID', async () => {
    const s = server();
    const { member, member2 } = s.accounts;
    const q = await openQueue(s, member2);
    for (const op of ['start', 'stop']) await typing(s, member, { op, to: JSON.stringify([member2.userId]) });
    const rest = await call(s, 'GET', '/events', { as: member2, query: { queue_id: q, last_event_id: '0' } });
    expect(rest.body.events.map((e: { op: string; id: number }) => [e.op, e.id])).toEqual([['stop', 1]]);
    expectSuccess(await call(s, 'DELETE', '/events', { as: member2, form: { queue_id: q } }));
    expectError(await call(s, 'GET', '/events', { as: member2, query: { queue_id: q } }), 400, 'BAD_EVENT_QUEUE_ID');
  });
});
