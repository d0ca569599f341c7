// Who may read a message: its own module, since fetching, topics, moves and topic deletion all
// ask, and each of them is also something this rule's callers import (no import cycles).
import { channelById, hasContentAccess } from './access.js';
import type { Message, Realm, User } from './model.js';

/** Whether the user may read the message: protected history needs the user's own copy. */
export function canReadMessage(realm: Realm, user: User, m: Message): boolean {
  if (m.channelId === null) return m.holders.has(user.id);
  const channel = channelById(realm, m.channelId);
  if (!channel) return false;
  if (m.holders.has(user.id)) return true;
  return channel.historyPublicToSubscribers && hasContentAccess(user, channel);
}
