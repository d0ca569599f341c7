// Every parameter of PATCH /settings (operation 2) and PATCH /realm/user_settings_defaults
// (operation 5) with the values the document allows and values it does not. A value whose
// verdict only the Zulip server decides (the document says "not shown") is marked zulip.
// Never generated: enable_drafts_synchronization=false (it deletes the caller's server drafts),
// web_channel_default_view=3 for op 2 (disputed), a timezone for a caller who never set one
// (it cannot be unset again), and the account fields (full_name, email, password).
import fc from 'fast-check';

export type SettingValue = boolean | number | string;
export interface Setting {
  name: string;
  valid: SettingValue[];
  invalid: SettingValue[];
  /** Values whose verdict is the Zulip server's (not shown in the document). */
  zulipValid?: SettingValue[];
  zulipInvalid?: SettingValue[];
  ops: ('op2' | 'op5')[];
  /** Needs a set original value to restore to. */
  needsOriginal?: boolean;
}

const NOT_BOOL = ['maybe', 'yes', 'TRUE ', '[]', '{}'];
const NOT_INT = ['abc', '1.5', '[]', '{}'];
const both = ['op2', 'op5'] as const;
const bool = (name: string, ops: Setting['ops'] = [...both], valid: boolean[] = [true, false]): Setting => ({ name, valid, invalid: NOT_BOOL, ops });
const ints = (name: string, max: number, ops: Setting['ops'] = [...both]): Setting => ({
  name,
  valid: Array.from({ length: max }, (_, i) => i + 1),
  invalid: [0, max + 1, -1, ...NOT_INT],
  ops,
});
const strs = (name: string, choices: string[], ops: Setting['ops'] = [...both]): Setting => ({
  name,
  valid: choices,
  invalid: ['nope', '', choices[0].toUpperCase()],
  ops,
});

export const SETTINGS: Setting[] = [
  bool('twenty_four_hour_time'),
  { name: 'web_channel_default_view', valid: [1, 2, 4], invalid: [0, 5, ...NOT_INT], ops: ['op2'] },
  ints('web_channel_default_view', 4, ['op5']),
  bool('starred_message_counts'),
  bool('receives_typing_notifications'),
  bool('web_suggest_update_timezone'),
  bool('fluid_layout_width'),
  bool('high_contrast_mode'),
  { name: 'web_font_size_px', valid: [12, 14, 16, 20], invalid: NOT_INT, ops: [...both] },
  { name: 'web_line_height_percent', valid: [122, 140, 158], invalid: NOT_INT, ops: [...both] },
  ints('color_scheme', 3),
  bool('enable_drafts_synchronization', [...both], [true]),
  bool('translate_emoticons'),
  bool('display_emoji_reaction_users'),
  // The document names no language every server has translations for: only Zulip's are known.
  { name: 'default_language', valid: [], zulipValid: ['en', 'de', 'fr'], invalid: ['xx-nope', 'english'], ops: ['op2'] },
  strs('web_home_view', ['recent_topics', 'inbox', 'all_messages']),
  bool('web_escape_navigates_to_home_view'),
  bool('left_side_userlist'),
  strs('emojiset', ['google', 'twitter', 'text']),
  ints('demote_inactive_streams', 3),
  ints('user_list_style', 3),
  strs('web_animate_image_previews', ['always', 'on_hover', 'never']),
  ints('web_stream_unreads_count_display_policy', 3),
  bool('hide_ai_features'),
  { name: 'timezone', valid: ['Europe/Berlin', 'America/New_York'], invalid: ['Mars/Olympus', 'Berlin Time'], ops: ['op2'], needsOriginal: true },
  bool('enable_stream_desktop_notifications'),
  bool('enable_stream_email_notifications'),
  bool('enable_stream_push_notifications'),
  bool('enable_stream_audible_notifications'),
  { name: 'notification_sound', valid: [], invalid: [], zulipValid: ['ding', 'zulip'], zulipInvalid: ['no-such-sound'], ops: [...both] },
  bool('enable_desktop_notifications'),
  bool('enable_sounds'),
  { name: 'email_notifications_batching_period_seconds', valid: [60, 300, 86400], invalid: NOT_INT, zulipInvalid: [0, 700000], ops: [...both] },
  bool('enable_offline_email_notifications'),
  bool('enable_offline_push_notifications'),
  bool('enable_online_push_notifications'),
  bool('enable_followed_topic_desktop_notifications'),
  bool('enable_followed_topic_email_notifications'),
  bool('enable_followed_topic_push_notifications'),
  bool('enable_followed_topic_audible_notifications'),
  bool('enable_digest_emails'),
  bool('enable_marketing_emails', ['op2']),
  bool('enable_login_emails', ['op2']),
  bool('message_content_in_email_notifications'),
  bool('pm_content_in_desktop_notifications'),
  bool('wildcard_mentions_notify'),
  bool('enable_followed_topic_wildcard_mentions_notify'),
  ints('desktop_icon_count_display', 4),
  // Operation 5's additional parameters.
  ints('web_mark_read_on_scroll_policy', 3, ['op5']),
  bool('web_left_sidebar_show_channel_folders', ['op5']),
  bool('web_left_sidebar_unreads_count_summary', ['op5']),
  ints('realm_name_in_email_notifications_policy', 3, ['op5']),
  ints('automatically_follow_topics_policy', 4, ['op5']),
  ints('automatically_unmute_topics_in_muted_streams_policy', 4, ['op5']),
  bool('automatically_follow_topics_where_mentioned', ['op5']),
  strs('resolved_topic_notice_auto_read_policy', ['always', 'except_followed', 'never'], ['op5']),
  bool('presence_enabled', ['op5']),
  bool('enter_sends', ['op5']),
  bool('send_private_typing_notifications', ['op5']),
  bool('send_stream_typing_notifications', ['op5']),
  bool('send_read_receipts', ['op5']),
  ints('email_address_visibility', 5, ['op5']),
  bool('web_navigate_to_sent_message', ['op5']),
];

