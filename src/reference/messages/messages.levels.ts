// What the message operations gained level by level (core/levels.ts reads these tables; each
// level is the fact zulip.level.<N>, from Zulip's api_docs/changelog.md).
import type { LevelTable } from '../core/levels.js';

export const MESSAGES_LEVELS: LevelTable = {
  parameters: {
    'PATCH /messages/{message_id}': { prev_content_sha256: 379 },
    'GET /messages/{message_id}/history': { allow_empty_topic_name: 334 },
    'GET /messages': { allow_empty_topic_name: 334 },
    'GET /messages/{message_id}': { allow_empty_topic_name: 334 },
    'POST /messages': { read_by_sender: 236 },
  },
  values: {
    'POST /messages': { type: { direct: 174, channel: 248 } },
  },
  fields: {
    // The success body of PATCH /messages/{message_id}.
    'edit message': { detached_uploads: 285 },
    // A snapshot of GET /messages/{message_id}/history: the channel a move took the message to.
    'edit snapshot': { stream: 118 },
    // update_message events: the channel of every edit of a channel message, and rendering_only.
    'update_message event': { stream_id: 112, rendering_only: 114 },
  },
  behaviours: {
    // Before it, change_all moved the messages past the time limit too.
    MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 172,
    // Before it, the empty string was no topic a channel message could have.
    'empty topic': 334,
    // From it, POST /messages reads the topic "(no topic)" as the empty topic.
    '(no topic) is the empty topic when sending': 370,
    // Before it, send_notification_to_old_thread defaulted to true.
    'no old-topic notice by default': 152,
    // Before it, a move within a channel posted no notice, whatever the two parameters said.
    'topic moves within a channel send notices': 152,
    // Before it, GET /messages knew the narrow operator stream, not its alias channel.
    'channel narrow operator': 250,
    // Before it, the operand of the narrow operator id had to be a string.
    'narrow id operand as an integer': 194,
    // Before it, update_message and delete_message events listed message_ids in no set order.
    'event message_ids sorted': 393,
  },
};
