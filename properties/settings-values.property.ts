// Every parameter of PATCH /settings: allowed values accepted, invalid ones BAD_REQUEST; under
// the zulip profile read back through POST /register user_settings, a refused one unchanged.
// As the owner, restored in teardown. It runs in the user-settings group (typing and presence
// settings affect other cases), beside update-settings.yaml, whose cases never call as the owner.
import { settingClauses, settingsProperty } from './support/settings-property.js';

export const PROPERTY = settingsProperty(
  { op: 'op2', role: 'owner', path: '/settings', field: 'user_settings' },
  {
    id: 'prop.op2.settings-values',
    endpoint: 'PATCH /settings',
    title: 'any setting accepts its allowed values and refuses invalid ones with BAD_REQUEST, changing nothing',
    clauses: ['errors.bad-request', ...settingClauses('op2')],
    facts: [
      'zulip.settings.batching-range',
      'zulip.settings.booleans-are-json',
      'zulip.settings.default-language',
      'zulip.settings.free-integers',
      'zulip.settings.integer-choices',
      'zulip.settings.notification-sound',
      'zulip.settings.read-back-register',
      'zulip.settings.string-choices',
      'zulip.settings.timezone',
    ],
    runs: 25,
    // The settings are read back from POST /register's user_settings (fact zulip.level.89).
    since: 89,
  },
);
