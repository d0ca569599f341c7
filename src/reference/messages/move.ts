// Moving messages (op 1 with `topic` or `stream_id`): which messages `propagate_mode` moves,
// the time-limit check of rule 6, who keeps or loses access in a channel move, the users' topic
// visibility policies that follow a whole topic, and the Notification Bot's notices in the old
// and new topic, each with its events as Zulip's do_update_message sends them.
import { channelById } from '../realm/access.js';
import { ApiError } from '../core/errors.js';
import { recordEdit, type EditEvent } from './history.js';
import { postNotification, topicMessages } from './access.js';
import { canReadMessage } from './visibility.js';
import { ROLE, type Channel, type Message, type Realm, type User } from '../realm/model.js';
import { deleteMessages, sendDeleteEvent } from './delete-events.js';
import { mergedPolicy, POLICY, policyNumber, setTopicPolicy, topicPolicies } from '../channels/user-topic-events.js';
import type { Quirks } from '../realm/quirk-set.js';
import { allocate } from '../realm/flavor.js';

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
  return topicMessages(realm, move.from.id, move.oldTopic).filter(
    (m) => m === move.message || (readable(m) && (mode === 'change_all' || m.id > move.message.id)),
  );
}

/**
 * Rule 6: a change_all move by someone bound by the time limits must leave no older message
 * behind. Before feature level 172 change_all moved the older messages too.
 */
