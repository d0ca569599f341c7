// Mutants for GET /messages/{message_id}/history (operation 15).
import type { QuirkName } from '../../src/reference/quirks.js';
import { refuse, type Json, type Mutant } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const HISTORY = 'GET /messages/{message_id}/history';
const isHistory = (req: ProxiedRequest) => req.method === 'GET' && /^\/messages\/\d+\/history$/.test(req.path);

/** Applies fn to every snapshot of a history answer. */
function eachSnapshot(fn: (snapshot: Json, index: number) => void): Rewrite {
  return { answer: (req, a) => { if (isHistory(req)) ((a.json as Json).message_history as Json[] | undefined)?.forEach(fn); } };
}

const quirk = (name: QuirkName, kind: Mutant['kind'], kills: string[]): Mutant => ({ name, kind, operations: [HISTORY], quirks: [name], kills });

export const MUTANTS: Mutant[] = [
  quirk('edit-history-extra-fields', 'field', ['op15.content-edit']),
  quirk('edit-history-unsorted', 'order', ['op15.chronological', 'op15.content-edit']),
  quirk('edit-history-empty-topic-raw', 'parameter', ['op15.empty-topic.display-name']),
  quirk('edit-history-target-only', 'effect', ['op15.moved-along']),
  { name: 'history-original-extra-field', kind: 'field', operations: [HISTORY],
    rewrite: eachSnapshot((s, i) => { if (i === 0) s.prev_content = ''; }), kills: ['op15.unedited'] },
  { name: 'history-drops-prev-topic', kind: 'field', operations: [HISTORY],
    rewrite: eachSnapshot((s) => { delete s.prev_topic; }), kills: ['op15.topic-edit', 'op15.moved-along', 'op15.empty-topic.allowed'] },
  { name: 'history-drops-stream-fields', kind: 'field', operations: [HISTORY],
    rewrite: eachSnapshot((s) => { delete s.prev_stream; }), kills: ['op15.channel-move'] },
  { name: 'history-ignores-allow-empty-topic-name', kind: 'parameter', operations: [HISTORY],
    rewrite: { request: (req) => { if (isHistory(req)) req.query.delete('allow_empty_topic_name'); } }, kills: ['op15.empty-topic.allowed'] },
  { name: 'history-errors-answered-empty', kind: 'error-code', operations: [HISTORY],
    rewrite: { answer: (req, a) => { if (isHistory(req) && (a.json as Json).result === 'error') { a.status = 200; a.json = { result: 'success', msg: '', message_history: [] }; } } },
    kills: ['op15.nonexistent', 'op15.inaccessible'] },
  { name: 'edit-history-ignores-disabled', kind: 'effect', operations: [HISTORY], quirks: ['edit-history-ignores-disabled'],
    kills: ['op15.zulip.disabled-history'] },
  { name: 'edit-history-refused-always', kind: 'effect', operations: [HISTORY],
    rewrite: refuse(isHistory),
    kills: ['op15.zulip.enabled-history'] },
];
