// Quirks of the test push notification (operation 21), and the reference configurations of its relay: each a fault the suite must catch, off by default.
export const PUSH_QUIRKS = {
  'push-no-device-success': 'POST /mobile_push/e2ee/test_notification succeeds without a registered device',
  'push-ignores-owner': "POST /mobile_push/e2ee/test_notification also counts other users' devices",
  'push-admin-action-required': 'reference config: the push relay refuses the server (ADMIN_ACTION_REQUIRED, 403)',
  'push-bouncer-unreachable': 'reference config: the push relay cannot be reached (FAILED_TO_CONNECT_BOUNCER, 502)',
  'push-bouncer-5xx': 'reference config: the push relay answers 5xx (INTERNAL_SERVER_ERROR_ON_BOUNCER, 502)',
} as const;
