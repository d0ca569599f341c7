// Run-scoped channels for properties: made once in a property's setup (named with the run id,
// the owner and the member subscribed), archived again in its teardown. They are private, their
// history public to their subscribers (as a public channel's): the properties judge a channel's
// whole message and topic lists, and in a public channel other users of the organisation reply
// in the run's topics while it goes on.
import type { PropertyApi } from '../../src/property/api.js';

export async function makeChannel(api: PropertyApi, label: string): Promise<number> {
  const name = `cf ${runId(api)} ${label}`;
  await api.ok('owner', 'POST', '/users/me/subscriptions', {
    subscriptions: [{ name }],
    principals: [api.userIds.owner!, api.userIds.member!],
    invite_only: true,
    history_public_to_subscribers: true,
  });
  const body = await api.ok('owner', 'GET', '/get_stream_id', { stream: name });
  return body.stream_id as number;
}

export async function archiveChannels(api: PropertyApi, ids: readonly (number | undefined)[]): Promise<void> {
  for (const id of ids) if (id !== undefined) await api.call('owner', 'DELETE', `/streams/${id}`);
}

/**
 * The empty topic's display name and the longest topic, from the registration response: the
 * run's (preflight registers with fetch_event_types ["realm"]), else a registration of our own
 * asking for the realm section, which alone holds them on Zulip (fact
 * zulip.register.limits-only-with-realm). A target that does not give them cannot be judged:
 * guessing Zulip's values would judge another server by Zulip's choices.
 */
export async function realmTopicFacts(api: PropertyApi): Promise<{ emptyName: string; maxTopicLength: number }> {
  const known = (api.vars.register ?? {}) as Record<string, unknown>;
  if (typeof known.realm_empty_topic_display_name === 'string' && typeof known.max_topic_length === 'number') {
    return { emptyName: known.realm_empty_topic_display_name, maxTopicLength: known.max_topic_length };
  }
  const body = await api.ok('member', 'POST', '/register', { fetch_event_types: ['realm'], event_types: ['message'] });
  if (typeof body.queue_id === 'string') await api.call('member', 'DELETE', '/events', { queue_id: body.queue_id });
  const { realm_empty_topic_display_name: emptyName, max_topic_length: maxTopicLength } = body;
  if (typeof emptyName !== 'string' || typeof maxTopicLength !== 'number') {
    throw new Error(
      `POST /register gave no realm_empty_topic_display_name (${JSON.stringify(emptyName)}) or max_topic_length (${JSON.stringify(maxTopicLength)}): the property cannot be judged without them`,
    );
  }
  return { emptyName, maxTopicLength };
}

export const runId = (api: PropertyApi) => String((api.vars.run as { id?: string } | undefined)?.id ?? 'x');
