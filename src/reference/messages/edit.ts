// Op 1, PATCH /messages/{message_id}: edit content, change the topic, move to another channel,
// resolve. The checks run in the order of Zulip's check_update_message, with its messages.
import { createHash } from 'node:crypto';
import { accessChannelById, channelById } from '../realm/access.js';
import { ApiError, badRequest } from '../core/errors.js';
import { recordEdit, type EditEvent } from './history.js';
import { checkChannelMove, checkContentEdit, checkTopicChange, checkWildcards, isModeratorOrAbove } from './edit-permissions.js';
import { accessMessage, topicMessages } from './access.js';
import { namesEmptyTopic, refuseEmptyTopicBefore334 } from '../channels/topic-names.js';
import {
  applyMove,
  checkChangeAllTimeLimit,
  messagesToMove,
  migrateTopicPolicies,
  moveAccess,
  movedWholeTopic,
  postMoveNotices,
  RESOLVED_PREFIX,
  sendLostAccessEvents,
  type Move,
  type PropagateMode,
} from './move.js';
import { sendUpdateMessageEvent } from './edit-events.js';
import type { Message } from '../realm/model.js';
import { realmSettings } from '../settings/organisation.js';
import { checkTopicsPolicy } from './topics-policy.js';
import type { Context, Route } from '../core/router.js';
import { tooLongMessage } from '../core/params.js';
import { detachedUploads } from './uploads.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function truncate(text: string, limit: number, marker: string): string {
  const chars = [...text];
  return chars.length <= limit ? text : chars.slice(0, limit - marker.length).join('') + marker;
}

/** Over the limit: Zulip truncates an edit (with a marker); the variant refuses it. Both keep "at most". */
function fitToLimit(ctx: Context, name: string, text: string, limit: number, marker: string): string {
  if (!ctx.realm.flavor.truncatesOverLongEdits && [...text].length > limit) throw badRequest(tooLongMessage(name, limit));
  return truncate(text, limit, marker);
}

interface EditRequest {
  topic?: string;
  mode: PropagateMode;
  notifyOld: boolean;
  notifyNew: boolean;
  content?: string;
  sha?: string;
  streamId?: number;
}

function readRequest(ctx: Context): EditRequest {
  const p = ctx.params;
  return {
    topic: p.optString('topic') ?? p.optString('subject'),
    mode: p.optEnum('propagate_mode', ['change_one', 'change_later', 'change_all'] as const) ?? 'change_one',
    // Its default was true before level 152.
    notifyOld: p.bool(
      'send_notification_to_old_thread',
      ctx.quirks.has('edit-old-thread-notice-by-default') || !ctx.realm.level.has('no old-topic notice by default'),
    ),
    notifyNew: p.bool('send_notification_to_new_thread', true),
    content: p.optString('content'),
    sha: p.optString('prev_content_sha256'),
    streamId: p.optInt('stream_id'),
  };
}

/** A topic parameter: stripped; the display name of the empty topic means the empty topic. */
function normaliseTopic(ctx: Context, raw: string | undefined, message: Message): string | undefined {
  if (raw === undefined) return undefined;
  let topic = raw.trim();
  if (namesEmptyTopic(ctx.realm, topic) && !ctx.quirks.has('edit-topic-display-name-literal')) topic = '';
  if (message.channelId !== null) refuseEmptyTopicBefore334(ctx.realm, topic);
  return topic === message.topic ? undefined : topic;
}

