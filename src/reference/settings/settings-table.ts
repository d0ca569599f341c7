// The personal settings table: every setting of PATCH /settings (op 2) with its type, its
// allowed values and Zulip's default, as data. PATCH /realm/user_settings_defaults (op 5)
// reads the same table, so both operations check a value the same way.
import { badRequest } from '../core/errors.js';
import type { Flavor } from '../realm/flavor.js';
import type { Realm, User } from '../realm/model.js';
import type { Params } from '../core/params.js';
import type { Quirks } from '../realm/quirk-set.js';

export type SettingValue = boolean | number | string;

export type SettingKind = { type: 'bool' } | { type: 'int'; choices?: readonly number[] } | { type: 'string'; choices?: readonly string[] };

export interface Setting {
  name: string;
  kind: SettingKind;
  default: SettingValue;
  /** False for the settings only a user sets for themself (not realm defaults). */
  realmDefault: boolean;
  /** The feature level Zulip added the setting at (fact zulip.level.<N>); absent: older than the levels modelled. */
  since?: number;
  /** The level PATCH /realm/user_settings_defaults took it at, when later than `since` (and 96, the endpoint's). */
  defaultsSince?: number;
}

const bool = (name: string, dflt: boolean, realmDefault = true): Setting => ({ name, kind: { type: 'bool' }, default: dflt, realmDefault });
const int = (name: string, dflt: number, choices?: number[]): Setting => ({ name, kind: { type: 'int', choices }, default: dflt, realmDefault: true });
const str = (name: string, dflt: string, choices?: string[], realmDefault = true): Setting => ({
  name,
  kind: { type: 'string', choices },
  default: dflt,
  realmDefault,
});
/** A setting added at a feature level (settings.levels.ts turns these into the level tables). */
const at = (since: number, setting: Setting): Setting => ({ ...setting, since });
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export const SETTINGS: readonly Setting[] = [
  // The parameters operation 2 lists, in the document's order.
  // Before level 99 its organization default was PATCH /realm's default_twenty_four_hour_time.
  { ...bool('twenty_four_hour_time', false), defaultsSince: 99 },
  // The document's constraint line names 1, 2, 4 only; Zulip (and op 5's text) accept 1-4.
  at(269, int('web_channel_default_view', 1, upTo(4))),
  bool('starred_message_counts', true),
  at(253, bool('receives_typing_notifications', true)),
  at(329, bool('web_suggest_update_timezone', true)),
  bool('fluid_layout_width', false),
  bool('high_contrast_mode', false),
  at(245, int('web_font_size_px', 16)), // Zulip checks the type only
  at(245, int('web_line_height_percent', 140)),
  int('color_scheme', 1, upTo(3)),
  at(87, bool('enable_drafts_synchronization', true)),
  bool('translate_emoticons', false),
  at(125, bool('display_emoji_reaction_users', true)),
  str('default_language', 'en', undefined, false), // checked against LANGUAGES below
  at(219, str('web_home_view', 'inbox', ['recent_topics', 'inbox', 'all_messages'])),
  at(219, bool('web_escape_navigates_to_home_view', true)),
  bool('left_side_userlist', false),
  str('emojiset', 'google', ['google', 'twitter', 'text']), // Zulip also takes google-blob: see CHOICES
  int('demote_inactive_streams', 1, upTo(3)),
  at(141, int('user_list_style', 3, upTo(3))), // Zulip: USER_LIST_STYLE_WITH_AVATAR
  at(275, str('web_animate_image_previews', 'on_hover', ['always', 'on_hover', 'never'])),
  at(210, int('web_stream_unreads_count_display_policy', 2, upTo(3))),
  at(350, bool('hide_ai_features', false)),
  str('timezone', '', undefined, false), // checked by isTimezone below
  bool('enable_stream_desktop_notifications', false),
  bool('enable_stream_email_notifications', false),
  bool('enable_stream_push_notifications', false),
  bool('enable_stream_audible_notifications', false),
  str('notification_sound', 'zulip'), // checked against SOUNDS below
  bool('enable_desktop_notifications', true),
  bool('enable_sounds', true),
  at(82, int('email_notifications_batching_period_seconds', 120)), // 1 s to one week, checked below
  bool('enable_offline_email_notifications', true),
  bool('enable_offline_push_notifications', true),
  bool('enable_online_push_notifications', true),
  at(189, bool('enable_followed_topic_desktop_notifications', true)),
  at(189, bool('enable_followed_topic_email_notifications', true)),
  at(189, bool('enable_followed_topic_push_notifications', true)),
  at(189, bool('enable_followed_topic_audible_notifications', true)),
  bool('enable_digest_emails', true),
  bool('enable_marketing_emails', true, false),
  bool('enable_login_emails', true, false),
  bool('message_content_in_email_notifications', true),
  bool('pm_content_in_desktop_notifications', true),
  bool('wildcard_mentions_notify', true),
  at(189, bool('enable_followed_topic_wildcard_mentions_notify', true)),
  int('desktop_icon_count_display', 1, upTo(4)),
  // Op 5's additional parameters; Zulip's PATCH /settings accepts them too ("not shown" in op 2).
  at(175, int('web_mark_read_on_scroll_policy', 1, upTo(3))),
  at(411, bool('web_left_sidebar_show_channel_folders', true)),
  at(398, bool('web_left_sidebar_unreads_count_summary', true)),
  at(168, int('realm_name_in_email_notifications_policy', 1, upTo(3))),
  at(214, int('automatically_follow_topics_policy', 3, upTo(4))),
  at(214, int('automatically_unmute_topics_in_muted_streams_policy', 2, upTo(4))),
  at(235, bool('automatically_follow_topics_where_mentioned', true)),
  at(385, str('resolved_topic_notice_auto_read_policy', 'except_followed', ['always', 'except_followed', 'never'])),
  bool('presence_enabled', true),
  at(81, bool('enter_sends', false)),
  at(105, bool('send_private_typing_notifications', true)),
  at(105, bool('send_stream_typing_notifications', true)),
  at(105, bool('send_read_receipts', true)),
  at(163, int('email_address_visibility', 1, upTo(5))),
  at(268, bool('web_navigate_to_sent_message', true)),
];

