// Mutants for PATCH /user_groups/{user_group_id} (operation 6) and
// POST /user_groups/{user_group_id}/members (operation 7).
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, refuse } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const UPDATE = 'PATCH /user_groups/{user_group_id}';
const MEMBERS = 'POST /user_groups/{user_group_id}/members';
const BOTH = [UPDATE, MEMBERS];
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/user_groups\/\d+$/.test(req.path);
const isMembers = (req: ProxiedRequest) => req.method === 'POST' && /^\/user_groups\/\d+\/members$/.test(req.path);
const withParam = (is: (req: ProxiedRequest) => boolean, name: string | RegExp) => (req: ProxiedRequest) =>
  is(req) && [...paramsOf(req).keys()].some((n) => (typeof name === 'string' ? n === name : name.test(n)));

/** A server that ignores a parameter: the proxy removes it before the server sees it. */
function ignores(is: (req: ProxiedRequest) => boolean, name: string): Rewrite {
  return { request: (req) => { if (is(req)) { req.form.delete(name); req.query.delete(name); } } };
}

const q = (name: QuirkName, kind: Mutant['kind'], operations: string[], kills: string[]): Mutant => ({ name, kind, operations, quirks: [name], kills });

export const MUTANTS: Mutant[] = [
  q('group-manage-everyone-ok', 'invalid-input', [UPDATE], ['op6.can-manage.everyone-refused']),
  q('group-deactivated-usable', 'invalid-input', [UPDATE], ['op6.deactivated.unusable']),
  q('group-reactivate-ignored', 'effect', [UPDATE], ['op6.deactivated.reactivate', 'op6.zulip.reactivate-read-back']),
  q('group-deactivate-via-patch', 'effect', [UPDATE], ['op6.deactivated-true.no-effect']),
  q('group-update-anyone-ok', 'permission', BOTH, ['op6.zulip.other-member-refused', 'op7.zulip.other-member-refused']),
  q('group-guest-ok', 'permission', BOTH, ['op6.zulip.guest-refused', 'op7.zulip.guest-refused']),
  q('group-update-old-mismatch-ok', 'invalid-input', [UPDATE], ['op6.zulip.old-mismatch']),
  q('group-members-duplicates', 'invalid-input', [MEMBERS], ['op7.zulip.repeat-add-refused']),
  { name: 'group-refuses-rename', kind: 'invalid-input', operations: [UPDATE], rewrite: refuse(withParam(isUpdate, 'name')), kills: ['op6.name-description.accepted'] },
  { name: 'group-ignores-name', kind: 'parameter', operations: [UPDATE], rewrite: ignores(isUpdate, 'name'), kills: ['op6.zulip.read-back'] },
  { name: 'group-refuses-settings', kind: 'invalid-input', operations: [UPDATE], rewrite: refuse(withParam(isUpdate, /^can_/)),
    kills: ['op6.setting.update-object', 'op6.setting.anonymous-value', 'op6.deactivated.reactivate', 'op6.deactivated.settings-editable',
      'op6.deactivated-true.no-effect', 'op6.zulip.read-back', 'op6.zulip.deactivate-in-use'] },
  { name: 'group-accepts-any-setting', kind: 'invalid-input', operations: [UPDATE], rewrite: accept(withParam(isUpdate, /^can_/)),
    kills: ['op6.setting.not-an-update-object', 'op6.can-manage.internet-refused', 'op6.can-mention.internet-refused', 'op6.can-mention.owners-refused',
      'op6.deactivated.unusable', 'op6.zulip.old-mismatch'] },
  { name: 'group-unknown-id-ok', kind: 'invalid-input', operations: [UPDATE], rewrite: accept((req) => isUpdate(req) && req.path.endsWith('/2147480000')),
    kills: ['op6.invalid-group'] },
  { name: 'group-deactivate-always-ok', kind: 'effect', operations: [UPDATE],
    rewrite: accept((req) => req.method === 'POST' && /^\/user_groups\/\d+\/deactivate$/.test(req.path)),
    kills: ['op6.zulip.deactivate-in-use'] },
  { name: 'group-error-code', kind: 'error-code', operations: BOTH,
    rewrite: { answer: (req, a) => { if ((isUpdate(req) || isMembers(req)) && a.status !== 200) (a.json as Record<string, unknown>).code = 'GROUP_ERROR'; } },
    kills: ['op6.invalid-group', 'op6.setting.not-an-update-object', 'op6.zulip.guest-refused', 'op7.not-a-list', 'op7.zulip.repeat-add-refused'] },
  { name: 'group-body-extra', kind: 'envelope', operations: BOTH,
    rewrite: { answer: (req, a) => { if ((isUpdate(req) || isMembers(req)) && a.status === 200) Object.assign(a.json as object, { group: {} }); } },
    kills: ['op6.name-description.accepted', 'op7.add.accepted'] },
  { name: 'members-refuses-add', kind: 'invalid-input', operations: [MEMBERS], rewrite: refuse(withParam(isMembers, 'add')),
    kills: ['op7.add.accepted', 'op7.deactivated-group-members', 'op7.zulip.add-read-back'] },
  { name: 'members-accepts-any-add', kind: 'invalid-input', operations: [MEMBERS], rewrite: accept(withParam(isMembers, 'add')),
    kills: ['op7.deactivated-user-refused', 'op7.unknown-user-refused', 'op7.not-a-list', 'op7.zulip.repeat-add-refused', 'op7.zulip.guest-refused', 'op7.zulip.other-member-refused'] },
  { name: 'members-ignores-delete', kind: 'parameter', operations: [MEMBERS], rewrite: ignores(isMembers, 'delete'),
    kills: ['op7.delete.accepted', 'op7.zulip.delete-read-back'] },
  { name: 'members-accepts-any-delete', kind: 'invalid-input', operations: [MEMBERS], rewrite: accept(withParam(isMembers, 'delete')),
    kills: ['op7.zulip.delete-non-member-refused'] },
  { name: 'members-ignores-add-subgroups', kind: 'parameter', operations: [MEMBERS], rewrite: ignores(isMembers, 'add_subgroups'),
    kills: ['op7.add-subgroups.accepted', 'op7.zulip.subgroups-read-back'] },
  { name: 'members-ignores-delete-subgroups', kind: 'parameter', operations: [MEMBERS], rewrite: ignores(isMembers, 'delete_subgroups'),
    kills: ['op7.delete-subgroups.accepted', 'op7.zulip.subgroups-read-back'] },
];
