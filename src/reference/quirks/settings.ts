// Quirks of PATCH /settings and the realm defaults (operations 2, 5): each a fault the suite must catch, off by default.
export const SETTINGS_QUIRKS = {
  'settings-bool-lenient': 'PATCH /settings, /realm/user_settings_defaults: any text for a boolean setting is read as false',
  'settings-int-lenient': 'PATCH /settings, /realm/user_settings_defaults: non-integer text for an integer setting is accepted',
  'settings-accepts-bad-enum': 'PATCH /settings, /realm/user_settings_defaults: values outside a setting\'s allowed set are accepted',
  'settings-any-language': 'PATCH /settings: any default_language accepted',
  'settings-any-timezone': 'PATCH /settings: any timezone accepted',
  'settings-any-sound': 'PATCH /settings: any notification_sound accepted',
  'settings-ignores-param': 'PATCH /settings succeeds but stores no setting',
  'settings-channel-view-3-refused': 'PATCH /settings: web_channel_default_view=3 refused (the constraint line read literally)',
  'settings-password-without-old-ok': 'PATCH /settings: new_password without old_password accepted',
  'settings-wrong-old-password-ok': 'PATCH /settings: new_password with a wrong old_password accepted',
  'settings-email-immediate': 'PATCH /settings: email changes at once, without confirmation',
  'defaults-member-ok': 'PATCH /realm/user_settings_defaults: any user may change the defaults',
  'defaults-ignores-param': 'PATCH /realm/user_settings_defaults succeeds but stores nothing',
  'defaults-apply-to-existing': 'PATCH /realm/user_settings_defaults also changes every existing user',
  'defaults-channel-view-3-refused': 'PATCH /realm/user_settings_defaults: web_channel_default_view=3 refused',
} as const;
