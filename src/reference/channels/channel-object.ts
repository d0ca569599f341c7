// The channel object of GET /streams: every field of the document's table plus the ones
// Zulip adds at feature level 420, less those newer than the server's level (channels.levels.ts).
import { firstMessageIdOf } from '../messages/delete-events.js';
import { channelSetting } from './permission-settings.js';
import type { Channel, GroupSetting, Realm } from '../realm/model.js';
import { systemGroupName } from '../realm/system-groups.js';
import type { Quirks } from '../realm/quirk-set.js';
import type { Body } from '../core/router.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A deliberately tiny Markdown: paragraphs and **bold**, everything else escaped. */
export function renderMarkdown(text: string): string {
  if (text.trim() === '') return '';
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${escapeHtml(para)
          .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
          .replace(/\n/g, '<br>\n')}</p>`,
    )
    .join('\n');
}

/**
 * Zulip's get_stream_post_policy_value_based_on_group_setting (Stream.SYSTEM_GROUPS_ENUM_MAP):
 * the legacy stream_post_policy a can_send_message_group value stands for, 1 (everyone) unless
 * it is the administrators (2), the full members (3) or the moderators (4) system group.
 */
export function streamPostPolicy(value: GroupSetting): number {
  const name = systemGroupName(value);
  if (name === 'role:administrators') return 2;
  if (name === 'role:fullmembers') return 3;
  if (name === 'role:moderators') return 4;
  return 1;
}

function activeSubscriberCount(realm: Realm, channel: Channel): number {
  return realm.users.filter((u) => u.isActive && channel.subscribers.has(u.id)).length;
}

export function channelObject(realm: Realm, channel: Channel, quirks: Quirks, withIsDefault: boolean): Body {
  const setting = (name: string) => channelSetting(channel, name);
  const creatorZero = quirks.has('streams-creator-zero');
  const body: Body = {
    stream_id: quirks.has('streams-wrong-type') ? String(channel.id) : channel.id,
    name: channel.name,
    is_archived: channel.isArchived,
    description: channel.description,
    rendered_description: renderMarkdown(channel.description),
    date_created: creatorZero ? channel.dateCreated + 0.5 : channel.dateCreated,
    creator_id: channel.creatorId ?? (creatorZero ? 0 : null),
    invite_only: channel.inviteOnly,
    is_web_public: channel.isWebPublic,
    stream_post_policy: streamPostPolicy(setting('can_send_message_group')),
    is_announcement_only: streamPostPolicy(setting('can_send_message_group')) === 2,
    message_retention_days: channel.messageRetentionDays ?? null,
    history_public_to_subscribers: channel.historyPublicToSubscribers,
    topics_policy: channel.topicsPolicy ?? 'inherit',
    first_message_id: firstMessageIdOf(realm, channel),
    folder_id: channel.folderId ?? null,
    is_recently_active: !channel.isArchived,
    can_add_subscribers_group: setting('can_add_subscribers_group'),
    can_remove_subscribers_group: setting('can_remove_subscribers_group'),
    can_administer_channel_group: setting('can_administer_channel_group'),
    can_delete_any_message_group: setting('can_delete_any_message_group'),
    can_delete_own_message_group: setting('can_delete_own_message_group'),
    can_move_messages_out_of_channel_group: setting('can_move_messages_out_of_channel_group'),
    can_move_messages_within_channel_group: setting('can_move_messages_within_channel_group'),
    can_send_message_group: setting('can_send_message_group'),
    can_subscribe_group: setting('can_subscribe_group'),
    can_resolve_topics_group: setting('can_resolve_topics_group'),
    stream_weekly_traffic: null,
    subscriber_count: activeSubscriberCount(realm, channel),
  };
  if (quirks.has('streams-missing-field')) delete body.rendered_description;
  if (withIsDefault) body.is_default = channel.isDefault;
  return realm.level.fields('channel', body);
}