export interface SettingTry {
  name: string;
  value: SettingValue;
  valid: boolean;
}

/**
 * Values a setting took at a later feature level than the setting itself (Zulip's changelog,
 * facts zulip.level.227, .383, .401): at an older level they are neither tried as allowed nor
 * as refused.
 */
export const VALUE_LEVELS: Record<string, Record<string, number>> = {
  desktop_icon_count_display: { 4: 227 },
  web_channel_default_view: { 3: 383, 4: 401 },
};
const valueAt = (name: string, value: SettingValue, level: number) => (VALUE_LEVELS[name]?.[String(value)] ?? 0) <= level;

/**
 * Every setting of `op` with each value, allowed or not; `zulip` adds the Zulip-only verdicts.
 * Only the settings the target showed (`originals`, read from POST /register) are tried: a
 * target of an older feature level has fewer; `level` leaves out the values it lacks.
 */
export function settingTries(op: 'op2' | 'op5', zulip: boolean, originals: Record<string, unknown>, level = Number.POSITIVE_INFINITY): SettingTry[] {
  return SETTINGS.filter((s) => s.ops.includes(op) && Object.hasOwn(originals, s.name)).flatMap((s) => {
    const canSet = !s.needsOriginal || (typeof originals[s.name] === 'string' && originals[s.name] !== '');
    const valid = canSet ? [...s.valid, ...(zulip ? (s.zulipValid ?? []) : [])].filter((v) => valueAt(s.name, v, level)) : [];
    const invalid = [...s.invalid, ...(zulip ? (s.zulipInvalid ?? []) : [])];
    return [...valid.map((value) => ({ name: s.name, value, valid: true })), ...invalid.map((value) => ({ name: s.name, value, valid: false }))];
  });
}

/** One setting of `op` (each as likely), then an allowed or an invalid value for it (even odds). */
export function settingTry(op: 'op2' | 'op5', zulip: boolean, originals: Record<string, unknown>, level?: number): fc.Arbitrary<SettingTry> {
  const tries = settingTries(op, zulip, originals, level);
  const names = [...new Set(tries.map((t) => t.name))];
  return fc.constantFrom(...names).chain((name) => {
    const mine = tries.filter((t) => t.name === name);
    const sides = [mine.filter((t) => t.valid), mine.filter((t) => !t.valid)].filter((side) => side.length);
    return fc.oneof(...sides.map((side) => fc.constantFrom(...side)));
  });
}
