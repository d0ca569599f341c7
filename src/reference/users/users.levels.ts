// What the user, group and status operations gained level by level (core/levels.ts reads these
// tables; each level is the fact zulip.level.<N>, from Zulip's api_docs/changelog.md).
import type { LevelTable } from '../core/levels.js';
import { GROUP_PERMISSION_LEVELS } from '../realm/seed-groups.js';

export const USERS_LEVELS: LevelTable = {
  endpoints: {
    'GET /users/{user_id}/status': 262,
    'PATCH /users/{email:path}': 313,
    'POST /user_groups/{user_group_id}/deactivate': 290,
  },
  parameters: {
    'PATCH /users/{user_id}': { new_email: 313 },
    'PATCH /users/{email:path}': { new_email: 313 },
    'POST /users/me/status': { emoji_name: 86, emoji_code: 86, reaction_type: 86 },
    'POST /user_groups/create': { subgroups: 311, ...GROUP_PERMISSION_LEVELS },
    'PATCH /user_groups/{user_group_id}': { deactivated: 386, ...GROUP_PERMISSION_LEVELS },
    'POST /user_groups/{user_group_id}/members': { add_subgroups: 311, delete_subgroups: 311 },
    'GET /user_groups': { include_deactivated_groups: 294 },
  },
  behaviours: {
    // Before it, away was the status's own flag; from it, the negation of presence_enabled.
    'away is presence_enabled': 148,
    // Before it, PATCH /users/{user_id} read full_name as JSON-encoded text.
    'full_name as plain text': 106,
    // Before it, a deactivated group's settings and description could not be changed.
    'deactivated groups editable': 340,
    // Before it, neither could its members and subgroups.
    'members of deactivated groups editable': 391,
  },
  fields: {
    // can_mention_group is shown from 198 (a group id until 258).
    'user group': { deactivated: 290, creator_id: 292, date_created: 292, ...GROUP_PERMISSION_LEVELS, can_mention_group: 198 },
    // The success body of POST /user_groups/create.
    'created group': { group_id: 317 },
  },
};
