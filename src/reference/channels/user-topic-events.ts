// Topic visibility policies changed by the server itself, with their events, as the Zulip
// server's bulk_do_set_user_topic_visibility_policy does (zerver/actions/user_topics.py): a move
// of a whole topic takes its users' policies along (op 1), a topic deletion drops them (op 14).
// Each user whose policy in fact changes gets the legacy muted_topics event (unless skipped),
// then a user_topic event; a user whose policy stays gets nothing. (POST /user_topics, op 8, is
// user-topics.ts.)
import { capability, sendEvent } from '../events/queue.js';
import type { Channel, Realm } from '../realm/model.js';
import { sameTopic } from './topic-names.js';

/** The policies the document numbers (0 and 1); 2 and 3 are the flavor's (policyNumber). */
export const POLICY = { inherit: 0, muted: 1 } as const;

/** The users with a policy on a topic, and their policy. */
export function topicPolicies(realm: Realm, channelId: number, topic: string): Map<number, number> {
  return new Map(realm.userTopics.filter((t) => t.channelId === channelId && sameTopic(t.topic, topic)).map((t) => [t.userId, t.visibilityPolicy]));
}

function mutedTopics(realm: Realm, userId: number): [string, string, number][] {
  return realm.userTopics
    .filter((t) => t.userId === userId && t.visibilityPolicy === POLICY.muted)
    .map((t) => [realm.channels.find((c) => c.id === t.channelId)?.name ?? '', t.topic, t.lastUpdated]);
}

export function setTopicPolicy(
  realm: Realm,
  userIds: Iterable<number>,
  channel: Channel,
  topic: string,
  policy: number,
  options: { skipMutedTopics?: boolean } = {},
): void {
  const now = Math.floor(Date.now() / 1000);
  for (const userId of userIds) {
    const mine = (t: { userId: number; channelId: number; topic: string }) => t.userId === userId && t.channelId === channel.id && sameTopic(t.topic, topic);
    const before = realm.userTopics.find(mine)?.visibilityPolicy ?? POLICY.inherit;
    if (before === policy) continue;
    realm.userTopics = realm.userTopics.filter((t) => !mine(t));
    if (policy !== POLICY.inherit) realm.userTopics.push({ userId, channelId: channel.id, topic, visibilityPolicy: policy, lastUpdated: now });
    // muted_topics is dropped for queues that asked for user_topic (ClientDescriptor.accepts_event).
    if (!options.skipMutedTopics) {
      sendEvent(realm, [userId], { type: 'muted_topics', muted_topics: mutedTopics(realm, userId) }, (queue) => !queue.eventTypes?.includes('user_topic'));
    }
    sendEvent(
      realm,
      [userId],
      { type: 'user_topic', stream_id: channel.id, topic_name: topic, last_updated: now, visibility_policy: policy },
      () => true,
      (queue, e) => (e.topic_name === '' && !capability(queue, 'empty_topic_name') ? { ...e, topic_name: realm.flavor.emptyTopicDisplayName } : e),
    );
  }
}

/** The number of a policy in this realm: which of 2 and 3 is unmuted and which followed is the flavor's. */
export function policyNumber(realm: Realm, policy: 'unmuted' | 'followed'): number {
  return realm.flavor.visibilityPolicies[policy];
}

/** Zulip's get_visibility_policy_after_merge: the most visible of the two policies wins. */
export function mergedPolicy(realm: Realm, a: number, b: number): number {
  const both = new Set([a, b]);
  if (both.has(policyNumber(realm, 'followed'))) return policyNumber(realm, 'followed');
  if (both.has(policyNumber(realm, 'unmuted'))) return policyNumber(realm, 'unmuted');
  if (both.has(POLICY.inherit)) return POLICY.inherit;
  return POLICY.muted;
}
