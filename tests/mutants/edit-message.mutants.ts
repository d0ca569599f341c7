// Mutants for PATCH /messages/{message_id} (operation 1): quirks of the reference server, and
// proxies that drop a parameter, force one, or refuse valid input.
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Mutant } from '../support/mutant-helpers.js';
import { paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const EDIT = 'PATCH /messages/{message_id}';
const isEdit = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/messages\/\d+$/.test(req.path);
const editParam = (name: string, test: (value: string) => boolean = () => true) => (req: ProxiedRequest) =>
  isEdit(req) && paramsOf(req).has(name) && test(paramsOf(req).get(name)!);

/** The server never sees this parameter of an edit. */
function dropParam(name: string): Rewrite {
  return { request: (req) => { if (isEdit(req)) { req.form.delete(name); req.query.delete(name); } } };
}

const quirk = (name: QuirkName, kind: Mutant['kind'], kills: string[]): Mutant => ({ name, kind, operations: [EDIT], quirks: [name], kills });

export const MUTANTS: Mutant[] = [
  quirk('edit-content-and-stream-ok', 'invalid-input', ['op1.rule1.content-and-stream']),
  quirk('edit-dm-topic-ok', 'invalid-input', ['op1.rule2.direct-topic', 'op1.rule2.direct-stream']),
  quirk('edit-resolve-empty-topic-ok', 'invalid-input', ['op1.rule3.empty-topic']),
  quirk('edit-content-propagate-ok', 'invalid-input', ['op1.propagate.content-only']),
  quirk('edit-sha256-ignored', 'invalid-input', ['op1.prev-content-sha256.mismatch']),
  quirk('edit-topic-no-truncate', 'invalid-input', ['op1.zulip.topic-truncated']),
  quirk('edit-topic-display-name-literal', 'parameter', ['op1.topic.display-name']),
  quirk('edit-topics-policy-ignored', 'invalid-input', ['op1.topic.required']),
  quirk('edit-others-content-ok', 'permission', ['op1.content.sender-only']),
  quirk('edit-editing-disabled-ignored', 'permission', ['op1.rule4.editing-disabled']),
  quirk('edit-member-moves-without-permission', 'permission', ['op1.rule4.topics-group']),
  quirk('edit-resolve-permission-ignored', 'permission', ['op1.rule4.resolve-group']),
  quirk('edit-channel-move-without-permission', 'permission', ['op1.rule4.channels-group']),
  quirk('edit-content-no-time-limit', 'permission', ['op1.zulip.content-time-limit']),
  quirk('edit-topic-no-time-limit', 'permission', ['op1.zulip.topic-time-limit']),
  quirk('edit-time-limit-for-admins', 'permission', ['op1.zulip.moderators-not-bound']),
  quirk('edit-no-time-limit', 'error-code', ['op1.zulip.rule6.time-limit', 'op1.zulip.rule7.move-allowed-part']),
  quirk('edit-time-limit-no-fields', 'field', ['op1.zulip.rule6.time-limit']),
  quirk('edit-wildcard-ok', 'permission', ['op1.zulip.rule9.channel-wildcard']),
  quirk('edit-topic-wildcard-ok', 'permission', ['op1.zulip.rule10.topic-wildcard']),
  quirk('edit-change-all-moves-one', 'effect', ['op1.propagate.change-all', 'op1.stream-id.change-all', 'op1.resolve.change-all', 'op1.resolve.unresolve']),
  quirk('edit-change-later-moves-all', 'effect', ['op1.propagate.change-later', 'op1.zulip.rule7.move-allowed-part']),
  quirk('edit-protected-history-moves-all', 'permission', ['op1.rule8.protected-history']),
  quirk('edit-ids-change-on-move', 'effect', ['op1.zulip.keeps-ids', 'op1.stream-id.move']),
  quirk('edit-no-move-notices', 'effect', ['op1.notify.defaults', 'op1.zulip.notice-sender']),
  quirk('edit-old-thread-notice-by-default', 'parameter', ['op1.notify.defaults']),
  quirk('edit-resolve-notifies-moved', 'effect', ['op1.zulip.resolve-notice', 'op1.zulip.resolve-undo']),
  quirk('edit-no-detached-uploads', 'field', ['op1.success-body.detached-upload']),
  quirk('edit-detached-ignores-other-links', 'effect', ['op1.success-body.upload-still-linked']),

  { name: 'edit-body-without-detached-uploads', kind: 'field', operations: [EDIT],
    rewrite: { answer: (req, a) => { if (isEdit(req)) delete (a.json as Record<string, unknown>).detached_uploads; } },
    kills: ['op1.content.edit', 'op1.propagate.change-all', 'op1.stream-id.move'] },
  { name: 'edit-refuses-max-length-content', kind: 'invalid-input', operations: [EDIT],
    rewrite: refuse(editParam('content', (v) => [...v].length >= 10000)), kills: ['op1.content.max-length'] },
  { name: 'edit-refuses-max-length-topic', kind: 'invalid-input', operations: [EDIT],
    rewrite: refuse(editParam('topic', (v) => [...v].length >= 60)), kills: ['op1.topic.max-length'] },
  { name: 'edit-refuses-matching-hash', kind: 'invalid-input', operations: [EDIT],
    rewrite: refuse(editParam('prev_content_sha256')), kills: ['op1.prev-content-sha256.match'] },
  { name: 'edit-forces-change-all', kind: 'parameter', operations: [EDIT],
    rewrite: { request: (req) => { if (isEdit(req) && paramsOf(req).has('topic')) { req.form.set('propagate_mode', 'change_all'); req.query.delete('propagate_mode'); } } },
    kills: ['op1.propagate.change-one', 'op1.propagate.change-later'] },
  { name: 'edit-ignores-old-thread-option', kind: 'parameter', operations: [EDIT], rewrite: dropParam('send_notification_to_old_thread'),
    kills: ['op1.notify.old-only'] },
  { name: 'edit-ignores-stream-id', kind: 'parameter', operations: [EDIT], rewrite: dropParam('stream_id'),
    kills: ['op1.stream-id.move', 'op1.stream-id.change-all'] },
];
