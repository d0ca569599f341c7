// The permission settings of a channel: Zulip's defaults, and which ones need content access
// to change (document, op 4: can_add_subscribers_group and the delete and move settings).
import { SYSTEM_GROUPS, type Channel, type GroupSetting } from '../realm/model.js';

const g = SYSTEM_GROUPS;

export interface ChannelGroupSetting {
  fallback: GroupSetting;
  contentAccess: boolean;
  /** The feature level it takes group-setting values from (fact zulip.level.<N>; channels.levels.ts). */
  since: number;
}

export const CHANNEL_GROUP_SETTINGS: Record<string, ChannelGroupSetting> = {
  can_add_subscribers_group: { fallback: g['role:nobody'], contentAccess: true, since: 342 },
  can_remove_subscribers_group: { fallback: g['role:administrators'], contentAccess: false, since: 320 },
  can_administer_channel_group: { fallback: g['role:nobody'], contentAccess: false, since: 325 },
  can_delete_any_message_group: { fallback: g['role:nobody'], contentAccess: true, since: 407 },
  // Zulip: Stream.stream_permission_group_settings default_group_name NOBODY (fact zulip.channel.delete-message-permission).
  can_delete_own_message_group: { fallback: g['role:nobody'], contentAccess: true, since: 407 },
  can_move_messages_out_of_channel_group: { fallback: g['role:nobody'], contentAccess: true, since: 396 },
  can_move_messages_within_channel_group: { fallback: g['role:nobody'], contentAccess: true, since: 396 },
  can_send_message_group: { fallback: g['role:everyone'], contentAccess: true, since: 333 },
  can_subscribe_group: { fallback: g['role:nobody'], contentAccess: false, since: 357 },
  can_resolve_topics_group: { fallback: g['role:nobody'], contentAccess: true, since: 402 },
};

/** The current value; can_administer_channel_group lives in its own field of the model. */
export function channelSetting(channel: Channel, name: string): GroupSetting {
  if (name === 'can_administer_channel_group') return channel.canAdministerChannelGroup;
  return channel.groupSettings?.[name] ?? CHANNEL_GROUP_SETTINGS[name].fallback;
}

export function setChannelSetting(channel: Channel, name: string, value: GroupSetting): void {
  if (name === 'can_administer_channel_group') channel.canAdministerChannelGroup = value;
  else channel.groupSettings = { ...channel.groupSettings, [name]: value };
}
