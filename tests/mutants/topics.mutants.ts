// Mutants for the topic operations: GET /users/me/{stream_id}/topics (17), POST
// /streams/{stream_id}/delete_topic (14) and POST /mark_topic_as_read (16).
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { accept, isStreams, paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const TOPICS = 'GET /users/me/{stream_id}/topics';
const DELETE = 'POST /streams/{stream_id}/delete_topic';
const MARK = 'POST /mark_topic_as_read';
const TYPING = 'POST /typing';
const isTopics = (req: ProxiedRequest) => req.method === 'GET' && /^\/users\/me\/\d+\/topics$/.test(req.path);
const isDelete = (req: ProxiedRequest) => req.method === 'POST' && /^\/streams\/\d+\/delete_topic$/.test(req.path);
const isMark = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/mark_topic_as_read';

type Entry = { name: unknown; max_id: unknown };
/** Applies fn to the topic list of every GET /users/me/{stream_id}/topics answer. */
const topicList = (fn: (topics: Entry[], req: ProxiedRequest) => Entry[] | void): Rewrite => ({
  answer: (req, a) => {
    const body = a.json as Json;
    if (isTopics(req) && Array.isArray(body.topics)) body.topics = fn(body.topics as Entry[], req) ?? body.topics;
  },
});
/** Replaces the code of every error answer matching `when`. */
const errorCode = (when: (req: ProxiedRequest) => boolean, from: string, to: string): Rewrite => ({
  answer: (req, a) => {
    const body = a.json as Json;
    if (when(req) && body.result === 'error' && body.code === from) body.code = to;
  },
});

/** Topics as separate records: once listed, a topic stays listed after its messages are gone. */
function topicsOutliveMessages(): Rewrite {
  const seen = new Map<string, Map<string, Entry>>();
  return topicList((topics, req) => {
    const known = seen.get(req.path) ?? new Map<string, Entry>();
    seen.set(req.path, known);
    for (const t of topics) known.set(String(t.name), t);
    return [...known.values()];
  });
}

/** GET /streams answers with the first_message_id it showed first for each channel. */
function staleFirstMessageId(): Rewrite {
  const first = new Map<unknown, unknown>();
  return {
    answer: (req, a) => {
      if (!isStreams(req)) return;
      for (const c of ((a.json as Json).streams as Json[] | undefined) ?? []) {
        if (!first.has(c.stream_id)) first.set(c.stream_id, c.first_message_id);
        c.first_message_id = first.get(c.stream_id);
      }
    },
  };
}

export const MUTANTS: Mutant[] = [
  // --- GET /users/me/{stream_id}/topics ---
  {
    name: 'topics-oldest-first',
    kind: 'order',
    operations: [TOPICS],
    quirks: ['topics-oldest-first'],
    breaks: ['op17.order'],
    kills: ['op17.order.most-recent-first'],
  },
  {
    name: 'topics-max-id-first-message',
    kind: 'field',
    operations: [TOPICS],
    quirks: ['topics-max-id-first-message'],
    breaks: ['res.topic-entry.max-id'],
    kills: ['op17.max-id.last-message'],
  },
  {
    name: 'topics-empty-name-raw',
    kind: 'field',
    operations: [TOPICS],
    quirks: ['topics-empty-name-raw'],
    breaks: ['op17.allow-empty.default', 'op17.allow-empty.false'],
    kills: ['op17.empty-topic.display-name', 'op17.empty-topic.explicit-false'],
  },
  {
    name: 'topics-default-allow-empty',
    kind: 'default',
    operations: [TOPICS],
    rewrite: {
      request: (req) => {
        if (isTopics(req) && !req.query.has('allow_empty_topic_name')) req.query.set('allow_empty_topic_name', 'true');
      },
    },
    breaks: ['op17.allow-empty.default'],
    kills: ['op17.empty-topic.display-name'],
  },
  {
    name: 'topics-false-as-true',
    kind: 'parameter',
    operations: [TOPICS],
    rewrite: {
      request: (req) => {
        if (isTopics(req) && req.query.get('allow_empty_topic_name') === 'false') req.query.set('allow_empty_topic_name', 'true');
      },
    },
    breaks: ['op17.allow-empty.false'],
    kills: ['op17.empty-topic.explicit-false'],
  },
  {
    name: 'topics-ignore-allow-empty',
    kind: 'parameter',
    operations: [TOPICS],
    quirks: ['topics-ignore-allow-empty'],
    breaks: ['op17.allow-empty.true'],
    kills: ['op17.empty-topic.allowed'],
  },
  {
    name: 'topics-protected-history-leak',
    kind: 'permission',
    operations: [TOPICS],
    quirks: ['topics-protected-history-leak'],
    breaks: ['op17.protected-history', 'op17.bot'],
    kills: ['op17.protected-history.after-subscription', 'op17.bot.after-subscription'],
  },
  {
    name: 'topics-inaccessible-ok',
    kind: 'permission',
    operations: [TOPICS],
    quirks: ['topics-inaccessible-ok'],
    breaks: ['op17.invalid-channel'],
    kills: ['op17.private.inaccessible'],
  },
  {
    name: 'topics-every-channel',
    kind: 'effect',
    operations: [TOPICS],
    quirks: ['topics-every-channel'],
    breaks: ['op17.stream-id'],
    kills: ['op17.other-channel-excluded'],
  },
  {
    name: 'topics-max-id-string',
    kind: 'field',
    operations: [TOPICS],
    rewrite: topicList((topics) => {
      topics.forEach((t) => {
        t.max_id = String(t.max_id);
      });
    }),
    breaks: ['res.topic-entry.max-id.type'],
    kills: ['op17.body.schema'],
  },
  {
    name: 'topics-name-not-string',
    kind: 'field',
    operations: [TOPICS],
    rewrite: topicList((topics) => {
      topics.forEach((t) => {
        t.name = { text: t.name };
      });
    }),
    breaks: ['res.topic-entry.name'],
    kills: ['op17.body.schema'],
  },
  {
    name: 'topics-names-upper-cased',
    kind: 'field',
    operations: [TOPICS],
    rewrite: topicList((topics) => {
      topics.forEach((t) => {
        t.name = String(t.name).toUpperCase();
      });
    }),
    breaks: ['res.topic-entry.name'],
    kills: ['op17.names'],
  },
  {
    name: 'topics-not-a-list',
    kind: 'field',
    operations: [TOPICS],
    rewrite: topicList((topics) => Object.fromEntries(topics.map((t) => [String(t.name), t.max_id])) as unknown as Entry[]),
    breaks: ['op17.success-body'],
    kills: ['op17.body.schema'],
  },
  {
    name: 'topics-accepts-anything',
    kind: 'invalid-input',
    operations: [TOPICS],
    rewrite: accept(isTopics),
    breaks: ['op17.invalid-channel', 'op17.allow-empty.type', 'conv.booleans'],
    kills: ['op17.nonexistent-channel', 'op17.bad-boolean', 'op17.private.inaccessible'],
  },
  {
    name: 'topics-error-code',
    kind: 'error-code',
    operations: [TOPICS],
    rewrite: errorCode(isTopics, 'BAD_REQUEST', 'INVALID_CHANNEL'),
    breaks: ['op17.invalid-channel', 'errors.bad-request'],
    kills: ['op17.nonexistent-channel', 'op17.private.inaccessible', 'op17.bad-boolean'],
  },
  {
    name: 'topics-ignored-params-missing',
    kind: 'parameter',
    operations: [TOPICS],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op17.ignored-params'],
  },

  // --- POST /streams/{stream_id}/delete_topic ---
  {
    name: 'delete-topic-member-ok',
    kind: 'permission',
    operations: [DELETE],
    quirks: ['delete-topic-member-ok'],
    breaks: ['op14.admin-only', 'op14.non-admin-code', 'op14.non-admin-msg'],
    kills: ['op14.member-refused', 'op14.moderator-refused', 'op14.guest-refused'],
  },
  {
    name: 'delete-topic-refusal-code',
    kind: 'error-code',
    operations: [DELETE],
    rewrite: errorCode(isDelete, 'UNAUTHORIZED_PRINCIPAL', 'BAD_REQUEST'),
    breaks: ['op14.non-admin-code'],
    kills: ['op14.member-refused', 'op14.moderator-refused', 'op14.guest-refused'],
  },
  {
    // delete-topic-refusal-text also breaks zulip.auth.require-realm-admin: the refusal is not the one require_realm_admin gives
    name: 'delete-topic-refusal-text',
    kind: 'error-code',
    operations: [DELETE],
    rewrite: {
      answer: (req, a) => {
        if (isDelete(req) && (a.json as Json).code === 'UNAUTHORIZED_PRINCIPAL') (a.json as Json).msg = 'Permission denied';
      },
    },
    breaks: ['op14.non-admin-msg', 'zulip.auth.require-realm-admin'],
    kills: ['op14.member-refused'],
  },
  {
    name: 'delete-topic-incomplete',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-incomplete'],
    breaks: ['op14.complete.true'],
    kills: ['op14.complete'],
  },
  {
    name: 'delete-topic-complete-false',
    kind: 'field',
    operations: [DELETE],
    quirks: ['delete-topic-complete-false'],
    breaks: ['op14.complete.true'],
    kills: ['op14.complete', 'op14.no-messages'],
  },
  {
    name: 'delete-topic-no-complete',
    kind: 'field',
    operations: [DELETE],
    rewrite: {
      answer: (req, a) => {
        if (isDelete(req)) delete (a.json as Json).complete;
      },
    },
    breaks: ['op14.complete.type', 'op14.complete.true'],
    kills: ['op14.complete'],
  },
  {
    name: 'topics-outlive-messages',
    kind: 'effect',
    operations: [DELETE],
    rewrite: topicsOutliveMessages(),
    breaks: ['service.topic-removed', 'service.topic-is-field'],
    kills: ['op14.topic-removed'],
  },
  {
    name: 'empty-topic-refused',
    kind: 'invalid-input',
    operations: [DELETE],
    rewrite: refuse((req) => req.method === 'POST' && req.path === '/messages' && paramsOf(req).get('topic') === ''),
    breaks: ['version.empty-topic'],
    kills: ['op14.empty-topic.display-name'],
  },
  {
    name: 'delete-topic-whole-channel',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-whole-channel'],
    breaks: ['op14.topic-name'],
    kills: ['op14.other-topics-kept'],
  },
  {
    name: 'delete-topic-every-channel',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-every-channel'],
    breaks: ['op14.stream-id'],
    kills: ['op14.other-channel-kept'],
  },
  {
    name: 'streams-stale-first-message-id',
    kind: 'field',
    operations: [DELETE],
    rewrite: staleFirstMessageId(),
    breaks: ['res.channel.first_message_id'],
    kills: ['op14.first-message-id'],
  },
  {
    // delete-topic-oldest-first also breaks zulip.delete-topic.batches-newest-first: its batches go oldest first
    name: 'delete-topic-oldest-first',
    kind: 'order',
    operations: [DELETE],
    quirks: ['delete-topic-oldest-first'],
    breaks: ['op14.newest-first', 'zulip.delete-topic.batches-newest-first'],
    kills: ['op14.zulip.batches-newest-first'],
  },
  {
    // delete-topic-one-batch also breaks zulip.delete-topic.batches-newest-first: it deletes in one batch, not batches of 100
    name: 'delete-topic-one-batch',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-one-batch'],
    breaks: ['op14.batches', 'zulip.delete-topic.batches-newest-first'],
    kills: ['op14.zulip.batches-newest-first'],
  },
  {
    name: 'delete-events-always-bulk',
    kind: 'field',
    operations: [DELETE],
    quirks: ['delete-events-always-bulk'],
    breaks: ['zulip.events.delete-message-per-message-without-capability'],
    kills: ['op14.zulip.legacy-events'],
  },
  {
    // delete-topic-no-first-message-event also breaks zulip.events.delete-message.first-message-id: the stream update event the fact says comes before the batch's delete_message event is never sent
    name: 'delete-topic-no-first-message-event',
    kind: 'effect',
    operations: [DELETE],
    quirks: ['delete-topic-no-first-message-event'],
    breaks: ['events.first-message-id', 'zulip.events.delete-message.first-message-id'],
    kills: ['op14.zulip.first-message-id'],
  },
  {
    name: 'delete-topic-accepts-anything',
    kind: 'invalid-input',
    operations: [DELETE],
    rewrite: accept(isDelete),
    breaks: ['op14.invalid-channel', 'op14.topic-name.required'],
    kills: ['op14.invalid-channel', 'op14.missing-topic-name'],
  },
  {
    name: 'delete-topic-error-code',
    kind: 'error-code',
    operations: [DELETE],
    rewrite: errorCode(isDelete, 'BAD_REQUEST', 'INVALID_CHANNEL'),
    breaks: ['op14.invalid-channel'],
    kills: ['op14.invalid-channel'],
  },
  {
    name: 'delete-topic-ignored-params-missing',
    kind: 'parameter',
    operations: [DELETE],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op14.ignored-params'],
  },
  // The empty topic's display name read as a topic name, by every operation taking a topic.
  {
    name: 'topic-display-name-literal',
    kind: 'parameter',
    operations: [DELETE, MARK, TYPING],
    quirks: ['topic-display-name-literal'],
    breaks: ['conv.empty-topic-display-name', 'zulip.mark-topic-read.empty-topic-whole-channel'],
    kills: ['op14.empty-topic.display-name', 'op16.zulip.display-name', 'op3.zulip.display-name-event'],
  },

  // --- POST /mark_topic_as_read ---
  {
    name: 'mark-read-refused',
    kind: 'invalid-input',
    operations: [MARK],
    rewrite: refuse(isMark),
    breaks: ['op16.deprecated', 'op16.marks-read'],
    kills: ['op16.success', 'op16.zulip.marks-read'],
  },
  {
    // mark-read-accepts-anything also breaks zulip.topics.invalid-channel-id: a channel the caller cannot read is accepted, not "Invalid channel ID"
    name: 'mark-read-accepts-anything',
    kind: 'invalid-input',
    operations: [MARK],
    rewrite: accept(isMark),
    breaks: [
      'op16.invalid-channel',
      'op16.topic-name.required',
      'op16.stream-id.required',
      'op16.stream-id.type',
      'zulip.mark-topic-read.unknown-topic',
      'zulip.topics.invalid-channel-id',
    ],
    kills: [
      'op16.invalid-channel',
      'op16.zulip.hidden-channel',
      'op16.missing-topic-name',
      'op16.missing-stream-id',
      'op16.stream-id-not-integer',
      'op16.zulip.unknown-topic',
    ],
  },
  {
    // mark-read-noop also breaks zulip.mark-topic-read.empty-topic-whole-channel: nothing is marked read, the empty topic by its display name included
    name: 'mark-read-noop',
    kind: 'effect',
    operations: [MARK],
    quirks: ['mark-read-noop'],
    breaks: ['op16.marks-read', 'zulip.mark-topic-read.empty-topic-whole-channel'],
    kills: ['op16.zulip.marks-read', 'op16.zulip.display-name'],
  },
  {
    name: 'mark-read-whole-channel',
    kind: 'effect',
    operations: [MARK],
    quirks: ['mark-read-whole-channel'],
    breaks: ['op16.marks-read'],
    kills: ['op16.zulip.other-topic-unread'],
  },
  {
    // mark-read-error-code also breaks zulip.topics.invalid-channel-id: the refusal has another code than the BAD_REQUEST the fact says
    name: 'mark-read-error-code',
    kind: 'error-code',
    operations: [MARK],
    rewrite: errorCode(isMark, 'BAD_REQUEST', 'INVALID_CHANNEL'),
    breaks: ['op16.invalid-channel', 'errors.bad-request', 'zulip.topics.invalid-channel-id'],
    kills: ['op16.invalid-channel', 'op16.zulip.hidden-channel', 'op16.stream-id-not-integer'],
  },
  {
    name: 'mark-read-ignored-params-missing',
    kind: 'parameter',
    operations: [MARK],
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op16.ignored-params'],
  },
];
