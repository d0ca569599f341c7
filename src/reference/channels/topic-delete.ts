// Op 14, POST /streams/{stream_id}/delete_topic: administrators delete every message of a
// topic, newest first in batches (Zulip's delete_in_topic). Each batch is one deletion: its
// delete_message event, preceded, when the batch holds the channel's first message, by a channel
// update event with the new first_message_id (Events 2; zerver/actions/message_delete.py).
import { hasContentAccess, isAdmin } from '../realm/access.js';
import { adminRequired } from '../core/errors.js';
import { deleteMessages } from '../messages/delete-events.js';
import { POLICY, setTopicPolicy, topicPolicies } from './user-topic-events.js';
import { canReadMessage } from '../messages/visibility.js';
import type { Channel, Message } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { readableChannel, readTopicName } from './topics.js';
import { sameTopic } from './topic-names.js';

/**
 * One batch is one deletion (messages/delete-events.ts deleteMessages): the channel update with
 * the new first_message_id when the batch held the channel's first message, then the
 * delete_message event, with the topic lower-cased.
 */
function deleteBatch(ctx: Context, batch: Message[]): void {
  deleteMessages(ctx.realm, ctx.quirks, batch, ctx.user.id);
}

/**
 * The topic is gone, so are its users' visibility policies (Zulip's delete_in_topic): each user
 * with one gets it reset (policy 0, with its events); in a channel with protected history only
 * the users left without any message of the topic.
 */
function dropTopicPolicies(ctx: Context, channel: Channel, topic: string): void {
  const { realm } = ctx;
  let users = [...topicPolicies(realm, channel.id, topic).keys()];
  if (!channel.historyPublicToSubscribers) {
    const left = realm.messages.filter((m) => m.channelId === channel.id && sameTopic(m.topic, topic));
    users = users.filter((id) => !left.some((m) => m.holders.has(id)));
  }
  setTopicPolicy(realm, users, channel, topic, POLICY.inherit);
}

function deleteTopic(ctx: Context) {
  const q = ctx.quirks;
  if (!isAdmin(ctx.user) && !q.has('delete-topic-member-ok')) throw adminRequired();
  const channel = readableChannel(ctx, ctx.path.stream_id);
  const topic = readTopicName(ctx, ctx.params.string('topic_name'));
  // The channels it deletes in: the path's, or (quirk) every channel the caller may read.
  const channels = q.has('delete-topic-every-channel') ? ctx.realm.channels.filter((c) => hasContentAccess(ctx.user, c)) : [channel];
  let complete = true;
  for (const target of channels) {
    let doomed = ctx.realm.messages
      .filter((m) => m.channelId === target.id && (q.has('delete-topic-whole-channel') || sameTopic(m.topic, topic)))
      .filter((m) => canReadMessage(ctx.realm, ctx.user, m))
      .sort((a, b) => (q.has('delete-topic-oldest-first') ? a.id - b.id : b.id - a.id)); // newest first
    if (q.has('delete-topic-incomplete')) doomed = doomed.slice(0, 1);
    // The document fixes no batch size; the flavor does (Zulip's is 100).
    const size = q.has('delete-topic-one-batch') ? Math.max(doomed.length, 1) : ctx.realm.flavor.deleteTopicBatchSize;
    // The request's time budget (the flavor's): past it, the rest waits for the client's repeat.
    const budget = ctx.realm.flavor.deleteTopicBatchesPerRequest * size;
    for (let i = 0; i < Math.min(doomed.length, budget); i += size) deleteBatch(ctx, doomed.slice(i, Math.min(i + size, budget)));
    if (doomed.length > budget) {
      complete = false;
      continue;
    }
    if (target === channel && !q.has('delete-topic-keeps-topic-policies')) dropTopicPolicies(ctx, target, topic);
  }
  return ctx.realm.level.fields('delete topic', { complete: complete && !q.has('delete-topic-complete-false') });
}

export const topicDeleteRoutes: Route[] = [{ method: 'POST', path: '/streams/{stream_id}/delete_topic', params: ['topic_name'], handle: deleteTopic }];
