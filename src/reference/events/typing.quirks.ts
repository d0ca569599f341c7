// Quirks of POST /typing (operation 3): each a fault the suite must catch, off by default.
export const TYPING_QUIRKS = {
  'typing-no-event': 'POST /typing succeeds but queues no typing event',
  'typing-accepts-private': 'POST /typing accepts type=private as a direct message',
  'typing-ignores-receives-setting': 'typing events also reach users whose receives_typing_notifications is off',
  'typing-ignores-capability': 'channel typing events also reach queues without the stream_typing_notifications capability',
  'typing-missing-stream-id-code': 'channel typing without stream_id answers code REQUEST_VARIABLE_MISSING, not BAD_REQUEST',
  'typing-ignores-send-setting': 'a sender whose send_*_typing_notifications setting is off is not refused',
  'typing-no-topic-literal': 'channel typing keeps the topic "(no topic)" literally instead of the empty topic',
  'typing-stateful': 'the server remembers who is typing: a start while typing and a stop while not typing send no event',
} as const;
