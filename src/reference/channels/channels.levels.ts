// What the channel, folder and topic operations gained level by level (core/levels.ts reads
// these tables; each level is the fact zulip.level.<N>, from Zulip's api_docs/changelog.md).
import type { LevelTable } from '../core/levels.js';
import { CHANNEL_GROUP_SETTINGS } from './permission-settings.js';

/** The channel permission settings, each from the level it takes group-setting values from. */
const permissionSettings = Object.fromEntries(Object.entries(CHANNEL_GROUP_SETTINGS).map(([name, s]) => [name, s.since]));

export const CHANNELS_LEVELS: LevelTable = {
  endpoints: {
    'GET /channel_folders': 389,
    'POST /channel_folders/create': 389,
    'PATCH /channel_folders/{channel_folder_id}': 389,
    'POST /user_topics': 170,
  },
  parameters: {
    'PATCH /streams/{stream_id}': {
      is_web_public: 98,
      is_default_stream: 200,
      is_archived: 388,
      folder_id: 389,
      topics_policy: 392,
      ...permissionSettings,
    },
    'POST /users/me/subscriptions': { is_web_public: 98, is_default_stream: 200 },
    'GET /streams': { exclude_archived: 315, include_all: 356, include_can_access_content: 356 },
    'GET /users/me/{stream_id}/topics': { allow_empty_topic_name: 334 },
  },
  values: {
    // Before 91 a retention without limit was "forever" (read as text by the document, as JSON by Zulip).
    'PATCH /streams/{stream_id}': { topics_policy: { empty_topic_only: 404 }, message_retention_days: { unlimited: 91, '"unlimited"': 91 } },
    'POST /user_topics': { visibility_policy: { 3: 219 } },
  },
  fields: {
    channel: {
      creator_id: 254,
      is_archived: 315,
      is_recently_active: 323,
      stream_weekly_traffic: 199,
      folder_id: 389,
      topics_policy: 392,
      subscriber_count: 394,
      ...permissionSettings,
      // A group id under this name from 197, a group-setting value from 320.
      can_remove_subscribers_group: 197,
    },
    // The success body of POST /streams/{stream_id}/delete_topic.
    'delete topic': { complete: 211 },
    // A folder of GET /channel_folders and of channel_folder add events.
    'channel folder': { order: 414 },
  },
  behaviours: {
    // Before it, include_all_active was for organization administrators only, and include_all unknown.
    'include_all_active for everyone': 356,
    // Before it, deleting a channel's first message left first_message_id as it was, with no event.
    'first_message_id follows deletions': 256,
    // Before it, who could not see a private channel made public got no stream create.
    'stream create events for a channel made public': 134,
    // Before it, only organization administrators could update a channel (can_administer_channel_group came with it).
    'channel administrators': 325,
    // Before it, default_streams events carried the channels, not their IDs.
    'default_streams events carry IDs': 330,
  },
};
