// Op 7, POST /user_groups/{user_group_id}/members: add and remove members and subgroups.
// All four lists are checked before anything changes, as Zulip runs them in one transaction.
import { badRequest } from './errors.js';
import { directSubgroups, groupById } from './group-settings.js';
import type { Realm, UserGroup } from './model.js';
import type { Context, Route } from './router.js';
import { activeUserIds, groupForUpdate, requireMemberOrAdmin } from './user-groups.js';

/** Adding oneself needs can_join_group; adding others can_add_members_group (or managing). */
function groupFor(ctx: Context, own: string, others: string, ids: number[]): UserGroup {
  if (ids.length === 1 && ids[0] === ctx.user.id) {
    try {
      return groupForUpdate(ctx, own);
    } catch {
      return groupForUpdate(ctx, others);
    }
  }
  return groupForUpdate(ctx, others);
}

function subgroupIds(realm: Realm, raw: unknown[]): number[] {
  return raw.map((id) => {
    const group = Number.isInteger(id) ? groupById(realm, id as number) : undefined;
    if (!group || group.deactivated) throw badRequest('Invalid user group ID');
    return group.id;
  });
}

/** Would making `candidate` a subgroup of `group` close a cycle? */
function containsRecursively(realm: Realm, candidate: number, target: number, seen = new Set<number>()): boolean {
  if (candidate === target) return true;
  if (seen.has(candidate)) return false;
  seen.add(candidate);
  const group = groupById(realm, candidate);
  return group ? directSubgroups(realm, group).some((id) => containsRecursively(realm, id, target, seen)) : false;
}

function updateMembers(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const p = ctx.params;
  const add = activeUserIds(ctx.realm, p.optList('add') ?? []);
  const remove = activeUserIds(ctx.realm, p.optList('delete') ?? []);
  const addSubgroups = subgroupIds(ctx.realm, p.optList('add_subgroups') ?? []);
  const removeSubgroups = subgroupIds(ctx.realm, p.optList('delete_subgroups') ?? []);
  if (!add.length && !remove.length && !addSubgroups.length && !removeSubgroups.length) {
    throw badRequest('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".');
  }
  let group: UserGroup | undefined;
  if (add.length) group = groupFor(ctx, 'can_join_group', 'can_add_members_group', add);
  if (remove.length) group = groupFor(ctx, 'can_leave_group', 'can_remove_members_group', remove);
  if (addSubgroups.length) group = groupForUpdate(ctx, 'can_add_members_group');
  if (removeSubgroups.length) group = groupForUpdate(ctx, 'can_manage_group');
  const target = group!;

  const duplicatesOk = ctx.quirks.has('group-members-duplicates');
  for (const id of add) {
    if (target.members.has(id) && !duplicatesOk) throw badRequest(`User ${id} is already a member of this group`);
  }
  for (const id of remove) {
    if (!target.members.has(id)) throw badRequest(`There is no member '${id}' in this user group`);
  }
  for (const id of addSubgroups) {
    if (target.subgroups.has(id)) throw badRequest(`User group ${id} is already a subgroup of this group.`);
    if (containsRecursively(ctx.realm, id, target.id)) {
      throw badRequest(`User group ${target.id} is already a subgroup of one of the passed subgroups.`);
    }
  }
  for (const id of removeSubgroups) {
    if (!target.subgroups.has(id)) throw badRequest(`User group ${id} is not a subgroup of this group.`);
  }

  for (const id of add) target.members.add(id);
  for (const id of remove) target.members.delete(id);
  for (const id of addSubgroups) target.subgroups.add(id);
  for (const id of removeSubgroups) target.subgroups.delete(id);
  return {};
}

export const groupMemberRoutes: Route[] = [
  { method: 'POST', path: '/user_groups/{user_group_id}/members', params: ['add', 'delete', 'add_subgroups', 'delete_subgroups'], handle: updateMembers },
];
