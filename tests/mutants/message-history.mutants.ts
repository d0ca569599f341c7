// Mutants for GET /messages/{message_id}/history (operation 15): quirks of the reference server,
// and proxies that rewrite the snapshots of a history answer. Each names the clauses (or Zulip
// facts) it breaks; every case it kills fails naming one.
import type { QuirkName } from '../../src/reference/quirks.js';
import { refuse, type Json, type Mutant } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const HISTORY = 'GET /messages/{message_id}/history';
const isHistory = (req: ProxiedRequest) => req.method === 'GET' && /^\/messages\/\d+\/history$/.test(req.path);
/** The request is a member's (the cases' own reads; the owner's are set-up steps). */
const asMember = (req: ProxiedRequest) => /^member\d*@/.test(Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString());

/** Applies fn to every snapshot of a history answer. */
function eachSnapshot(fn: (snapshot: Json, index: number, all: Json[]) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isHistory(req)) {
        const all = (a.json as Json).message_history as Json[] | undefined;
        all?.forEach((s, i) => fn(s, i, all));
      }
    },
  };
}

/** Applies fn to every snapshot after the original. */
const eachLater = (fn: (snapshot: Json, all: Json[]) => void) =>
  eachSnapshot((s, i, all) => {
    if (i > 0) fn(s, all);
  });

const quirk = (name: QuirkName, kind: Mutant['kind'], breaks: string[], kills: string[]): Mutant => ({
  name,
  kind,
  operations: [HISTORY],
  quirks: [name],
  breaks,
  kills,
});
const rewrite = (name: string, kind: Mutant['kind'], r: Rewrite, breaks: string[], kills: string[]): Mutant => ({
  name,
  kind,
  operations: [HISTORY],
  rewrite: r,
  breaks,
  kills,
});

