// The system groups every realm starts with. Their members follow the users' roles (see
// users/group-settings.ts), so they store none; their own permission settings are role:nobody.
import type { UserGroup } from './model.js';
import { SYSTEM_GROUP_NAMES, type SystemGroupIds, type SystemGroupName } from './system-groups.js';

const DESCRIPTIONS: Record<SystemGroupName, string> = {
  'role:internet': 'Everyone on the Internet',
  'role:everyone': 'Everyone in this organization, including guests',
  'role:members': 'Members of this organization, not including guests',
  'role:fullmembers': 'Members of this organization, not including new accounts and guests',
  'role:moderators': 'Moderators of this organization, including administrators',
  'role:administrators': 'Administrators of this organization, including owners',
  'role:owners': 'Owners of this organization',
  'role:nobody': 'Nobody',
};

export const GROUP_PERMISSION_NAMES = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;

/**
 * The feature level each group permission setting takes update objects {new, old} from (fact
 * zulip.level.<N>; users.levels.ts): can_mention_group is older (198) but took a plain group id
 * until 258 and {new, old} from 260.
 */
export const GROUP_PERMISSION_LEVELS: Record<(typeof GROUP_PERMISSION_NAMES)[number], number> = {
  can_add_members_group: 305,
  can_join_group: 301,
  can_leave_group: 308,
  can_manage_group: 283,
  can_mention_group: 260,
  can_remove_members_group: 324,
};

export function seedSystemGroups(ids: SystemGroupIds): UserGroup[] {
  return SYSTEM_GROUP_NAMES.map((name) => ({
    id: ids[name],
    name,
    description: DESCRIPTIONS[name],
    members: new Set<number>(),
    subgroups: new Set<number>(),
    isSystem: true,
    deactivated: false,
    creatorId: null,
    dateCreated: null,
    settings: Object.fromEntries(GROUP_PERMISSION_NAMES.map((s) => [s, ids['role:nobody']])),
  }));
}
