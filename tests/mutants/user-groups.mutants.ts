// Mutants for PATCH /user_groups/{user_group_id} (operation 6) and
// POST /user_groups/{user_group_id}/members (operation 7).
import type { QuirkName } from '../../src/reference/quirks.js';
import type { Mutant } from '../support/mutant-helpers.js';
import { accept, paramsOf, missingArgument, refuse, type Json } from '../support/mutant-helpers.js';
import type { ProxiedRequest, Rewrite } from '../support/rewriting-proxy.js';

const UPDATE = 'PATCH /user_groups/{user_group_id}';
const MEMBERS = 'POST /user_groups/{user_group_id}/members';
const BOTH = [UPDATE, MEMBERS];
const isUpdate = (req: ProxiedRequest) => req.method === 'PATCH' && /^\/user_groups\/\d+$/.test(req.path);
const isMembers = (req: ProxiedRequest) => req.method === 'POST' && /^\/user_groups\/\d+\/members$/.test(req.path);
const isList = (req: ProxiedRequest) => req.method === 'GET' && req.path === '/user_groups';
const withParam = (is: (req: ProxiedRequest) => boolean, name: string | RegExp) => (req: ProxiedRequest) =>
  is(req) && [...paramsOf(req).keys()].some((n) => (typeof name === 'string' ? n === name : name.test(n)));

/** A server that ignores a parameter: the proxy removes it, and answers success if the server then refuses an empty request. */
function ignores(is: (req: ProxiedRequest) => boolean, name: string): Rewrite {
  const dropped = new WeakSet<object>();
  return {
    request: (req) => {
      if (is(req) && paramsOf(req).has(name)) {
        req.form.delete(name);
        req.query.delete(name);
        dropped.add(req);
      }
    },
    answer: (req, a) => {
      if (dropped.has(req) && ![...paramsOf(req).keys()].length) {
        a.status = 200;
        a.json = { result: 'success', msg: '' };
      }
    },
  };
}

const q = (name: QuirkName, kind: Mutant['kind'], operations: string[], breaks: string[], kills: string[], profile?: Mutant['profile']): Mutant => ({
  name,
  kind,
  operations,
  quirks: [name],
  breaks,
  kills,
  ...(profile ? { profile } : {}),
});

const SETTING_CASES = [
  'op6.setting.can-add-members-anonymous',
  'op6.setting.can-join',
  'op6.setting.can-leave',
  'op6.setting.can-manage',
  'op6.setting.can-mention',
  'op6.setting.can-remove-members',
];
const SETTING_CLAUSES = [
  'op6.can-add-members-group',
  'op6.can-join-group',
  'op6.can-leave-group',
  'op6.can-manage-group',
  'op6.can-mention-group',
  'op6.can-remove-members-group',
];

