// The events of PATCH /streams/{stream_id} (operation 4), as Zulip's zerver/actions/streams.py
// sends them (facts zulip.events.stream.*): one `stream` `update` event per changed property,
// {property, value, stream_id, name}, to every user with metadata access to the channel
// (can_access_stream_metadata_user_ids); `stream` `create` (and `subscription` `peer_add`) for
// users who gain that access, `stream` `delete` for users who lose it; `default_streams` to every
// active non-guest user when the default channels change.
import { isAdmin, isGuest } from '../realm/access.js';
import { channelSetting } from './permission-settings.js';
import { channelObject, streamPostPolicy } from './channel-object.js';
import { capability, sendEvent } from '../events/queue.js';
import { inSetting } from '../users/group-settings.js';
import type { Channel, GroupSetting, Realm } from '../realm/model.js';
import type { Quirks } from '../realm/quirk-set.js';

/** The settings whose members see a private channel's metadata (Zulip's stream_permission_group_settings_granting_metadata_access). */
export const METADATA_SETTINGS = ['can_add_subscribers_group', 'can_administer_channel_group', 'can_subscribe_group'];

/**
 * Zulip's can_access_stream_metadata_user_ids: for a public channel every active non-guest user
 * and the guests subscribed to it; for a private one its subscribers, the administrators and
 * the members of the settings granting metadata access.
 */
export function metadataUserIds(realm: Realm, channel: Channel): Set<number> {
  const ids = new Set<number>();
  for (const user of realm.users) {
    if (!user.isActive) continue;
    const subscribed = channel.subscribers.has(user.id);
    const sees = channel.inviteOnly
      ? subscribed || isAdmin(user) || METADATA_SETTINGS.some((s) => inSetting(realm, channelSetting(channel, s), user))
      : !isGuest(user) || subscribed;
    if (sees) ids.add(user.id);
  }
  return ids;
}

export const activeNonGuestIds = (realm: Realm): number[] => realm.users.filter((u) => u.isActive && !isGuest(u)).map((u) => u.id);

/** Who an update of this channel goes to, and the faults that send it elsewhere. */
function audience(realm: Realm, quirks: Quirks, channel: Channel): Set<number> {
  if (quirks.has('stream-event-to-everyone')) return new Set(realm.users.filter((u) => u.isActive).map((u) => u.id));
  if (quirks.has('stream-event-subscribers-only')) return new Set([...channel.subscribers]);
  return metadataUserIds(realm, channel);
}

/** A group-setting value as Zulip's events carry it: a group ID, or {direct_members, direct_subgroups}. */
const settingValue = (value: GroupSetting): GroupSetting =>
  typeof value === 'number' ? value : { direct_members: [...value.direct_members], direct_subgroups: [...value.direct_subgroups] };

export class ChannelEvents {
  constructor(
    private readonly realm: Realm,
    private readonly quirks: Quirks,
    private readonly channel: Channel,
  ) {}

  /** {type: stream, op: update, property, value, stream_id, name} (plus extra keys, which may replace name) to `to`. */
  update(property: string, value: unknown, extra: Record<string, unknown> = {}, to: Iterable<number> = audience(this.realm, this.quirks, this.channel)): void {
    sendEvent(this.realm, to, { type: 'stream', op: 'update', property, value, stream_id: this.channel.id, name: this.channel.name, ...extra });
  }

  /** Users who can now see the channel learn it exists: stream create with the channel, then its subscribers. */
  private created(userIds: number[], accept?: Parameters<typeof sendEvent>[3]): void {
    if (!userIds.length) return;
    sendEvent(this.realm, userIds, { type: 'stream', op: 'create', streams: [channelObject(this.realm, this.channel, new Set(), false)] }, accept);
    const subscribers = [...this.channel.subscribers].filter((id) => this.realm.users.some((u) => u.id === id && u.isActive)).sort((a, b) => a - b);
    sendEvent(this.realm, userIds, { type: 'subscription', op: 'peer_add', stream_ids: [this.channel.id], user_ids: subscribers }, accept);
  }

