// Op 8, POST /user_topics: a user's visibility policy for one topic, and its read-back in
// POST /register (`user_topics`). Policy 0 removes the preference; no messages are needed.
import { accessChannelById, channelById } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { capability, sendEvent } from '../events/queue.js';
import type { EventQueue, Realm, User } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Context, Route } from '../core/router.js';
import { namesEmptyTopic } from './topic-names.js';

/** 0 none, 1 muted, 2 unmuted, 3 followed (Zulip's values; the document names only 0 and 1). */
const POLICIES: readonly number[] = [0, 1, 2, 3];

function readPolicy(ctx: Context): number {
  const { params, quirks } = ctx;
  const policy = params.int('visibility_policy');
  const allowed = quirks.has('user-topics-accepts-bad-policy') || POLICIES.includes(policy);
  if (!allowed || (policy === 3 && quirks.has('user-topics-rejects-policy-3'))) throw badRequest('Invalid visibility_policy');
  return policy;
}

function updateUserTopic(ctx: Context) {
  const { params, quirks, realm, user } = ctx;
  const streamId = params.int('stream_id');
  const raw = params.string('topic', quirks.has('user-topics-no-length-limit') ? undefined : realm.flavor.limits.topic);
  const policy = readPolicy(ctx);
  const channel = accessChannelById(realm, user, streamId);
  const topic = namesEmptyTopic(realm, raw) ? '' : raw;
  if (quirks.has('user-topics-needs-messages') && !realm.messages.some((m) => m.channelId === channel.id && m.topic.toLowerCase() === topic.toLowerCase())) {
    throw badRequest('Topic does not exist');
  }
  // Zulip matches topic names case-insensitively.
  const same = (t: { userId: number; channelId: number; topic: string }) =>
    t.userId === user.id && t.channelId === channel.id && t.topic.toLowerCase() === topic.toLowerCase();
  if (policy === 0 && quirks.has('user-topics-zero-ignored')) return {};
  if (policy !== 0 && quirks.has('user-topics-first-policy-sticks') && realm.userTopics.some(same)) return {};
  // Zulip sends nothing for the current policy, or for 0 on a topic without one.
  const current = realm.userTopics.find(same)?.visibilityPolicy ?? 0;
  if (current === policy && !quirks.has('user-topic-unchanged-sent')) return {};
  realm.userTopics = realm.userTopics.filter((t) => !same(t));
  const lastUpdated = Math.floor(Date.now() / 1000);
  if (policy !== 0) {
    realm.userTopics.push({ userId: user.id, channelId: channel.id, topic, visibilityPolicy: policy, lastUpdated });
  }
  sendUserTopicEvents(realm, quirks, user, { stream_id: channel.id, topic_name: topic, last_updated: lastUpdated, visibility_policy: policy });
  return {};
}

/**
 * Zulip's bulk_do_set_user_topic_visibility_policy (fact zulip.events.user-topic): to the user
 * only, the legacy muted_topics list (every muted topic, [channel name, topic, last_updated]),
 * withheld from queues whose event_types list user_topic, then user_topic; Tornado writes the
 * empty topic as "general chat" for queues without empty_topic_name (process_user_topic_event).
 */
function sendUserTopicEvents(
  realm: Realm,
  quirks: Quirks,
  user: User,
  change: { stream_id: number; topic_name: string; last_updated: number; visibility_policy: number },
): void {
  const mutedTopics = realm.userTopics
    .filter((t) => t.userId === user.id && t.visibilityPolicy === 1)
    .map((t) => [channelById(realm, t.channelId)?.name ?? '', t.topic, t.lastUpdated]);
  const listsUserTopic = (queue: EventQueue) => Boolean(queue.eventTypes?.includes('user_topic')) && !quirks.has('muted-topics-event-not-suppressed');
  sendEvent(realm, [user.id], { type: 'muted_topics', muted_topics: mutedTopics }, (queue) => !listsUserTopic(queue));
  const to = quirks.has('user-topic-event-to-everyone') ? realm.users.filter((u) => u.isActive).map((u) => u.id) : [user.id];
  sendEvent(
    realm,
    to,
    { type: 'user_topic', ...change },
    () => true,
    (queue, event) =>
      event.topic_name === '' && !capability(queue, 'empty_topic_name') && !quirks.has('user-topic-empty-topic-literal')
        ? { ...event, topic_name: 'general chat' }
        : event,
  );
}

/** The `user_topics` list of POST /register; the empty topic shows under its display name
 * unless the client declared the `empty_topic_name` capability. */
export function userTopicsOf(realm: Realm, user: User, emptyTopicName: boolean): Record<string, unknown>[] {
  return realm.userTopics
    .filter((t) => t.userId === user.id)
    .map((t) => ({
      stream_id: t.channelId,
      topic_name: t.topic === '' && !emptyTopicName ? realm.flavor.emptyTopicDisplayName : t.topic,
      visibility_policy: t.visibilityPolicy,
      last_updated: t.lastUpdated,
    }));
}

export const userTopicRoutes: Route[] = [
  { method: 'POST', path: '/user_topics', params: ['stream_id', 'topic', 'visibility_policy'], handle: updateUserTopic },
];