/** Zulip's validate_message_edit_payload: rules 1, 2 and 3, and the hash of rule prev_content_sha256. */
function validatePayload(ctx: Context, message: Message, req: EditRequest, topic: string | undefined): void {
  const q = ctx.quirks;
  if (topic === undefined && req.content === undefined && req.streamId === undefined) throw badRequest('Nothing to change');
  if (message.channelId === null && !q.has('edit-dm-topic-ok')) {
    if (req.streamId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (req.mode !== 'change_one' && topic === undefined && req.streamId === undefined && !q.has('edit-content-propagate-ok')) {
    throw badRequest('Invalid propagate_mode without topic edit');
  }
  const flavor = ctx.realm.flavor;
  const resolvingEmpty =
    topic === RESOLVED_PREFIX.trim() || (flavor.resolvedDisplayNameIsEmptyTopic && topic === `${RESOLVED_PREFIX}${flavor.emptyTopicDisplayName}`);
  if (resolvingEmpty && !q.has('edit-resolve-empty-topic-ok')) throw badRequest('General chat cannot be marked as resolved');
  if (req.streamId !== undefined && req.content !== undefined && !q.has('edit-content-and-stream-ok')) {
    throw badRequest('Cannot change message content while changing channel');
  }
  if (req.sha !== undefined && req.sha !== sha256(message.content) && !q.has('edit-sha256-ignored')) {
    throw new ApiError(400, 'EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.");
  }
}

/** Zulip's build_message_edit_request: the move it describes, checked against topics_policy. */
function buildMove(ctx: Context, message: Message, req: EditRequest, topic: string | undefined): Move | undefined {
  if (message.channelId === null) return undefined;
  const from = channelById(ctx.realm, message.channelId)!;
  const to = req.streamId === undefined ? from : accessChannelById(ctx.realm, ctx.user, req.streamId);
  const oldTopic = message.topic;
  const newTopic =
    topic === undefined ? oldTopic : ctx.quirks.has('edit-topic-no-truncate') ? topic : fitToLimit(ctx, 'topic', topic, ctx.realm.flavor.limits.topic, '...');
  const resolved =
    topic !== undefined && newTopic.startsWith(RESOLVED_PREFIX) && !oldTopic.startsWith(RESOLVED_PREFIX) && topic.slice(RESOLVED_PREFIX.length) === oldTopic;
  const unresolved =
    topic !== undefined && oldTopic.startsWith(RESOLVED_PREFIX) && !newTopic.startsWith(RESOLVED_PREFIX) && oldTopic.replace(/^[✔ ]+/u, '') === newTopic;
  if (!ctx.quirks.has('edit-topics-policy-ignored')) {
    const empty = newTopic === '' || newTopic === '(no topic)';
    // A content edit in place is no message sent to the topic: only a move is checked for the empty topic.
    if (!empty || topic !== undefined || to !== from) checkTopicsPolicy(ctx.realm, to, empty);
  }
  return { message, mode: req.mode, from, to, oldTopic, newTopic, resolved, unresolved };
}

function editMessage(ctx: Context) {
  const req = readRequest(ctx);
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  const s = realmSettings(ctx.realm);
  if (req.content !== undefined) checkContentEdit(ctx, message, s);
  const topic = normaliseTopic(ctx, req.topic, message);
  validatePayload(ctx, message, req, topic);
  const move = buildMove(ctx, message, req, topic);
  if (move && topic !== undefined) checkTopicChange(ctx, move, s);

  let content: string | undefined;
  if (req.content !== undefined) {
    content =
      req.content.trimEnd() === ''
        ? '(deleted)'
        : ctx.quirks.has('edit-content-no-truncate')
          ? req.content
          : fitToLimit(ctx, 'content', req.content, ctx.realm.flavor.limits.message, '\n[message truncated]');
    checkWildcards(ctx, message, content, s);
  }
  const moving = move !== undefined && (move.to !== move.from || move.newTopic !== move.oldTopic);
  if (move && move.to !== move.from) checkChannelMove(ctx, move, s);
  const bound = !isModeratorOrAbove(ctx.user) || ctx.quirks.has('edit-time-limit-for-admins');
  if (move && moving && req.mode === 'change_all' && bound && !move.resolved && !move.unresolved) {
    const limits = [
      move.newTopic !== move.oldTopic ? s.moveMessagesWithinStreamLimitSeconds : null,
      move.to !== move.from ? s.moveMessagesBetweenStreamsLimitSeconds : null,
    ].filter((l): l is number => l !== null);
    checkChangeAllTimeLimit(ctx.realm, ctx.user, move, limits.length ? Math.min(...limits) : null, ctx.quirks);
  }

  // Every check passed: change the message, then the others a move takes along.
  const event: EditEvent = { userId: ctx.user.id, timestamp: Math.floor(Date.now() / 1000) };
  const moved = move && moving ? messagesToMove(ctx.realm, ctx.user, move, ctx.quirks) : [];
  if (
    move &&
    moving &&
    ctx.quirks.has('edit-partial-move-refused') &&
    req.mode !== 'change_one' &&
    moved.length < topicMessages(ctx.realm, move.from.id, move.oldTopic).filter((m) => req.mode === 'change_all' || m.id >= move.message.id).length
  ) {
    throw badRequest('Some messages of this topic are not accessible to you');
  }
  const holdersBefore = new Set(message.holders);
  let detached: unknown[] = [];
  const contentBefore = message.content;
  if (content !== undefined && content !== message.content) {
    event.prevContent = contentBefore;
    message.content = content;
    detached = ctx.quirks.has('edit-no-detached-uploads') ? [] : detachedUploads(ctx.realm, message, contentBefore, ctx.user.id, ctx.quirks);
  }
  const movement = move && moving ? move : undefined;
  const access = movement ? moveAccess(ctx.realm, movement, moved) : undefined;
  const targetHadMessages = movement ? topicMessages(ctx.realm, movement.to.id, movement.newTopic).length > 0 : false;
  if (movement) applyMove(ctx.realm, ctx.user, movement, moved, event, access!, ctx.quirks);
  if (event.prevContent !== undefined || moving) recordEdit(message, event);
  // The events, in Zulip's order: delete_message for users losing access, the policies that
  // follow a whole topic, update_message, then the notices (message events).
  const wholeTopic = movement ? movedWholeTopic(ctx.realm, ctx.user, movement) : false;
  const outcome = {
    editor: ctx.user,
    message,
    holdersBefore,
    moved,
    access,
    move: movement,
    timestamp: event.timestamp,
    content: content === undefined ? undefined : { before: contentBefore, after: content },
  };
  const notices = () =>
    movement &&
    postMoveNotices(ctx.realm, ctx.user, movement, moved, wholeTopic, { old: req.notifyOld, new: req.notifyNew, content: content !== undefined }, ctx.quirks);
  if (movement) sendLostAccessEvents(ctx.realm, ctx.quirks, movement, moved, access!);
  const policies = () =>
    movement && wholeTopic && !ctx.quirks.has('edit-no-user-topic-migration') && migrateTopicPolicies(ctx.realm, movement, access!, targetHadMessages);
  if (!ctx.quirks.has('edit-user-topic-after-update')) policies();
  if (ctx.quirks.has('edit-notices-before-update')) notices();
  // Zulip sends the event for every edit it accepts, even one that leaves the content as it was.
  if (content !== undefined || movement) sendUpdateMessageEvent(ctx.realm, ctx.quirks, outcome);
  if (ctx.quirks.has('edit-user-topic-after-update')) policies();
  if (!ctx.quirks.has('edit-notices-before-update')) notices();
  return ctx.realm.level.fields('edit message', { detached_uploads: detached });
}

const EDIT_PARAMS = [
  'topic',
  'subject',
  'propagate_mode',
  'send_notification_to_old_thread',
  'send_notification_to_new_thread',
  'content',
  'prev_content_sha256',
  'stream_id',
];

export const messageEditRoutes: Route[] = [{ method: 'PATCH', path: '/messages/{message_id}', params: EDIT_PARAMS, handle: editMessage }];
