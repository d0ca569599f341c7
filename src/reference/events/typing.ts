// Op 3, POST /typing: stateless; each call becomes a typing event for the conversation's
// participants who receive typing notifications (Zulip's send_notification_backend,
// check_send_typing_notification and do_send_stream_typing_notification). Zulip parses every
// parameter it declares, so `to` must be a list of integers even for channel typing and
// `stream_id` an integer even for direct typing, though each is then ignored.
import { accessChannelById, findUser } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { capability, sendEvent } from './queue.js';
import type { Channel, Realm, User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { namesEmptyTopic } from '../channels/topic-names.js';

/** Zulip skips channel typing in channels with more subscribers than this. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

const person = (u: User) => ({ user_id: u.id, email: u.email });

function receivers(ctx: Context, users: User[]): number[] {
  const ignoreSetting = ctx.quirks.has('typing-ignores-receives-setting');
  return users.filter((u) => u.isActive && (ignoreSetting || u.receivesTypingNotifications)).map((u) => u.id);
}

// Only under the typing-stateful quirk: who the server believes is typing where.
const typingNow = new WeakMap<Realm, Set<string>>();

/** The stateful fault: a start while typing and a stop while not typing send nothing. */
function statefulDrop(ctx: Context, conversation: string, op: string): boolean {
  if (!ctx.quirks.has('typing-stateful')) return false;
  const typing = typingNow.get(ctx.realm) ?? new Set<string>();
  typingNow.set(ctx.realm, typing);
  const key = `${ctx.user.id} ${conversation}`;
  const wasTyping = typing.has(key);
  if (op === 'start') typing.add(key);
  else typing.delete(key);
  return wasTyping === (op === 'start');
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

function intList(ctx: Context, name: string): number[] | undefined {
  const list = ctx.params.optList(name);
  list?.forEach((id, i) => {
    if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest(`${name}[${i}] is not an integer`);
  });
  return list as number[] | undefined;
}

function readRecipients(ctx: Context): User[] {
  const to = intList(ctx, 'to');
  if (to === undefined) throw badRequest("Missing 'to' argument");
  if (to.length === 0) throw badRequest("Empty 'to' list");
  return to.map((id) => {
    const user = findUser(ctx.realm, id);
    if (!user || !user.isActive) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
}

function directTyping(ctx: Context, op: string): void {
  ctx.params.optInt('stream_id'); // parsed, then ignored
  const named = readRecipients(ctx);
  if (!ctx.user.sendPrivateTypingNotifications && !ctx.quirks.has('typing-ignores-send-setting')) {
    throw badRequest('User has disabled typing notifications for direct messages');
  }
  // The sender is a participant of the conversation too.
  const participants = [...new Map([ctx.user, ...named].map((u) => [u.id, u])).values()];
  if (
    statefulDrop(
      ctx,
      `direct ${participants
        .map((u) => u.id)
        .sort((a, b) => a - b)
        .join(',')}`,
      op,
    )
  )
    return;
  // Typing events called a direct message "private" before feature level 215.
  const messageType = ctx.realm.level.has('typing events say direct') ? 'direct' : 'private';
  const event = { type: 'typing' as const, op, message_type: messageType, sender: person(ctx.user), recipients: participants.map(person) };
  const audience = receivers(ctx, participants).filter((id) => id !== ctx.user.id || !ctx.quirks.has('typing-not-to-sender'));
  emit(ctx, audience, event, false);
}

/** The topic of channel typing: "(no topic)" and the empty topic's display name mean the empty topic. */
function readTopic(ctx: Context): string {
  const raw = ctx.params.optString('topic');
  if (raw === undefined) throw badRequest('Missing topic');
  const topic = raw.trim();
  if (namesEmptyTopic(ctx.realm, topic) && !ctx.quirks.has('topic-display-name-literal')) return '';
  if (topic === '(no topic)' && ctx.realm.level.has('(no topic) is the empty topic when typing')) return ctx.quirks.has('typing-no-topic-literal') ? topic : '';
  return topic;
}

/** Before feature level 215 a channel's typing notification named the channel in `to`: [stream_id]. */
function channelOfOldTyping(ctx: Context): number {
  const to = intList(ctx, 'to');
  if (to === undefined) throw badRequest("Missing 'to' argument");
  if (to.length !== 1) throw badRequest('Invalid recipients');
  return to[0];
}

function channelTyping(ctx: Context, op: string): void {
  if (!ctx.realm.level.parameter('POST /typing', 'stream_id')) {
    channelTypingOn(ctx, op, channelOfOldTyping(ctx));
    return;
  }
  intList(ctx, 'to'); // parsed, then ignored
  if (!ctx.params.has('stream_id')) {
    // Zulip checks this in the view: BAD_REQUEST "Missing 'stream_id' argument", no var_name.
    if (ctx.quirks.has('typing-missing-stream-id-code')) throw ctx.params.missing('stream_id');
    throw badRequest("Missing 'stream_id' argument");
  }
  channelTypingOn(ctx, op, ctx.params.int('stream_id'));
}

function channelTypingOn(ctx: Context, op: string, streamId: number): void {
  const topic = readTopic(ctx);
  if (!ctx.user.sendStreamTypingNotifications && !ctx.quirks.has('typing-ignores-send-setting')) {
    throw badRequest('User has disabled typing notifications for channel messages');
  }
  const channel: Channel = accessChannelById(ctx.realm, ctx.user, streamId);
  if (statefulDrop(ctx, `channel ${channel.id} ${topic.toLowerCase()}`, op)) return;
  const subscribers = ctx.realm.users.filter((u) => u.isActive && channel.subscribers.has(u.id));
  if (subscribers.length > MAX_CHANNEL_SIZE_FOR_TYPING) return;
  const event = { type: 'typing' as const, op, message_type: 'stream', sender: person(ctx.user), stream_id: channel.id, topic };
  emit(ctx, receivers(ctx, subscribers), event, true);
}

function setTypingStatus(ctx: Context) {
  const privateAllowed = ctx.quirks.has('typing-accepts-private') || ctx.realm.level.has('typing type private');
  const allowed = privateAllowed ? ['direct', 'stream', 'channel', 'private'] : ['direct', 'stream', 'channel'];
  const type = ctx.params.optEnum('type', allowed) ?? 'direct';
  const op = ctx.params.optEnum('op', ['start', 'stop'] as const);
  if (op === undefined) throw ctx.params.missing('op');
  if (type === 'stream' || type === 'channel') channelTyping(ctx, op);
  else directTyping(ctx, op);
  return {};
}

export const typingRoutes: Route[] = [{ method: 'POST', path: '/typing', params: ['type', 'op', 'to', 'stream_id', 'topic'], handle: setTypingStatus }];
