// The update_message event of op 1, PATCH /messages/{message_id}, as the Zulip server's
// do_update_message builds and addresses it (zerver/actions/message_edit.py; facts
// zulip.events.update-message.*):
// - always: user_id (the editor), edit_timestamp, message_id, message_ids (sorted from level 393: every message
//   the edit changed), rendering_only false, and per receiver its flags;
// - content edits: orig_content, orig_rendered_content, content, rendered_content, is_me_message
//   (no prev_content: that name belongs to the edit history);
// - channel messages: stream_id and stream_name of the channel the message was in; a move adds
//   propagate_mode; a topic change orig_subject, subject and topic_links; a channel move
//   new_stream_id and orig_subject;
// - receivers: the users holding a copy of the target (those losing their copies in a channel
//   move excepted), with their flags; when the channel's history is public, also the active
//   subscribers of the destination (and, for a channel move, of the origin) without a copy, with
//   flags ["read"], except users losing access and guests new to the destination;
// - queues without empty_topic_name see the empty topic by its display name.
import { channelById, isGuest } from '../realm/access.js';
import { capability, sendEvent } from '../events/queue.js';
import { eventMessageIds } from './delete-events.js';
import { renderGroupMentions } from '../users/group-mentions.js';
import { messageFlags } from './message-object.js';
import { renderContent } from './render.js';
import type { Message, Realm, User } from '../realm/model.js';
import type { Move, MoveAccess } from './move.js';
import type { Quirks } from '../realm/quirk-set.js';

export interface EditOutcome {
  editor: User;
  message: Message;
  /** The target's holders before the edit (Zulip reads its UserMessage rows first). */
  holdersBefore: Set<number>;
  /** The raw content before and after, when the request sent content. */
  content?: { before: string; after: string };
  /** The move, when the topic or the channel changed, and every message it took. */
  move?: Move;
  moved: Message[];
  access?: MoveAccess;
  timestamp: number;
}

const rendered = (realm: Realm, quirks: Quirks, content: string) => renderGroupMentions(realm, quirks, renderContent(content));

/** Zulip's topic_links: the links a topic name carries (this realm has no linkifiers: its http(s) URLs; Zulip also links bare domains). */
export function topicLinks(topic: string): { text: string; url: string }[] {
  return [...topic.matchAll(/https?:\/\/[^\s<>"]+/g)].map(([url]) => ({ text: url, url }));
}

function eventPayload(realm: Realm, quirks: Quirks, o: EditOutcome): Record<string, unknown> {
  const event: Record<string, unknown> = {
    type: 'update_message',
    user_id: o.editor.id,
    edit_timestamp: o.timestamp,
    message_id: o.message.id,
    rendering_only: false,
  };
  if (o.content) {
    Object.assign(
      event,
      quirks.has('edit-event-prev-content')
        ? { prev_content: o.content.before, prev_rendered_content: rendered(realm, quirks, o.content.before) }
        : { orig_content: o.content.before, orig_rendered_content: rendered(realm, quirks, o.content.before) },
    );
    Object.assign(event, {
      content: o.content.after,
      rendered_content: rendered(realm, quirks, o.content.after),
      is_me_message: /^\/me /.test(o.content.after),
    });
  }
  const move = o.move;
  if (o.message.channelId !== null) {
    const from = move?.from ?? channelById(realm, o.message.channelId)!;
    Object.assign(event, { stream_name: from.name, stream_id: from.id });
  }
  if (move) {
    event.propagate_mode = move.mode;
    if (move.to !== move.from) Object.assign(event, { orig_subject: move.oldTopic, new_stream_id: move.to.id });
    if (move.newTopic !== move.oldTopic) Object.assign(event, { orig_subject: move.oldTopic, subject: move.newTopic, topic_links: topicLinks(move.newTopic) });
  }
  const ids = move && !quirks.has('edit-event-target-only-ids') ? o.moved.map((m) => m.id) : [o.message.id];
  event.message_ids = eventMessageIds(realm, [...new Set(ids)]);
  return realm.level.fields('update_message event', event);
}

/** Who gets the event: user id -> the flags it carries for them (null: their own flags). */
function receivers(realm: Realm, quirks: Quirks, o: EditOutcome): Map<number, string[] | null> {
  const out = new Map<number, string[] | null>();
  const active = (id: number) => realm.users.some((u) => u.id === id && u.isActive);
  if (quirks.has('edit-event-editor-only')) return out.set(o.editor.id, null);
  if (quirks.has('edit-event-to-everyone')) {
    for (const u of realm.users) if (u.isActive) out.set(u.id, null);
    return out;
  }
  const move = o.move;
  const channelMove = move !== undefined && move.to !== move.from;
  const losingCopies = channelMove ? o.access!.losingCopies : new Set<number>();
  const losingAccess = channelMove && !quirks.has('edit-move-loser-gets-update') ? o.access!.losingAccess : new Set<number>();
  for (const id of o.holdersBefore) if (!losingCopies.has(id) || quirks.has('edit-move-loser-gets-update')) out.set(id, null);
  if (o.message.channelId === null || quirks.has('edit-event-holders-only')) return out;
  const from = move?.from ?? channelById(realm, o.message.channelId)!;
  if (!from.historyPublicToSubscribers) return out;
  const to = move?.to ?? from;
  const candidates = new Set([...to.subscribers].filter(active));
  if (channelMove) {
    // Guests who see the destination but not the origin would be confused: they get nothing.
    for (const id of to.subscribers) if (!from.subscribers.has(id) && isGuest(realm.users.find((u) => u.id === id)!)) candidates.delete(id);
    for (const id of from.subscribers) if (active(id) && !to.subscribers.has(id)) candidates.add(id);
  }
  for (const id of candidates) if (!out.has(id) && !losingAccess.has(id)) out.set(id, ['read']);
  return out;
}

/** Queues the update_message event of an edit that passed every check. */
export function sendUpdateMessageEvent(realm: Realm, quirks: Quirks, o: EditOutcome): void {
  if (quirks.has('edit-no-update-event')) return;
  const event = eventPayload(realm, quirks, o) as { type: string };
  const who = receivers(realm, quirks, o);
  const shown = (topic: unknown) => (topic === '' ? realm.flavor.emptyTopicDisplayName : topic);
  sendEvent(
    realm,
    who.keys(),
    event,
    () => true,
    (queue, e) => {
      const user = realm.users.find((u) => u.id === queue.userId)!;
      const flags = who.get(queue.userId) ?? messageFlags(user, o.message);
      const shaped: Record<string, unknown> = { ...e, flags };
      if (!capability(queue, 'empty_topic_name')) {
        if ('orig_subject' in shaped) shaped.orig_subject = shown(shaped.orig_subject);
        if ('subject' in shaped) shaped.subject = shown(shaped.subject);
      }
      return shaped;
    },
  );
}
