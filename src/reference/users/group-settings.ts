// Group-setting values and the update objects `{new, old?}` that change them: validation,
// the `old` check, membership through nested groups. Shared by channel and group settings.
import { ROLE, type GroupSetting, type Realm, type User, type UserGroup } from '../realm/model.js';
import { systemGroupName, type SystemGroupName } from '../realm/system-groups.js';
import { ApiError, badRequest } from '../core/errors.js';
import type { Quirks } from '../realm/quirk-set.js';

/** A system group's id in this realm (its flavor's numbering). */
export const systemGroup = (realm: Realm, name: SystemGroupName): number => realm.flavor.systemGroupIds[name];

/** role:nobody: who an empty group-setting value stands for. */
export const nobody = (realm: Realm): number => systemGroup(realm, 'role:nobody');

/** Which system groups a setting refuses, by name. */
export interface SettingRules {
  refuse: readonly SystemGroupName[];
}

export function groupById(realm: Realm, id: number): UserGroup | undefined {
  return realm.userGroups.find((g) => g.id === id);
}

/** The users a system group holds directly, and the system group nested in it. */
function systemMembers(realm: Realm, id: number): { members: number[]; subgroup: number | null } {
  const g = realm.flavor.systemGroupIds;
  const withRole = (role: number) => realm.users.filter((u) => u.isActive && u.role === role).map((u) => u.id);
  switch (systemGroupName(id)) {
    case 'role:internet':
      return { members: [], subgroup: g['role:everyone'] };
    case 'role:everyone':
      return { members: withRole(ROLE.guest), subgroup: g['role:members'] };
    case 'role:members':
      return { members: [], subgroup: g['role:fullmembers'] };
    case 'role:fullmembers':
      return { members: withRole(ROLE.member), subgroup: g['role:moderators'] };
    case 'role:moderators':
      return { members: withRole(ROLE.moderator), subgroup: g['role:administrators'] };
    case 'role:administrators':
      return { members: withRole(ROLE.admin), subgroup: g['role:owners'] };
    case 'role:owners':
      return { members: withRole(ROLE.owner), subgroup: null };
    default:
      return { members: [], subgroup: null };
  }
}

export function directMembers(realm: Realm, group: UserGroup): number[] {
  return group.isSystem ? systemMembers(realm, group.id).members : [...group.members].sort((a, b) => a - b);
}

export function directSubgroups(realm: Realm, group: UserGroup): number[] {
  if (!group.isSystem) return [...group.subgroups].sort((a, b) => a - b);
  const { subgroup } = systemMembers(realm, group.id);
  return subgroup === null ? [] : [subgroup];
}

/** Is the user in the group, directly or through subgroups? Deactivated groups hold nobody. */
export function inGroup(realm: Realm, groupId: number, user: User, seen = new Set<number>()): boolean {
  const group = groupById(realm, groupId);
  if (!group || group.deactivated || seen.has(groupId)) return false;
  seen.add(groupId);
  if (directMembers(realm, group).includes(user.id)) return true;
  return directSubgroups(realm, group).some((id) => inGroup(realm, id, user, seen));
}

export function inSetting(realm: Realm, setting: GroupSetting, user: User): boolean {
  if (typeof setting === 'number') return inGroup(realm, setting, user);
  return setting.direct_members.includes(user.id) || setting.direct_subgroups.some((id) => inGroup(realm, id, user));
}

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((v) => Number.isInteger(v));
}

/** Reads a value as sent: an integer group id or {direct_members, direct_subgroups}. */
function readValue(name: string, value: unknown): GroupSetting {
  if (Number.isInteger(value)) return value as number;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { direct_members: members, direct_subgroups: subgroups } = value as Record<string, unknown>;
    if (isIdList(members) && isIdList(subgroups)) return { direct_members: [...members], direct_subgroups: [...subgroups] };
  }
  throw badRequest(`${name} is not a valid group-setting value`);
}

/** Zulip's normal form: one subgroup and no members is that group; an empty one is role:nobody. */
export function normalise(realm: Realm, value: GroupSetting): GroupSetting {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0];
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return nobody(realm);
  return value;
}

export function sameSetting(realm: Realm, a: GroupSetting, b: GroupSetting): boolean {
  const x = normalise(realm, a);
  const y = normalise(realm, b);
  if (typeof x === 'number' || typeof y === 'number') return x === y;
  const same = (p: number[], q: number[]) => p.length === q.length && new Set([...p, ...q]).size === new Set(p).size;
  return same(x.direct_members, y.direct_members) && same(x.direct_subgroups, y.direct_subgroups);
}

/** Throws unless every group and user the value names exists and may be used here. */
function checkUsable(realm: Realm, name: string, value: GroupSetting, rules: SettingRules, quirks: Quirks): void {
  const groups = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const id of groups) {
    const group = groupById(realm, id);
    if (!group) throw badRequest('Invalid user group ID');
    if (group.deactivated && !quirks.has('group-deactivated-usable')) throw badRequest('User group is deactivated.');
    if (group.isSystem && rules.refuse.includes(group.name as SystemGroupName)) {
      throw badRequest(`'${name}' setting cannot be set to '${group.name}' group.`);
    }
  }
  if (typeof value !== 'number') {
    for (const id of value.direct_members) {
      if (!realm.users.some((u) => u.id === id && u.isActive)) throw badRequest(`Invalid user ID: ${id}`);
    }
  }
}

export interface SettingChange {
  name: string;
  value: GroupSetting;
}

/**
 * Reads the update object of one setting. Returns the change to make, or undefined when the
 * parameter is absent or the new value equals the current one.
 */
export function readUpdate(
  realm: Realm,
  quirks: Quirks,
  name: string,
  raw: Record<string, unknown> | undefined,
  current: GroupSetting,
  rules: SettingRules,
): SettingChange | undefined {
  if (raw === undefined) return undefined;
  if (!('new' in raw)) throw badRequest(`${name}["new"] field is missing`);
  const value = normalise(realm, readValue(`${name}.new`, raw.new));
  if (raw.old !== undefined) {
    const old = readValue(`${name}.old`, raw.old);
    if (!sameSetting(realm, old, current) && realm.flavor.oldMismatch === 'refuse' && !quirks.has('group-update-old-mismatch-ok')) {
      // Zulip's PreviousSettingValueMismatchedError (facts zulip.channel.old-mismatch, zulip.groups.old-mismatch).
      throw new ApiError(400, 'EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
    }
  }
  if (sameSetting(realm, value, current)) return undefined;
  checkUsable(realm, name, value, rules, quirks);
  return { name, value };
}

/** Checks a value given directly (group creation), normalised. */
export function readPlainValue(realm: Realm, quirks: Quirks, name: string, raw: unknown, rules: SettingRules): GroupSetting {
  const value = normalise(realm, readValue(name, raw));
  checkUsable(realm, name, value, rules, quirks);
  return value;
}

/** Does a setting value name this group, directly or as a subgroup of an anonymous value? */
export function settingUses(setting: GroupSetting, groupId: number): boolean {
  return typeof setting === 'number' ? setting === groupId : setting.direct_subgroups.includes(groupId);
}