  private deleted(userIds: number[]): void {
    if (!userIds.length) return;
    sendEvent(this.realm, userIds, { type: 'stream', op: 'delete', streams: [{ stream_id: this.channel.id }], stream_ids: [this.channel.id] });
  }

  /**
   * do_change_stream_permission: one invite_only update carrying history_public_to_subscribers
   * and is_web_public, sent even when nothing changed; a private channel made public is
   * announced with stream create to the users who could not see it before, who get no update.
   */
  permission(before: Set<number>, wasPrivate: boolean): void {
    // Before level 134 they were told nothing of their own: the update went to everyone who could see it after.
    const gaining =
      wasPrivate &&
      !this.channel.inviteOnly &&
      !this.quirks.has('stream-gainers-get-update') &&
      this.realm.level.has('stream create events for a channel made public')
        ? [...metadataUserIds(this.realm, this.channel)].filter((id) => !before.has(id))
        : [];
    this.created(gaining);
    const to = [...audience(this.realm, this.quirks, this.channel)].filter((id) => !gaining.includes(id));
    this.update(
      'invite_only',
      this.channel.inviteOnly,
      { history_public_to_subscribers: this.channel.historyPublicToSubscribers, is_web_public: this.channel.isWebPublic },
      to,
    );
  }

  /** do_unarchive_stream: is_archived false, then stream create (for clients that dropped the archived channel). */
  unarchived(): void {
    this.update('is_archived', false);
    // Zulip flags this create for_unarchiving: current source means it for queues without the
    // archived_channels capability, which kept the channel in their list (fact zulip.events.stream.update.unarchive).
    this.created([...metadataUserIds(this.realm, this.channel)], (queue) => !capability(queue, 'archived_channels'));
  }

  /**
   * do_change_stream_group_based_setting: for a setting granting metadata access, the update
   * goes to who could see the channel before and still can; who gains that access gets stream
   * create, who loses it stream delete. can_send_message_group also sends the legacy
   * stream_post_policy and is_announcement_only updates when the policy it stands for changed.
   */
  groupSetting(name: string, before: Set<number>, old: GroupSetting): void {
    const value = settingValue(channelSetting(this.channel, name));
    if (METADATA_SETTINGS.includes(name)) {
      const after = metadataUserIds(this.realm, this.channel);
      const gaining = [...after].filter((id) => !before.has(id));
      const losing = [...before].filter((id) => !after.has(id));
      this.update(
        name,
        value,
        {},
        [...audience(this.realm, this.quirks, this.channel)].filter((id) => !gaining.includes(id)),
      );
      this.created(gaining);
      this.deleted(losing);
    } else {
      this.update(name, value);
    }
    if (name === 'can_send_message_group') {
      const policy = streamPostPolicy(channelSetting(this.channel, name));
      if (policy !== streamPostPolicy(old)) {
        this.update('stream_post_policy', policy);
        this.update('is_announcement_only', policy === 2);
      }
    }
  }
}

/**
 * notify_default_streams: the IDs of every default channel (the channels themselves before level
 * 330), to every active non-guest user.
 * Zulip sends it when a channel becomes a default one, and on every removal, even of a channel
 * that was not one (do_add_default_stream, do_remove_default_stream).
 */
export function sendDefaultStreams(realm: Realm, quirks: Quirks): void {
  const channels = realm.channels.filter((c) => c.isDefault && !c.isArchived).sort((a, b) => a.id - b.id);
  // Before level 330 the event carried the channels themselves, not their IDs.
  const ids = realm.level.has('default_streams events carry IDs') ? channels.map((c) => c.id) : channels.map((c) => channelObject(realm, c, new Set(), false));
  const to = quirks.has('default-streams-to-everyone')
    ? realm.users.filter((u) => u.isActive).map((u) => u.id)
    : quirks.has('default-streams-admins-only')
      ? realm.users.filter((u) => u.isActive && isAdmin(u)).map((u) => u.id)
      : activeNonGuestIds(realm);
  sendEvent(realm, to, { type: 'default_streams', default_streams: ids });
}
