// Mutants for the topic operations: GET /users/me/{stream_id}/topics (17), POST
// /streams/{stream_id}/delete_topic (14) and POST /mark_topic_as_read (16).
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest } from '../support/rewriting-proxy.js';

const TOPICS = 'GET /users/me/{stream_id}/topics';
const DELETE = 'POST /streams/{stream_id}/delete_topic';
const MARK = 'POST /mark_topic_as_read';
const isTopics = (req: ProxiedRequest) => req.method === 'GET' && /^\/users\/me\/\d+\/topics$/.test(req.path);
const isDelete = (req: ProxiedRequest) => req.method === 'POST' && /^\/streams\/\d+\/delete_topic$/.test(req.path);
const isMark = (req: ProxiedRequest) => req.method === 'POST' && req.path === '/mark_topic_as_read';

export const MUTANTS: Mutant[] = [
  // --- GET /users/me/{stream_id}/topics ---
  { name: 'topics-oldest-first', kind: 'order', operations: [TOPICS], quirks: ['topics-oldest-first'], kills: ['op17.order.most-recent-first'] },
  { name: 'topics-max-id-first-message', kind: 'field', operations: [TOPICS], quirks: ['topics-max-id-first-message'], kills: ['op17.max-id.last-message'] },
  { name: 'topics-empty-name-raw', kind: 'field', operations: [TOPICS], quirks: ['topics-empty-name-raw'], kills: ['op17.empty-topic.display-name'] },
  { name: 'topics-ignore-allow-empty', kind: 'parameter', operations: [TOPICS], quirks: ['topics-ignore-allow-empty'], kills: ['op17.empty-topic.allowed'] },
  { name: 'topics-protected-history-leak', kind: 'permission', operations: [TOPICS], quirks: ['topics-protected-history-leak'],
    kills: ['op17.protected-history.after-subscription'] },
  { name: 'topics-inaccessible-ok', kind: 'permission', operations: [TOPICS], quirks: ['topics-inaccessible-ok'], kills: ['op17.private.inaccessible'] },
  { name: 'topics-max-id-string', kind: 'field', operations: [TOPICS],
    rewrite: { answer: (req, a) => { if (isTopics(req)) ((a.json as { topics?: Record<string, unknown>[] }).topics ?? []).forEach((t) => { t.max_id = String(t.max_id); }); } },
    kills: ['op17.body.schema'] },
  { name: 'topics-accepts-anything', kind: 'invalid-input', operations: [TOPICS], rewrite: accept(isTopics),
    kills: ['op17.nonexistent-channel', 'op17.bad-boolean', 'op17.private.inaccessible'] },

  // --- POST /streams/{stream_id}/delete_topic ---
  { name: 'delete-topic-member-ok', kind: 'permission', operations: [DELETE], quirks: ['delete-topic-member-ok'],
    kills: ['op14.member-refused', 'op14.moderator-refused', 'op14.guest-refused'] },
  { name: 'delete-topic-incomplete', kind: 'effect', operations: [DELETE], quirks: ['delete-topic-incomplete'], kills: ['op14.topic-removed', 'op14.zulip.batches-newest-first'] },
  { name: 'delete-topic-complete-false', kind: 'field', operations: [DELETE], quirks: ['delete-topic-complete-false'],
    kills: ['op14.complete', 'op14.no-messages', 'op14.topic-removed'] },
  { name: 'delete-topic-oldest-first', kind: 'order', operations: [DELETE], quirks: ['delete-topic-oldest-first'], kills: ['op14.zulip.batches-newest-first'] },
  { name: 'delete-topic-whole-channel', kind: 'effect', operations: [DELETE], quirks: ['delete-topic-whole-channel'], kills: ['op14.other-topics-kept'] },
  { name: 'delete-topic-no-first-message-event', kind: 'effect', operations: [DELETE], quirks: ['delete-topic-no-first-message-event'],
    kills: ['op14.zulip.first-message-id'] },
  { name: 'topic-display-name-literal', kind: 'parameter', operations: [DELETE, MARK], quirks: ['topic-display-name-literal'],
    kills: ['op14.empty-topic.display-name'] },
  { name: 'delete-topic-accepts-anything', kind: 'invalid-input', operations: [DELETE], rewrite: accept(isDelete),
    kills: ['op14.invalid-channel', 'op14.missing-topic-name'] },
  { name: 'delete-topic-no-complete', kind: 'field', operations: [DELETE], rewrite: { answer: (req, a) => { if (isDelete(req)) delete (a.json as Record<string, unknown>).complete; } },
    kills: ['op14.complete'] },

  // --- POST /mark_topic_as_read ---
  { name: 'mark-read-refused', kind: 'invalid-input', operations: [MARK], rewrite: refuse(isMark), kills: ['op16.success', 'op16.zulip.marks-read'] },
  { name: 'mark-read-accepts-anything', kind: 'invalid-input', operations: [MARK], rewrite: accept(isMark),
    kills: ['op16.invalid-channel', 'op16.hidden-channel', 'op16.missing-topic-name', 'op16.missing-stream-id', 'op16.stream-id-not-integer', 'op16.zulip.unknown-topic'] },
  { name: 'mark-read-noop', kind: 'effect', operations: [MARK], quirks: ['mark-read-noop'], kills: ['op16.zulip.marks-read'] },
  { name: 'mark-read-whole-channel', kind: 'effect', operations: [MARK], quirks: ['mark-read-whole-channel'], kills: ['op16.zulip.other-topic-unread'] },
  { name: 'mark-read-error-code', kind: 'error-code', operations: [MARK],
    rewrite: { answer: (req, a) => { if (isMark(req) && (a.json as Record<string, unknown>).result === 'error') (a.json as Record<string, unknown>).code = 'INVALID_CHANNEL'; } },
    kills: ['op16.invalid-channel', 'op16.hidden-channel', 'op16.stream-id-not-integer'] },
];
