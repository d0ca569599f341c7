// Quirks of user groups and their members (operations 6, 7): each a fault the suite must catch, off by default.
export const GROUPS_QUIRKS = {
  'group-update-old-mismatch-ok': "group-setting update objects: an 'old' that differs from the current value is ignored",
  'group-manage-everyone-ok': 'user groups: can_manage_group accepts role:everyone',
  'group-deactivated-usable': 'a deactivated user group is accepted as a permission value',
  'group-reactivate-ignored': 'PATCH /user_groups/{user_group_id}: deactivated=false does not reactivate',
  'group-deactivate-via-patch': 'PATCH /user_groups/{user_group_id}: deactivated=true deactivates the group',
  'group-update-anyone-ok': 'user groups: any member may update any group and its members',
  'group-guest-ok': 'user groups: guests may call the group operations, and no group permission binds them',
  'group-members-duplicates': 'POST /user_groups/{user_group_id}/members: adding a user who is already a direct member is accepted',
} as const;
