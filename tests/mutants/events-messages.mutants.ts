// Mutants of the events of the message operations (zulip profile): the message event of POST
// /messages, update_message and what comes with it (op 1), typing (op 3; older typing mutants are
// in typing.mutants.ts), delete_message and first_message_id (op 14; older ones in
// topics.mutants.ts), the silent history read (op 15) and update_message_flags (op 16). For each
// event: one server that drops it, one that misshapes it, one that misaddresses it (sends it to a
// user who should not get it, or not to one who should), and where order matters one that
// reorders it.
import type { Json, Mutant } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const EDIT = 'PATCH /messages/{message_id}';
const TYPING = 'POST /typing';
const DELETE = 'POST /streams/{stream_id}/delete_topic';
const HISTORY = 'GET /messages/{message_id}/history';
const MARK = 'POST /mark_topic_as_read';
const PUSH = 'POST /mobile_push/e2ee/test_notification';
/** The mutants run against the zulip realm, whose realm_empty_topic_display_name this is. */
const ZULIP_EMPTY_TOPIC_NAME = 'general chat';

const isEvents = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/events';
/** Rewrites every event of a GET /events answer. */
const eachEvent = (fn: (event: Json) => void) => ({
  answer: (req: ProxiedRequest, a: { json?: unknown }) => {
    if (isEvents(req)) ((a.json as Json).events as Json[] | undefined)?.forEach(fn);
  },
});
const ofType = (type: string, fn: (event: Json) => void) =>
  eachEvent((e) => {
    if (e.type === type) fn(e);
  });

const UPDATE_KEYS = [
  'zulip.events.update-message.content',
  'zulip.events.update-message.content-direct',
  'zulip.events.update-message.topic',
  'zulip.events.update-message.channel-move',
  'zulip.events.update-message.recipients',
  'zulip.events.update-message.empty-topic-capability',
  'zulip.events.update-message.ordering',
];

