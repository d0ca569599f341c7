// Op 14, POST /streams/{stream_id}/delete_topic: administrators delete every message of a
// topic, newest first in batches (Zulip's delete_in_topic). Each batch is one deletion: its
// delete_message event, preceded, when the batch holds the channel's first message, by a channel
// update event with the new first_message_id (Events 2; zerver/actions/message_delete.py).
import { hasContentAccess, isAdmin } from './access.js';
import { adminRequired } from './errors.js';
import { capability, sendEvent } from './events.js';
import { canReadMessage } from './message-fetch.js';
import type { Channel, Message, Realm } from './model.js';
import type { Context, Route } from './router.js';
import { readableChannel, readTopicName, sameTopic } from './topics.js';

function firstMessageId(realm: Realm, channel: Channel): number | null {
  return realm.messages.reduce<number | null>((first, m) => (m.channelId === channel.id && (first === null || m.id < first) ? m.id : first), null);
}

/**
 * One batch: the messages go, then their holders and the actor hear of it. A queue that
 * declared bulk_message_deletion gets one event with message_ids; any other queue one event per
 * message with message_id (zerver/tornado/event_queue.py process_deletion_event). The topic is
 * lower-cased, as Zulip groups deletions by topic_name().lower().
 */
function deleteBatch(ctx: Context, channel: Channel, batch: Message[]): void {
  const { realm, quirks } = ctx;
  const firstBefore = firstMessageId(realm, channel);
  const ids = batch.map((m) => m.id).sort((a, b) => a - b);
  const gone = new Set(ids);
  realm.messages = realm.messages.filter((m) => !gone.has(m.id));
  const audience = new Set([ctx.user.id, ...batch.flatMap((m) => [...m.holders])]);
  if (firstBefore !== null && gone.has(firstBefore) && !quirks.has('delete-topic-no-first-message-event')) {
    sendEvent(realm, audience, {
      type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property: 'first_message_id', value: firstMessageId(realm, channel),
    });
  }
  const event = { type: 'delete_message', message_type: 'stream', stream_id: channel.id, topic: batch[0].topic.toLowerCase() };
  const bulk = (queue: Parameters<typeof capability>[0]) => quirks.has('delete-events-always-bulk') || capability(queue, 'bulk_message_deletion');
  sendEvent(realm, audience, { ...event, message_ids: ids }, bulk);
  for (const id of ids) sendEvent(realm, audience, { ...event, message_id: id }, (queue) => !bulk(queue));
}

function deleteTopic(ctx: Context) {
  const q = ctx.quirks;
  if (!isAdmin(ctx.user) && !q.has('delete-topic-member-ok')) throw adminRequired();
  const channel = readableChannel(ctx, ctx.path.stream_id);
  const topic = readTopicName(ctx, ctx.params.string('topic_name'));
  // The channels it deletes in: the path's, or (quirk) every channel the caller may read.
  const channels = q.has('delete-topic-every-channel')
    ? ctx.realm.channels.filter((c) => hasContentAccess(ctx.user, c))
    : [channel];
  for (const target of channels) {
    let doomed = ctx.realm.messages
      .filter((m) => m.channelId === target.id && (q.has('delete-topic-whole-channel') || sameTopic(m.topic, topic)))
      .filter((m) => canReadMessage(ctx.realm, ctx.user, m))
      .sort((a, b) => (q.has('delete-topic-oldest-first') ? a.id - b.id : b.id - a.id)); // newest first
    if (q.has('delete-topic-incomplete')) doomed = doomed.slice(0, 1);
    // The document fixes no batch size; the flavor does (Zulip's is 100).
    const size = q.has('delete-topic-one-batch') ? Math.max(doomed.length, 1) : ctx.realm.flavor.deleteTopicBatchSize;
    for (let i = 0; i < doomed.length; i += size) deleteBatch(ctx, target, doomed.slice(i, i + size));
  }
  return { complete: !q.has('delete-topic-complete-false') };
}

export const topicDeleteRoutes: Route[] = [
  { method: 'POST', path: '/streams/{stream_id}/delete_topic', params: ['topic_name'], handle: deleteTopic },
];
