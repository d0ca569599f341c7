// What registration, the event queue and typing gained level by level (core/levels.ts reads these
// tables; each level is the fact zulip.level.<N>, from Zulip's api_docs/changelog.md).
import type { LevelTable } from '../core/levels.js';

export const EVENTS_LEVELS: LevelTable = {
  endpoints: {
    'POST /mobile_push/register': 406,
  },
  parameters: {
    // Before 215 a channel's typing notification named the channel in `to`.
    'POST /typing': { stream_id: 215 },
    'POST /register': { presence_history_limit_days: 288 },
  },
  values: {
    'POST /typing': { type: { direct: 174, channel: 248 } },
  },
  fields: {
    register: {
      user_settings: 89,
      realm_user_settings_defaults: 95,
      user_topics: 134,
      server_typing_started_expiry_period_milliseconds: 204,
      server_typing_stopped_wait_period_milliseconds: 204,
      server_typing_started_wait_period_milliseconds: 204,
      realm_empty_topic_display_name: 334,
      max_channel_folder_name_length: 410,
      max_channel_folder_description_length: 410,
      realm_enable_spectator_access: 109,
    },
  },
  behaviours: {
    'typing type private': { until: 214 },
    // From it, typing events of a direct message say message_type "direct" (before: "private").
    'typing events say direct': 215,
    // From it, POST /typing reads the topic "(no topic)" as the empty topic.
    '(no topic) is the empty topic when typing': 372,
  },
};