export const MUTANTS: Mutant[] = [
  // --- operation 6: the group named, the parameters and their values --------------------------
  q('group-update-spills', 'effect', [UPDATE], ['op6.user-group-id'], ['op6.deactivated.reactivate', 'op6.zulip.read-back']),
  {
    name: 'group-requires-name',
    kind: 'optional',
    operations: [UPDATE],
    breaks: ['op6.optional'],
    rewrite: missingArgument((req) => isUpdate(req) && !paramsOf(req).has('name'), 'name'),
    kills: ['op6.description.alone'],
  },
  {
    name: 'group-refuses-name',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op6.name'],
    rewrite: refuse(withParam(isUpdate, 'name')),
    kills: ['op6.name.accepted'],
  },
  {
    name: 'group-ignores-name',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['op6.name.effect'],
    rewrite: ignores(isUpdate, 'name'),
    kills: ['op6.zulip.read-back'],
  },
  {
    name: 'group-refuses-description',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op6.description'],
    rewrite: refuse(withParam(isUpdate, 'description')),
    kills: ['op6.description.alone'],
  },
  {
    name: 'group-ignores-description',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['op6.description.effect'],
    rewrite: ignores(isUpdate, 'description'),
    kills: ['op6.zulip.read-back'],
  },
  {
    name: 'group-refuses-settings',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: refuse(withParam(isUpdate, /^can_/)),
    breaks: [
      ...SETTING_CLAUSES,
      'res.group-setting-value',
      'res.group-setting-update.old',
      'state.group.deactivated-settings',
      'state.group.reactivate',
      'state.group.deactivated-true',
    ],
    kills: [...SETTING_CASES, 'op6.setting.old-current', 'op6.deactivated.settings-editable', 'op6.deactivated.reactivate', 'op6.deactivated-true.no-effect'],
  },
  {
    name: 'group-ignores-mention-setting',
    kind: 'parameter',
    operations: [UPDATE],
    breaks: ['op6.settings.effect'],
    rewrite: ignores(isUpdate, 'can_mention_group'),
    kills: ['op6.zulip.read-back'],
  },
  {
    // group-refuses-anonymous-values also breaks op6.can-add-members-group: can_add_members_group is refused a valid group-setting value (an anonymous group)
    name: 'group-refuses-anonymous-values',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['res.group-setting-value', 'op6.can-add-members-group'],
    rewrite: refuse((req) => isUpdate(req) && [...paramsOf(req).values()].some((v) => v.includes('direct_members'))),
    kills: ['op6.setting.can-add-members-anonymous'],
  },
  {
    name: 'group-refuses-old',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['res.group-setting-update.old'],
    rewrite: refuse((req) => isUpdate(req) && /"old"/.test(paramsOf(req).get('can_mention_group') ?? '')),
    kills: ['op6.setting.old-current'],
  },
  {
    name: 'group-accepts-any-setting',
    kind: 'invalid-input',
    operations: [UPDATE],
    rewrite: accept(withParam(isUpdate, /^can_/)),
    breaks: [
      'res.group-setting-update',
      'res.group-setting-update.new',
      'op6.can-manage-group.no-internet',
      'op6.can-manage-group.no-everyone',
      'op6.can-mention-group.no-internet',
      'op6.deactivated.unusable',
      'zulip.groups.old-mismatch',
    ],
    kills: [
      'op6.setting.not-an-update-object',
      'op6.setting.without-new',
      'op6.can-manage.internet-refused',
      'op6.can-manage.everyone-refused',
      'op6.can-mention.internet-refused',
      'op6.deactivated.unusable',
      'op6.zulip.old-mismatch',
    ],
  },
  q('group-manage-everyone-ok', 'invalid-input', [UPDATE], ['op6.can-manage-group.no-everyone'], ['op6.can-manage.everyone-refused']),
  // role:owners for can_mention_group: the document refuses it, Zulip accepts it. Under spec the
  // case's warning goes away against a server that refuses; under zulip that server fails the case.
  q('group-mention-owners-refused', 'invalid-input', [UPDATE], ['op6.can-mention-group.no-owners'], ['op6.can-mention.owners-refused'], 'spec'),
  {
    ...q('group-mention-owners-refused', 'invalid-input', [UPDATE], ['zulip.groups.owners-allowed'], ['op6.zulip.can-mention-owners-accepted']),
    name: 'group-mention-owners-refused-zulip',
  },
  {
    name: 'group-accepts-bad-boolean',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op6.deactivated', 'conv.booleans'],
    rewrite: accept((req) => isUpdate(req) && paramsOf(req).get('deactivated') === 'maybe'),
    kills: ['op6.deactivated.not-boolean'],
  },
  {
    name: 'group-unknown-id-ok',
    kind: 'invalid-input',
    operations: [UPDATE],
    breaks: ['op6.invalid-group'],
    rewrite: accept((req) => isUpdate(req) && req.path.endsWith('/2147480000')),
    kills: ['op6.invalid-group'],
  },
  // --- deactivated groups ----------------------------------------------------------------------
  q('group-deactivated-usable', 'invalid-input', [UPDATE], ['op6.deactivated.unusable'], ['op6.deactivated.unusable', 'op6.deactivated.reactivate']),
  q(
    'group-reactivate-ignored',
    'effect',
    [UPDATE],
    ['state.group.reactivate', 'zulip.groups.deactivated-flag'],
    ['op6.deactivated.reactivate', 'op6.zulip.reactivate-read-back'],
  ),
  q('group-deactivate-via-patch', 'effect', [UPDATE], ['state.group.deactivated-true'], ['op6.deactivated-true.no-effect']),
  q(
    'group-deactivated-mentionable',
    'effect',
    [UPDATE],
    ['op6.deactivated.not-mentionable', 'zulip.groups.deactivated-mention-silent'],
    ['op6.zulip.deactivated-mention-silent'],
  ),
  q(
    'group-deactivated-frozen',
    'effect',
    BOTH,
    ['state.group.deactivated-settings', 'state.group.deactivated-members'],
    ['op6.deactivated.settings-editable', 'op7.deactivated-group-members'],
  ),
  {
    name: 'group-deactivate-always-ok',
    kind: 'effect',
    operations: [UPDATE],
    breaks: ['zulip.groups.deactivate-in-use'],
    rewrite: accept((req) => req.method === 'POST' && /^\/user_groups\/\d+\/deactivate$/.test(req.path)),
    kills: ['op6.zulip.deactivate-in-use'],
  },
  // --- Zulip's rules, shapes and codes -------------------------------------------------------------
  q(
    'group-update-anyone-ok',
    'permission',
    BOTH,
    ['zulip.groups.update-needs-can-manage', 'zulip.group-members.permissions'],
    ['op6.zulip.other-member-refused', 'op7.zulip.other-member-refused'],
  ),
  q('group-guest-ok', 'permission', BOTH, ['zulip.groups.no-guests-or-bots'], ['op6.zulip.guest-refused', 'op7.zulip.guest-refused']),
  q('group-update-old-mismatch-ok', 'invalid-input', [UPDATE], ['zulip.groups.old-mismatch'], ['op6.zulip.old-mismatch']),
  {
    name: 'group-system-groups-unmarked',
    kind: 'field',
    operations: [UPDATE],
    breaks: ['res.group-setting.system-groups'],
    rewrite: {
      answer: (req, a) => {
        if (isList(req)) for (const g of ((a.json as Json).user_groups ?? []) as Json[]) g.is_system_group = false;
      },
    },
    kills: ['op6.zulip.system-groups-named'],
  },
  {
    name: 'group-error-code',
    kind: 'error-code',
    operations: BOTH,
    breaks: ['errors.bad-request', 'op6.invalid-group', 'zulip.groups.no-guests-or-bots', 'zulip.group-members.no-duplicates'],
    rewrite: {
      answer: (req, a) => {
        if ((isUpdate(req) || isMembers(req)) && a.status !== 200) (a.json as Json).code = 'GROUP_ERROR';
      },
    },
    kills: [
      'op6.invalid-group',
      'op6.setting.not-an-update-object',
      'op6.setting.without-new',
      'op6.deactivated.not-boolean',
      'op6.zulip.guest-refused',
      'op7.not-a-list',
      'op7.invalid-group',
      'op7.zulip.repeat-add-refused',
    ],
  },
  {
    name: 'group-ignored-params-missing',
    kind: 'parameter',
    operations: BOTH,
    quirks: ['ignored-params-missing'],
    breaks: ['conv.ignored-params'],
    kills: ['op6.ignored-params', 'op7.ignored-params'],
  },

  // --- operation 7 ---------------------------------------------------------------------------------
  q('group-members-spill', 'effect', [MEMBERS], ['op7.user-group-id'], ['op7.zulip.add-read-back']),
  {
    name: 'members-requires-delete',
    kind: 'optional',
    operations: [MEMBERS],
    breaks: ['op7.optional'],
    rewrite: missingArgument((req) => isMembers(req) && !paramsOf(req).has('delete'), 'delete'),
    kills: ['op7.add.accepted'],
  },
  {
    name: 'members-refuses-add',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['op7.add', 'state.group.deactivated-members'],
    rewrite: refuse(withParam(isMembers, 'add')),
    kills: ['op7.add.accepted', 'op7.deactivated-group-members'],
  },
  {
    name: 'members-ignores-add',
    kind: 'parameter',
    operations: [MEMBERS],
    breaks: ['op7.add.effect'],
    rewrite: ignores(isMembers, 'add'),
    kills: ['op7.zulip.add-read-back'],
  },
  {
    name: 'members-accepts-any-add',
    kind: 'invalid-input',
    operations: [MEMBERS],
    rewrite: accept(withParam(isMembers, 'add')),
    breaks: [
      'op7.active-users',
      'op7.add',
      'conv.json-params',
      'zulip.group-members.no-duplicates',
      'zulip.groups.no-guests-or-bots',
      'zulip.group-members.permissions',
    ],
    kills: [
      'op7.deactivated-user-refused',
      'op7.unknown-user-refused',
      'op7.not-a-list',
      'op7.zulip.repeat-add-refused',
      'op7.zulip.guest-refused',
      'op7.zulip.other-member-refused',
    ],
  },
  {
    name: 'members-refuses-delete',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['op7.delete'],
    rewrite: refuse(withParam(isMembers, 'delete')),
    kills: ['op7.delete.accepted'],
  },
  {
    name: 'members-ignores-delete',
    kind: 'parameter',
    operations: [MEMBERS],
    breaks: ['op7.delete.effect'],
    rewrite: ignores(isMembers, 'delete'),
    kills: ['op7.zulip.delete-read-back'],
  },
  {
    name: 'members-accepts-any-delete',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['zulip.group-members.no-duplicates'],
    rewrite: accept(withParam(isMembers, 'delete')),
    kills: ['op7.zulip.delete-non-member-refused'],
  },
  {
    name: 'members-refuses-add-subgroups',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['op7.add-subgroups'],
    rewrite: refuse(withParam(isMembers, 'add_subgroups')),
    kills: ['op7.add-subgroups.accepted'],
  },
  {
    name: 'members-ignores-add-subgroups',
    kind: 'parameter',
    operations: [MEMBERS],
    breaks: ['op7.add-subgroups.effect'],
    rewrite: ignores(isMembers, 'add_subgroups'),
    kills: ['op7.zulip.subgroups-read-back'],
  },
  {
    name: 'members-accepts-any-subgroups',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['zulip.group-members.subgroup-checks'],
    rewrite: accept(withParam(isMembers, 'add_subgroups')),
    kills: ['op7.zulip.deactivated-subgroup-refused'],
  },
  {
    name: 'members-refuses-delete-subgroups',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['op7.delete-subgroups'],
    rewrite: refuse(withParam(isMembers, 'delete_subgroups')),
    kills: ['op7.delete-subgroups.accepted'],
  },
  {
    name: 'members-ignores-delete-subgroups',
    kind: 'parameter',
    operations: [MEMBERS],
    breaks: ['op7.delete-subgroups.effect'],
    rewrite: ignores(isMembers, 'delete_subgroups'),
    kills: ['op7.zulip.subgroups-read-back'],
  },
  q('group-members-duplicates', 'invalid-input', [MEMBERS], ['zulip.group-members.no-duplicates'], ['op7.zulip.repeat-add-refused']),
  q('group-members-ids-first', 'order', [MEMBERS], ['zulip.group-members.check-order'], ['op7.zulip.other-member-refused']),
  {
    name: 'members-unknown-group-ok',
    kind: 'invalid-input',
    operations: [MEMBERS],
    breaks: ['errors.bad-request'],
    rewrite: accept((req) => isMembers(req) && req.path.includes('/2147480000/')),
    kills: ['op7.invalid-group'],
  },
];
