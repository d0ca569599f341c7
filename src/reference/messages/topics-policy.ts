// A channel's topics policy as it applies to a message: its own, or the organisation's where it
// inherits (Zulip's get_stream_topics_policy; before feature level 392 the organisation's
// mandatory_topics, which sets the same value). Sending and moving check it alike (fact
// zulip.edit.topics-policy): the empty topic where it is disabled, a named topic where only the
// empty one is allowed.
import { badRequest } from '../core/errors.js';
import { realmSettings } from '../settings/organisation.js';
import type { Channel, Realm } from '../realm/model.js';

export function effectiveTopicsPolicy(realm: Realm, channel: Channel): string {
  const own = channel.topicsPolicy ?? 'inherit';
  return own === 'inherit' ? realmSettings(realm).topicsPolicy : own;
}

/** Refuses a message in the channel's topic where the policy does not allow it (Zulip's errors, BAD_REQUEST). */
export function checkTopicsPolicy(realm: Realm, channel: Channel, empty: boolean): void {
  const policy = effectiveTopicsPolicy(realm, channel);
  if (empty && policy === 'disable_empty_topic')
    throw badRequest(`Sending messages to the ${realm.flavor.emptyTopicDisplayName} is not allowed in this channel.`);
  if (!empty && policy === 'empty_topic_only') throw badRequest(`Only the ${realm.flavor.emptyTopicDisplayName} topic is allowed in this channel.`);
}
