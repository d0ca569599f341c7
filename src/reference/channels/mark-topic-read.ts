// Op 16, POST /mark_topic_as_read (deprecated): marks the caller's messages of one topic read.
// Zulip's view (zerver/views/message_flags.py mark_topic_as_read) checks a non-empty topic_name
// against the caller's messages ("No such topic"), maps the empty topic's display name to "",
// and then marks by topic only when the name is not empty (do_mark_stream_messages_as_read
// filters `if topic_name:`): the empty topic marks the whole channel. Both are flavor choices.
import { badRequest } from '../core/errors.js';
import { sendEvent } from '../events/queue.js';
import type { Message } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { readableChannel, readTopicName } from './topics.js';
import { sameTopic } from './topic-names.js';

function markTopicAsRead(ctx: Context) {
  const streamId = ctx.params.int('stream_id');
  const raw = ctx.params.string('topic_name');
  const channel = readableChannel(ctx, streamId);
  const topic = readTopicName(ctx, raw);
  const { flavor } = ctx.realm;
  const own = ctx.realm.messages.filter((m) => m.channelId === channel.id && m.holders.has(ctx.user.id));
  const inTopic = own.filter((m) => sameTopic(m.topic, topic));
  if (raw !== '' && inTopic.length === 0 && flavor.refusesMarkingUnknownTopic) throw badRequest(`No such topic '${topic}'`);
  if (ctx.quirks.has('mark-read-noop')) return {};
  const wholeChannel = ctx.quirks.has('mark-read-whole-channel') || (topic === '' && flavor.emptyTopicMarksWholeChannel);
  const marked = wholeChannel ? own : inTopic;
  const unread = marked.filter((m) => !m.readBy.has(ctx.user.id));
  for (const m of marked) m.readBy.add(ctx.user.id);
  sendReadEvent(ctx, ctx.quirks.has('mark-read-event-all-ids') ? marked : unread);
  return {};
}

/**
 * Zulip's do_mark_stream_messages_as_read: the caller alone hears which messages it newly read,
 * {op: add, operation: add, flag: read, messages, all: false}; nothing when none was unread.
 */
function sendReadEvent(ctx: Context, read: Message[]): void {
  const q = ctx.quirks;
  if (q.has('mark-read-no-event') || (read.length === 0 && !q.has('mark-read-event-when-nothing-unread'))) return;
  const to = q.has('mark-read-event-to-senders') ? read.map((m) => m.senderId).filter((id) => id !== ctx.user.id) : [ctx.user.id];
  sendEvent(ctx.realm, to, { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: read.map((m) => m.id), all: false });
}

export const readFlagRoutes: Route[] = [{ method: 'POST', path: '/mark_topic_as_read', params: ['stream_id', 'topic_name'], handle: markTopicAsRead }];
