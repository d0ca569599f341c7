// User groups: create, list, update (op 6, which also reactivates) and deactivate.
import { isGuest } from '../realm/access.js';
import { badRequest, ApiError } from '../core/errors.js';
import {
  directMembers,
  directSubgroups,
  groupById,
  inSetting,
  nobody,
  readPlainValue,
  readUpdate,
  settingUses,
  systemGroup,
  type SettingRules,
} from './group-settings.js';
import type { GroupSetting, Realm, User, UserGroup } from '../realm/model.js';
import { codePointLength } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { GROUP_PERMISSION_NAMES } from '../realm/seed-groups.js';
import { allocate, type FlavorName } from '../realm/flavor.js';
import { GroupEvents } from './group-events.js';
import { retire } from '../realm/retention.js';

const MAX_GROUP_NAME_LENGTH = 100;
/** The organisation's can_manage_all_groups setting, at Zulip's default: the owners. */
const canManageAllGroups = (realm: Realm) => systemGroup(realm, 'role:owners');

/**
 * can_mention_group and role:owners: the document refuses it (operation 6), Zulip accepts it
 * since feature level 326 (fact zulip.groups.owners-allowed). The variant keeps the document's word.
 */
const MENTION_REFUSES: Record<FlavorName, SettingRules['refuse']> = {
  zulip: ['role:internet'],
  variant: ['role:internet', 'role:owners'],
};

/**
 * Who manages a new group and may add to it when its creator does not say: Zulip's defaults are
 * the creator (the document says nothing), the variant's nobody but can_manage_all_groups, so a
 * case that needs the permission has to grant it at creation.
 */
const NEW_GROUP_DEFAULTS: Record<FlavorName, (creator: number, realm: Realm) => Record<'can_add_members_group' | 'can_manage_group', GroupSetting>> = {
  zulip: (creator) => ({
    can_add_members_group: { direct_members: [creator], direct_subgroups: [] },
    can_manage_group: { direct_members: [creator], direct_subgroups: [] },
  }),
  variant: (_creator, realm) => ({ can_add_members_group: nobody(realm), can_manage_group: nobody(realm) }),
};

/** The system groups each setting refuses (Zulip's allow_internet/everyone_group; owners per flavor). */
export function groupSettingRules(ctx: Context): Record<string, SettingRules> {
  const manageRefuses: SettingRules['refuse'] = ctx.quirks.has('group-manage-everyone-ok') ? ['role:internet'] : ['role:internet', 'role:everyone'];
  const mentionRefuses: SettingRules['refuse'] = ctx.quirks.has('group-mention-owners-refused')
    ? ['role:internet', 'role:owners']
    : MENTION_REFUSES[ctx.realm.flavor.name];
  return {
    can_add_members_group: { refuse: ['role:internet', 'role:everyone'] },
    can_join_group: { refuse: ['role:internet', 'role:everyone'] },
    can_leave_group: { refuse: ['role:internet'] },
    can_manage_group: { refuse: manageRefuses },
    can_mention_group: { refuse: mentionRefuses },
    can_remove_members_group: { refuse: ['role:internet', 'role:everyone'] },
  };
}

/** Zulip's require_member_or_admin: bots and guests may not use the group operations. */
export function requireMemberOrAdmin(ctx: Context): void {
  if (ctx.quirks.has('group-guest-ok')) return;
  if (isGuest(ctx.user)) throw badRequest('Not allowed for guest users');
  if (ctx.user.isBot) throw badRequest('This endpoint does not accept bot requests.');
}

export function canManage(realm: Realm, group: UserGroup, user: User): boolean {
  return inSetting(realm, canManageAllGroups(realm), user) || inSetting(realm, group.settings.can_manage_group, user);
}

/** A non-system group the caller may change through `setting` (or can_manage_group). */
export function groupForUpdate(ctx: Context, setting: string): UserGroup {
  const group = groupById(ctx.realm, ctx.path.user_group_id);
  if (!group) throw badRequest('Invalid user group');
  if (group.isSystem) throw badRequest('Insufficient permission');
  const allowed = canManage(ctx.realm, group, ctx.user) || inSetting(ctx.realm, group.settings[setting], ctx.user);
  const exempt = ctx.quirks.has('group-update-anyone-ok') || (ctx.quirks.has('group-guest-ok') && isGuest(ctx.user));
  if (!allowed && !exempt) throw badRequest('Insufficient permission');
  return group;
}

