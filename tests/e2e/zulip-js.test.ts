// A real client from the npm registry against the embedded reference server: zulip-js (2.1.0,
// a devDependency) registers an event queue, sends a message, polls the queue the way its own
// callOnEachEvent loop does (GET /events with dont_block=false, a long poll answered when an
// event comes or a heartbeat is due) and receives the message event; then it edits the message
// and receives the update_message event. callOnEachEvent itself never returns, so the test runs
// the same requests (queues.register, events.retrieve) in a loop it can stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulip from 'zulip-js';
import { startReferenceServer, type ReferenceAccount, type ReferenceServer } from '../../src/reference/server.js';

type Client = Awaited<ReturnType<typeof zulip>>;
type Event = Record<string, any> & { id: number; type: string };

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ heartbeatMs: 400 });
});
afterAll(() => server.close());

const clientOf = (account: ReferenceAccount) => zulip({ username: account.email, apiKey: account.apiKey, realm: server.url });

/** A queue of the client's, read as zulip-js's callOnEachEvent reads it: long polls, acknowledging what came. */
async function openQueue(client: Client, eventTypes: string[]) {
  const registered = await client.queues.register({ event_types: eventTypes });
  expect(registered).toMatchObject({ result: 'success', queue_id: expect.any(String), last_event_id: -1 });
  let lastEventId = registered.last_event_id as number;
  const queueId = registered.queue_id as string;
  return {
    queueId,
    /** Long-polls until an event matching `wanted` comes (heartbeats and others are skipped); bounded. */
    async next(wanted: (e: Event) => boolean, withinMs = 5000): Promise<Event> {
      const deadline = Date.now() + withinMs;
      while (Date.now() < deadline) {
        const answer = await client.events.retrieve({ queue_id: queueId, last_event_id: lastEventId, dont_block: false });
        expect(answer.result, JSON.stringify(answer)).toBe('success');
        for (const event of answer.events as Event[]) {
          lastEventId = Math.max(lastEventId, event.id);
          if (wanted(event)) return event;
        }
      }
      throw new Error(`no matching event within ${withinMs} ms`);
    },
    close: () => client.queues.deregister({ queue_id: queueId }),
  };
}

describe('zulip-js (npm) against the reference server', () => {
  let sender: Client;
  let receiver: Client;
  let messageId: number;
  beforeAll(async () => {
    [sender, receiver] = await Promise.all([clientOf(server.accounts.member), clientOf(server.accounts.member2)]);
  });

  it('registers a queue, sends a message and receives the message event by long polling', async () => {
    const [own, theirs] = await Promise.all([openQueue(sender, ['message']), openQueue(receiver, ['message'])]);
    // The receiver's long poll is held before the message exists: the event ends it.
    const arriving = theirs.next((e) => e.type === 'message');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = await sender.messages.send({ type: 'direct', to: JSON.stringify([server.accounts.member2.userId]), content: 'hello from zulip-js' });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    messageId = sent.id;
    const received = await arriving;
    expect(received).toMatchObject({
      type: 'message',
      message: { id: messageId, content: '<p>hello from zulip-js</p>', sender_id: server.accounts.member.userId },
    });
    expect(await own.next((e) => e.type === 'message')).toMatchObject({ message: { id: messageId } });
    await Promise.all([own.close(), theirs.close()]);
  });

  it('edits the message and receives the update_message event', async () => {
    const queue = await openQueue(receiver, ['update_message']);
    const arriving = queue.next((e) => e.type === 'update_message');
    const edited = await sender.messages.update({ message_id: messageId, content: 'edited by zulip-js' });
    expect(edited).toMatchObject({ result: 'success' });
    expect(await arriving).toMatchObject({
      type: 'update_message',
      message_id: messageId,
      message_ids: [messageId],
      content: 'edited by zulip-js',
      orig_content: 'hello from zulip-js',
    });
    await queue.close();
  });
});