export const MUTANTS: Mutant[] = [
  // --- the message event of POST /messages ---
  {
    name: 'message-no-event',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['message-no-event'],
    breaks: ['zulip.events.message.send', 'zulip.events.update-message.breadcrumbs'],
    kills: ['op1.zulip.events.message-channel', 'op1.zulip.events.message-direct', 'op1.zulip.events.message-empty-topic', 'op1.zulip.events.order'],
  },
  {
    name: 'message-event-sender-only',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['message-event-sender-only'],
    breaks: ['zulip.events.message.send'],
    kills: ['op1.zulip.events.message-channel', 'op1.zulip.events.message-direct', 'op1.zulip.events.message-empty-topic'],
  },
  {
    name: 'message-event-without-flags',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('message', (e) => {
      delete e.flags;
    }),
    breaks: ['zulip.events.message.send'],
    kills: ['op1.zulip.events.message-channel', 'op1.zulip.events.message-direct'],
  },
  {
    // message-event-raw-empty-topic also breaks zulip.events.message.send: its message events are not rendered for the client, which the fact says they are (empty_topic_name)
    name: 'message-event-raw-empty-topic',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('message', (e) => {
      const m = e.message as Json;
      if (m?.subject === ZULIP_EMPTY_TOPIC_NAME) m.subject = '';
    }),
    breaks: ['zulip.events.message.empty-topic-capability', 'zulip.events.message.send'],
    kills: ['op1.zulip.events.message-empty-topic'],
  },

  // --- update_message (op 1) ---
  {
    name: 'edit-no-update-event',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-no-update-event'],
    breaks: UPDATE_KEYS,
    kills: [
      'op1.zulip.events.content-edit',
      'op1.zulip.events.content-edit-direct',
      'op1.zulip.events.propagate-modes',
      'op1.zulip.events.channel-move',
      'op1.zulip.events.move-loses-access',
      'op1.zulip.events.subscriber-without-copy',
      'op1.zulip.events.order',
      'op1.zulip.events.empty-topic',
      'op1.zulip.events.resolve',
      'op1.zulip.events.resolve-undo',
    ],
  },
  {
    name: 'edit-event-prev-content',
    kind: 'field',
    operations: [EDIT],
    quirks: ['edit-event-prev-content'],
    breaks: ['zulip.events.update-message.content', 'zulip.events.update-message.content-direct'],
    kills: ['op1.zulip.events.content-edit', 'op1.zulip.events.content-edit-direct'],
  },
  {
    name: 'edit-event-target-only-ids',
    kind: 'field',
    operations: [EDIT],
    quirks: ['edit-event-target-only-ids'],
    breaks: ['zulip.events.update-message.topic'],
    kills: ['op1.zulip.events.propagate-modes', 'op1.zulip.events.resolve'],
  },
  {
    name: 'edit-event-stream-id-new-channel',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('update_message', (e) => {
      if (e.new_stream_id !== undefined) e.stream_id = e.new_stream_id;
    }),
    breaks: ['zulip.events.update-message.channel-move'],
    kills: ['op1.zulip.events.channel-move'],
  },
  {
    name: 'edit-event-raw-empty-topic',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('update_message', (e) => {
      if (e.subject === ZULIP_EMPTY_TOPIC_NAME) e.subject = '';
    }),
    breaks: ['zulip.events.update-message.empty-topic-capability'],
    kills: ['op1.zulip.events.empty-topic'],
  },
  // propagate_mode in the event is how a narrowed client knows whether to follow the moved topic.
  {
    // edit-event-propagate-mode-one also breaks zulip.events.update-message.topic: the topic edit's event says another propagate_mode than the edit's
    name: 'edit-event-propagate-mode-one',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('update_message', (e) => {
      if (e.propagate_mode !== undefined) e.propagate_mode = 'change_one';
    }),
    breaks: ['op1.propagate-mode.navigation', 'zulip.events.update-message.topic'],
    kills: ['op1.zulip.events.propagate-modes', 'op1.zulip.events.resolve'],
  },
  // Events 3: the organisation settings of operation 1 travel in a realm update_dict event.
  {
    name: 'realm-edit-setting-as-update',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('realm', (e) => {
      const data = e.data as Json | undefined;
      if (e.op !== 'update_dict' || !data || !('allow_message_editing' in data)) return;
      Object.assign(e, { op: 'update', property: 'allow_message_editing', value: data.allow_message_editing });
      delete e.data;
    }),
    breaks: ['events.realm-update-dict', 'zulip.events.realm.update-dict-message-editing'],
    kills: ['op1.zulip.events.realm-update-dict'],
  },
  {
    // edit-event-editor-only also breaks zulip.events.update-message.content: the content edit's one update_message event does not reach the users it is for
    name: 'edit-event-editor-only',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-event-editor-only'],
    breaks: ['zulip.events.update-message.recipients', 'zulip.events.update-message.content'],
    kills: ['op1.zulip.events.content-edit', 'op1.zulip.events.subscriber-without-copy', 'op1.zulip.events.move-loses-access'],
  },
  {
    name: 'edit-event-holders-only',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-event-holders-only'],
    breaks: ['zulip.events.update-message.recipients'],
    kills: ['op1.zulip.events.subscriber-without-copy'],
  },
  {
    name: 'edit-event-to-everyone',
    kind: 'permission',
    operations: [EDIT],
    quirks: ['edit-event-to-everyone'],
    breaks: ['zulip.events.update-message.recipients', 'zulip.events.update-message.move-loses-access'],
    kills: ['op1.zulip.events.subscriber-without-copy', 'op1.zulip.events.move-loses-access'],
  },
  // Users a move shuts out: their delete_message event.
  {
    name: 'edit-move-no-delete-event',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-move-no-delete-event'],
    breaks: ['zulip.events.update-message.move-loses-access'],
    kills: ['op1.zulip.events.move-loses-access'],
  },
  {
    name: 'edit-move-loser-gets-update',
    kind: 'permission',
    operations: [EDIT],
    quirks: ['edit-move-loser-gets-update'],
    breaks: ['zulip.events.update-message.move-loses-access'],
    kills: ['op1.zulip.events.move-loses-access'],
  },
  {
    // delete-event-single-id also breaks zulip.delete-topic.batches-newest-first: the deletion is told one message at a time, not in batches of 100
    name: 'delete-event-single-id',
    kind: 'field',
    operations: [EDIT, DELETE],
    rewrite: ofType('delete_message', (e) => {
      if (Array.isArray(e.message_ids)) {
        e.message_id = e.message_ids[0];
        delete e.message_ids;
      }
    }),
    breaks: [
      'zulip.events.update-message.move-loses-access',
      'zulip.events.delete-message.bulk',
      'zulip.events.delete-message.recipients',
      'zulip.delete-topic.batches-newest-first',
    ],
    kills: ['op1.zulip.events.move-loses-access', 'op14.zulip.delete-event', 'op14.zulip.batches-newest-first'],
  },
  // The policies that follow a whole topic, and the order of what a move sends.
  {
    name: 'edit-no-user-topic-migration',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-no-user-topic-migration'],
    breaks: ['zulip.events.update-message.user-topic-migration'],
    kills: ['op1.zulip.events.order'],
  },
  {
    name: 'user-topic-event-policy-zero',
    kind: 'field',
    operations: [EDIT],
    rewrite: ofType('user_topic', (e) => {
      e.visibility_policy = 0;
    }),
    breaks: ['zulip.events.update-message.user-topic-migration'],
    kills: ['op1.zulip.events.order'],
  },
  {
    name: 'edit-user-topic-after-update',
    kind: 'order',
    operations: [EDIT],
    quirks: ['edit-user-topic-after-update'],
    breaks: ['zulip.events.update-message.ordering'],
    kills: ['op1.zulip.events.order'],
  },
  {
    // edit-notices-before-update also breaks zulip.events.update-message.breadcrumbs and .resolve-notice: the notices come before the update_message event, which both facts say they follow
    name: 'edit-notices-before-update',
    kind: 'order',
    operations: [EDIT],
    quirks: ['edit-notices-before-update'],
    breaks: ['zulip.events.update-message.ordering', 'zulip.events.update-message.breadcrumbs', 'zulip.events.update-message.resolve-notice'],
    kills: ['op1.zulip.events.order', 'op1.zulip.events.resolve'],
  },
  {
    name: 'edit-resolve-undo-no-event',
    kind: 'effect',
    operations: [EDIT],
    quirks: ['edit-resolve-undo-no-event'],
    breaks: ['zulip.events.update-message.resolve-notice'],
    kills: ['op1.zulip.events.resolve-undo'],
  },

  // --- typing (op 3) ---
  {
    name: 'typing-not-to-sender',
    kind: 'effect',
    operations: [TYPING],
    quirks: ['typing-not-to-sender'],
    breaks: ['zulip.events.typing.direct'],
    kills: ['op3.zulip.sender-queue'],
  },
  {
    name: 'typing-raw-empty-topic',
    kind: 'field',
    operations: [TYPING],
    rewrite: ofType('typing', (e) => {
      if (e.topic === ZULIP_EMPTY_TOPIC_NAME) e.topic = '';
    }),
    breaks: ['zulip.events.typing.stream-capability'],
    kills: ['op3.zulip.empty-topic-display-name-without-capability'],
  },
  // A channel typing event shaped like a direct one: it lists recipients.
  {
    name: 'typing-stream-event-with-recipients',
    kind: 'field',
    operations: [TYPING],
    rewrite: ofType('typing', (e) => {
      if (e.message_type === 'stream') e.recipients = [e.sender];
    }),
    breaks: ['zulip.events.typing.stream'],
    kills: ['op3.zulip.channel-event'],
  },
  // Every event id a string ("0"): not the integer ids the queue numbers its events with.
  {
    name: 'event-ids-as-text',
    kind: 'field',
    operations: [TYPING, PUSH],
    rewrite: eachEvent((e) => {
      if (typeof e.id === 'number') e.id = String(e.id);
    }),
    breaks: ['zulip.events.queue.event-ids'],
    kills: ['op3.zulip.direct-event', 'op21.zulip.events.none-on-error', 'op21.zulip.events.none-on-success'],
  },

  // --- delete_message and first_message_id (op 14) ---
  {
    // delete-topic-no-delete-event also breaks zulip.events.delete-message-per-message-without-capability: a queue without the bulk capability gets no event either
    name: 'delete-topic-no-delete-event',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-no-delete-event'],
    breaks: [
      'zulip.events.delete-message.bulk',
      'zulip.events.delete-message.recipients',
      'zulip.events.delete-message.legacy',
      'op14.newest-first',
      'zulip.events.delete-message-per-message-without-capability',
    ],
    kills: ['op14.zulip.delete-event', 'op14.zulip.legacy-events', 'op14.zulip.batches-newest-first'],
  },
  {
    name: 'delete-event-topic-case-kept',
    kind: 'field',
    operations: [DELETE],
    quirks: ['delete-event-topic-case-kept'],
    breaks: ['zulip.events.delete-message.topic-value'],
    kills: ['op14.zulip.delete-event'],
  },
  {
    // delete-events-actor-only also breaks zulip.events.delete-message-per-message-without-capability: another user's queue without the bulk capability gets no event
    name: 'delete-events-actor-only',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-events-actor-only'],
    breaks: [
      'zulip.events.delete-message.recipients',
      'zulip.events.delete-message.legacy',
      'op14.newest-first',
      'zulip.events.delete-message.first-message-id',
      'zulip.events.delete-message-per-message-without-capability',
    ],
    kills: ['op14.zulip.delete-event', 'op14.zulip.legacy-events', 'op14.zulip.batches-newest-first', 'op14.zulip.first-message-id'],
  },
  {
    name: 'delete-events-to-everyone',
    kind: 'permission',
    operations: [DELETE],
    quirks: ['delete-events-to-everyone'],
    breaks: ['zulip.events.delete-message.recipients'],
    kills: ['op14.zulip.delete-event'],
  },
  {
    name: 'first-message-event-actor-only',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['first-message-event-actor-only'],
    breaks: ['events.first-message-id', 'zulip.events.delete-message.first-message-id'],
    kills: ['op14.zulip.first-message-id'],
  },
  {
    name: 'first-message-event-after-delete',
    kind: 'order',
    operations: [DELETE],
    quirks: ['first-message-event-after-delete'],
    breaks: ['events.first-message-id', 'zulip.events.delete-message.first-message-id'],
    kills: ['op14.zulip.first-message-id'],
  },
  {
    name: 'first-message-event-old-value',
    kind: 'field',
    operations: [DELETE],
    quirks: ['first-message-event-old-value'],
    breaks: ['events.first-message-id', 'zulip.events.delete-message.first-message-id', 'zulip.channel.first-message-id'],
    kills: ['op14.zulip.first-message-id'],
  },
  {
    name: 'delete-topic-keeps-topic-policies',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-keeps-topic-policies'],
    breaks: ['zulip.events.delete-message.user-topic-cleanup'],
    kills: ['op14.zulip.topic-policies-dropped'],
  },

  // --- reads: the edit history (op 15) and update_message_flags (op 16) ---
  {
    name: 'history-read-sends-event',
    kind: 'effect',
    operations: [HISTORY],
    quirks: ['history-read-sends-event'],
    breaks: ['zulip.events.history-read-no-event'],
    kills: ['op15.zulip.read-sends-no-event'],
  },
  {
    name: 'mark-read-no-event',
    kind: 'effect',
    operations: [MARK],
    quirks: ['mark-read-no-event'],
    breaks: ['zulip.events.update-message-flags.mark-topic-read'],
    kills: ['op16.zulip.read-event'],
  },
  {
    name: 'mark-read-event-all-ids',
    kind: 'field',
    operations: [MARK],
    quirks: ['mark-read-event-all-ids'],
    breaks: ['zulip.events.update-message-flags.mark-topic-read'],
    kills: ['op16.zulip.read-event', 'op16.zulip.nothing-unread-no-event'],
  },
  {
    name: 'mark-read-event-as-remove',
    kind: 'field',
    operations: [MARK],
    rewrite: ofType('update_message_flags', (e) => {
      e.op = 'remove';
      e.operation = 'remove';
    }),
    breaks: ['zulip.events.update-message-flags.mark-topic-read'],
    kills: ['op16.zulip.read-event'],
  },
  {
    name: 'mark-read-event-to-senders',
    kind: 'effect',
    operations: [MARK],
    quirks: ['mark-read-event-to-senders'],
    breaks: ['zulip.events.update-message-flags.mark-topic-read'],
    kills: ['op16.zulip.read-event'],
  },
  // No virtual events: each mark's read event delivered on its own, as if the queue did not merge
  // them (each piece keeps the id its push took; the merged event bears the last one).
  {
    name: 'flags-events-not-merged',
    kind: 'effect',
    operations: [MARK],
    rewrite: {
      answer: (req, a) => {
        const body = a.json as Json | undefined;
        if (!isEvents(req) || !Array.isArray(body?.events)) return;
        body.events = (body.events as Json[]).flatMap((e) => {
          const ids = e.messages as number[] | undefined;
          if (e.type !== 'update_message_flags' || e.all === true || !Array.isArray(ids) || ids.length < 2) return [e];
          return ids.map((m, i) => ({ ...e, id: (e.id as number) - (ids.length - 1 - i), messages: [m] }));
        });
      },
    },
    breaks: ['zulip.events.queue.flags-compression'],
    kills: ['op16.zulip.read-event'],
  },
  {
    name: 'mark-read-event-when-nothing-unread',
    kind: 'effect',
    operations: [MARK],
    quirks: ['mark-read-event-when-nothing-unread'],
    breaks: ['zulip.events.update-message-flags.mark-topic-read'],
    kills: ['op16.zulip.nothing-unread-no-event'],
  },
];
