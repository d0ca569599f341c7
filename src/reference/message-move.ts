// Moving messages (op 1 with `topic` or `stream_id`): which messages `propagate_mode` moves,
// the time-limit check of rule 6, and the Notification Bot's notices in the old and new topic.
import { channelById } from './access.js';
import { ApiError } from './errors.js';
import { recordEdit, type EditEvent } from './edit-history.js';
import { postNotification, topicMessages } from './message-access.js';
import { canReadMessage } from './message-visibility.js';
import type { Channel, Message, Realm, User } from './model.js';
import type { Quirks } from './quirks.js';

export const RESOLVED_PREFIX = '✔ ';
/** Resolving and unresolving within this many seconds deletes the earlier notice instead. */
const RESOLVE_UNDO_GRACE_SECONDS = 60;

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface Move {
  message: Message;
  mode: PropagateMode;
  from: Channel;
  to: Channel;
  oldTopic: string;
  newTopic: string;
  resolved: boolean;
  unresolved: boolean;
}

const resolveNotices = new WeakSet<Message>();

/** The messages a move takes: the target, and with change_later/change_all its topic's others the caller may read. */
export function messagesToMove(realm: Realm, user: User, move: Move, quirks: Quirks): Message[] {
  let mode = move.mode;
  if (quirks.has('edit-change-all-moves-one') && mode === 'change_all') mode = 'change_one';
  if (quirks.has('edit-change-later-moves-all') && mode === 'change_later') mode = 'change_all';
  if (mode === 'change_one') return [move.message];
  const readable = (m: Message) => quirks.has('edit-protected-history-moves-all') || canReadMessage(realm, user, m);
  return topicMessages(realm, move.from.id, move.oldTopic)
    .filter((m) => m === move.message || (readable(m) && (mode === 'change_all' || m.id > move.message.id)));
}

/** Rule 6: a change_all move by someone bound by the time limits must leave no older message behind. */
export function checkChangeAllTimeLimit(realm: Realm, user: User, move: Move, limitSeconds: number | null, quirks: Quirks): void {
  if (limitSeconds === null || quirks.has('edit-no-time-limit')) return;
  const oldest = Math.floor(Date.now() / 1000) - limitSeconds - 20; // Zulip's 20-second edit buffer
  const inTopic = topicMessages(realm, move.from.id, move.oldTopic)
    .filter((m) => quirks.has('edit-protected-history-moves-all') || canReadMessage(realm, user, m));
  const allowed = inTopic.filter((m) => m.timestamp > oldest);
  if (allowed.length === inTopic.length) return;
  const extra = quirks.has('edit-time-limit-no-fields') ? {} : {
    first_message_id_allowed_to_move: allowed.length ? allowed[0].id : null,
    total_messages_in_topic: inTopic.length,
    total_messages_allowed_to_move: allowed.length,
  };
  throw new ApiError(400, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${inTopic.length} most recent messages in this topic.`, extra);
}

/** Moves the messages; each keeps its id and gets an edit event (the target's may carry more). */
export function applyMove(realm: Realm, user: User, move: Move, moved: Message[], targetEvent: EditEvent, quirks: Quirks): void {
  const topicChanged = move.newTopic !== move.oldTopic;
  for (const m of moved) {
    const event: EditEvent = m === move.message ? targetEvent : { userId: user.id, timestamp: targetEvent.timestamp };
    if (topicChanged) Object.assign(event, { prevTopic: m.topic, topic: move.newTopic });
    if (move.to !== move.from) Object.assign(event, { prevStream: move.from.id, stream: move.to.id });
    m.topic = move.newTopic;
    m.channelId = move.to.id;
    for (const id of move.to.subscribers) m.holders.add(id);
    if (m !== move.message && quirks.has('edit-history-target-only')) continue;
    if (m !== move.message) recordEdit(realm, m.id, event);
  }
  if (quirks.has('edit-ids-change-on-move')) for (const m of moved) m.id = realm.nextMessageId++;
}

const mention = (user: User) => `@_**${user.fullName}|${user.id}**`;
const topicLink = (channel: Channel, topic: string) => `#**${channel.name}>${topic}**`;

/** The breadcrumbs of Zulip's send_message_moved_breadcrumbs, then the resolve notice. */
export function postMoveNotices(realm: Realm, user: User, move: Move, moved: Message[], notify: { old: boolean; new: boolean }, quirks: Quirks): void {
  const pureResolve = (move.resolved || move.unresolved) && move.to === move.from;
  const leftBehind = topicMessages(realm, move.from.id, move.oldTopic).filter((m) => canReadMessage(realm, user, m));
  const all = leftBehind.length === 0;
  const count = moved.length;
  const link = `[A message](#narrow/near/${move.message.id})`;
  const who = mention(user);
  if (notify.new && !quirks.has('edit-no-move-notices') && (!pureResolve || quirks.has('edit-resolve-notifies-moved'))) {
    const from = topicLink(move.from, move.oldTopic);
    const text = all ? `This topic was moved here from ${from} by ${who}.`
      : count === 1 ? `${link} was moved here from ${from} by ${who}.` : `${count} messages were moved here from ${from} by ${who}.`;
    postNotification(realm, move.to, move.newTopic, text);
  }
  if (notify.old && !pureResolve) {
    const to = topicLink(move.to, move.newTopic);
    const text = all ? `This topic was moved to ${to} by ${who}.`
      : count === 1 ? `${link} was moved from this topic to ${to} by ${who}.` : `${count} messages were moved from this topic to ${to} by ${who}.`;
    postNotification(realm, move.from, move.oldTopic, text);
  }
  if (move.resolved || move.unresolved) postResolveNotice(realm, user, move);
}

function postResolveNotice(realm: Realm, user: User, move: Move): void {
  const channel = channelById(realm, move.to.id)!;
  const last = topicMessages(realm, channel.id, move.newTopic).at(-1);
  if (last && resolveNotices.has(last) && Date.now() / 1000 - last.timestamp <= RESOLVE_UNDO_GRACE_SECONDS) {
    realm.messages = realm.messages.filter((m) => m !== last); // an undo: drop the notice instead of adding one
    return;
  }
  const state = move.resolved ? 'resolved' : 'unresolved';
  resolveNotices.add(postNotification(realm, channel, move.newTopic, `${mention(user)} has marked this topic as ${state}.`));
}
