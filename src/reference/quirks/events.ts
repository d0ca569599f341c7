// Quirks of the events the operations send (GET /events, the zulip profile): each a fault the
// suite must catch, off by default.
export const EVENTS_QUIRKS = {
  'message-no-event': 'POST /messages stores the message but queues no message event',
} as const;