function checkGroupName(realm: Realm, name: string, except?: UserGroup): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest("User group name can't be empty!");
  if (codePointLength(trimmed) > MAX_GROUP_NAME_LENGTH) throw badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  if (trimmed.startsWith('role:')) throw badRequest("User group name cannot start with 'role:'.");
  if (realm.userGroups.some((g) => g !== except && g.name.toLowerCase() === trimmed.toLowerCase())) {
    throw badRequest(`User group '${trimmed}' already exists.`);
  }
  return trimmed;
}

export function activeUserIds(realm: Realm, raw: unknown[]): number[] {
  return raw.map((id) => {
    if (!Number.isInteger(id) || !realm.users.some((u) => u.id === id && u.isActive)) throw badRequest(`Invalid user ID: ${String(id)}`);
    return id as number;
  });
}

function createGroup(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const p = ctx.params;
  const name = checkGroupName(ctx.realm, p.string('name'));
  const description = p.string('description');
  const members = activeUserIds(ctx.realm, p.list('members'));
  const subgroups = (p.optList('subgroups') ?? []).map((id) => {
    const group = Number.isInteger(id) ? groupById(ctx.realm, id as number) : undefined;
    if (!group || group.deactivated) throw badRequest('Invalid user group ID');
    return group.id;
  });
  const everyone = systemGroup(ctx.realm, 'role:everyone');
  const settings: Record<string, GroupSetting> = {
    can_join_group: nobody(ctx.realm),
    can_leave_group: everyone,
    can_mention_group: everyone,
    can_remove_members_group: nobody(ctx.realm),
    ...NEW_GROUP_DEFAULTS[ctx.realm.flavor.name](ctx.user.id, ctx.realm),
  };
  const rules = groupSettingRules(ctx);
  for (const setting of GROUP_PERMISSION_NAMES) {
    const raw = p.optJson(setting);
    if (raw !== undefined) settings[setting] = readPlainValue(ctx.realm, ctx.quirks, setting, raw, rules[setting]);
  }
  const group: UserGroup = {
    id: allocate(ctx.realm, 'record'),
    name,
    description,
    members: new Set(members),
    subgroups: new Set(subgroups),
    isSystem: false,
    deactivated: false,
    creatorId: ctx.user.id,
    dateCreated: Math.floor(Date.now() / 1000),
    settings,
  };
  ctx.realm.userGroups.push(group);
  // Zulip announces the group with its members, then adds the subgroups (check_add_user_group).
  const events = new GroupEvents(ctx.realm, ctx.quirks, ctx.user.id);
  events.add({ ...groupObject(ctx.realm, group), direct_subgroup_ids: [] });
  if (subgroups.length) events.subgroups('add_subgroups', group, subgroups);
  return ctx.realm.level.fields('created group', { group_id: group.id });
}

export function groupObject(realm: Realm, group: UserGroup): Record<string, unknown> {
  return realm.level.fields('user group', {
    id: group.id,
    name: group.name,
    description: group.description,
    members: directMembers(realm, group),
    direct_subgroup_ids: directSubgroups(realm, group),
    creator_id: group.creatorId,
    date_created: group.dateCreated,
    is_system_group: group.isSystem,
    deactivated: group.deactivated,
    ...Object.fromEntries(GROUP_PERMISSION_NAMES.map((s) => [s, group.settings[s]])),
  });
}

function listGroups(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const all = ctx.params.bool('include_deactivated_groups', false);
  return { user_groups: ctx.realm.userGroups.filter((g) => all || !g.deactivated).map((g) => groupObject(ctx.realm, g)) };
}

