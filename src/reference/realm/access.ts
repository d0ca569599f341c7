// Who is who and who may see what: roles, system groups, channel access.
import { ROLE, type Channel, type GroupSetting, type Realm, type User } from './model.js';
import { systemGroupName } from './system-groups.js';
import { badRequest } from '../core/errors.js';

export const isAdmin = (user: User): boolean => user.role <= ROLE.admin;
export const isGuest = (user: User): boolean => user.role === ROLE.guest;
export const isSubscribed = (user: User, channel: Channel): boolean => channel.subscribers.has(user.id);

function inSystemGroup(groupId: number, user: User): boolean {
  switch (systemGroupName(groupId)) {
    case 'role:internet':
    case 'role:everyone':
      return true;
    case 'role:members':
    case 'role:fullmembers':
      return user.role <= ROLE.member;
    case 'role:moderators':
      return user.role <= ROLE.moderator;
    case 'role:administrators':
      return user.role <= ROLE.admin;
    case 'role:owners':
      return user.role <= ROLE.owner;
    default:
      return false;
  }
}

export function inGroupSetting(setting: GroupSetting, user: User): boolean {
  if (typeof setting === 'number') return inSystemGroup(setting, user);
  return setting.direct_members.includes(user.id) || setting.direct_subgroups.some((g) => inSystemGroup(g, user));
}

/** Content access without subscribing: a private channel's can_add_subscribers_group or
 * can_subscribe_group gives it to non-guests (Zulip's is_user_in_groups_granting_content_access). */
export function hasContentAccessViaGroups(user: User, channel: Channel): boolean {
  return !isGuest(user) && ['can_add_subscribers_group', 'can_subscribe_group'].some((name) => inGroupSetting(channel.groupSettings[name], user));
}

/** Content access: reading the messages. Even guests may read web-public channels. */
export function hasContentAccess(user: User, channel: Channel): boolean {
  return channel.isWebPublic || (!channel.inviteOnly && !isGuest(user)) || isSubscribed(user, channel) || hasContentAccessViaGroups(user, channel);
}

/** Metadata access: knowing the channel exists. Administrators see every channel. */
export function hasMetadataAccess(user: User, channel: Channel): boolean {
  return isAdmin(user) || hasContentAccess(user, channel) || inGroupSetting(channel.canAdministerChannelGroup, user);
}

export function findUser(realm: Realm, idOrEmail: unknown): User | undefined {
  if (typeof idOrEmail === 'number') return realm.users.find((u) => u.id === idOrEmail);
  if (typeof idOrEmail === 'string') {
    const email = idOrEmail.trim().toLowerCase();
    return realm.users.find((u) => u.email === email);
  }
  return undefined;
}

export function channelByName(realm: Realm, name: string): Channel | undefined {
  const wanted = name.trim().toLowerCase();
  return realm.channels.find((c) => c.name.toLowerCase() === wanted);
}

export function channelById(realm: Realm, id: number): Channel | undefined {
  return realm.channels.find((c) => c.id === id);
}

/** A channel the caller may read, or Zulip's "Invalid channel ID" for missing and hidden alike. */
export function accessChannelById(realm: Realm, user: User, id: number): Channel {
  const channel = channelById(realm, id);
  if (!channel || !hasContentAccess(user, channel)) throw badRequest('Invalid channel ID');
  return channel;
}
