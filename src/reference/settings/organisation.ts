// Organisation settings: their Zulip defaults, PATCH /realm (administrators only) and the
// `realm_*` fields of POST /register. Other areas add their keys to SETTINGS below.
// Stored beside the realm (a WeakMap), so the realm model stays plain data.
import { isDeepStrictEqual } from 'node:util';
import { isAdmin } from '../realm/access.js';
import { adminRequired, badRequest } from '../core/errors.js';
import type { GroupSetting, Realm } from '../realm/model.js';
import type { SystemGroupName } from '../realm/system-groups.js';
import { readUpdate } from '../users/group-settings.js';
import { sendEvent } from '../events/queue.js';
import type { Params } from '../core/params.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Context, Route } from '../core/router.js';
import { ZULIP, type Flavor } from '../realm/flavor.js';

export type RealmTopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic';

/** Who sees edit histories (op 15: "may be disabled"): Zulip's message_edit_history_visibility_policy (feature level 358). */
export type EditHistoryPolicy = 'all' | 'moves' | 'none';

export interface RealmSettings {
  allowMessageEditing: boolean;
  /** null: no limit. */
  messageContentEditLimitSeconds: number | null;
  moveMessagesWithinStreamLimitSeconds: number | null;
  moveMessagesBetweenStreamsLimitSeconds: number | null;
  canResolveTopicsGroup: GroupSetting;
  canMoveMessagesBetweenChannelsGroup: GroupSetting;
  canMoveMessagesBetweenTopicsGroup: GroupSetting;
  canMentionManyUsersGroup: GroupSetting;
  topicsPolicy: RealmTopicsPolicy;
  /** Edit histories shown in full, moves only, or not at all (op 15: "may be disabled in some organizations"). */
  editHistoryPolicy: EditHistoryPolicy;
  /** Settings area: PATCH /settings ignores a full_name from a non-administrator when true. */
  nameChangesDisabled: boolean;
  // Channel permissions: who may add subscribers and delete messages besides the channel's own
  // groups (Zulip's Realm.REALM_PERMISSION_GROUP_SETTINGS; fact zulip.channel.delete-message-permission).
  canAddSubscribersGroup: GroupSetting;
  canDeleteAnyMessageGroup: GroupSetting;
  canDeleteOwnMessageGroup: GroupSetting;
  /** null: no limit. */
  messageContentDeleteLimitSeconds: number | null;
}

/** A new organisation's settings: the Zulip server's defaults, or the variant's (realm/flavor.ts). */
export function defaultRealmSettings(flavor: Flavor = ZULIP): RealmSettings {
  const o = flavor.organisation;
  const group = (name: string) => flavor.systemGroupIds[name as SystemGroupName];
  return {
    allowMessageEditing: true,
    messageContentEditLimitSeconds: o.messageContentEditLimitSeconds,
    moveMessagesWithinStreamLimitSeconds: o.moveMessagesWithinStreamLimitSeconds,
    moveMessagesBetweenStreamsLimitSeconds: o.moveMessagesBetweenStreamsLimitSeconds,
    canResolveTopicsGroup: group(o.canResolveTopicsGroup),
    canMoveMessagesBetweenChannelsGroup: group(o.canMoveMessagesBetweenChannelsGroup),
    canMoveMessagesBetweenTopicsGroup: group(o.canMoveMessagesBetweenTopicsGroup),
    canMentionManyUsersGroup: group(o.canMentionManyUsersGroup),
    topicsPolicy: 'allow_empty_topic',
    editHistoryPolicy: 'all',
    nameChangesDisabled: false,
    // Channel permissions: Zulip's defaults, for both flavors (no operation of the document uses them).
    canAddSubscribersGroup: group('role:members'),
    canDeleteAnyMessageGroup: group('role:administrators'),
    canDeleteOwnMessageGroup: group('role:everyone'),
    messageContentDeleteLimitSeconds: 600,
  };
}

const stored = new WeakMap<Realm, RealmSettings>();

export function realmSettings(realm: Realm): RealmSettings {
  let settings = stored.get(realm);
  if (!settings) stored.set(realm, (settings = defaultRealmSettings(realm.flavor)));
  return settings;
}