export const REALM_DEFAULT_SETTINGS = SETTINGS.filter((s) => s.realmDefault);

/**
 * What the document leaves to the server: which languages it has translations for, which
 * notification sounds it ships, the range of the email batching period, and any allowed values
 * beyond the document's. The zulip flavor chooses Zulip's (facts zulip.settings.default-language,
 * .notification-sound, .batching-range, .string-choices); the variant other ones, so a spec case
 * assuming Zulip's fails against it.
 */
interface ServerChoices {
  languages: readonly string[];
  sounds: readonly string[];
  batching: { min: number; max: number };
  extraChoices: Record<string, readonly string[]>;
}

const WEEK = 7 * 24 * 60 * 60;

const CHOICES: Record<Flavor['name'], ServerChoices> = {
  zulip: {
    // A subset of Zulip's translations.
    languages: ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'pt-br', 'ru', 'sv', 'tr', 'uk', 'zh-hans', 'zh-hant'],
    sounds: ['zulip', 'ding', 'chime', 'none'],
    batching: { min: 1, max: WEEK },
    extraChoices: { emojiset: ['google-blob'] },
  },
  variant: {
    languages: ['en', 'eo', 'fr', 'nb'],
    sounds: ['zulip', 'bell', 'chirp'],
    batching: { min: 30, max: 2 * WEEK },
    extraChoices: {},
  },
};

/** Language codes the zulip flavor "has translations for". */
export const LANGUAGES = CHOICES.zulip.languages;
export const SOUNDS = CHOICES.zulip.sounds;

