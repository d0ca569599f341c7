// Fixture operations around op 1 and op 15: GET /messages/{message_id} (one message, with its
// raw content) and DELETE /messages/{message_id} (senders their own, administrators any).
import { channelById, isAdmin } from './access.js';
import { badRequest } from './errors.js';
import { accessMessage, shownTopic } from './message-access.js';
import { messageFlags } from './message-fetch.js';
import { renderContent } from './message-render.js';
import type { Message } from './model.js';
import type { Context, Route } from './router.js';

function person(ctx: Context, id: number) {
  const u = ctx.realm.users.find((x) => x.id === id);
  return { id, email: u?.email ?? '', full_name: u?.fullName ?? '' };
}

function messageObject(ctx: Context, m: Message, markdown: boolean, allowEmptyTopic: boolean) {
  const sender = person(ctx, m.senderId);
  const channel = m.channelId === null ? undefined : channelById(ctx.realm, m.channelId);
  return {
    id: m.id,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    content: markdown ? renderContent(m.content) : m.content,
    content_type: markdown ? 'text/html' : 'text/x-markdown',
    timestamp: m.timestamp,
    flags: messageFlags(ctx.user, m),
    ...(channel
      ? { type: 'stream', stream_id: channel.id, display_recipient: channel.name, subject: shownTopic(m.topic, allowEmptyTopic) }
      : { type: 'private', subject: '', display_recipient: [...new Set([m.senderId, ...m.recipientIds])].map((id) => person(ctx, id)) }),
  };
}

function getMessage(ctx: Context) {
  const markdown = ctx.params.bool('apply_markdown', true);
  const allowEmptyTopic = ctx.params.bool('allow_empty_topic_name', false);
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  return { raw_content: message.content, message: messageObject(ctx, message, markdown, allowEmptyTopic) };
}

function deleteMessage(ctx: Context) {
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  if (!isAdmin(ctx.user) && message.senderId !== ctx.user.id) throw badRequest("You don't have permission to delete this message");
  ctx.realm.messages = ctx.realm.messages.filter((m) => m !== message);
  return {};
}

export const messageReadRoutes: Route[] = [
  { method: 'GET', path: '/messages/{message_id}', params: ['apply_markdown', 'allow_empty_topic_name'], handle: getMessage },
  { method: 'DELETE', path: '/messages/{message_id}', params: [], handle: deleteMessage },
];
