// Op 16, POST /mark_topic_as_read (deprecated): marks the caller's messages of one topic read.
// Zulip's view (zerver/views/message_flags.py mark_topic_as_read) checks a non-empty topic_name
// against the caller's messages ("No such topic"), maps the empty topic's display name to "",
// and then marks by topic only when the name is not empty (do_mark_stream_messages_as_read
// filters `if topic_name:`): the empty topic marks the whole channel. Both are flavor choices.
import { badRequest } from './errors.js';
import type { Context, Route } from './router.js';
import { readableChannel, readTopicName, sameTopic } from './topics.js';

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
  for (const m of wholeChannel ? own : inTopic) m.readBy.add(ctx.user.id);
  return {};
}

export const readFlagRoutes: Route[] = [
  { method: 'POST', path: '/mark_topic_as_read', params: ['stream_id', 'topic_name'], handle: markTopicAsRead },
];
