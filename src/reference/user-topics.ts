// Op 8, POST /user_topics: a user's visibility policy for one topic, and its read-back in
// POST /register (`user_topics`). Policy 0 removes the preference; no messages are needed.
import { accessChannelById } from './access.js';
import { badRequest } from './errors.js';
import type { Realm, User } from './model.js';
import type { Context, Route } from './router.js';

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
  const topic = raw === realm.flavor.emptyTopicDisplayName ? '' : raw;
  if (quirks.has('user-topics-needs-messages') && !realm.messages.some((m) => m.channelId === channel.id && m.topic.toLowerCase() === topic.toLowerCase())) {
    throw badRequest('Topic does not exist');
  }
  // Zulip matches topic names case-insensitively.
  const same = (t: { userId: number; channelId: number; topic: string }) =>
    t.userId === user.id && t.channelId === channel.id && t.topic.toLowerCase() === topic.toLowerCase();
  if (policy === 0 && quirks.has('user-topics-zero-ignored')) return {};
  if (policy !== 0 && quirks.has('user-topics-first-policy-sticks') && realm.userTopics.some(same)) return {};
  realm.userTopics = realm.userTopics.filter((t) => !same(t));
  if (policy !== 0) {
    realm.userTopics.push({ userId: user.id, channelId: channel.id, topic, visibilityPolicy: policy, lastUpdated: Math.floor(Date.now() / 1000) });
  }
  return {};
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
