// Mutants for PATCH /messages/{message_id} (operation 1): quirks of the reference server, and
// proxies that drop a parameter, force one, answer for another message or refuse valid input.
// Each names the clauses (or Zulip facts) it breaks; every case it kills fails naming one.
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Json, Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, missingArgument, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const EDIT = 'PATCH /messages/{message_id}';
const isEdit = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/messages\/\d+$/.test(req.path);
const has = (req: ProxiedRequest, name: string) => paramsOf(req).has(name);
const editParam =
  (name: string, test: (value: string) => boolean = () => true) =>
  (req: ProxiedRequest) =>
    isEdit(req) && has(req, name) && test(paramsOf(req).get(name)!);

/** The server never sees this parameter of an edit. */
function dropParam(name: string): Rewrite {
  return {
    request: (req) => {
      if (isEdit(req)) {
        req.form.delete(name);
        req.query.delete(name);
      }
    },
  };
}

/** The server sees this parameter of an edit set to `value` when the client did not send it. */
function addParam(name: string, value: string, when: (req: ProxiedRequest) => boolean = () => true): Rewrite {
  return {
    request: (req) => {
      if (isEdit(req) && !has(req, name) && when(req)) req.form.set(name, value);
    },
  };
}

/** Applies fn to every detached upload of an edit's answer. */
function eachDetached(fn: (upload: Json) => void): Rewrite {
  return {
    answer: (req, a) => {
      if (isEdit(req)) ((a.json as Json).detached_uploads as Json[] | undefined)?.forEach(fn);
    },
  };
}

/** Edits land on the message sent just before the one the path names (the ids seen in POST /messages answers). */
function editsAnotherMessage(): Rewrite {
  // Messages linking an upload are passed over: editing one in another's place would fail the
  // case on its detached uploads, not on the message it names (cases run in any order).
  const sent: { id: number; links: boolean }[] = [];
  return {
    request: (req) => {
      if (!isEdit(req)) return;
      const id = Number(req.path.split('/')[2]);
      const before = sent.findIndex((m) => m.id === id);
      const other =
        before > 0
          ? sent
              .slice(0, before)
              .filter((m) => !m.links)
              .at(-1)
          : undefined;
      if (other) req.path = `/messages/${other.id}`;
    },
    answer: (req, a) => {
      const id = (a.json as Json | undefined)?.id;
      if (req.method === 'POST' && req.path === '/messages' && typeof id === 'number')
        sent.push({ id, links: /user_uploads/.test(req.form.get('content') ?? '') });
    },
  };
}

/** Permission refusals of an edit come with another code than BAD_REQUEST. */
const permissionCode: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json;
    if (isEdit(req) && body.code === 'BAD_REQUEST' && /permission|time limit|turned off/i.test(String(body.msg))) body.code = 'NOT_ALLOWED';
  },
};

/** Edit refusals whose text matches `msg` come with another code than BAD_REQUEST. */
function refusalCode(msg: RegExp): Rewrite {
  return {
    answer: (req, a) => {
      const body = a.json as Json;
      if (isEdit(req) && body.code === 'BAD_REQUEST' && msg.test(String(body.msg))) body.code = 'NOT_ALLOWED';
    },
  };
}

/** GET /messages lists a topic's messages newest first. */
const messagesNewestFirst: Rewrite = {
  answer: (req, a) => {
    const body = a.json as Json;
    if (req.method === 'GET' && req.path === '/messages' && Array.isArray(body.messages)) body.messages = [...body.messages].reverse();
  },
};

const quirk = (name: QuirkName, kind: Mutant['kind'], breaks: string[], kills: string[]): Mutant => ({
  name,
  kind,
  operations: [EDIT],
  quirks: [name],
  breaks,
  kills,
});
const rewrite = (name: string, kind: Mutant['kind'], r: Rewrite, breaks: string[], kills: string[], profile?: Mutant['profile']): Mutant => ({
  name,
  kind,
  operations: [EDIT],
  rewrite: r,
  breaks,
  kills,
  ...(profile ? { profile } : {}),
});

