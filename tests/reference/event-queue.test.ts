// The event queue as the Zulip server runs it: an answer at once (no queue_id) when events wait
// or dont_block is set; otherwise the request is held until an event comes (the answer then
// carries queue_id) or a heartbeat is due; a later request for the queue ends a held one; every
// new message reaches the queues of its sender and receivers as a message event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { call, expectSuccess } from './helpers.js';
import { openQueue } from './event-helpers.js';

let s: ReferenceServer;
beforeAll(async () => {
  s = await startReferenceServer({ heartbeatMs: 300 });
});
afterAll(() => s.close());

const poll = (queue: string, query: Record<string, string> = {}) =>
  call(s, 'GET', '/events', { as: s.accounts.member2, query: { queue_id: queue, last_event_id: '-1', ...query } });
const dm = (content: string) =>
  call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'direct', to: JSON.stringify([s.accounts.member2.userId]), content } });

describe('reference server: the event queue', () => {
  it("holds an empty queue's request until a message comes, then answers with queue_id and the message event", async () => {
    const queue = await openQueue(s, s.accounts.member2, {}, ['message']);
    const held = poll(queue);
    await new Promise((r) => setTimeout(r, 50));
    expectSuccess(await dm('while you wait'));
    const answer = await held;
    expect(answer.body.queue_id).toBe(queue);
    expect(answer.body.events).toEqual([
      expect.objectContaining({
        id: 0,
        type: 'message',
        flags: [],
        message: expect.objectContaining({ content: '<p>while you wait</p>', sender_id: s.accounts.member.userId, type: 'private' }),
      }),
    ]);
  });

  it('answers at once, without queue_id, when events wait or dont_block is set', async () => {
    const queue = await openQueue(s, s.accounts.member2, {}, ['message']);
    expectSuccess(await dm('already there'));
    expect(Object.keys((await poll(queue)).body).sort()).toEqual(['events', 'msg', 'result']);
    const empty = await openQueue(s, s.accounts.member2, {}, ['message']);
    expect((await poll(empty, { dont_block: 'true' })).body).toEqual({ result: 'success', msg: '', events: [] });
  });

  it('ends a held request with a heartbeat, which passes any event_types filter', async () => {
    const queue = await openQueue(s, s.accounts.member2, {}, ['typing']);
    const answer = await poll(queue);
    expect(answer.body).toMatchObject({ result: 'success', queue_id: queue, events: [{ id: 0, type: 'heartbeat' }] });
  });

  it('gives the sender the message with flags read, raw content when the queue asked for it', async () => {
    const register = await call(s, 'POST', '/register', { as: s.accounts.member, form: { event_types: '["message"]', apply_markdown: 'false' } });
    expectSuccess(await dm('**raw**'));
    const answer = await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: register.body.queue_id, last_event_id: '-1' } });
    expect(answer.body.events[0]).toMatchObject({ flags: ['read'], message: { content: '**raw**', content_type: 'text/x-markdown' } });
  });
});

// Zulip's garbage collection of idle queues (fact zulip.events.queue.idle-expiry), on a server
// whose queues live 150 ms instead of ten minutes: a sweep comes with the next queue opened or
// event sent once the period has passed. The waits are several periods long, and what is
// asserted is which queues are gone, never a time.
describe('reference server: idle event queues expire', () => {
  let short: ReferenceServer;
  beforeAll(async () => {
    short = await startReferenceServer({ queueIdleMs: 150, heartbeatMs: 900 });
  });
  afterAll(() => short.close());
  const read = (queue: string) =>
    call(short, 'GET', '/events', { as: short.accounts.member2, query: { queue_id: queue, last_event_id: '-1', dont_block: 'true' } });
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('a queue nobody waits on is dropped once idle past its lifespan; one with a request held open stays', async () => {
    const idle = await openQueue(short, short.accounts.member2, {}, ['message']);
    const waited = await openQueue(short, short.accounts.member2, {}, ['message']);
    // A week-long lifespan asked for at registration outlives the default.
    const kept = (
      await call(short, 'POST', '/register', {
        as: short.accounts.member2,
        form: { event_types: JSON.stringify(['message']), queue_lifespan_secs: '604800' },
      })
    ).body.queue_id as string;
    const held = call(short, 'GET', '/events', { as: short.accounts.member2, query: { queue_id: waited, last_event_id: '-1' } });
    await pause(500);
    await openQueue(short, short.accounts.member2, {}, ['message']); // the sweep
    expect((await read(idle)).body).toMatchObject({ result: 'error', code: 'BAD_EVENT_QUEUE_ID' });
    expectSuccess(await read(kept));
    expect((await held).body).toMatchObject({ result: 'success', queue_id: waited });
    expectSuccess(await read(waited));
  });
});
