// Who may read a message: its own module, since fetching, topics, moves and topic deletion all
// ask, and each of them is also something this rule's callers import (no import cycles).
import { channelById, hasContentAccess } from '../realm/access.js';
import type { Message, Realm, User } from '../realm/model.js';

/**
 * Whether the user may read the message (Zulip's has_message_access): content access to the
 * channel, and in a channel with protected history also the user's own copy; a copy kept after
 * leaving a private channel is not enough.
 */
export function canReadMessage(realm: Realm, user: User, m: Message): boolean {
  if (m.channelId === null) return m.holders.has(user.id);
  const channel = channelById(realm, m.channelId);
  if (!channel || !hasContentAccess(user, channel)) return false;
  return channel.historyPublicToSubscribers || m.holders.has(user.id);
}
