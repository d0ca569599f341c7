// The permission settings of a channel: Zulip's defaults, and which ones need content access
// to change (document, op 4: can_add_subscribers_group and the delete and move settings).
import type { Channel, GroupSetting } from '../realm/model.js';
import type { SystemGroupIds, SystemGroupName } from '../realm/system-groups.js';

export interface ChannelGroupSetting {
  /** The system group a new channel starts with. */
  fallback: SystemGroupName;
  contentAccess: boolean;
  /** The feature level it takes group-setting values from (fact zulip.level.<N>; channels.levels.ts). */
  since: number;
}

export const CHANNEL_GROUP_SETTINGS: Record<string, ChannelGroupSetting> = {
  can_add_subscribers_group: { fallback: 'role:nobody', contentAccess: true, since: 342 },
  can_remove_subscribers_group: { fallback: 'role:administrators', contentAccess: false, since: 320 },
  can_administer_channel_group: { fallback: 'role:nobody', contentAccess: false, since: 325 },
  can_delete_any_message_group: { fallback: 'role:nobody', contentAccess: true, since: 407 },
  // Zulip: Stream.stream_permission_group_settings default_group_name NOBODY (fact zulip.channel.delete-message-permission).
  can_delete_own_message_group: { fallback: 'role:nobody', contentAccess: true, since: 407 },
  can_move_messages_out_of_channel_group: { fallback: 'role:nobody', contentAccess: true, since: 396 },
  can_move_messages_within_channel_group: { fallback: 'role:nobody', contentAccess: true, since: 396 },
  can_send_message_group: { fallback: 'role:everyone', contentAccess: true, since: 333 },
  can_subscribe_group: { fallback: 'role:nobody', contentAccess: false, since: 357 },
  can_resolve_topics_group: { fallback: 'role:nobody', contentAccess: true, since: 402 },
};

/** A new channel's permission settings (but can_administer_channel_group, a field of its own), in the realm's numbering of the system groups. */
export function newChannelSettings(groups: SystemGroupIds): Record<string, GroupSetting> {
  return Object.fromEntries(
    Object.entries(CHANNEL_GROUP_SETTINGS)
      .filter(([name]) => name !== 'can_administer_channel_group')
      .map(([name, s]) => [name, groups[s.fallback]]),
  );
}

/** The current value; can_administer_channel_group lives in its own field of the model. */
export function channelSetting(channel: Channel, name: string): GroupSetting {
  if (name === 'can_administer_channel_group') return channel.canAdministerChannelGroup;
  return channel.groupSettings[name];
}

export function setChannelSetting(channel: Channel, name: string, value: GroupSetting): void {
  if (name === 'can_administer_channel_group') channel.canAdministerChannelGroup = value;
  else channel.groupSettings[name] = value;
}
