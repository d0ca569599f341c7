// Quirks of the events the operations send (GET /events, the zulip profile): each a fault the
// suite must catch, off by default. These are the events of the message operations: POST
// /messages (the fixture), PATCH /messages/{message_id} (op 1), POST /typing (op 3; its older
// quirks are in typing.quirks.ts), delete_topic (op 14; older ones in channels/topics.quirks.ts), GET
// /messages/{message_id}/history (op 15) and mark_topic_as_read (op 16).
export const EVENTS_QUIRKS = {
  'message-no-event': 'POST /messages stores the message but queues no message event',
  'message-event-sender-only': 'the message event of a new message reaches only its sender, not its recipients',
  // op 1: update_message
  'edit-no-update-event': 'PATCH /messages/{message_id} changes the message but queues no update_message event',
  'edit-event-editor-only': 'the update_message event of an edit reaches only the editor',
  'edit-event-to-everyone': 'the update_message event of an edit reaches every active user, also those who cannot see the message',
  'edit-event-holders-only': 'the update_message event skips subscribers without their own copy of a message in a channel with public history',
  'edit-event-target-only-ids': "an update_message event's message_ids lists only the target message, not the others a move took along",
  'edit-event-prev-content': 'a content edit event carries prev_content and prev_rendered_content instead of orig_content and orig_rendered_content',
  'edit-move-no-delete-event': 'users who lose access to moved messages get no delete_message event',
  'edit-move-loser-gets-update': 'users who lose access to moved messages get the update_message event instead of a delete_message event',
  'edit-no-user-topic-migration': "moving a whole topic leaves its users' visibility policies behind (no user_topic events)",
  'edit-user-topic-after-update': 'the user_topic events of a whole-topic move come after the update_message event',
  'edit-notices-before-update': 'the notices of a move or resolve (message events) come before the update_message event',
  'edit-resolve-undo-no-event': 'an unresolve within the grace period deletes the resolve notice without a delete_message event',
  // op 3: typing
  'typing-not-to-sender': 'a direct typing event does not reach the sender, a participant too',
  // op 14: delete_topic
  'delete-topic-no-delete-event': 'delete_topic deletes the messages but queues no delete_message event',
  'delete-events-actor-only': 'the delete_message event of a deletion reaches only the acting user, not the users who could see the messages',
  'delete-events-to-everyone': 'the delete_message event of a deletion reaches every active user, also those who could not see the messages',
  'delete-event-topic-case-kept': 'the topic of a delete_message event keeps its case instead of being lower-cased',
  'first-message-event-actor-only': 'the first_message_id channel update of a deletion reaches only the acting user',
  'first-message-event-after-delete': 'the first_message_id channel update comes after the delete_message event of its batch, not before',
  'first-message-event-old-value': 'the first_message_id channel update carries the deleted first message, not the new first one',
  'delete-topic-keeps-topic-policies': "deleting a topic leaves its users' visibility policies (no user_topic events)",
  // op 15, op 16: reads and read flags
  'history-read-sends-event': 'reading an edit history sends the reader an update_message_flags event marking the message read',
  'mark-read-no-event': 'mark_topic_as_read marks the messages read but queues no update_message_flags event',
  'mark-read-event-all-ids': "mark_topic_as_read's update_message_flags event lists every message of the topic, also those already read",
  'mark-read-event-to-senders': "mark_topic_as_read's update_message_flags event reaches the senders of the messages instead of the caller",
  'mark-read-event-when-nothing-unread': 'mark_topic_as_read sends an update_message_flags event with no messages when nothing was unread',
} as const;
