// Quirks of GET /streams (operation 20): each a fault the suite must catch, off by default.
export const STREAMS_QUIRKS = {
  'streams-ignore-include-public': 'GET /streams: include_public=false has no effect',
  'streams-ignore-include-subscribed': 'GET /streams: include_subscribed=false has no effect',
  'streams-include-archived': 'GET /streams: archived channels always included',
  'streams-ignore-include-web-public': 'GET /streams: include_web_public adds nothing',
  'streams-ignore-include-all': 'GET /streams: include_all (and include_all_active) ignored',
  'streams-include-all-leaks-private': 'GET /streams: include_all returns private channels to non-administrators',
  'streams-ignore-include-default': 'GET /streams: include_default is ignored: no channel gets is_default',
  'streams-ignore-include-can-access-content': 'GET /streams: include_can_access_content ignored',
  'streams-ignore-owner-subscribed': 'GET /streams: include_owner_subscribed ignored for bots',
  'streams-missing-field': 'channel objects lack `rendered_description`',
  'streams-wrong-type': 'channel objects carry `stream_id` as a string',
  'streams-creator-zero': 'channels without creator get creator_id 0 instead of null; date_created is a float',
  'streams-unsorted': 'GET /streams answers in reverse name order',
  'streams-bad-boolean-accepted': 'GET /streams: non-boolean text for a boolean parameter is read as false',
  'streams-admin-only-include-all-active': 'GET /streams: include_all_active refused for non-administrators',
} as const;
