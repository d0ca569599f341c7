// Message edit history: the raw edit events stored with each edit (as Zulip's
// Message.edit_history), and GET /messages/{message_id}/history, which replays them into
// snapshots the way Zulip's fill_edit_history_entries does.
import { accessMessage } from './access.js';
import { shownTopic } from '../channels/topic-names.js';
import { htmlDiff, renderContent } from './render.js';
import type { Message, Realm } from '../realm/model.js';
import { realmSettings } from '../settings/organisation.js';
import { badRequest } from '../core/errors.js';
import { sendEvent } from '../events/queue.js';
import type { Context, Route } from '../core/router.js';

/** One edit as stored: only what that edit changed. */
export interface EditEvent {
  userId: number;
  timestamp: number;
  prevContent?: string;
  prevTopic?: string;
  topic?: string;
  prevStream?: number;
  stream?: number;
}

// Held by the message itself: a deleted message's history goes with it.
const stored = new WeakMap<Message, EditEvent[]>();

/** Events of a message, oldest first. */
export function editEvents(message: Message): EditEvent[] {
  let events = stored.get(message);
  if (!events) stored.set(message, (events = []));
  return events;
}

export function recordEdit(message: Message, event: EditEvent): void {
  editEvents(message).push(event);
}

type Snapshot = Record<string, unknown>;

/** Walks from the current state back to the original: each snapshot shows the state right after its edit. */
export function snapshots(realm: Realm, message: Message, allowEmptyTopic: boolean, quirks: ReadonlySet<string>): Snapshot[] {
  const topic = (t: string) => shownTopic(realm, t, allowEmptyTopic);
  let content = message.content;
  let currentTopic = message.topic;
  const out: Snapshot[] = [];
  for (const event of [...editEvents(message)].reverse()) {
    const snapshot: Snapshot = {
      topic: topic(currentTopic),
      content,
      rendered_content: renderContent(content),
      timestamp: event.timestamp,
      user_id: event.userId,
    };
    if (event.prevTopic !== undefined || quirks.has('edit-history-extra-fields')) {
      snapshot.prev_topic = topic(event.prevTopic ?? currentTopic);
      currentTopic = event.prevTopic ?? currentTopic;
    }
    if (event.prevContent !== undefined) {
      snapshot.prev_content = event.prevContent;
      snapshot.prev_rendered_content = renderContent(event.prevContent);
      snapshot.content_html_diff = htmlDiff(renderContent(event.prevContent), renderContent(content));
      content = event.prevContent;
    }
    if (event.prevStream !== undefined) Object.assign(snapshot, { prev_stream: event.prevStream, stream: event.stream });
    out.push(realm.level.fields('edit snapshot', snapshot));
  }
  const original: Snapshot = {
    topic: topic(currentTopic),
    content,
    rendered_content: renderContent(content),
    timestamp: message.timestamp,
    user_id: message.senderId,
  };
  out.push(original);
  return quirks.has('edit-history-unsorted') ? out : out.reverse();
}

/**
 * Zulip's visible_edit_history_for_message under the "moves" policy: a content-only edit is
 * left out, and an edit that also moved the message loses its content fields.
 */
function movesOnly(history: Snapshot[]): Snapshot[] {
  return history.flatMap((snapshot) => {
    if (!('prev_content' in snapshot)) return [snapshot];
    if (!('prev_topic' in snapshot)) return [];
    const { prev_content: _c, prev_rendered_content: _r, content_html_diff: _d, ...rest } = snapshot;
    return [rest];
  });
}

function getHistory(ctx: Context) {
  const policy = realmSettings(ctx.realm).editHistoryPolicy;
  if (policy === 'none' && !ctx.quirks.has('edit-history-ignores-disabled')) {
    throw badRequest('Message edit history is disabled in this organization');
  }
  const allowEmpty = ctx.params.bool('allow_empty_topic_name', false) || ctx.quirks.has('edit-history-empty-topic-raw');
  const message = accessMessage(ctx.realm, ctx.user, ctx.path.message_id);
  const history = snapshots(ctx.realm, message, allowEmpty, ctx.quirks);
  // A read changes nothing and sends no event (Zulip's get_message_edit_history), unless faulty.
  if (ctx.quirks.has('history-read-sends-event')) {
    sendEvent(ctx.realm, [ctx.user.id], { type: 'update_message_flags', op: 'add', operation: 'add', flag: 'read', messages: [message.id], all: false });
  }
  return { message_history: policy === 'moves' && !ctx.quirks.has('edit-history-moves-shows-all') ? movesOnly(history) : history };
}

export const editHistoryRoutes: Route[] = [{ method: 'GET', path: '/messages/{message_id}/history', params: ['allow_empty_topic_name'], handle: getHistory }];