export const MUTANTS: Mutant[] = [
  // --- the rules -----------------------------------------------------------------------------------
  quirk('edit-content-and-stream-ok', 'invalid-input', ['op1.rule1'], ['op1.rule1.content-and-stream']),
  quirk('edit-dm-topic-ok', 'invalid-input', ['op1.rule2'], ['op1.rule2.direct-topic', 'op1.rule2.direct-stream']),
  quirk(
    'edit-resolve-empty-topic-ok',
    'invalid-input',
    ['op1.rule3', 'zulip.edit.general-chat-not-resolvable'],
    ['op1.rule3.empty-topic', 'op1.zulip.resolve-display-name'],
  ),
  quirk('edit-content-propagate-ok', 'invalid-input', ['op1.propagate-mode.content-only'], ['op1.propagate.content-only']),
  quirk('edit-sha256-ignored', 'invalid-input', ['op1.prev-content-sha256.mismatch'], ['op1.prev-content-sha256.mismatch']),
  quirk('edit-others-content-ok', 'permission', ['zulip.edit.content-editing-rules'], ['op1.zulip.content-sender-only']),
  quirk('edit-editing-disabled-ignored', 'permission', ['op1.rule4.allow-message-editing'], ['op1.rule4.editing-disabled']),
  quirk('edit-member-moves-without-permission', 'permission', ['op1.rule4.topics-group'], ['op1.rule4.topics-group']),
  quirk('edit-resolve-permission-ignored', 'permission', ['op1.rule4.resolve-group'], ['op1.rule4.resolve-group']),
  quirk('edit-channel-move-without-permission', 'permission', ['op1.rule4.channels-group'], ['op1.rule4.channels-group']),
  { ...quirk('edit-content-no-time-limit', 'limit', ['op1.rule4.content-time-limit'], ['op1.rule4.content-time-limit']), shortcuts: false },
  {
    ...quirk(
      'edit-topic-no-time-limit',
      'limit',
      ['op1.rule4.topic-time-limit', 'op1.rule4.channel-time-limit'],
      ['op1.rule4.topic-time-limit', 'op1.rule4.channel-time-limit'],
    ),
    shortcuts: false,
  },
  { ...quirk('edit-time-limit-for-admins', 'limit', ['op1.time-limits.moderators'], ['op1.time-limits.moderators-not-bound']), shortcuts: false },
  rewrite(
    // edit-permission-code also breaks zulip.edit.content-editing-rules: a content edit of another sender is refused with another code than BAD_REQUEST
    'edit-permission-code',
    'error-code',
    permissionCode,
    ['op1.rule5', 'zulip.edit.content-editing-rules'],
    [
      'op1.rule4.editing-disabled',
      'op1.rule4.topics-group',
      'op1.rule4.channels-group',
      'op1.rule4.resolve-group',
      'op1.rule4.topic-time-limit',
      'op1.rule4.channel-time-limit',
      'op1.rule4.content-time-limit',
      'op1.zulip.content-sender-only',
    ],
  ),
  { ...quirk('edit-no-time-limit', 'error-code', ['op1.rule6'], ['op1.rule6.time-limit', 'op1.rule7.move-allowed-part']), shortcuts: false },
  {
    ...quirk(
      // edit-time-limit-no-fields also breaks op1.rule6: rule 6's error carries the counts it names
      'edit-time-limit-no-fields',
      'field',
      ['op1.rule6.first-allowed', 'op1.rule6.total-in-topic', 'op1.rule6.total-allowed', 'op1.rule6'],
      ['op1.rule6.time-limit'],
    ),
    shortcuts: false,
  },
  quirk('edit-protected-history-moves-all', 'permission', ['op1.rule8'], ['op1.rule8.protected-history']),
  { ...quirk('edit-time-limit-counts-inaccessible', 'permission', ['op1.rule8.counts'], ['op1.rule8.time-limit-counts']), shortcuts: false },
  quirk('edit-partial-move-refused', 'effect', ['op1.rule8.no-error'], ['op1.rule8.protected-history']),
  // edit-wildcard-ok also breaks zulip.edit.wildcard-mention-threshold: a channel wildcard mention past the threshold is accepted
  quirk('edit-wildcard-ok', 'permission', ['op1.rule9', 'zulip.edit.wildcard-mention-threshold'], ['op1.zulip.rule9.channel-wildcard']),
  // edit-topic-wildcard-ok also breaks zulip.edit.wildcard-mention-threshold: a topic wildcard mention past the threshold is accepted
  quirk('edit-topic-wildcard-ok', 'permission', ['op1.rule10', 'zulip.edit.wildcard-mention-threshold'], ['op1.zulip.rule10.topic-wildcard']),

  // (The time-limit mutants above run as against any other server: the old messages are waited for.)

  // --- parameters ------------------------------------------------------------------------------------
  // It needs another message sent before the edited one: its file's other cases send them.
  // edit-applies-to-another-message also breaks what its cases read back: every edit lands on another message, so each effect its cases read back on the message they named is broken
  {
    ...rewrite(
      'edit-applies-to-another-message',
      'parameter',
      editsAnotherMessage(),
      [
        'op1.message-id',
        'op1.rule6',
        'zulip.events.update-message.topic',
        'op1.resolve',
        'op1.rule2',
        'op1.stream-id',
        'zulip.edit.topic-truncated',
        'zulip.edit.wildcard-mention-threshold',
        'zulip.events.update-message.resolve-notice',
        'conv.empty-topic-display-name',
        'op1.content.max-length',
        'op1.content.optional',
        'op1.notify-new',
        'op1.notify-old',
        'op1.notify-old.default',
        'op1.propagate-mode.change-all',
        'op1.propagate-mode.change-one',
        'op1.resolve.no-extra-notice',
        'op1.rule1',
        'op1.rule4.resolve-group',
        'op1.rule8',
        'op1.subject-alias',
        'op1.success-body.only-removed',
        'op1.topic',
        'op1.topic.max-length',
        'op1.topic.optional',
        'res.detached-upload.messages',
        'res.detached-upload.name',
        'res.detached-upload.size',
        'zulip.edit.content-normalized-truncated',
        'zulip.edit.moved-notice-new-thread',
        'zulip.edit.moves-keep-message-ids',
        'zulip.edit.resolve-notice',
        'zulip.edit.resolve-undo-deletes-notice',
        'zulip.events.update-message.breadcrumbs',
        'zulip.events.update-message.channel-move',
        'zulip.events.update-message.content',
        'zulip.events.update-message.content-direct',
        'zulip.events.update-message.empty-topic-capability',
        'zulip.events.update-message.move-loses-access',
        'zulip.events.update-message.user-topic-migration',
        'conv.ignored-params',
        'op1.prev-content-sha256.match',
        'op1.propagate-mode.change-later',
        'zulip.events.update-message.recipients',
      ],
      ['op1.content.edit'],
    ),
    wholeFiles: true,
  },
  rewrite(
    'edit-unknown-message-accepted',
    'error-code',
    accept((req) => isEdit(req) && req.path === '/messages/2147483000'),
    ['op1.message-id.invalid'],
    ['op1.message-id.invalid'],
  ),
  rewrite('edit-ignores-topic', 'parameter', dropParam('topic'), ['op1.topic'], ['op1.propagate.default']),
  rewrite('edit-topic-when-omitted', 'optional', addParam('topic', 'omitted topic'), ['op1.topic.optional'], ['op1.content.edit', 'op1.stream-id.move']),
  rewrite('edit-ignores-subject', 'parameter', dropParam('subject'), ['op1.subject-alias'], ['op1.subject-alias']),
  rewrite('edit-ignores-content', 'parameter', dropParam('content'), ['op1.content'], ['op1.content.edit']),
  rewrite(
    'edit-content-when-omitted',
    'optional',
    addParam('content', 'omitted content', (req) => !has(req, 'stream_id')),
    ['op1.content.optional'],
    ['op1.topic.max-length'],
  ),
  rewrite(
    'edit-requires-stream-id',
    'optional',
    missingArgument((req) => isEdit(req) && has(req, 'content') && !has(req, 'stream_id'), 'stream_id'),
    ['op1.stream-id.optional'],
    ['op1.content.edit'],
  ),
  rewrite(
    'edit-requires-prev-content-sha256',
    'optional',
    missingArgument((req) => isEdit(req) && has(req, 'content') && !has(req, 'prev_content_sha256'), 'prev_content_sha256'),
    ['op1.prev-content-sha256.optional'],
    ['op1.content.edit'],
  ),
  rewrite(
    'edit-refuses-matching-hash',
    'invalid-input',
    refuse(editParam('prev_content_sha256')),
    ['op1.prev-content-sha256.match'],
    ['op1.prev-content-sha256.match'],
  ),
  rewrite(
    'edit-refuses-max-length-content',
    'limit',
    refuse(editParam('content', (v) => [...v].length >= 10000)),
    ['op1.content.max-length'],
    ['op1.content.max-length'],
  ),
  quirk('edit-content-no-truncate', 'limit', ['op1.content.max-length', 'zulip.edit.content-normalized-truncated'], ['op1.content.too-long']),
  rewrite('edit-refuses-max-length-topic', 'limit', refuse(editParam('topic', (v) => [...v].length >= 60)), ['op1.topic.max-length'], ['op1.topic.max-length']),
  quirk('edit-topic-no-truncate', 'limit', ['op1.topic.max-length', 'zulip.edit.topic-truncated'], ['op1.topic.too-long', 'op1.zulip.topic-truncated']),
  quirk('edit-topic-display-name-literal', 'parameter', ['conv.empty-topic-display-name'], ['op1.topic.display-name']),
  quirk('edit-topics-policy-ignored', 'invalid-input', ['op1.topic.required'], ['op1.topic.required']),
  rewrite(
    'edit-forces-change-all',
    'default',
    {
      request: (req) => {
        if (isEdit(req) && has(req, 'topic')) {
          req.form.set('propagate_mode', 'change_all');
          req.query.delete('propagate_mode');
        }
      },
    },
    ['op1.propagate-mode.default', 'op1.propagate-mode.change-one', 'op1.propagate-mode.change-later'],
    ['op1.propagate.default', 'op1.propagate.change-one', 'op1.propagate.change-later'],
  ),
  quirk(
    'edit-change-all-moves-one',
    'effect',
    ['op1.propagate-mode.change-all', 'op1.resolve'],
    ['op1.propagate.change-all', 'op1.stream-id.change-all', 'op1.resolve.change-all', 'op1.resolve.unresolve'],
  ),
  quirk(
    'edit-change-later-moves-all',
    'effect',
    ['op1.propagate-mode.change-later', 'op1.rule7'],
    ['op1.propagate.change-later', 'op1.rule7.move-allowed-part'],
  ),
  rewrite('edit-ignores-stream-id', 'parameter', dropParam('stream_id'), ['op1.stream-id'], ['op1.stream-id.move', 'op1.stream-id.change-all']),
  quirk('edit-ids-change-on-move', 'effect', ['op1.keeps-ids', 'zulip.edit.moves-keep-message-ids'], ['op1.zulip.keeps-ids', 'op1.stream-id.move']),
  rewrite('messages-listed-newest-first', 'order', messagesNewestFirst, ['op1.sorted-by-id'], ['op1.zulip.keeps-ids']),

  // --- notices ---------------------------------------------------------------------------------------
  quirk(
    'edit-no-move-notices',
    'default',
    ['op1.notify-new.default', 'zulip.edit.moved-notice-new-thread'],
    ['op1.notify.defaults', 'op1.zulip.notice-sender'],
  ),
  quirk('edit-old-thread-notice-by-default', 'default', ['op1.notify-old.default'], ['op1.notify.defaults']),
  rewrite('edit-ignores-old-thread-option', 'parameter', dropParam('send_notification_to_old_thread'), ['op1.notify-old'], ['op1.notify.old-only']),
  rewrite('edit-ignores-new-thread-option', 'parameter', dropParam('send_notification_to_new_thread'), ['op1.notify-new'], ['op1.notify.old-only']),
  quirk('edit-resolve-notifies-moved', 'effect', ['op1.resolve.no-extra-notice', 'zulip.edit.resolve-notice'], ['op1.zulip.resolve-notice']),
  quirk('edit-resolve-undo-posts-notice', 'effect', ['zulip.edit.resolve-undo-deletes-notice'], ['op1.zulip.resolve-undo']),

  // --- the success body and detached uploads ----------------------------------------------------------
  rewrite(
    // edit-body-without-detached-uploads also breaks op1.success-body.only-removed: without detached_uploads the answer lists no file at all
    'edit-body-without-detached-uploads',
    'field',
    {
      answer: (req, a) => {
        if (isEdit(req)) delete (a.json as Json).detached_uploads;
      },
    },
    ['op1.success-body', 'op1.success-body.only-removed'],
    ['op1.content.edit', 'op1.propagate.change-all', 'op1.stream-id.move'],
  ),
  // Zulip refuses these with BAD_REQUEST; the document only says "error".
  rewrite(
    'edit-direct-refusals-other-code',
    'error-code',
    refusalCode(/^Direct messages cannot/),
    ['zulip.edit.direct-message-no-topic-or-channel'],
    ['op1.rule2.direct-topic', 'op1.rule2.direct-stream'],
  ),
  rewrite(
    'edit-propagate-refusal-other-code',
    'error-code',
    refusalCode(/^Invalid propagate_mode/),
    ['zulip.edit.propagate-mode-needs-move'],
    ['op1.propagate.content-only'],
  ),
  quirk('edit-no-detached-uploads', 'field', ['op1.success-body.only-removed'], ['op1.success-body.detached-upload']),
  quirk('edit-detached-ignores-other-links', 'effect', ['op1.success-body.only-removed'], ['op1.success-body.upload-still-linked']),
  rewrite(
    'detached-upload-id-text',
    'field',
    eachDetached((u) => {
      u.id = String(u.id);
    }),
    ['res.detached-upload.id'],
    ['op1.success-body.detached-upload'],
  ),
  rewrite(
    'detached-upload-other-name',
    'field',
    eachDetached((u) => {
      u.name = 'renamed.txt';
    }),
    ['res.detached-upload.name'],
    ['op1.success-body.detached-upload'],
  ),
  // The listed path_id is not the attachment's, so not the one its URL (/user_uploads/<path_id>) carries.
  rewrite(
    'detached-upload-other-path',
    'field',
    eachDetached((u) => {
      u.path_id = `${String(u.path_id)}-elsewhere`;
    }),
    ['res.detached-upload.path_id', 'zulip.edit.upload-url-is-path-id', 'zulip.edit.detached-uploads'],
    ['op1.success-body.detached-upload'],
  ),
  rewrite(
    'detached-upload-path-number',
    'field',
    eachDetached((u) => {
      u.path_id = 12;
    }),
    ['res.detached-upload.path_id'],
    ['op1.success-body.detached-upload'],
    'spec',
  ),
  rewrite(
    'detached-upload-size-off',
    'field',
    eachDetached((u) => {
      u.size = Number(u.size) + 1;
    }),
    ['res.detached-upload.size'],
    ['op1.success-body.detached-upload'],
  ),
  rewrite(
    'detached-upload-time-text',
    'field',
    eachDetached((u) => {
      u.create_time = new Date(Number(u.create_time)).toISOString();
    }),
    ['res.detached-upload.create_time'],
    ['op1.success-body.detached-upload'],
  ),
  rewrite(
    'detached-upload-phantom-message',
    'field',
    eachDetached((u) => {
      u.messages = [{ id: 1, date_sent: 1 }];
    }),
    ['res.detached-upload.messages'],
    ['op1.success-body.detached-upload'],
  ),

  // --- conventions ------------------------------------------------------------------------------------
  rewrite(
    'edit-drops-ignored-parameters',
    'field',
    {
      answer: (req, a) => {
        if (isEdit(req)) delete (a.json as Json).ignored_parameters_unsupported;
      },
    },
    ['conv.ignored-params'],
    ['op1.ignored-parameters'],
  ),
];
