// Op 2, PATCH /settings, and its deprecated aliases PATCH /settings/display and
// PATCH /settings/notifications. Every value is checked before anything changes.
import { isAdmin } from './access.js';
import { deleteAllDrafts } from './drafts.js';
import { badRequest } from './errors.js';
import type { User } from './model.js';
import { realmSettings } from './realm-settings.js';
import type { Params } from './params.js';
import type { Context, Route } from './router.js';
import { readSettings, setSetting, SETTINGS } from './user-settings.js';

const MAX_NAME_LENGTH = 100;
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Zulip's check_full_name: stripped, 1-100 characters, none of the reserved characters. */
export function readFullName(params: Params): string | undefined {
  const raw = params.optString('full_name');
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  if (name.length === 0) throw badRequest('Name too short!');
  if (NAME_INVALID_CHARS.some((c) => name.includes(c))) throw badRequest('Invalid characters in name!');
  return name;
}

export function checkEmailAddress(email: string): void {
  if (!EMAIL.test(email)) throw badRequest('Invalid address.');
}

/** Email changes waiting for the confirmation link (which the reference never sends). */
const pendingEmails = new WeakMap<User, string>();

function startEmailChange(ctx: Context, email: string): void {
  const { realm, user, quirks } = ctx;
  if (email === user.email) return;
  checkEmailAddress(email);
  if (realm.users.some((u) => u.email === email.toLowerCase())) throw badRequest(`Email '${email}' already in use`);
  if (quirks.has('settings-email-immediate')) user.email = email.toLowerCase();
  else pendingEmails.set(user, email);
}

/** The reference's accounts have no password (API keys only), so no old password is right. */
function checkPasswordChange(ctx: Context): void {
  const { params, quirks } = ctx;
  if (params.optString('new_password') === undefined) return;
  const old = params.optString('old_password');
  if (old === undefined && quirks.has('settings-password-without-old-ok')) return;
  if (old !== undefined && quirks.has('settings-wrong-old-password-ok')) return;
  throw badRequest('Wrong password!');
}

function updateSettings(ctx: Context) {
  const { params, quirks, realm, user } = ctx;
  if (user.isBot) throw badRequest('This endpoint does not accept bot requests.');
  const values = readSettings(params, SETTINGS, quirks, realm.flavor);
  if (values.get('web_channel_default_view') === 3 && quirks.has('settings-channel-view-3-refused')) {
    throw badRequest('Invalid web_channel_default_view');
  }
  // Zulip ignores a name change, silently and unchecked, from a non-administrator of an
  // organisation that disables name changes (json_change_settings).
  const nameChangeIgnored = realmSettings(realm).nameChangesDisabled && !isAdmin(user);
  const fullName = nameChangeIgnored ? undefined : readFullName(params);
  checkPasswordChange(ctx);
  const email = params.optString('email');
  if (email !== undefined) startEmailChange(ctx, email.trim());
  if (fullName !== undefined && !quirks.has('settings-ignores-full-name')) user.fullName = fullName;
  if (!quirks.has('settings-ignores-param')) {
    for (const [name, value] of values) setSetting(user, name, value);
  }
  // Zulip's do_change_user_setting: turning synchronization off deletes the server's drafts.
  if (values.get('enable_drafts_synchronization') === false && !quirks.has('settings-ignores-param') && !quirks.has('settings-keeps-drafts')) {
    deleteAllDrafts(user);
  }
  return {};
}

const PARAMS = ['full_name', 'email', 'old_password', 'new_password', ...SETTINGS.map((s) => s.name)];

export const settingsRoutes: Route[] = [
  { method: 'PATCH', path: '/settings', params: PARAMS, handle: updateSettings },
  { method: 'PATCH', path: '/settings/display', params: PARAMS, handle: updateSettings },
  { method: 'PATCH', path: '/settings/notifications', params: PARAMS, handle: updateSettings },
];
