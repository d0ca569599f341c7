// The event queue as the tests use it: open a queue of some event types, read it at once.
import type { ReferenceAccount, ReferenceServer } from '../../src/reference/server.js';
import { call, expectSuccess } from './helpers.js';

type Who = Pick<ReferenceAccount, 'email' | 'apiKey'>;

/** notification_settings_null is required in every client_capabilities object (as Zulip requires it). */
export async function openQueue(s: ReferenceServer, as: Who, capabilities: Record<string, boolean> = {}, types = ['typing']): Promise<string> {
  const answer = await call(s, 'POST', '/register', {
    as,
    form: { event_types: JSON.stringify(types), client_capabilities: JSON.stringify({ notification_settings_null: true, ...capabilities }) },
  });
  expectSuccess(answer);
  return answer.body.queue_id;
}

export async function events(s: ReferenceServer, as: Who, queueId: string): Promise<any[]> {
  const answer = await call(s, 'GET', '/events', { as, query: { queue_id: queueId, last_event_id: '-1', dont_block: 'true' } });
  expectSuccess(answer);
  return answer.body.events;
}
