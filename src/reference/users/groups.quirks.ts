// Quirks of user groups and their members (operations 6, 7): each a fault the suite must catch, off by default.
export const GROUPS_QUIRKS = {
  'group-update-old-mismatch-ok': "group-setting update objects: an 'old' that differs from the current value is ignored",
  'group-manage-everyone-ok': 'user groups: can_manage_group accepts role:everyone',
  'group-mention-owners-refused':
    "PATCH /user_groups/{user_group_id}: can_mention_group refuses role:owners (the document's reading, not Zulip's since feature level 326)",
  'group-deactivated-usable': 'a deactivated user group is accepted as a permission value',
  'group-deactivated-mentionable': 'a mention of a deactivated user group renders as a mention, not silent',
  'group-deactivated-frozen': "a deactivated user group's permission settings and members cannot be changed",
  'group-reactivate-ignored': 'PATCH /user_groups/{user_group_id}: deactivated=false does not reactivate',
  'group-deactivate-via-patch': 'PATCH /user_groups/{user_group_id}: deactivated=true deactivates the group',
  'group-update-spills': 'PATCH /user_groups/{user_group_id}: a new description and a reactivation land on every group, not only the one named',
  'group-update-anyone-ok': 'user groups: any member may update any group and its members',
  'group-guest-ok': 'user groups: guests may call the group operations, and no group permission binds them',
  'group-members-duplicates': 'POST /user_groups/{user_group_id}/members: adding a user who is already a direct member is accepted',
  'group-members-spill': 'POST /user_groups/{user_group_id}/members: added users land in every group, not only the one named',
  'group-members-ids-first': "POST /user_groups/{user_group_id}/members: add's user IDs are checked before the caller's permission",
} as const;
