// Quirks of the common conventions: the envelope, ignored parameters, credentials: each a fault the suite must catch, off by default.
export const CONVENTIONS_QUIRKS = {
  'envelope-no-msg': 'success answers omit `msg`',
  'error-without-code': 'error answers omit `code`',
  'ignored-params-missing': 'never emit `ignored_parameters_unsupported`',
  'ignored-params-wrong': '`ignored_parameters_unsupported` lists every parameter sent, known ones too',
  'auth-accepts-bad-key': 'any API key accepted for a known email',
  'auth-200-on-bad-key': 'bad credentials answered with HTTP 200 (error envelope, code UNAUTHORIZED)',
} as const;
