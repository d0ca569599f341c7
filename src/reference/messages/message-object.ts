// A message as GET /messages and GET /messages/{message_id} show it (the Zulip server's shape):
// one function, so the two read operations cannot drift apart.
import { channelById } from '../realm/access.js';
import { shownTopic } from '../channels/topic-names.js';
import { renderContent } from './render.js';
import { renderGroupMentions } from '../users/group-mentions.js';
import type { Message, Realm, User } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Context } from '../core/router.js';

export function messageFlags(user: User, m: Message): string[] {
  if (!m.holders.has(user.id)) return ['read', 'historical']; // public history read from outside
  return m.readBy.has(user.id) ? ['read'] : [];
}

function person(realm: Realm, id: number) {
  const u = realm.users.find((x) => x.id === id);
  return { id, email: u?.email ?? '', full_name: u?.fullName ?? '' };
}

/** A message as `viewer` sees it, without the viewer's flags (a message event carries them beside it). */
export function messageView(realm: Realm, quirks: Quirks, m: Message, markdown: boolean, allowEmptyTopic: boolean) {
  const sender = person(realm, m.senderId);
  const channel = m.channelId === null ? undefined : channelById(realm, m.channelId);
  return {
    id: m.id,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    content: markdown ? renderGroupMentions(realm, quirks, renderContent(m.content)) : m.content,
    content_type: markdown ? 'text/html' : 'text/x-markdown',
    timestamp: m.timestamp,
    ...(channel
      ? { type: 'stream', stream_id: channel.id, display_recipient: channel.name, subject: shownTopic(realm, m.topic, allowEmptyTopic) }
      : { type: 'private', subject: '', display_recipient: [...new Set([m.senderId, ...m.recipientIds])].map((id) => person(realm, id)) }),
  };
}

export function messageObject(ctx: Context, m: Message, markdown: boolean, allowEmptyTopic: boolean) {
  return { ...messageView(ctx.realm, ctx.quirks, m, markdown, allowEmptyTopic), flags: messageFlags(ctx.user, m) };
}
