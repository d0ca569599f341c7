// Shared steps of the topic tests: a fresh channel, messages in it, its topic list.
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { call, expectSuccess } from './helpers.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;
let counter = 0;
const names = new Map<number, string>();

/** Creates a channel as `as`, subscribing `principals` (user ids, the creator included); returns its id. */
export async function newChannel(s: ReferenceServer, as: Who, principals: number[], extra: Record<string, string> = {}): Promise<number> {
  const name = `topics test ${(counter += 1)}`;
  expectSuccess(
    await call(s, 'POST', '/users/me/subscriptions', {
      as,
      form: { subscriptions: JSON.stringify([{ name }]), principals: JSON.stringify(principals), ...extra },
    }),
  );
  const id: number = (await call(s, 'GET', '/get_stream_id', { as, query: { stream: name } })).body.stream_id;
  names.set(id, name);
  return id;
}

/** The owner subscribes `userId` to a channel made by newChannel. */
export async function join(s: ReferenceServer, channelId: number, userId: number): Promise<void> {
  expectSuccess(
    await call(s, 'POST', '/users/me/subscriptions', {
      as: s.accounts.owner,
      form: { subscriptions: JSON.stringify([{ name: names.get(channelId) }]), principals: JSON.stringify([userId]) },
    }),
  );
}

export async function send(s: ReferenceServer, as: Who, channelId: number, topic: string): Promise<number> {
  const answer = await call(s, 'POST', '/messages', { as, form: { type: 'stream', to: String(channelId), topic, content: `in ${topic}` } });
  expectSuccess(answer);
  return answer.body.id;
}

export async function topics(s: ReferenceServer, as: Who, channelId: number, query: Record<string, string> = {}) {
  return call(s, 'GET', `/users/me/${channelId}/topics`, { as, query });
}

/** The caller's messages of a channel topic, with their flags. */
export async function fetchTopic(s: ReferenceServer, as: Who, channelId: number, topic: string) {
  const narrow = JSON.stringify([
    { operator: 'channel', operand: channelId },
    { operator: 'topic', operand: topic },
  ]);
  const answer = await call(s, 'GET', '/messages', { as, query: { anchor: 'oldest', num_before: '0', num_after: '100', narrow } });
  expectSuccess(answer);
  return answer.body.messages as { id: number; flags: string[]; subject: string; stream_id: number }[];
}
