// Quirks of POST /users/me/status (operation 13): each a fault the suite must catch, off by default.
export const STATUS_QUIRKS = {
  'status-no-length-limit': 'status_text length is not checked',
  'status-length-utf16': 'status_text length counted in UTF-16 units instead of code points',
  'status-accept-no-values': 'a status update with no new values succeeds',
  'status-emoji-code-without-name-ok': 'emoji_code / reaction_type without emoji_name accepted',
  'status-unknown-emoji-ok': 'unknown emoji names accepted in a status',
  'status-name-code-mismatch-ok': 'unicode emoji name/code mismatch accepted in a status',
  'status-bad-custom-emoji-ok': 'invalid custom (realm) emoji accepted in a status',
  'status-error-code-wrong': 'status validation errors use code INVALID_STATUS instead of BAD_REQUEST',
  'status-overwrites-all': 'a status update resets the fields it did not pass',
  'status-text-clears-away': 'a status_text update also clears away (presence_enabled back on)',
  'status-clear-ignored': 'status_text="" leaves the old text in place',
  'status-service-extra-emoji': 'reaction_type service_extra_emoji accepted like zulip_extra_emoji',
} as const;