export function checkChangeAllTimeLimit(realm: Realm, user: User, move: Move, limitSeconds: number | null, quirks: Quirks): void {
  if (limitSeconds === null || quirks.has('edit-no-time-limit') || !realm.level.has('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED')) return;
  const oldest = Math.floor(Date.now() / 1000) - limitSeconds - realm.flavor.editLimitGraceSeconds;
  // Rule 8: only what the caller can access counts (Zulip counts the caller's own UserMessage rows
  // where the history is protected).
  const counted = quirks.has('edit-protected-history-moves-all') || quirks.has('edit-time-limit-counts-inaccessible');
  const inTopic = topicMessages(realm, move.from.id, move.oldTopic).filter((m) => counted || canReadMessage(realm, user, m));
  const allowed = inTopic.filter((m) => m.timestamp > oldest);
  if (allowed.length === inTopic.length) return;
  const extra = quirks.has('edit-time-limit-no-fields')
    ? {}
    : {
        first_message_id_allowed_to_move: allowed.length ? allowed[0].id : null,
        total_messages_in_topic: inTopic.length,
        total_messages_allowed_to_move: allowed.length,
      };
  throw new ApiError(
    400,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${inTopic.length} most recent messages in this topic.`,
    extra,
  );
}

/**
 * Who a channel move takes the messages from (Zulip's do_update_message): the users subscribed
 * to the origin, now or when the messages came (their holders), lose their copies unless they
 * are subscribed to the destination; they lose access altogether when the destination is private
 * (a public destination is closed only to guests). With protected history in the destination,
 * its subscribers get copies, already read.
 */
export interface MoveAccess {
  losingCopies: Set<number>;
  losingAccess: Set<number>;
  gainingCopies: number[];
}

export function moveAccess(realm: Realm, move: Move, moved: Message[]): MoveAccess {
  if (move.to === move.from) return { losingCopies: new Set(), losingAccess: new Set(), gainingCopies: [] };
  const originUsers = new Set([...move.from.subscribers, ...moved.flatMap((m) => [...m.holders])]);
  const losingCopies = new Set([...originUsers].filter((id) => !move.to.subscribers.has(id)));
  const guest = (id: number) => realm.users.find((u) => u.id === id)?.role === ROLE.guest;
  const losingAccess = move.to.inviteOnly ? losingCopies : new Set([...losingCopies].filter(guest));
  const gainingCopies = move.to.historyPublicToSubscribers ? [] : [...move.to.subscribers];
  return { losingCopies, losingAccess, gainingCopies };
}

/** Moves the messages; each keeps its id and gets an edit event (the target's may carry more). */
export function applyMove(realm: Realm, user: User, move: Move, moved: Message[], targetEvent: EditEvent, access: MoveAccess, quirks: Quirks): void {
  const topicChanged = move.newTopic !== move.oldTopic;
  for (const m of moved) {
    const event: EditEvent = m === move.message ? targetEvent : { userId: user.id, timestamp: targetEvent.timestamp };
    if (topicChanged) Object.assign(event, { prevTopic: m.topic, topic: move.newTopic });
    if (move.to !== move.from) Object.assign(event, { prevStream: move.from.id, stream: move.to.id });
    m.topic = move.newTopic;
    m.channelId = move.to.id;
    for (const id of access.losingCopies) m.holders.delete(id);
    for (const id of access.gainingCopies) {
      if (m.holders.has(id)) continue;
      m.holders.add(id);
      m.readBy.add(id);
    }
    if (m !== move.message && quirks.has('edit-history-target-only')) continue;
    if (m !== move.message) recordEdit(m, event);
  }
  if (quirks.has('edit-ids-change-on-move')) for (const m of moved) m.id = allocate(realm, 'message');
}

/**
 * Zulip's moved_all_visible_messages: change_all, or no message the caller can read is left in
 * the old topic. It decides the notices' wording and whether visibility policies follow.
 */
export function movedWholeTopic(realm: Realm, user: User, move: Move): boolean {
  return move.mode === 'change_all' || !topicMessages(realm, move.from.id, move.oldTopic).some((m) => canReadMessage(realm, user, m));
}

/**
 * Before the move is applied: whether the destination topic already had messages (a merge).
 * After it, when the whole topic moved, its users' visibility policies follow it (Zulip's
 * do_update_message): users losing access drop theirs; the others' old-topic policy is reset
 * (user_topic only, no muted_topics) and the destination gets the old policy, or on a merge the
 * more visible of the two (mergedPolicy), when that differs from what it had.
 */
export function migrateTopicPolicies(realm: Realm, move: Move, access: MoveAccess, targetHadMessages: boolean): void {
  const orig = topicPolicies(realm, move.from.id, move.oldTopic);
  const target = topicPolicies(realm, move.to.id, move.newTopic);
  const gone = [...orig.keys()].filter((id) => access.losingAccess.has(id));
  for (const id of gone) orig.delete(id);
  setTopicPolicy(realm, gone, move.from, move.oldTopic, POLICY.inherit);
  for (const id of new Set([...orig.keys(), ...target.keys()])) {
    const before = orig.get(id) ?? POLICY.inherit;
    const there = target.get(id) ?? POLICY.inherit;
    if (before !== POLICY.inherit) setTopicPolicy(realm, [id], move.from, move.oldTopic, POLICY.inherit, { skipMutedTopics: true });
    const after = targetHadMessages ? mergedPolicy(realm, before, there) : before;
    if (after !== there) setTopicPolicy(realm, [id], move.to, move.newTopic, after);
  }
}

/** Users losing access see the moved messages as deleted: a delete_message event (old channel and topic). */
export function sendLostAccessEvents(realm: Realm, quirks: Quirks, move: Move, moved: Message[], access: MoveAccess): void {
  if (move.to === move.from || quirks.has('edit-move-no-delete-event') || quirks.has('edit-move-loser-gets-update')) return;
  sendDeleteEvent(realm, quirks, access.losingAccess, {
    message_type: 'stream',
    stream_id: move.from.id,
    topic: move.oldTopic,
    message_ids: moved.map((m) => m.id).sort((a, b) => a - b),
  });
}

const mention = (user: User) => `@_**${user.fullName}|${user.id}**`;
const topicLink = (channel: Channel, topic: string) => `#**${channel.name}>${topic}**`;

/**
 * The notices after the update_message event, in Zulip's order: the resolve notice (a pure topic
 * edit that resolves or unresolves), then the breadcrumb in the new topic (send_notification_to_new_thread,
 * not for a pure resolve or unresolve), then the one in the old topic (send_notification_to_old_thread).
 * Each is a message of the Notification Bot, already read for the acting user.
 */
export function postMoveNotices(
  realm: Realm,
  user: User,
  move: Move,
  moved: Message[],
  wholeTopic: boolean,
  notify: { old: boolean; new: boolean; content: boolean },
  quirks: Quirks,
): void {
  const resolving = move.resolved || move.unresolved;
  const pureTopicEdit = move.to === move.from && !notify.content;
  const resolveNotice = resolving && pureTopicEdit ? postResolveNotice(realm, user, move, quirks) : undefined;
  const count = moved.length;
  const link = `[A message](#narrow/near/${move.message.id})`;
  const who = mention(user);
  const movedIds = new Set(moved.map((m) => m.id));
  // Before level 152 a move within a channel posted neither breadcrumb, whatever was asked.
  const breadcrumbs = move.to !== move.from || realm.level.has('topic moves within a channel send notices');
  if (breadcrumbs && notify.new && !quirks.has('edit-no-move-notices') && (move.to !== move.from || !resolving || quirks.has('edit-resolve-notifies-moved'))) {
    const from = topicLink(move.from, move.oldTopic);
    // Whole-topic wording only when the caller sees nothing of the destination topic besides what moved.
    const preexisting = topicMessages(realm, move.to.id, move.newTopic).some(
      (m) => !movedIds.has(m.id) && m !== resolveNotice && canReadMessage(realm, user, m),
    );
    const text =
      wholeTopic && !preexisting
        ? `This topic was moved here from ${from} by ${who}.`
        : count === 1
          ? `${link} was moved here from ${from} by ${who}.`
          : `${count} messages were moved here from ${from} by ${who}.`;
    postNotification(realm, move.to, move.newTopic, realm.flavor.noticePrefix + text, quirks, [user.id]);
  }
  if (breadcrumbs && notify.old) {
    const to = topicLink(move.to, move.newTopic);
    const text = wholeTopic
      ? `This topic was moved to ${to} by ${who}.`
      : count === 1
        ? `A message was moved from this topic to ${to} by ${who}.`
        : `${count} messages were moved from this topic to ${to} by ${who}.`;
    postNotification(realm, move.from, move.oldTopic, realm.flavor.noticePrefix + text, quirks, [user.id]);
  }
}

/**
 * The resolve notice, or its undo: when the topic's last message is a resolve notice younger
 * than the grace period, that notice is deleted (a delete_message event) and none is posted.
 * The notice is read for everyone but the subscribers who keep such notices unread
 * (resolved_topic_notice_auto_read_policy "never", or "except_followed" for a followed topic).
 */
function postResolveNotice(realm: Realm, user: User, move: Move, quirks: Quirks): Message | undefined {
  const channel = channelById(realm, move.to.id)!;
  const last = topicMessages(realm, channel.id, move.newTopic).at(-1);
  const undo = !quirks.has('edit-resolve-undo-posts-notice');
  if (undo && last && resolveNotices.has(last) && Date.now() / 1000 - last.timestamp <= RESOLVE_UNDO_GRACE_SECONDS) {
    if (quirks.has('edit-resolve-undo-no-event')) realm.messages = realm.messages.filter((m) => m !== last);
    else deleteMessages(realm, quirks, [last], user.id);
    return undefined;
  }
  // The policies have followed a whole topic by now: who follows the topic is read where it went.
  const following = topicPolicies(realm, move.to.id, move.newTopic);
  const keepsUnread = (u: User) => {
    const policy = String(u.settings.resolved_topic_notice_auto_read_policy ?? 'except_followed');
    return policy === 'never' || (policy === 'except_followed' && following.get(u.id) === policyNumber(realm, 'followed'));
  };
  const readers = realm.users.filter((u) => u.id === user.id || !keepsUnread(u)).map((u) => u.id);
  const state = move.resolved ? 'resolved' : 'unresolved';
  const notice = postNotification(
    realm,
    channel,
    move.newTopic,
    `${realm.flavor.noticePrefix}${mention(user)} has marked this topic as ${state}.`,
    quirks,
    readers,
  );
  resolveNotices.add(notice);
  return notice;
}
