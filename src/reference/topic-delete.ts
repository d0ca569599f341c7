// Op 14, POST /streams/{stream_id}/delete_topic: administrators delete every message of a
// topic, newest first in batches. When the channel's first message goes, subscribers get a
// channel update event with the new first_message_id (Events 2).
import { hasMetadataAccess, isAdmin } from './access.js';
import { adminRequired } from './errors.js';
import { sendEvent } from './events.js';
import { canReadMessage } from './message-visibility.js';
import type { Channel, Message, Realm } from './model.js';
import type { Context, Route } from './router.js';
import { readableChannel, readTopicName } from './topics.js';
import { sameTopic } from './topic-names.js';

// The document fixes no batch size (Zulip's is 100). Each batch is one delete_message event, so
// a small one lets a client see the order of batches with a topic of a few messages.
const BATCH_SIZE = 3;

function firstMessageId(realm: Realm, channel: Channel): number | null {
  return realm.messages.reduce<number | null>((first, m) => (m.channelId === channel.id && (first === null || m.id < first) ? m.id : first), null);
}

function deleteBatch(realm: Realm, channel: Channel, batch: Message[]): void {
  const ids = new Set(batch.map((m) => m.id));
  realm.messages = realm.messages.filter((m) => !ids.has(m.id));
  const holders = new Set(batch.flatMap((m) => [...m.holders]));
  sendEvent(realm, holders, {
    type: 'delete_message', message_type: 'stream', message_ids: [...ids], stream_id: channel.id, topic: batch[0].topic,
  });
}

function deleteTopic(ctx: Context) {
  const q = ctx.quirks;
  if (!isAdmin(ctx.user) && !q.has('delete-topic-member-ok')) throw adminRequired();
  const channel = readableChannel(ctx, ctx.path.stream_id);
  const topic = readTopicName(ctx, ctx.params.string('topic_name'));
  const before = firstMessageId(ctx.realm, channel);
  let doomed = ctx.realm.messages
    .filter((m) => m.channelId === channel.id && (q.has('delete-topic-whole-channel') || sameTopic(m.topic, topic)))
    .filter((m) => canReadMessage(ctx.realm, ctx.user, m))
    .sort((a, b) => (q.has('delete-topic-oldest-first') ? a.id - b.id : b.id - a.id)); // newest first
  if (q.has('delete-topic-incomplete')) doomed = doomed.slice(0, 1);
  for (let i = 0; i < doomed.length; i += BATCH_SIZE) deleteBatch(ctx.realm, channel, doomed.slice(i, i + BATCH_SIZE));

  const after = firstMessageId(ctx.realm, channel);
  if (after !== before && !q.has('delete-topic-no-first-message-event')) {
    const audience = ctx.realm.users.filter((u) => u.isActive && hasMetadataAccess(u, channel)).map((u) => u.id);
    sendEvent(ctx.realm, audience, {
      type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property: 'first_message_id', value: after,
    });
  }
  return { complete: !q.has('delete-topic-complete-false') };
}

export const topicDeleteRoutes: Route[] = [
  { method: 'POST', path: '/streams/{stream_id}/delete_topic', params: ['topic_name'], handle: deleteTopic },
];
