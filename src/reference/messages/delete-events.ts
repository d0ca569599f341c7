// The delete_message event and who hears of a deletion, as the Zulip server sends them
// (zerver/actions/message_delete.py _process_grouped_messages_deletion,
// zerver/lib/message.py event_recipient_ids_for_action_on_messages, and
// zerver/tornado/event_queue.py process_deletion_event; facts zulip.events.delete-message.*).
// Used by topic deletion (op 14), by moves that take messages away from users (op 1), by the
// undo of a resolve notice and by DELETE /messages/{message_id}.
import { channelById, isGuest } from '../realm/access.js';
import { capability, sendEvent } from '../events/queue.js';
import type { Channel, EventQueue, Message, Realm } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

/**
 * Who hears of an action on these messages: in a public channel its active subscribers and the
 * non-guest users holding a copy; with shared history (private) its active subscribers; with
 * protected history the active subscribers holding a copy. Direct messages: their holders.
 */
export function messageAudience(realm: Realm, messages: Message[]): Set<number> {
  const active = new Set(realm.users.filter((u) => u.isActive).map((u) => u.id));
  const holders = new Set(messages.flatMap((m) => [...m.holders]).filter((id) => active.has(id)));
  const channelId = messages[0]?.channelId ?? null;
  const channel = channelId === null ? undefined : channelById(realm, channelId);
  if (!channel) return holders;
  const subscribers = [...channel.subscribers].filter((id) => active.has(id));
  if (!channel.historyPublicToSubscribers) return new Set(subscribers.filter((id) => holders.has(id)));
  if (channel.inviteOnly) return new Set(subscribers);
  const nonGuestHolders = [...holders].filter((id) => !isGuest(realm.users.find((u) => u.id === id)!));
  return new Set([...subscribers, ...nonGuestHolders]);
}

/**
 * The message_ids of an update_message or delete_message event: sorted from level 393; before
 * it in no order Zulip promised, which this server shows as newest first, so that no check may
 * rely on an order an older server does not keep.
 */
export function eventMessageIds(realm: Realm, ids: number[]): number[] {
  return [...ids].sort((a, b) => (realm.level.has('event message_ids sorted') ? a - b : b - a));
}

export interface DeleteEvent {
  message_type: 'stream' | 'private';
  message_ids: number[];
  stream_id?: number;
  topic?: string;
}

/**
 * Queues a delete_message event: one with message_ids for queues that declared
 * bulk_message_deletion, one per message with message_id for the others; the empty topic is
 * shown by its display name to queues without empty_topic_name.
 */
export function sendDeleteEvent(realm: Realm, quirks: Quirks, userIds: Iterable<number>, event: DeleteEvent): void {
  const users = [...userIds];
  const bulk = (queue: EventQueue) => quirks.has('delete-events-always-bulk') || capability(queue, 'bulk_message_deletion');
  const shape = (queue: EventQueue, e: Record<string, unknown>) =>
    e.topic === '' && !capability(queue, 'empty_topic_name') ? { ...e, topic: realm.flavor.emptyTopicDisplayName } : e;
  const { message_ids: ids, ...rest } = event;
  sendEvent(realm, users, { type: 'delete_message', ...rest, message_ids: ids }, bulk, shape);
  for (const id of ids) sendEvent(realm, users, { type: 'delete_message', ...rest, message_id: id }, (queue) => !bulk(queue), shape);
}

/** A channel's first_message_id a deletion left behind (before level 256), held by the channel itself. */
const keptFirstMessage = new WeakMap<Channel, number>();

/** The first_message_id a channel shows: its oldest message, or the deleted one an older level kept. */
export function firstMessageIdOf(realm: Realm, channel: Channel): number | null {
  return keptFirstMessage.get(channel) ?? firstMessageId(realm, channel.id);
}

function firstMessageId(realm: Realm, channelId: number): number | null {
  return realm.messages.reduce<number | null>((first, m) => (m.channelId === channelId && (first === null || m.id < first) ? m.id : first), null);
}

/**
 * Deletes messages of one conversation (one channel topic, or one direct conversation) as
 * Zulip's _process_grouped_messages_deletion does: the messages go; when they held the channel's
 * first message, a channel update with the new first_message_id (null when none is left) goes
 * first, then the delete_message event, both to the users who could see them and the actor.
 */
export function deleteMessages(realm: Realm, quirks: Quirks, messages: Message[], actorId: number): void {
  if (!messages.length) return;
  const channelId = messages[0].channelId;
  const firstBefore = channelId === null ? null : firstMessageId(realm, channelId);
  const ids = eventMessageIds(
    realm,
    messages.map((m) => m.id),
  );
  const audience = quirks.has('delete-events-actor-only')
    ? new Set([actorId])
    : quirks.has('delete-events-to-everyone')
      ? new Set(realm.users.filter((u) => u.isActive).map((u) => u.id))
      : messageAudience(realm, messages).add(actorId);
  const gone = new Set(ids);
  realm.messages = realm.messages.filter((m) => !gone.has(m.id));
  const channel = channelId === null ? undefined : channelById(realm, channelId);
  if (!channel) {
    sendDeleteEvent(realm, quirks, audience, { message_type: 'private', message_ids: ids });
    return;
  }
  // Before level 256 a deletion left the channel's first_message_id as it was, and said nothing.
  if (!realm.level.has('first_message_id follows deletions')) {
    if (firstBefore !== null && gone.has(firstBefore) && !keptFirstMessage.has(channel)) keptFirstMessage.set(channel, firstBefore);
  }
  const firstUpdate = () => {
    if (!realm.level.has('first_message_id follows deletions')) return;
    if (firstBefore === null || !gone.has(firstBefore) || quirks.has('delete-topic-no-first-message-event')) return;
    sendEvent(realm, quirks.has('first-message-event-actor-only') ? [actorId] : audience, {
      type: 'stream',
      op: 'update',
      stream_id: channel.id,
      name: channel.name,
      property: 'first_message_id',
      value: quirks.has('first-message-event-old-value') ? firstBefore : firstMessageId(realm, channel.id),
    });
  };
  if (!quirks.has('first-message-event-after-delete')) firstUpdate();
  // Zulip groups deletions by topic_name().lower(): the event's topic is lower-cased.
  const topic = quirks.has('delete-event-topic-case-kept') ? messages[0].topic : messages[0].topic.toLowerCase();
  if (!quirks.has('delete-topic-no-delete-event'))
    sendDeleteEvent(realm, quirks, audience, { message_type: 'stream', stream_id: channel.id, topic, message_ids: ids });
  if (quirks.has('first-message-event-after-delete')) firstUpdate();
}
