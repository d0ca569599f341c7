// Every parameter of PATCH /realm/user_settings_defaults: allowed values accepted, invalid ones
// BAD_REQUEST; under the zulip profile read back through POST /register
// realm_user_settings_defaults, a refused one unchanged. As the admin, taking turns with
// update-realm-user-defaults.yaml; every touched default restored in teardown.
import { settingClauses, settingsProperty } from './support/settings-property.js';

export const PROPERTY = settingsProperty(
  { op: 'op5', role: 'admin', path: '/realm/user_settings_defaults', field: 'realm_user_settings_defaults' },
  {
    id: 'prop.op5.defaults-values',
    endpoint: 'PATCH /realm/user_settings_defaults',
    title: 'any realm default accepts its allowed values and refuses invalid ones with BAD_REQUEST, changing nothing',
    clauses: ['errors.bad-request', ...settingClauses('op5')],
    facts: ['zulip.realm-defaults.read-back-register', 'zulip.realm-defaults.values', 'zulip.settings.batching-range', 'zulip.settings.notification-sound'],
    runs: 25,
    // Any administrator may change the defaults: spread over the extra administrators (CONFORMANCE_EXTRA_ADMINS).
    anyAdmins: true,
    requestsPerRun: 3,
    // PATCH /realm/user_settings_defaults is of feature level 96 (fact zulip.level.96).
    since: 96,
  },
);
