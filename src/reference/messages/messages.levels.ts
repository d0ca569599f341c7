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
  },
  behaviours: {
    // Before it, change_all moved the messages past the time limit too.
    MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 172,
    // Before it, the empty string was no topic a channel message could have.
    'empty topic': 334,
    // From it, POST /messages reads the topic "(no topic)" as the empty topic.
    '(no topic) is the empty topic when sending': 370,
  },
};
