// Mutants for PATCH /streams/{stream_id} (operation 4).
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const UPDATE = 'PATCH /streams/{stream_id}';
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/streams\/\d+$/.test(req.path);

/** A server that ignores a parameter: the proxy removes it before the server sees it. */
function ignores(name: string | RegExp, value?: string): Rewrite {
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  return {
    request: (req) => {
      if (!isUpdate(req)) return;
      for (const params of [req.form, req.query]) {
        for (const n of [...params.keys()]) if (matches(n) && (value === undefined || params.get(n) === value)) params.delete(n);
      }
    },
  };
}

function documentCode(): Rewrite {
  return { answer: (req, a) => { const body = a.json as Record<string, unknown>; if (isUpdate(req) && body.code === 'CANNOT_ADMINISTER_CHANNEL') body.code = 'UNAUTHORIZED_PRINCIPAL'; } };
}

const q = (name: QuirkName, kind: Mutant['kind'], kills: string[], profile?: Mutant['profile']): Mutant =>
  ({ name, kind, operations: [UPDATE], quirks: [name], kills, ...(profile ? { profile } : {}) });

export const MUTANTS: Mutant[] = [
  q('channel-update-member-ok', 'permission', ['op4.refused.member', 'op4.refused.moderator', 'op4.refused.guest']),
  q('channel-update-admins-only', 'permission', ['op4.zulip.channel-administrator']),
  { ...q('channel-update-admins-only', 'permission', ['op4.channel-administrator.refused'], 'spec'), name: 'channel-update-admins-only-spec' },
  q('channel-update-ignores-description', 'effect', ['op4.description.set', 'op4.description.max-length', 'op4.private.unsubscribed-description', 'op4.zulip.channel-administrator']),
  q('channel-description-no-limit', 'invalid-input', ['op4.description.too-long']),
  q('channel-history-public-false-ok', 'invalid-input', ['op4.history.public-false-refused']),
  q('channel-archive-via-patch-ok', 'effect', ['op4.archive-not-supported']),
  q('channel-retention-admin-ok', 'permission', ['op4.zulip.retention-owner-only']),
  { ...q('channel-retention-admin-ok', 'permission', ['op4.retention.administrator'], 'spec'), name: 'channel-retention-admin-ok-spec' },
  q('channel-empty-topic-only-ok', 'invalid-input', ['op4.topics-policy.empty-only-refused']),
  q('channel-private-permission-unsubscribed-ok', 'permission',
    ['op4.permission.private-unsubscribed-add-refused', 'op4.permission.private-unsubscribed-delete-refused']),
  { ...q('group-update-old-mismatch-ok', 'invalid-input', ['op4.zulip.old-mismatch']), name: 'channel-update-old-mismatch-ok' },
  { name: 'channel-update-ignored-params-missing', kind: 'envelope', operations: [UPDATE], quirks: ['ignored-params-missing'], kills: ['op4.ignored-params'] },
  { name: 'channel-ignores-new-name', kind: 'parameter', operations: [UPDATE], rewrite: ignores('new_name'), kills: ['op4.new-name.set', 'op4.new-name.too-long'] },
  { name: 'channel-ignores-is-private', kind: 'parameter', operations: [UPDATE], rewrite: ignores('is_private'),
    kills: ['op4.is-private.true', 'op4.is-private.false', 'op4.bad-boolean'] },
  { name: 'channel-ignores-history', kind: 'parameter', operations: [UPDATE], rewrite: ignores('history_public_to_subscribers'),
    kills: ['op4.history.private-true', 'op4.history.public-false-refused'] },
  { name: 'channel-ignores-default', kind: 'parameter', operations: [UPDATE], rewrite: ignores('is_default_stream'), kills: ['op4.default.set-and-unset'] },
  { name: 'channel-ignores-retention', kind: 'parameter', operations: [UPDATE], rewrite: ignores('message_retention_days'), kills: ['op4.retention.values'] },
  { name: 'channel-ignores-unarchive', kind: 'effect', operations: [UPDATE], rewrite: ignores('is_archived'), kills: ['op4.unarchive'] },
  { name: 'channel-ignores-folder', kind: 'parameter', operations: [UPDATE], rewrite: ignores('folder_id'), kills: ['op4.folder.assign', 'op4.folder.invalid'] },
  { name: 'channel-ignores-folder-null', kind: 'parameter', operations: [UPDATE], rewrite: ignores('folder_id', 'null'), kills: ['op4.folder.remove'] },
  { name: 'channel-ignores-topics-policy', kind: 'parameter', operations: [UPDATE], rewrite: ignores('topics_policy'),
    kills: ['op4.topics-policy.set', 'op4.topics-policy.invalid', 'op4.topics-policy.empty-only-refused', 'op4.topics-policy.empty-only-allowed'] },
  { name: 'channel-ignores-permission-settings', kind: 'parameter', operations: [UPDATE], rewrite: ignores(/^can_/),
    kills: ['op4.permission.delete-any', 'op4.permission.administer', 'op4.permission.add-subscribers', 'op4.permission.private-subscribed',
      'op4.permission.private-unsubscribed-remove', 'op4.permission.private-unsubscribed-add-refused', 'op4.permission.private-unsubscribed-delete-refused', 'op4.zulip.old-mismatch'] },
  { name: 'channel-update-unknown-channel-ok', kind: 'invalid-input', operations: [UPDATE], rewrite: accept((req) => isUpdate(req) && req.path.endsWith('/2147480000')),
    kills: ['op4.invalid-channel'] },
  { name: 'channel-web-public-unchecked', kind: 'permission', operations: [UPDATE], rewrite: accept((req) => isUpdate(req) && paramsOf(req).has('is_web_public')),
    kills: ['op4.refused.member-web-public', 'op4.zulip.web-public-administrator'] },
  { name: 'channel-update-body-extra', kind: 'envelope', operations: [UPDATE],
    rewrite: { answer: (req, a) => { if (isUpdate(req) && a.status === 200) Object.assign(a.json as object, { msg: 'updated', stream: {} }); } },
    kills: ['op4.description.set'] },
  { name: 'channel-update-error-code', kind: 'error-code', operations: [UPDATE],
    rewrite: { answer: (req, a) => { if (isUpdate(req) && a.status !== 200) (a.json as Record<string, unknown>).code = 'CHANNEL_UPDATE_FAILED'; } },
    kills: ['op4.description.too-long', 'op4.refused.guest', 'op4.zulip.web-public-administrator', 'op4.zulip.refused-code'] },
  // A server that follows the document's error codes: the disputed warning goes, the zulip case fails.
  { name: 'channel-update-document-code', kind: 'error-code', operations: [UPDATE], rewrite: documentCode(), kills: ['op4.zulip.refused-code'] },
  { name: 'channel-update-document-code-spec', kind: 'error-code', operations: [UPDATE], rewrite: documentCode(), profile: 'spec', kills: ['op4.refused.member-code'] },
];
