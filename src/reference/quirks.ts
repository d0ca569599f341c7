// Named faults. Each one is off by default and changes the server at exactly one place,
// so the suite can prove that the check aimed at that place really fails.

export const QUIRKS: Record<string, string> = {
  'envelope-no-msg': 'success answers omit `msg`',
  'error-without-code': 'error answers omit `code`',
  'ignored-params-missing': 'never emit `ignored_parameters_unsupported`',
  'ignored-params-wrong': '`ignored_parameters_unsupported` lists every parameter sent, known ones too',
  'status-no-length-limit': 'status_text length is not checked',
  'status-length-utf16': 'status_text length counted in UTF-16 units instead of code points',
  'status-accept-no-values': 'a status update with no new values succeeds',
  'status-emoji-code-without-name-ok': 'emoji_code / reaction_type without emoji_name accepted',
  'status-unknown-emoji-ok': 'unknown emoji names accepted in a status',
  'status-name-code-mismatch-ok': 'unicode emoji name/code mismatch accepted in a status',
  'status-bad-custom-emoji-ok': 'invalid custom (realm) emoji accepted in a status',
  'status-error-code-wrong': 'status validation errors use code INVALID_STATUS instead of BAD_REQUEST',
  'status-overwrites-all': 'a status update resets the fields it did not pass',
  'status-clear-ignored': 'status_text="" leaves the old text in place',
  'status-service-extra-emoji': 'reaction_type service_extra_emoji accepted like zulip_extra_emoji',
  'streams-ignore-include-public': 'GET /streams: include_public=false has no effect',
  'streams-ignore-include-subscribed': 'GET /streams: include_subscribed=false has no effect',
  'streams-include-archived': 'GET /streams: archived channels always included',
  'streams-ignore-include-web-public': 'GET /streams: include_web_public adds nothing',
  'streams-ignore-include-all': 'GET /streams: include_all (and include_all_active) ignored',
  'streams-include-all-leaks-private': 'GET /streams: include_all returns private channels to non-administrators',
  'streams-ignore-include-default': 'GET /streams: include_default adds nothing and is_default is never set',
  'streams-ignore-include-can-access-content': 'GET /streams: include_can_access_content ignored',
  'streams-ignore-owner-subscribed': 'GET /streams: include_owner_subscribed ignored for bots',
  'streams-missing-field': 'channel objects lack `rendered_description`',
  'streams-wrong-type': 'channel objects carry `stream_id` as a string',
  'streams-creator-zero': 'channels without creator get creator_id 0 instead of null; date_created is a float',
  'streams-unsorted': 'GET /streams answers in reverse name order',
  'streams-bad-boolean-accepted': 'GET /streams: non-boolean text for a boolean parameter is read as false',
  'streams-admin-only-include-all-active': 'GET /streams: include_all_active refused for non-administrators',
  'auth-accepts-bad-key': 'any API key accepted for a known email',
  'auth-200-on-bad-key': 'bad credentials answered with HTTP 200 (error envelope, code UNAUTHORIZED)',
};

export type Quirks = ReadonlySet<string>;

/** Validates the requested quirk names; an unknown name is a configuration mistake. */
export function parseQuirks(names: readonly string[] = []): Quirks {
  for (const name of names) {
    if (!Object.hasOwn(QUIRKS, name)) {
      throw new Error(`Unknown reference-server quirk: ${name} (known: ${Object.keys(QUIRKS).join(', ')})`);
    }
  }
  return new Set(names);
}
