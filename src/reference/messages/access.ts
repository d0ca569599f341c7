// Looking up one message the caller may read, the messages of a topic, and the notices of
// the Notification Bot.
import { badRequest } from '../core/errors.js';
import { canReadMessage } from './visibility.js';
import type { Channel, Message, Realm, User } from '../realm/model.js';
import { sameTopic } from '../channels/topic-names.js';
import { allocate } from '../realm/flavor.js';
import { sendMessageEvent } from './send-events.js';
import { seededUserId } from '../realm/seed-ids.js';
import type { Quirks } from '../realm/quirk-set.js';

/** The seeded Notification Bot (../seed.ts): the sender of move and resolve notices. */
export const notificationBotId = (realm: Realm): number => seededUserId(realm, 'notificationBot');

/** Zulip's access_message: missing and unreadable messages look the same. */
export function accessMessage(realm: Realm, user: User, id: number): Message {
  const message = realm.messages.find((m) => m.id === id);
  if (!message || !canReadMessage(realm, user, message)) throw badRequest('Invalid message(s)');
  return message;
}

/** The messages of a channel topic, oldest first; topic names compare case-insensitively. */
export function topicMessages(realm: Realm, channelId: number, topic: string): Message[] {
  return realm.messages.filter((m) => m.channelId === channelId && sameTopic(m.topic, topic)).sort((a, b) => a.id - b.id);
}

/**
 * Adds a message from the Notification Bot to a channel topic; every subscriber gets a copy,
 * already read for the users in `readBy` (Zulip marks its notices read for the acting user).
 */
export function postNotification(
  realm: Realm,
  channel: Channel,
  topic: string,
  content: string,
  quirks: Quirks = new Set(),
  readBy: Iterable<number> = [],
): Message {
  const holders = new Set(channel.subscribers);
  const message: Message = {
    id: allocate(realm, 'message'),
    senderId: notificationBotId(realm),
    channelId: channel.id,
    recipientIds: [],
    topic,
    content,
    timestamp: Math.floor(Date.now() / 1000),
    holders,
    readBy: new Set([...readBy].filter((id) => holders.has(id))),
  };
  realm.messages.push(message);
  sendMessageEvent(realm, quirks, message);
  return message;
}
