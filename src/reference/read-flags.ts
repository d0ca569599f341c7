// Op 16, POST /mark_topic_as_read (deprecated): marks the caller's messages of one topic read.
import { badRequest } from './errors.js';
import type { Context, Route } from './router.js';
import { readableChannel, readTopicName } from './topics.js';
import { sameTopic } from './topic-names.js';

function markTopicAsRead(ctx: Context) {
  const streamId = ctx.params.int('stream_id');
  const raw = ctx.params.string('topic_name');
  const channel = readableChannel(ctx, streamId);
  const topic = readTopicName(ctx, raw);
  const own = ctx.realm.messages.filter((m) => m.channelId === channel.id && m.holders.has(ctx.user.id));
  const inTopic = own.filter((m) => sameTopic(m.topic, topic));
  if (inTopic.length === 0) throw badRequest(`No such topic '${raw}'`);
  if (ctx.quirks.has('mark-read-noop')) return {};
  for (const m of ctx.quirks.has('mark-read-whole-channel') ? own : inTopic) m.readBy.add(ctx.user.id);
  return {};
}

export const readFlagRoutes: Route[] = [
  { method: 'POST', path: '/mark_topic_as_read', params: ['stream_id', 'topic_name'], handle: markTopicAsRead },
];
