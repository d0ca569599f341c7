// Quirks of topics: GET /users/me/{stream_id}/topics, delete_topic, mark_topic_as_read (operations 14, 16, 17): each a fault the suite must catch, off by default.
export const TOPICS_QUIRKS = {
  'topics-oldest-first': 'GET /users/me/{stream_id}/topics lists topics least recent first',
  'topics-max-id-first-message': "a topic entry's max_id is the ID of the topic's first message",
  'topics-empty-name-raw': 'the empty topic is listed as "" even without allow_empty_topic_name',
  'topics-ignore-allow-empty': 'allow_empty_topic_name=true still lists the empty topic under its display name',
  'topics-protected-history-leak': 'protected-history channels list topics of messages sent before the caller subscribed',
  'topics-inaccessible-ok': 'the topics of a private channel the caller cannot access are listed',
  'topics-every-channel': 'GET /users/me/{stream_id}/topics lists the topics of every channel the caller may read, not only of stream_id',
  'delete-topic-member-ok': 'non-administrators may delete topics',
  'delete-topic-incomplete': 'delete_topic removes only the newest message of the topic, yet answers complete: true',
  'delete-topic-complete-false': 'delete_topic removes every message but answers complete: false',
  'delete-topic-oldest-first': 'delete_topic deletes its batches oldest first',
  'delete-topic-one-batch': 'delete_topic deletes every message of the topic in one batch',
  'delete-topic-every-channel': 'delete_topic deletes the topic in every channel the caller may read, not only in stream_id',
  'delete-events-always-bulk': 'queues without the bulk_message_deletion capability also get one delete_message event per batch with message_ids',
  'delete-topic-whole-channel': 'delete_topic removes every message of the channel, whatever the topic',
  'delete-topic-no-first-message-event': "deleting a channel's first message sends no first_message_id update event",
  'topic-display-name-literal':
    'delete_topic, mark_topic_as_read and channel typing read realm_empty_topic_display_name as a topic name, not as the empty topic',
  'mark-read-noop': 'POST /mark_topic_as_read succeeds without marking anything read',
  'mark-read-whole-channel': 'POST /mark_topic_as_read marks every topic of the channel read',
} as const;
