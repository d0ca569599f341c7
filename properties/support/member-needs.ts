// The organisation settings a property needs where a plain member edits and moves messages
// (operation 1 rule 4), as spec cases declare them (`needs:`, specs/organisation-settings.yaml).
import type { Needs } from '../../src/engine/load/types.js';

/** A member edits the content of a fresh message. */
export const EDITS_CONTENT: Needs = { allow_message_editing: true, message_content_edit_limit_seconds: { atLeast: 600 } };

/** A member moves a fresh message to another topic. */
export const MOVES_TOPICS: Needs = {
  can_move_messages_between_topics_group: ['role:everyone', 'role:members'],
  move_messages_within_stream_limit_seconds: { atLeast: 600 },
};

/** A member moves a fresh message to another channel. */
export const MOVES_CHANNELS: Needs = {
  can_move_messages_between_channels_group: ['role:members', 'role:everyone'],
  move_messages_between_streams_limit_seconds: { atLeast: 600 },
};