export const MUTANTS: Mutant[] = [
  // --- the operation --------------------------------------------------------------------------------
  rewrite(
    'history-of-no-message',
    'parameter',
    {
      request: (req) => {
        if (isHistory(req) && asMember(req)) req.path = '/messages/2147483001/history';
      },
    },
    ['op15.message-id'],
    ['op15.unedited', 'op15.moved-along'],
  ),
  rewrite(
    'history-without-message-history',
    'field',
    {
      answer: (req, a) => {
        if (isHistory(req)) delete (a.json as Json).message_history;
      },
    },
    ['op15.success-body'],
    ['op15.unedited', 'op15.content-edit'],
  ),
  quirk('edit-history-unsorted', 'order', ['op15.chronological'], ['op15.chronological']),
  quirk('edit-history-empty-topic-raw', 'default', ['op15.allow-empty-topic-name.default'], ['op15.empty-topic.display-name']),
  rewrite(
    'history-ignores-allow-empty-topic-name',
    'parameter',
    {
      request: (req) => {
        if (isHistory(req)) req.query.delete('allow_empty_topic_name');
      },
    },
    ['op15.allow-empty-topic-name.true'],
    ['op15.empty-topic.allowed'],
  ),
  rewrite(
    'history-errors-answered-empty',
    'error-code',
    {
      answer: (req, a) => {
        if (isHistory(req) && (a.json as Json).result === 'error') {
          a.status = 200;
          a.json = { result: 'success', msg: '', message_history: [] };
        }
      },
    },
    ['op15.nonexistent', 'op15.inaccessible'],
    ['op15.nonexistent', 'op15.inaccessible'],
  ),
  rewrite(
    'history-drops-ignored-parameters',
    'field',
    {
      answer: (req, a) => {
        if (isHistory(req)) delete (a.json as Json).ignored_parameters_unsupported;
      },
    },
    ['conv.ignored-params'],
    ['op15.ignored-parameters'],
  ),

  // --- "may be disabled" (zulip profile: message_edit_history_visibility_policy) -----------------------
  // edit-history-ignores-disabled also breaks zulip.history.visibility-policy: history is served under the policy "none", which the fact says refuses it
  quirk('edit-history-ignores-disabled', 'effect', ['op15.disabled', 'zulip.history.visibility-policy'], ['op15.zulip.disabled-history']),
  quirk('edit-history-moves-shows-all', 'effect', ['op15.disabled'], ['op15.zulip.moves-only-history']),
  rewrite(
    // edit-history-refused-always also breaks zulip.history.visibility-policy: history is refused under the policy "all" too
    'edit-history-refused-always',
    'effect',
    refuse((req) => isHistory(req) && asMember(req)),
    ['op15.disabled', 'zulip.history.visibility-policy'],
    ['op15.zulip.enabled-history'],
  ),

  // --- the snapshots ----------------------------------------------------------------------------------
  rewrite(
    'history-original-extra-field',
    'field',
    eachSnapshot((s, i) => {
      if (i === 0) s.prev_content = '';
    }),
    ['res.snapshot.original'],
    ['op15.unedited', 'op15.content-edit'],
  ),
  rewrite(
    'history-later-extra-field',
    'field',
    eachLater((s) => {
      s.edited = true;
    }),
    ['res.snapshot.later'],
    ['op15.content-edit', 'op15.topic-edit', 'op15.channel-move'],
  ),
  rewrite(
    'history-topic-before-edit',
    'field',
    eachLater((s) => {
      if ('prev_topic' in s) s.topic = s.prev_topic;
    }),
    ['res.snapshot.topic'],
    ['op15.topic-edit'],
  ),
  rewrite(
    'history-drops-prev-topic',
    'field',
    eachSnapshot((s) => {
      delete s.prev_topic;
    }),
    ['res.snapshot.prev_topic'],
    ['op15.topic-edit', 'op15.moved-along'],
  ),
  quirk('edit-history-extra-fields', 'field', ['res.snapshot.topic-edit-fields'], ['op15.content-edit', 'op15.channel-move']),
  rewrite(
    'history-drops-stream',
    'field',
    eachSnapshot((s) => {
      delete s.stream;
    }),
    ['res.snapshot.stream'],
    ['op15.channel-move'],
  ),
  rewrite(
    'history-drops-prev-stream',
    'field',
    eachSnapshot((s) => {
      delete s.prev_stream;
    }),
    ['res.snapshot.prev_stream'],
    ['op15.channel-move'],
  ),
  rewrite(
    'history-stream-fields-everywhere',
    'field',
    eachLater((s) => {
      if (!('stream' in s)) Object.assign(s, { stream: 0, prev_stream: 0 });
    }),
    ['res.snapshot.channel-edit-fields'],
    ['op15.content-edit', 'op15.topic-edit'],
  ),
  rewrite(
    'history-content-before-edit',
    'field',
    eachLater((s) => {
      if ('prev_content' in s) s.content = s.prev_content;
    }),
    ['res.snapshot.content'],
    ['op15.content-edit'],
  ),
  rewrite(
    'history-rendered-is-raw',
    'field',
    eachSnapshot((s) => {
      s.rendered_content = s.content;
    }),
    ['res.snapshot.rendered_content'],
    ['op15.unedited'],
  ),
  // prev_content is a string, but the content after the edit rather than before it.
  rewrite(
    'history-prev-content-after-edit',
    'field',
    eachLater((s) => {
      if ('prev_content' in s) s.prev_content = s.content;
    }),
    ['zulip.history.snapshot-fields'],
    ['op15.content-edit'],
  ),
  rewrite(
    // history-drops-prev-content also breaks zulip.history.snapshot-fields: a content edit's entry lacks prev_content
    'history-drops-prev-content',
    'field',
    eachSnapshot((s) => {
      delete s.prev_content;
    }),
    ['res.snapshot.prev_content', 'zulip.history.snapshot-fields'],
    ['op15.content-edit'],
  ),
  rewrite(
    'history-drops-prev-rendered-content',
    'field',
    eachSnapshot((s) => {
      delete s.prev_rendered_content;
    }),
    ['res.snapshot.prev_rendered_content'],
    ['op15.content-edit'],
  ),
  rewrite(
    'history-drops-html-diff',
    'field',
    eachSnapshot((s) => {
      delete s.content_html_diff;
    }),
    ['res.snapshot.content_html_diff'],
    ['op15.content-edit'],
  ),
  rewrite(
    'history-content-fields-everywhere',
    'field',
    eachLater((s) => {
      if (!('prev_content' in s)) Object.assign(s, { prev_content: s.content, prev_rendered_content: s.rendered_content, content_html_diff: '' });
    }),
    ['res.snapshot.content-edit-fields'],
    ['op15.topic-edit', 'op15.channel-move'],
  ),
  rewrite(
    'history-sender-as-editor',
    'field',
    eachLater((s, all) => {
      s.user_id = all[0].user_id;
    }),
    ['res.snapshot.user_id'],
    ['op15.topic-edit', 'op15.moved-along'],
  ),
  rewrite(
    'history-timestamp-text',
    'field',
    eachSnapshot((s) => {
      s.timestamp = new Date(Number(s.timestamp) * 1000).toISOString();
    }),
    ['res.snapshot.timestamp'],
    ['op15.unedited'],
  ),
  quirk('edit-history-target-only', 'effect', ['op15.message-id'], ['op15.moved-along']),
];