type Key = keyof RealmSettings;

/** One setting: its PATCH /realm parameter, its register field, how to read and show it. */
interface SettingSpec {
  key: Key;
  param: string;
  register: string;
  read(params: Params, name: string, realm: Realm, quirks: Quirks): unknown;
  /** The feature level Zulip added it at (fact zulip.level.<N>); absent: older than the levels modelled. */
  since?: number;
  /** Its change travels in a realm update_dict event (data {param: value}); else op update (property, value). */
  dict?: true;
}

const readBool = (p: Params, name: string) => p.optBool(name);

/** A time limit: a positive integer, or "unlimited" (Zulip shows it as null). */
function readTimeLimit(p: Params, name: string): number | null | undefined {
  const text = p.optString(name);
  if (text === undefined) return undefined;
  if (text === 'unlimited') return null;
  const value = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || value <= 0) throw badRequest(`Bad value for '${name}': ${text}`);
  return value;
}

/** A group-setting update object {new, old?}; `old` must match the current value. */
function readGroupUpdate(key: Key) {
  return (p: Params, name: string, realm: Realm, quirks: Quirks): GroupSetting | undefined => {
    const change = readUpdate(realm, quirks, name, p.optDict(name), realmSettings(realm)[key] as GroupSetting, { refuse: ['role:internet'] });
    return change?.value;
  };
}

function readTopicsPolicy(p: Params, name: string): RealmTopicsPolicy | undefined {
  return p.optEnum(name, ['allow_empty_topic', 'disable_empty_topic'] as const);
}

function readEditHistoryPolicy(p: Params, name: string): EditHistoryPolicy | undefined {
  return p.optEnum(name, ['all', 'moves', 'none'] as const);
}

const group = (key: Key, param: string, since: number): SettingSpec => ({
  key,
  param,
  register: `realm_${param}`,
  read: readGroupUpdate(key),
  since,
  dict: true,
});
const limit = (key: Key, param: string, since?: number): SettingSpec => ({ key, param, register: `realm_${param}`, read: readTimeLimit, since });

export const SETTINGS: SettingSpec[] = [
  { key: 'allowMessageEditing', param: 'allow_message_editing', register: 'realm_allow_message_editing', read: readBool, dict: true },
  { ...limit('messageContentEditLimitSeconds', 'message_content_edit_limit_seconds'), dict: true },
  limit('moveMessagesWithinStreamLimitSeconds', 'move_messages_within_stream_limit_seconds', 162),
  limit('moveMessagesBetweenStreamsLimitSeconds', 'move_messages_between_streams_limit_seconds', 162),
  group('canResolveTopicsGroup', 'can_resolve_topics_group', 367),
  group('canMoveMessagesBetweenChannelsGroup', 'can_move_messages_between_channels_group', 310),
  group('canMoveMessagesBetweenTopicsGroup', 'can_move_messages_between_topics_group', 316),
  group('canMentionManyUsersGroup', 'can_mention_many_users_group', 352),
  { key: 'topicsPolicy', param: 'topics_policy', register: 'realm_topics_policy', read: readTopicsPolicy, since: 392, dict: true },
  // Zulip replaced the boolean allow_edit_history by this policy at feature level 358 (fact
  // zulip.history.visibility-policy): PATCH /realm no longer takes allow_edit_history.
  {
    key: 'editHistoryPolicy',
    param: 'message_edit_history_visibility_policy',
    register: 'realm_message_edit_history_visibility_policy',
    read: readEditHistoryPolicy,
    since: 358,
  },
  // Settings area.
  { key: 'nameChangesDisabled', param: 'name_changes_disabled', register: 'realm_name_changes_disabled', read: readBool },
  // Channel permissions.
  group('canAddSubscribersGroup', 'can_add_subscribers_group', 341),
  group('canDeleteAnyMessageGroup', 'can_delete_any_message_group', 281),
  group('canDeleteOwnMessageGroup', 'can_delete_own_message_group', 291),
  limit('messageContentDeleteLimitSeconds', 'message_content_delete_limit_seconds'),
];