/** Names already judged: an Intl.DateTimeFormat costs about a tenth of a millisecond to make. */
const timezones = new Map<string, boolean>();

function isTimezone(name: string): boolean {
  // IANA names only: Intl also accepts offsets such as "+01:00", which Zulip refuses.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  let known = timezones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    if (timezones.size < 1000) timezones.set(name, known);
  }
  return known;
}

export function defaultSettings(): Record<string, SettingValue> {
  return Object.fromEntries(SETTINGS.map((s) => [s.name, s.default]));
}

/** Reads one setting from the request, with Zulip's checks and messages; undefined if absent. */
export function readSetting(params: Params, setting: Setting, quirks: Quirks, flavor: Pick<Flavor, 'name'> = { name: 'zulip' }): SettingValue | undefined {
  const { name, kind } = setting;
  const server = CHOICES[flavor.name];
  if (!params.has(name)) return undefined;
  if (kind.type === 'bool') {
    if (quirks.has('settings-bool-lenient')) return params.optString(name) === 'true';
    return params.optBool(name);
  }
  if (kind.type === 'int') {
    if (quirks.has('settings-int-lenient') && Number.isNaN(Number(params.optString(name)))) return setting.default;
    const value = params.optInt(name)!;
    if (kind.choices && !kind.choices.includes(value) && !quirks.has('settings-accepts-bad-enum')) throw badRequest(`Invalid ${name}`);
    const { min, max } = server.batching;
    if (name === 'email_notifications_batching_period_seconds' && (value < min || value > max) && !quirks.has('settings-accepts-bad-enum')) {
      throw badRequest(`Invalid email batching period: ${value} seconds`);
    }
    return value;
  }
  const value = params.optString(name)!;
  const choices = kind.choices && [...kind.choices, ...(server.extraChoices[name] ?? [])];
  if (choices && !choices.includes(value) && !quirks.has('settings-accepts-bad-enum')) throw badRequest(`Invalid ${name}`);
  if (name === 'default_language' && !server.languages.includes(value) && !quirks.has('settings-any-language')) throw badRequest('Invalid default_language');
  if (name === 'timezone' && !isTimezone(value) && !quirks.has('settings-any-timezone')) throw badRequest('Invalid timezone');
  if (name === 'notification_sound' && !server.sounds.includes(value) && !quirks.has('settings-any-sound')) {
    throw badRequest(`Invalid notification sound '${value}'`);
  }
  return value;
}

/** Reads every setting of `table` the request carries; nothing is stored before all are valid. */
export function readSettings(params: Params, table: readonly Setting[], quirks: Quirks, flavor?: Pick<Flavor, 'name'>): Map<string, SettingValue> {
  const values = new Map<string, SettingValue>();
  for (const setting of table) {
    const value = readSetting(params, setting, quirks, flavor);
    if (value !== undefined) values.set(setting.name, value);
  }
  return values;
}

// Four settings live in fields of the User that other areas read (typing, status).
const FIELD_BACKED = {
  receives_typing_notifications: 'receivesTypingNotifications',
  send_private_typing_notifications: 'sendPrivateTypingNotifications',
  send_stream_typing_notifications: 'sendStreamTypingNotifications',
  presence_enabled: 'presenceEnabled',
} as const satisfies Record<string, keyof User>;

export function getSetting(user: User, name: string): SettingValue {
  const field = FIELD_BACKED[name as keyof typeof FIELD_BACKED];
  return field ? user[field] : user.settings[name];
}

export function setSetting(user: User, name: string, value: SettingValue): void {
  const field = FIELD_BACKED[name as keyof typeof FIELD_BACKED];
  if (field) user[field] = value as boolean;
  else user.settings[name] = value;
}

/** The `user_settings` object of POST /register: every setting's current value. */
export function userSettingsObject(realm: Realm, user: User): Record<string, SettingValue> {
  return realm.level.fields('user settings', Object.fromEntries(SETTINGS.map((s) => [s.name, getSetting(user, s.name)])));
}