/** Op 6. Validates everything first, then applies, so a refused request changes nothing. */
function updateGroup(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const p = ctx.params;
  const name = p.optString('name');
  const description = p.optString('description');
  const deactivated = p.optBool('deactivated');
  const updates = GROUP_PERMISSION_NAMES.map((s) => [s, p.optDict(s)] as const);
  if (name === undefined && description === undefined && deactivated === undefined && updates.every(([, u]) => u === undefined)) {
    throw badRequest('No new data supplied');
  }
  const group = groupForUpdate(ctx, 'can_manage_group');
  const newName = name !== undefined && name !== group.name ? checkGroupName(ctx.realm, name, group) : undefined;
  const rules = groupSettingRules(ctx);
  const changes = updates.map(([s, raw]) => readUpdate(ctx.realm, ctx.quirks, s, raw, group.settings[s], rules[s]));

  // Before level 340 a deactivated group's settings and description could not change (nor, as the fault has it, at all).
  const frozen = ctx.quirks.has('group-deactivated-frozen') || !ctx.realm.level.has('deactivated groups editable');
  if (group.deactivated && (changes.some(Boolean) || description !== undefined) && frozen) throw badRequest('User group is deactivated.');

  // The fault 'group-update-spills': description and reactivation land on every other group too.
  const targets = ctx.quirks.has('group-update-spills') ? ctx.realm.userGroups.filter((g) => !g.isSystem) : [group];
  // Each change is followed by its event, in Zulip's order: name, description, reactivation,
  // settings; a value equal to the current one sends nothing (edit_user_group; fact zulip.events.user-group.update).
  const events = new GroupEvents(ctx.realm, ctx.quirks, ctx.user.id);
  const resent = ctx.quirks.has('group-event-unchanged-sent');
  const wasDeactivated = group.deactivated;
  const oldDescription = group.description;
  if (newName !== undefined) group.name = newName;
  if (newName !== undefined || (name !== undefined && resent)) events.update(group, { name: group.name });
  for (const target of targets) {
    if (description !== undefined) target.description = description;
    // `deactivated=true` does nothing: deactivation has its own endpoint.
    if (deactivated === false && !ctx.quirks.has('group-reactivate-ignored')) target.deactivated = false;
  }
  if (description !== undefined && (description !== oldDescription || resent)) events.update(group, { description });
  if (wasDeactivated && !group.deactivated) {
    // do_reactivate_user_group: deactivated false, then the whole group for the queues that had dropped it.
    events.update(group, { deactivated: false });
    events.add(groupObject(ctx.realm, group), true);
  }
  if (deactivated === true && ctx.quirks.has('group-deactivate-via-patch')) group.deactivated = true;
  for (const change of changes) {
    if (!change) continue;
    group.settings[change.name] = change.value;
    events.update(group, { [change.name]: change.value });
  }
  if (resent)
    for (const [setting, raw] of updates)
      if (raw !== undefined && !changes.some((c) => c?.name === setting)) events.update(group, { [setting]: group.settings[setting] });
  return {};
}

/** Where a group is used as a permission value, or as a subgroup of an active group: Zulip's objections. */
function objections(realm: Realm, groupId: number): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const supergroups = realm.userGroups.filter((g) => !g.isSystem && !g.deactivated && g.subgroups.has(groupId)).map((g) => g.id);
  if (supergroups.length) found.push({ type: 'subgroup', supergroup_ids: supergroups });
  for (const channel of realm.channels) {
    if (channel.isArchived) continue;
    const settings: Record<string, GroupSetting> = { ...channel.groupSettings, can_administer_channel_group: channel.canAdministerChannelGroup };
    const used = Object.keys(settings)
      .filter((s) => settingUses(settings[s], groupId))
      .sort();
    if (used.length) found.push({ type: 'channel', channel_id: channel.id, settings: used });
  }
  for (const group of realm.userGroups) {
    if (group.deactivated || group.id === groupId) continue;
    const used = GROUP_PERMISSION_NAMES.filter((s) => settingUses(group.settings[s], groupId));
    if (used.length) found.push({ type: 'user_group', group_id: group.id, settings: used });
  }
  return found;
}

function deactivateGroup(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const group = groupForUpdate(ctx, 'can_manage_group');
  // Zulip looks the group up without allow_deactivated (zulip.groups.deactivate-in-use).
  if (group.deactivated) throw badRequest('User group is deactivated.');
  const inUse = objections(ctx.realm, group.id);
  if (inUse.length) throw new ApiError(400, 'CANNOT_DEACTIVATE_GROUP_IN_USE', 'Cannot deactivate user group in use.', { objections: inUse });
  group.deactivated = true;
  new GroupEvents(ctx.realm, ctx.quirks, ctx.user.id).deactivated(group);
  retire(ctx.realm, group);
  return {};
}

export const userGroupRoutes: Route[] = [
  { method: 'POST', path: '/user_groups/create', params: ['name', 'description', 'members', 'subgroups', ...GROUP_PERMISSION_NAMES], handle: createGroup },
  { method: 'GET', path: '/user_groups', params: ['include_deactivated_groups'], handle: listGroups },
  { method: 'PATCH', path: '/user_groups/{user_group_id}', params: ['name', 'description', 'deactivated', ...GROUP_PERMISSION_NAMES], handle: updateGroup },
  { method: 'POST', path: '/user_groups/{user_group_id}/deactivate', params: [], handle: deactivateGroup },
];
