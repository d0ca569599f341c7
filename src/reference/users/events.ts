// The events of a user's own settings and of a user's record (facts
// zulip.events.user-settings.*, zulip.events.realm-user.*): who may see a user, the per-setting
// user_settings event with its legacy twins, and the realm_user updates of a name, a time zone, a
// role and an address. Shared by PATCH /settings (op 2), the user updates (ops 9, 10) and the
// status (op 13), as Zulip shares do_change_user_setting and do_change_full_name between them.
import { capability, sendEvent } from '../events/queue.js';
import { ROLE, type Realm, type User } from '../realm/model.js';
import type { SystemGroupName } from '../realm/system-groups.js';
import type { Quirks } from '../realm/quirk-set.js';
import { canSeeEmail, displayEmail } from './read.js';
import { getSetting, type SettingValue } from '../settings/settings-table.js';

/** Zulip's active_user_ids: bots too (they may hold queues). */
export const activeUserIds = (realm: Realm): number[] => realm.users.filter((u) => u.isActive).map((u) => u.id);

/**
 * Zulip's get_user_ids_who_can_access_user: every active user while the organisation lets
 * everyone see all users (can_access_all_users_group is role:everyone by default; the reference
 * has no other value).
 */
export const idsWhoCanAccess = (realm: Realm, _target: User): number[] => activeUserIds(realm);

/**
 * The settings whose change also sends a legacy event (UserProfile.display_settings_legacy and
 * notification_settings_legacy: the settings older than feature level 89; timezone joins the
 * display ones in do_change_user_setting).
 */
const LEGACY_DISPLAY = new Set([
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
  'timezone',
]);
const LEGACY_NOTIFICATIONS = new Set([
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
]);

/**
 * Zulip's get_language_name reads the names from locale/language_name_map.json, which was not
 * read: these are the languages' own names (Django's name_local). The cases check only that
 * language_name is a string.
 */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  'pt-br': 'Português (Brasil)',
  ru: 'Русский',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
  eo: 'Esperanto',
  nb: 'Norsk bokmål',
};
const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? 'Unknown';

/** Queues without the user_settings_object capability still get the pre-89 events. */
const legacyAccepted = (quirks: Quirks) => (queue: Parameters<typeof capability>[0]) =>
  quirks.has('settings-legacy-event-to-capable-queues') || !capability(queue, 'user_settings_object');

/**
 * Zulip's do_change_user_setting, once the value is stored: user_settings update to the user,
 * then the legacy event, then (timezone) the realm_user update everyone who sees the user gets.
 */
export function sendSettingChanged(realm: Realm, quirks: Quirks, user: User, name: string, value: SettingValue): void {
  const event: Record<string, unknown> & { type: string } = { type: 'user_settings', op: 'update', property: name, value };
  if (name === 'default_language') event.language_name = languageName(String(value));
  sendEvent(realm, quirks.has('settings-event-to-everyone') ? activeUserIds(realm) : [user.id], event);
  if (LEGACY_NOTIFICATIONS.has(name)) {
    sendEvent(
      realm,
      [user.id],
      { type: 'update_global_notifications', user: displayEmail(realm, user), notification_name: name, setting: value },
      legacyAccepted(quirks),
    );
  }
  if (LEGACY_DISPLAY.has(name)) {
    const legacy: Record<string, unknown> & { type: string } = {
      type: 'update_display_settings',
      user: displayEmail(realm, user),
      setting_name: name,
      setting: value,
    };
    if (name === 'default_language') legacy.language_name = languageName(String(value));
    sendEvent(realm, [user.id], legacy, legacyAccepted(quirks));
  }
  if (name === 'timezone') {
    const to = quirks.has('timezone-event-self-only') ? [user.id] : idsWhoCanAccess(realm, user);
    sendEvent(realm, to, { type: 'realm_user', op: 'update', person: { email: displayEmail(realm, user), user_id: user.id, timezone: value } });
  }
}

/**
 * Zulip's send_delivery_email_update_events, after email_address_visibility changed from `old`:
 * users who gain sight of the real address get it, users who lose it get null (fact
 * zulip.events.user-settings.visibility-delivery-email).
 */
