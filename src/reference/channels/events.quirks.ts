// Quirks of the events of the channel, group, folder, view and snippet operations (4, 6, 7, 11,
// 12, 18, 19, 20): each sends an event to the wrong users, sends one it must not, or
// sends them in the wrong order. Events dropped or misshapen are the proxy's rewrites
// (tests/mutants/events-channels.mutants.ts). Off by default.
export const EVENTS_CHANNELS_QUIRKS = {
  'stream-event-subscribers-only': "stream update events go only to the channel's subscribers, not to every user who can see the channel",
  'stream-event-to-everyone': 'stream update events go to every active user, guests who cannot see the channel included',
  'stream-event-unchanged-sent': 'PATCH /streams sends a stream update for a topics_policy or a permission setting sent with its current value',
  'stream-description-unchanged-silent': 'PATCH /streams sends no stream update for a description equal to the current one',
  'stream-gainers-get-update': 'a private channel made public sends the users who could not see it a stream update, not stream create',
  'default-streams-admins-only': 'default_streams events go only to administrators, not to every active non-guest user',
  'default-streams-to-everyone': 'default_streams events go to guests too',
  'group-event-actor-only': 'user_group events go only to the user who made the change, not to every active user',
  'group-update-whole-data': "each user_group update carries the group's name and description in data besides the item that changed",
  'group-event-unchanged-sent': 'PATCH /user_groups sends a user_group update for a name, description or setting equal to the current one',
  'group-reactivation-ignores-capability': 'the user_group update {deactivated: false} of a reactivation reaches queues without include_deactivated_groups',
  'group-members-event-members-only': "user_group membership events go only to the group's members, not to every active user",
  'group-members-events-reordered':
    'POST /user_groups/{id}/members sends its events in the reverse order (subgroups before members, removals before additions)',
  'folder-event-admins-only': 'channel_folder events go only to administrators, not to every active user',
  'folder-event-unchanged-sent': 'PATCH /channel_folders sends a channel_folder update for a name, description or is_archived equal to the current one',
  'nav-view-event-to-everyone': 'navigation_view events go to every active user, not only to the user whose view it is',
  'snippet-event-to-everyone': 'saved_snippets events go to every active user, not only to the user whose snippet it is',
  'snippet-empty-edit-event': 'PATCH /saved_snippets with neither title nor content sends a saved_snippets update',
  'streams-read-sends-event': 'GET /streams sends the caller a stream update for every channel it lists',
} as const;
