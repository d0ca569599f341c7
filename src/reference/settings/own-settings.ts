// Op 2, PATCH /settings, and its deprecated aliases PATCH /settings/display and
// PATCH /settings/notifications. Every value is checked before anything changes.
import { isAdmin } from '../realm/access.js';
import { deleteAllDrafts } from './drafts.js';
import { badRequest } from '../core/errors.js';
import type { User } from '../realm/model.js';
import { realmSettings } from './organisation.js';
import type { Params } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { getSetting, readSettings, setSetting, SETTINGS } from './settings-table.js';
import { sendFullNameChanged, sendSettingChanged, sendVisibilityChanged } from '../users/events.js';

const MAX_NAME_LENGTH = 100;
const NAME_INVALID_CHARS = ['*', '`', '\\', '>', '"', '@'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Zulip's check_full_name: stripped, 1-100 characters, none of the reserved characters. */
export function readFullName(params: Params): string | undefined {
  const raw = params.optString('full_name');
  return raw === undefined ? undefined : checkFullName(raw);
}

/** A name as Zulip's check_full_name takes it: stripped, 1 to 100 characters, none of the forbidden ones. */
export function checkFullName(raw: string): string {
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
  if (fullName !== undefined && !quirks.has('settings-ignores-full-name') && fullName !== user.fullName) {
    user.fullName = fullName;
    sendFullNameChanged(realm, quirks, user);
  }
  if (!quirks.has('settings-ignores-param')) {
    // Zulip's json_change_settings: each changed value in the view's parameter order, timezone
    // last; a value equal to the current one changes nothing and sends nothing.
    for (const [name, value] of [...values].sort(([a], [b]) => eventOrder(a) - eventOrder(b))) {
      const old = getSetting(user, name);
      if (old === value && !quirks.has('settings-event-unchanged-sent')) continue;
      setSetting(user, name, value);
      sendSettingChanged(realm, quirks, user, name, value);
      if (name === 'email_address_visibility' && old !== value) sendVisibilityChanged(realm, user, old);
    }
  }
  // Zulip's do_change_user_setting: turning synchronization off deletes the server's drafts.
  if (values.get('enable_drafts_synchronization') === false && !quirks.has('settings-ignores-param') && !quirks.has('settings-keeps-drafts')) {
    deleteAllDrafts(user);
  }
  return {};
}

/**
 * The order in which Zulip's json_change_settings applies the settings (the order of its
 * parameters; zerver/views/user_settings.py): events come in this order, timezone last.
 * Settings the view read did not list come after these.
 */
const VIEW_ORDER = [
  'twenty_four_hour_time',
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'starred_message_counts',
  'receives_typing_notifications',
  'fluid_layout_width',
  'high_contrast_mode',
  'color_scheme',
  'web_font_size_px',
  'web_line_height_percent',
  'translate_emoticons',
  'display_emoji_reaction_users',
  'default_language',
  'web_home_view',
  'web_escape_navigates_to_home_view',
  'left_side_userlist',
  'emojiset',
  'demote_inactive_streams',
  'web_stream_unreads_count_display_policy',
  'email_notifications_batching_period_seconds',
  'enable_drafts_synchronization',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enable_stream_audible_notifications',
  'wildcard_mentions_notify',
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
  'notification_sound',
  'enable_desktop_notifications',
  'enable_sounds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned',
  'presence_enabled',
  'enter_sends',
  'send_private_typing_notifications',
  'send_stream_typing_notifications',
  'send_read_receipts',
  'user_list_style',
  'web_animate_image_previews',
  'email_address_visibility',
  'web_navigate_to_sent_message',
  'web_suggest_update_timezone',
  'hide_ai_features',
];
const eventOrder = (name: string): number => {
  if (name === 'timezone') return Number.MAX_SAFE_INTEGER;
  const at = VIEW_ORDER.indexOf(name);
  return at < 0 ? VIEW_ORDER.length : at;
};

const PARAMS = ['full_name', 'email', 'old_password', 'new_password', ...SETTINGS.map((s) => s.name)];

export const settingsRoutes: Route[] = [
  { method: 'PATCH', path: '/settings', params: PARAMS, handle: updateSettings },
  { method: 'PATCH', path: '/settings/display', params: PARAMS, handle: updateSettings },
  { method: 'PATCH', path: '/settings/notifications', params: PARAMS, handle: updateSettings },
];
