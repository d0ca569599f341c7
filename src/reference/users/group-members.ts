// Op 7, POST /user_groups/{user_group_id}/members: add and remove members and subgroups, in
// Zulip's order and within one transaction: a refused request changes nothing.
import { badRequest } from '../core/errors.js';
import { directSubgroups, groupById } from './group-settings.js';
import type { Realm, UserGroup } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { activeUserIds, groupForUpdate, requireMemberOrAdmin } from './groups.js';
import { GroupEvents } from './group-events.js';
import { allocate } from '../realm/flavor.js';
import { sendMessageEvent } from '../messages/send-events.js';
import { notificationBotId } from '../messages/access.js';

/** Adding oneself needs can_join_group; adding others can_add_members_group (or managing). */
function groupFor(ctx: Context, own: string, others: string, ids: unknown[]): UserGroup {
  if (ids.length === 1 && ids[0] === ctx.user.id) {
    try {
      return groupForUpdate(ctx, own);
    } catch {
      return groupForUpdate(ctx, others);
    }
  }
  return groupForUpdate(ctx, others);
}

/** Zulip's subgroup checks, after the permission: every ID names a group, and none is deactivated. */
function subgroupIds(realm: Realm, raw: unknown[]): number[] {
  const groups = raw.map((id) => (Number.isInteger(id) ? groupById(realm, id as number) : undefined));
  const missing = groups.findIndex((g) => !g);
  if (missing >= 0) throw badRequest(`Invalid user group ID: ${String(raw[missing])}`);
  if (groups.some((g) => g!.deactivated)) throw badRequest('User group is deactivated.');
  return groups.map((g) => g!.id);
}

/** Would making `candidate` a subgroup of `group` close a cycle? */
function containsRecursively(realm: Realm, candidate: number, target: number, seen = new Set<number>()): boolean {
  if (candidate === target) return true;
  if (seen.has(candidate)) return false;
  seen.add(candidate);
  const group = groupById(realm, candidate);
  return group ? directSubgroups(realm, group).some((id) => containsRecursively(realm, id, target, seen)) : false;
}

/**
 * Zulip runs add, delete, add_subgroups and delete_subgroups in that order, each checking in its
 * own order (add: permission, then the user IDs; delete: the user IDs, then the permission), all
 * in one transaction: a refused request changes nothing (facts zulip.group-members.*).
 */
function updateMembers(ctx: Context) {
  requireMemberOrAdmin(ctx);
  const p = ctx.params;
  const add = p.optList('add') ?? [];
  const remove = p.optList('delete') ?? [];
  const addSubgroups = p.optList('add_subgroups') ?? [];
  const removeSubgroups = p.optList('delete_subgroups') ?? [];
  if (!add.length && !remove.length && !addSubgroups.length && !removeSubgroups.length) {
    throw badRequest('Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".');
  }
  const touched = new Map<UserGroup, { members: Set<number>; subgroups: Set<number> }>();
  const keep = (g: UserGroup) => {
    if (!touched.has(g)) touched.set(g, { members: new Set(g.members), subgroups: new Set(g.subgroups) });
    return g;
  };
  const done: Done[] = [];
  try {
    if (add.length) {
      if (ctx.quirks.has('group-members-ids-first')) activeUserIds(ctx.realm, add);
      const target = keep(frozen(ctx, groupFor(ctx, 'can_join_group', 'can_add_members_group', add)));
      const ids = activeUserIds(ctx.realm, add);
      for (const id of ids) {
        if (target.members.has(id) && !ctx.quirks.has('group-members-duplicates')) throw badRequest(`User ${id} is already a member of this group`);
      }
      for (const group of spread(ctx, target)) for (const id of ids) keep(group).members.add(id);
      done.push({ op: 'add_members', group: target, ids });
    }
    if (remove.length) {
      const ids = activeUserIds(ctx.realm, remove);
      const target = keep(frozen(ctx, groupFor(ctx, 'can_leave_group', 'can_remove_members_group', ids)));
      for (const id of ids) if (!target.members.has(id)) throw badRequest(`There is no member '${id}' in this user group`);
      for (const id of ids) target.members.delete(id);
      done.push({ op: 'remove_members', group: target, ids });
    }
    if (addSubgroups.length) {
      const target = keep(frozen(ctx, groupForUpdate(ctx, 'can_add_members_group')));
      const ids = subgroupIds(ctx.realm, addSubgroups);
      for (const id of ids) {
        if (target.subgroups.has(id)) throw badRequest(`User group ${id} is already a subgroup of this group.`);
        if (containsRecursively(ctx.realm, id, target.id)) {
          throw badRequest(`User group ${target.id} is already a subgroup of one of the passed subgroups.`);
        }
      }
      for (const id of ids) target.subgroups.add(id);
      done.push({ op: 'add_subgroups', group: target, ids });
    }
    if (removeSubgroups.length) {
      const target = keep(frozen(ctx, groupForUpdate(ctx, 'can_manage_group')));
      const ids = subgroupIds(ctx.realm, removeSubgroups);
      for (const id of ids) if (!target.subgroups.has(id)) throw badRequest(`User group ${id} is not a subgroup of this group.`);
      for (const id of ids) target.subgroups.delete(id);
      done.push({ op: 'remove_subgroups', group: target, ids });
    }
  } catch (error) {
    for (const [group, before] of touched) {
      group.members = before.members;
      group.subgroups = before.subgroups;
    }
    throw error;
  }
  notify(ctx, ctx.quirks.has('group-members-events-reordered') ? done.reverse() : done);
  return {};
}

