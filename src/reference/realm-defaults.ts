// Op 5, PATCH /realm/user_settings_defaults: administrators set the settings new users start
// with. Existing users keep theirs. Parameters outside the op 5 list are ignored (and listed).
import { isAdmin } from './access.js';
import { adminRequired, badRequest } from './errors.js';
import type { Realm } from './model.js';
import type { Context, Route } from './router.js';
import { readSettings, REALM_DEFAULT_SETTINGS, setSetting, type SettingValue } from './user-settings.js';

function updateDefaults(ctx: Context) {
  const { quirks, realm, user } = ctx;
  // The document allows UNAUTHORIZED_PRINCIPAL or BAD_REQUEST: Zulip answers the former, the variant the latter.
  if (!isAdmin(user) && !quirks.has('defaults-member-ok')) {
    throw realm.flavor.name === 'variant' ? badRequest('Only organization administrators may change the defaults of new users.') : adminRequired();
  }
  const values = readSettings(ctx.params, REALM_DEFAULT_SETTINGS, quirks, realm.flavor);
  if (values.get('web_channel_default_view') === 3 && quirks.has('defaults-channel-view-3-refused')) {
    throw badRequest('Invalid web_channel_default_view');
  }
  if (!quirks.has('defaults-ignores-param')) {
    for (const [name, value] of values) realm.userSettingsDefaults[name] = value;
  }
  if (quirks.has('defaults-apply-to-existing')) {
    for (const u of realm.users.filter((u) => !u.isBot)) for (const [name, value] of values) setSetting(u, name, value);
  }
  return {};
}

/** The `realm_user_settings_defaults` object of POST /register. */
export function realmDefaultsObject(realm: Realm): Record<string, SettingValue> {
  return Object.fromEntries(REALM_DEFAULT_SETTINGS.map((s) => [s.name, realm.userSettingsDefaults[s.name]]));
}

export const realmDefaultsRoutes: Route[] = [
  { method: 'PATCH', path: '/realm/user_settings_defaults', params: REALM_DEFAULT_SETTINGS.map((s) => s.name), handle: updateDefaults },
];