/**
 * Settings Zulip replaced, which PATCH /realm takes up to the level before (settings.levels.ts:
 * until): each sets the setting that replaced it. Fact zulip.level.358: allow_edit_history
 * became message_edit_history_visibility_policy; zulip.level.392: mandatory_topics became
 * topics_policy.
 */
export const REPLACED_SETTINGS = [
  { param: 'allow_edit_history', until: 357, key: 'editHistoryPolicy', value: (on: boolean): EditHistoryPolicy => (on ? 'all' : 'none') },
  {
    param: 'mandatory_topics',
    until: 391,
    key: 'topicsPolicy',
    value: (on: boolean): RealmTopicsPolicy => (on ? 'disable_empty_topic' : 'allow_empty_topic'),
  },
] as const;

/** enable_spectator_access lives on the realm itself (realm.enableSpectatorAccess, shown by POST /register). */
export const SPECTATOR_ACCESS = 'enable_spectator_access';

/** The `realm_*` fields POST /register shows for these settings. */
export function registerRealmSettings(realm: Realm): Record<string, unknown> {
  const settings = realmSettings(realm);
  return {
    ...realm.level.fields('realm settings', Object.fromEntries(SETTINGS.map((s) => [s.register, settings[s.key]]))),
    // Replaced at feature levels 358 and 392, still sent (Zulip's fetch_initial_state_data).
    realm_allow_edit_history: settings.editHistoryPolicy !== 'none',
    realm_mandatory_topics: settings.topicsPolicy === 'disable_empty_topic',
  };
}

/**
 * A changed setting's event, as Zulip sends it (fact zulip.events.realm.update-dict-message-editing):
 * update_dict for message editing, its content time limit, the topics policy and the group
 * settings; op update with property and value for the others (the move time limits among them).
 */
function settingEvent(spec: Pick<SettingSpec, 'param' | 'dict'>, value: unknown): { type: string; [field: string]: unknown } {
  if (!spec.dict) return { type: 'realm', op: 'update', property: spec.param, value };
  const data: Record<string, unknown> = { [spec.param]: value };
  if (spec.param === 'topics_policy') data.mandatory_topics = value === 'disable_empty_topic';
  return { type: 'realm', op: 'update_dict', property: 'default', data };
}

function updateRealm(ctx: Context) {
  if (!isAdmin(ctx.user)) throw adminRequired();
  // Every value is validated before anything changes.
  const changes = SETTINGS.map((s) => [s, s.read(ctx.params, s.param, ctx.realm, ctx.quirks)] as const).filter(([, v]) => v !== undefined);
  const replaced = REPLACED_SETTINGS.map((s) => [s, ctx.params.optBool(s.param)] as const).filter(([, on]) => on !== undefined);
  const spectatorAccess = ctx.params.optBool(SPECTATOR_ACCESS);
  const settings = realmSettings(ctx.realm) as unknown as Record<Key, unknown>;
  // Events 3: each changed setting sends its event to every user; an unchanged one sends none.
  const events: ReturnType<typeof settingEvent>[] = [];
  for (const [spec, value] of changes) {
    if (!isDeepStrictEqual(settings[spec.key], value)) events.push(settingEvent(spec, value));
    settings[spec.key] = value;
  }
  // A setting an older level had, in place of one of today's (allow_edit_history, mandatory_topics).
  for (const [s, on] of replaced) {
    const value = s.value(on!);
    if (!isDeepStrictEqual(settings[s.key], value)) events.push(settingEvent({ param: s.param, dict: true }, on));
    settings[s.key] = value;
  }
  if (spectatorAccess !== undefined && spectatorAccess !== ctx.realm.enableSpectatorAccess)
    events.push(settingEvent({ param: SPECTATOR_ACCESS }, spectatorAccess));
  if (spectatorAccess !== undefined) ctx.realm.enableSpectatorAccess = spectatorAccess;
  const everyone = ctx.realm.users.map((u) => u.id);
  for (const event of events) sendEvent(ctx.realm, everyone, event);
  return {};
}

export const realmSettingsRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/realm',
    params: [...SETTINGS.map((s) => s.param), ...REPLACED_SETTINGS.map((s) => s.param), SPECTATOR_ACCESS],
    handle: updateRealm,
  },
];