interface Done {
  op: 'add_members' | 'remove_members' | 'add_subgroups' | 'remove_subgroups';
  group: UserGroup;
  ids: number[];
}

/**
 * Zulip sends its events on commit, so a refused request sends none: each part of the request
 * in the order of its thunks, members added or removed by someone else each with a direct
 * message from the Notification Bot (notify_for_user_group_subscription_changes; facts
 * zulip.events.user-group.members, zulip.events.user-group.members-notification).
 */
function notify(ctx: Context, done: Done[]): void {
  const events = new GroupEvents(ctx.realm, ctx.quirks, ctx.user.id);
  for (const { op, group, ids } of done) {
    if (op === 'add_members' || op === 'remove_members') {
      events.members(op, group, ids);
      const verb = op === 'add_members' ? 'added you to' : 'removed you from';
      for (const id of ids) {
        const user = ctx.realm.users.find((u) => u.id === id);
        if (!user || user.isBot || id === ctx.user.id) continue;
        directNotice(ctx, id, `@_**${ctx.user.fullName}|${ctx.user.id}** ${verb} the group @_*${group.name}*.`);
      }
    } else {
      events.subgroups(op, group, ids);
    }
  }
}

/** A direct message from the Notification Bot to one user: both hold a copy, the bot's is read. */
function directNotice(ctx: Context, userId: number, content: string): void {
  const bot = notificationBotId(ctx.realm);
  const message = {
    id: allocate(ctx.realm, 'message'),
    senderId: bot,
    channelId: null,
    recipientIds: [userId],
    topic: '',
    content,
    timestamp: Math.floor(Date.now() / 1000),
    holders: new Set([bot, userId]),
    readBy: new Set([bot]),
  };
  ctx.realm.messages.push(message);
  sendMessageEvent(ctx.realm, ctx.quirks, message);
}

/** A deactivated group's members cannot change before level 391 (and under the fault 'group-deactivated-frozen'). */
function frozen(ctx: Context, group: UserGroup): UserGroup {
  const before391 = !ctx.realm.level.has('members of deactivated groups editable');
  if (group.deactivated && (ctx.quirks.has('group-deactivated-frozen') || before391)) throw badRequest('User group is deactivated.');
  return group;
}

/** The fault 'group-members-spill': added members land in every other group too. */
function spread(ctx: Context, group: UserGroup): UserGroup[] {
  return ctx.quirks.has('group-members-spill') ? ctx.realm.userGroups.filter((g) => !g.isSystem) : [group];
}

export const groupMemberRoutes: Route[] = [
  { method: 'POST', path: '/user_groups/{user_group_id}/members', params: ['add', 'delete', 'add_subgroups', 'delete_subgroups'], handle: updateMembers },
];
