// Quirks of the events of the settings, defaults, topic preferences, user updates, status and
// push operations (2, 5, 8, 9, 10, 13, 21): each sends an event to the wrong users,
// sends one it must not, or ignores a capability. Events dropped or misshapen are the proxy's
// rewrites (tests/mutants/events-users.mutants.ts). Off by default.
export const EVENTS_USERS_QUIRKS = {
  'settings-event-to-everyone': 'a user_settings event goes to every active user, not only to the user whose setting changed',
  'settings-event-unchanged-sent': 'PATCH /settings sends a user_settings event for a setting sent with its current value',
  'settings-legacy-event-to-capable-queues':
    'the legacy update_display_settings / update_global_notifications events reach queues registered with user_settings_object',
  'full-name-event-self-only': 'the realm_user update of a new full_name goes only to the renamed user, not to the others who can see them',
  'timezone-event-self-only': 'the realm_user update of a new timezone goes only to the user, not to the others who can see them',
  'defaults-event-unchanged-sent': 'PATCH /realm/user_settings_defaults sends a realm_user_settings_defaults event for a default sent with its current value',
  'defaults-event-admins-only': 'realm_user_settings_defaults events go only to administrators, not to every active user',
  'user-topic-unchanged-sent': "POST /user_topics with the topic's current policy sends the muted_topics and user_topic events again",
  'user-topic-event-to-everyone': 'a user_topic event goes to every active user, not only to the user whose preference changed',
  'user-topic-empty-topic-literal': 'a user_topic event for the empty topic carries "" also to queues without the empty_topic_name capability',
  'muted-topics-event-not-suppressed': 'the legacy muted_topics event reaches queues whose event_types list user_topic',
  'role-event-target-only': 'the realm_user update of a new role goes only to the user whose role changed',
  'profile-field-event-self-only': 'the realm_user update of a custom profile field value goes only to the user it belongs to',
  'email-event-actor-only': 'the realm_user updates of a new email address (delivery_email, new_email) go only to the administrator who set it',
  'status-event-self-only': 'a user_status event goes only to the user whose status changed',
  'status-event-all-fields': 'a user_status event carries every field of the status, not only the parts the request changed',
  'push-test-sends-event': 'POST /mobile_push/e2ee/test_notification queues an event for the caller',
} as const;
