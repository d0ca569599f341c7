// Quirks of personal topic preferences and user updates (operations 8, 9, 10): each a fault the suite must catch, off by default.
export const USERS_QUIRKS = {
  'user-topics-rejects-policy-3': 'POST /user_topics: visibility_policy 3 refused',
  'user-topics-accepts-bad-policy': 'POST /user_topics: any integer visibility_policy accepted',
  'user-topics-no-length-limit': 'POST /user_topics: topic length not checked',
  'user-topics-needs-messages': 'POST /user_topics: topics without messages refused',
  'user-topics-zero-ignored': 'POST /user_topics: visibility_policy 0 succeeds but leaves the old policy',
  'update-user-member-ok': 'PATCH /users/{user_id|email}: any user may update users',
  'update-user-admin-sets-owner': 'PATCH /users/{user_id}: administrators may add or remove the owner role',
  'update-user-demote-last-owner-ok': 'PATCH /users/{user_id}: the only owner may lose the owner role',
  'update-user-any-role': 'PATCH /users/{user_id}: any integer role accepted',
  'update-user-unknown-field-ok': 'PATCH /users/{user_id}: profile_data with an unknown field id accepted',
  'update-user-email-no-permission-ok': 'PATCH /users/{user_id}: new_email accepted without can_change_user_emails',
  'update-user-ignores-full-name': 'PATCH /users/{user_id}: full_name accepted but not stored',
  'update-user-email-ignores-visibility': 'PATCH /users/{email}: the real address works even where the caller may not see it',
  'update-by-email-owner-only': 'PATCH /users/{email}: only owners with can_change_user_emails (the document\'s reading)',
} as const;
