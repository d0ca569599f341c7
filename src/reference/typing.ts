// Op 3, POST /typing: stateless; each call becomes a typing event for the conversation's
// participants who receive typing notifications (Zulip's check_send_typing_notification and
// do_send_stream_typing_notification).
import { accessChannelById, findUser } from './access.js';
import { badRequest } from './errors.js';
import { capability, sendEvent } from './events.js';
import type { Channel, User } from './model.js';
import type { Context, Route } from './router.js';

/** Zulip skips channel typing in channels with more subscribers than this. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

const person = (u: User) => ({ user_id: u.id, email: u.email });

function receivers(ctx: Context, users: User[]): number[] {
  const ignoreSetting = ctx.quirks.has('typing-ignores-receives-setting');
  return users.filter((u) => u.isActive && (ignoreSetting || u.receivesTypingNotifications)).map((u) => u.id);
}

function emit(ctx: Context, userIds: number[], event: Record<string, unknown> & { type: 'typing' }, channelTyping: boolean): void {
  if (ctx.quirks.has('typing-no-event')) return;
  const anyQueue = ctx.quirks.has('typing-ignores-capability');
  sendEvent(
    ctx.realm,
    userIds,
    event,
    // Only clients that declared it get channel typing events.
    (queue) => !channelTyping || anyQueue || capability(queue, 'stream_typing_notifications'),
    (queue, e) => (e.topic === '' && !capability(queue, 'empty_topic_name') ? { ...e, topic: ctx.realm.flavor.emptyTopicDisplayName } : e),
  );
}

function readRecipients(ctx: Context): User[] {
  const to = ctx.params.optList('to');
  if (to === undefined) throw badRequest("Missing 'to' argument");
  if (to.length === 0) throw badRequest("Empty 'to' list");
  return to.map((id, i) => {
    if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest(`to[${i}] is not an integer`);
    const user = findUser(ctx.realm, id);
    if (!user || !user.isActive) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
}

function directTyping(ctx: Context, op: string): void {
  const named = readRecipients(ctx);
  if (!ctx.user.sendPrivateTypingNotifications && !ctx.quirks.has('typing-ignores-send-setting')) {
    throw badRequest('User has disabled typing notifications for direct messages');
  }
  // The sender is a participant of the conversation too.
  const participants = [...new Map([ctx.user, ...named].map((u) => [u.id, u])).values()];
  const event = { type: 'typing' as const, op, message_type: 'direct', sender: person(ctx.user), recipients: participants.map(person) };
  emit(ctx, receivers(ctx, participants), event, false);
}

function readTopic(ctx: Context): string {
  const raw = ctx.params.optString('topic');
  if (raw === undefined) throw badRequest('Missing topic');
  const topic = raw.trim();
  if (topic === ctx.realm.flavor.emptyTopicDisplayName) return '';
  if (topic === '(no topic)') return ctx.quirks.has('typing-no-topic-literal') ? topic : '';
  return topic;
}

function channelTyping(ctx: Context, op: string): void {
  if (!ctx.params.has('stream_id')) {
    // The document says "Missing channel ID"; Zulip's text is this one.
    if (ctx.quirks.has('typing-missing-stream-id-code')) throw ctx.params.missing('stream_id');
    throw badRequest("Missing 'stream_id' argument");
  }
  const streamId = ctx.params.int('stream_id');
  const topic = readTopic(ctx);
  if (!ctx.user.sendStreamTypingNotifications && !ctx.quirks.has('typing-ignores-send-setting')) {
    throw badRequest('User has disabled typing notifications for channel messages');
  }
  const channel: Channel = accessChannelById(ctx.realm, ctx.user, streamId);
  const subscribers = ctx.realm.users.filter((u) => u.isActive && channel.subscribers.has(u.id));
  if (subscribers.length > MAX_CHANNEL_SIZE_FOR_TYPING) return;
  const event = { type: 'typing' as const, op, message_type: 'stream', sender: person(ctx.user), stream_id: channel.id, topic };
  emit(ctx, receivers(ctx, subscribers), event, true);
}

function setTypingStatus(ctx: Context) {
  const allowed = ctx.quirks.has('typing-accepts-private') ? ['direct', 'stream', 'channel', 'private'] : ['direct', 'stream', 'channel'];
  const type = ctx.params.optEnum('type', allowed) ?? 'direct';
  const op = ctx.params.optEnum('op', ['start', 'stop'] as const);
  if (op === undefined) throw ctx.params.missing('op');
  if (type === 'stream' || type === 'channel') channelTyping(ctx, op);
  else directTyping(ctx, op);
  return {};
}

export const typingRoutes: Route[] = [
  { method: 'POST', path: '/typing', params: ['type', 'op', 'to', 'stream_id', 'topic'], handle: setTypingStatus },
];