export function sendVisibilityChanged(realm: Realm, user: User, old: SettingValue): void {
  const now = (viewer: User) => canSeeEmail(viewer, user);
  const before = (viewer: User) => canSeeEmail(viewer, { ...user, settings: { ...user.settings, email_address_visibility: old } });
  const viewers = realm.users.filter((u) => u.isActive && now(u) !== before(u));
  const gaining = viewers.filter(now).map((u) => u.id);
  const losing = viewers.filter((u) => !now(u)).map((u) => u.id);
  if (gaining.length) sendEvent(realm, gaining, { type: 'realm_user', op: 'update', person: { user_id: user.id, delivery_email: user.email } });
  if (losing.length) sendEvent(realm, losing, { type: 'realm_user', op: 'update', person: { user_id: user.id, delivery_email: null } });
  // To or from "everyone": the display address changes too (send_user_email_update_event; the
  // avatar update that follows in Zulip is not sent: the reference has no avatars).
  if (old === 1 || getSetting(user, 'email_address_visibility') === 1) {
    sendEvent(realm, idsWhoCanAccess(realm, user), { type: 'realm_user', op: 'update', person: { user_id: user.id, new_email: displayEmail(realm, user) } });
  }
}

/** Zulip's do_change_full_name, once the new name is stored. */
export function sendFullNameChanged(realm: Realm, quirks: Quirks, user: User): void {
  const to = quirks.has('full-name-event-self-only') ? [user.id] : idsWhoCanAccess(realm, user);
  sendEvent(realm, to, { type: 'realm_user', op: 'update', person: { user_id: user.id, full_name: user.fullName } });
}

/** UserProfile.ROLE_ID_TO_SYSTEM_USER_GROUP: the system group a role puts a user in directly. */
const ROLE_GROUP: Record<number, SystemGroupName> = {
  [ROLE.owner]: 'role:owners',
  [ROLE.admin]: 'role:administrators',
  [ROLE.moderator]: 'role:moderators',
  [ROLE.member]: 'role:members',
  [ROLE.guest]: 'role:everyone',
};

/**
 * Zulip's do_change_user_role, once the new role is stored: realm_user update {user_id, role} to
 * who sees the user, then (to every active user) the user leaves the old role's system group and
 * joins the new one's, then full members (no waiting period here) leave or join that group.
 * (Channel create/delete events for channels the role change opens or closes are not sent: the
 * reference's roles between member and owner see the same channels' metadata but for private
 * ones, which the suite's cases do not change.)
 */
export function sendRoleChanged(realm: Realm, quirks: Quirks, user: User, oldRole: number): void {
  const to = quirks.has('role-event-target-only') ? [user.id] : idsWhoCanAccess(realm, user);
  sendEvent(realm, to, { type: 'realm_user', op: 'update', person: { user_id: user.id, role: user.role } });
  const members = (op: string, groupId: number) => sendEvent(realm, activeUserIds(realm), { type: 'user_group', op, group_id: groupId, user_ids: [user.id] });
  const group = (name: SystemGroupName) => realm.flavor.systemGroupIds[name];
  members('remove_members', group(ROLE_GROUP[oldRole]));
  members('add_members', group(ROLE_GROUP[user.role]));
  if (oldRole === ROLE.member) members('remove_members', group('role:fullmembers'));
  if (user.role === ROLE.member) members('add_members', group('role:fullmembers'));
}

/** Zulip's notify_user_update_custom_profile_data: value null when the value was removed. */
export function sendProfileFieldChanged(realm: Realm, quirks: Quirks, user: User, id: number, value: string | null): void {
  const field = value === null ? { id, value: null } : { id, value, rendered_value: `<p>${value}</p>` };
  const to = quirks.has('profile-field-event-self-only') ? [user.id] : idsWhoCanAccess(realm, user);
  sendEvent(realm, to, { type: 'realm_user', op: 'update', person: { user_id: user.id, custom_profile_field: field } });
}

/**
 * Zulip's do_change_user_delivery_email, once the new address is stored: delivery_email to the
 * users allowed to see the real address, and new_email to everyone who sees the user when the
 * address is public (email_address_visibility "everyone").
 */
export function sendEmailChanged(realm: Realm, quirks: Quirks, user: User, actor: User): void {
  const only = quirks.has('email-event-actor-only') ? [actor.id] : undefined;
  const seeing = realm.users.filter((u) => u.isActive && canSeeEmail(u, user)).map((u) => u.id);
  sendEvent(realm, only ?? seeing, { type: 'realm_user', op: 'update', person: { user_id: user.id, delivery_email: user.email } });
  if (displayEmail(realm, user) === user.email) {
    sendEvent(realm, only ?? idsWhoCanAccess(realm, user), { type: 'realm_user', op: 'update', person: { user_id: user.id, new_email: user.email } });
  }
}
