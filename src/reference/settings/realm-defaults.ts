// Op 5, PATCH /realm/user_settings_defaults: administrators set the settings new users start
// with. Existing users keep theirs. Parameters outside the op 5 list are ignored (and listed).
import { isAdmin } from '../realm/access.js';
import { adminRequired, badRequest } from '../core/errors.js';
import { sendEvent } from '../events/queue.js';
import type { Realm } from '../realm/model.js';
import { activeUserIds } from '../users/events.js';
import type { Context, Route } from '../core/router.js';
import { readSettings, REALM_DEFAULT_SETTINGS, setSetting, type SettingValue } from './settings-table.js';

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
    for (const [name, value] of values) {
      // Zulip's update_realm_user_settings_defaults: only a changed value is stored, and each
      // sends realm_user_settings_defaults update to every active user
      // (do_set_realm_user_default_setting; fact zulip.events.realm-user-settings-defaults.update).
      if (realm.userSettingsDefaults[name] === value && !quirks.has('defaults-event-unchanged-sent')) continue;
      realm.userSettingsDefaults[name] = value;
      const to = quirks.has('defaults-event-admins-only') ? realm.users.filter((u) => u.isActive && isAdmin(u)).map((u) => u.id) : activeUserIds(realm);
      sendEvent(realm, to, { type: 'realm_user_settings_defaults', op: 'update', property: name, value });
    }
  }
  if (quirks.has('defaults-apply-to-existing')) {
    for (const u of realm.users.filter((u) => !u.isBot)) for (const [name, value] of values) setSetting(u, name, value);
  }
  if (quirks.has('defaults-apply-to-caller')) for (const [name, value] of values) setSetting(user, name, value);
  return {};
}

/** The `realm_user_settings_defaults` object of POST /register. */
export function realmDefaultsObject(realm: Realm): Record<string, SettingValue> {
  return realm.level.fields(
    'realm user settings defaults',
    Object.fromEntries(REALM_DEFAULT_SETTINGS.map((s) => [s.name, realm.userSettingsDefaults[s.name]])),
  );
}

export const realmDefaultsRoutes: Route[] = [
  { method: 'PATCH', path: '/realm/user_settings_defaults', params: REALM_DEFAULT_SETTINGS.map((s) => s.name), handle: updateDefaults },
];
