// Op 4, PATCH /streams/{stream_id}: every parameter of the document's table, checked in
// Zulip's order, all validated before any change is made.
import { channelById, channelByName, hasContentAccess, isAdmin } from '../realm/access.js';
import { folderById } from './folders.js';
import { CHANNEL_GROUP_SETTINGS, channelSetting, setChannelSetting } from './permission-settings.js';
import { adminRequired, ApiError, badRequest } from '../core/errors.js';
import { inSetting, readUpdate, type SettingChange } from '../users/group-settings.js';
import { ROLE, type Channel, type TopicsPolicy } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { checkChannelName } from './create.js';
import { channelsFollowDocument } from './lookup-and-archive.js';
import { ChannelEvents, metadataUserIds, sendDefaultStreams } from './update-events.js';
import { renderMarkdown } from './channel-object.js';

const TOPICS_POLICIES: readonly TopicsPolicy[] = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];
const SETTING_NAMES = Object.keys(CHANNEL_GROUP_SETTINGS);
/** The organisation's can_create_web_public_channel_group, at Zulip's default. */
const WEB_PUBLIC_CREATOR_ROLE = ROLE.owner;

/**
 * Organization administrators, and (Zulip, disputed by the document) the channel's own
 * administrators. Zulip refuses a user who can see the channel with BAD_REQUEST "You do not have
 * permission to administer this channel." (CannotAdministerChannelError sets no code of its own),
 * anyone else as if the channel did not exist.
 */
function accessForUpdate(ctx: Context): Channel {
  const channel = channelById(ctx.realm, ctx.path.stream_id);
  if (!channel) throw badRequest('Invalid channel ID');
  const document = channelsFollowDocument(ctx);
  // Before level 325 a channel had no administrators of its own: only the organization's.
  const channelAdmin = ctx.realm.level.has('channel administrators') && inSetting(ctx.realm, channel.canAdministerChannelGroup, ctx.user);
  if (isAdmin(ctx.user) && (channelAdmin || !ctx.quirks.has('channel-admins-need-group'))) return channel;
  if (ctx.quirks.has('channel-update-member-ok')) return channel;
  if (channelAdmin && !isAdmin(ctx.user) && !document && !ctx.quirks.has('channel-update-admins-only')) return channel;
  if (!hasContentAccess(ctx.user, channel)) throw badRequest('Invalid channel ID');
  if (document || !ctx.realm.level.has('channel administrators')) throw adminRequired();
  throw badRequest('You do not have permission to administer this channel.');
}

/** Zulip reads the value as JSON ("unlimited" with the quotes); the document as plain text. */
function readRetention(ctx: Context): number | null | undefined {
  const raw = channelsFollowDocument(ctx) ? ctx.params.optString('message_retention_days') : ctx.params.optJson('message_retention_days');
  if (raw === undefined) return undefined;
  if (raw === 'realm_default') return null;
  if (raw === 'unlimited') return -1;
  const days = typeof raw === 'string' && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
  if (typeof days === 'number' && Number.isInteger(days) && days > 0) return days;
  throw badRequest(`Bad value for 'message_retention_days': ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`);
}

function checkNewName(ctx: Context, channel: Channel, raw: string): string {
  const name = raw.trim();
  if (name === channel.name) throw badRequest('Channel already has that name.');
  checkChannelName(ctx, name, ctx.quirks.has('channel-name-no-limit') ? null : undefined);
  const other = channelByName(ctx.realm, name);
  if (other && other !== channel) throw badRequest(`Channel '${name}' already exists`);
  return name;
}

function checkPrivacy(ctx: Context, channel: Channel, isPrivate?: boolean, webPublic?: boolean, history?: boolean) {
  const priv = isPrivate ?? channel.inviteOnly;
  const web = webPublic ?? channel.isWebPublic;
  const hist = history ?? (isPrivate !== undefined ? !isPrivate : channel.historyPublicToSubscribers);
  const lenient = ctx.quirks.has('channel-history-public-false-ok');
  if (web && !hist && !lenient) throw badRequest('Invalid parameters');
  if (web && priv) throw badRequest('Invalid parameters');
  if (!priv && !hist && !lenient) throw badRequest('Invalid parameters');
  if (isPrivate !== undefined && !hasContentAccess(ctx.user, channel)) throw badRequest('Channel content access is required.');
  if (webPublic) {
    if (!ctx.realm.enableSpectatorAccess && !ctx.quirks.has('web-public-ignores-spectator-access')) throw badRequest('Web-public channels are not enabled.');
    if (ctx.user.role > WEB_PUBLIC_CREATOR_ROLE) throw badRequest('Insufficient permission');
  }
  return { priv, web, hist };
}

function readSettingChanges(ctx: Context, channel: Channel): SettingChange[] {
  const changes: SettingChange[] = [];
  for (const name of SETTING_NAMES) {
    const refuse = name === 'can_administer_channel_group' ? (['role:internet', 'role:everyone'] as const) : (['role:internet'] as const);
    const change = readUpdate(ctx.realm, ctx.quirks, name, ctx.params.optDict(name), channelSetting(channel, name), { refuse });
    if (!change) continue;
    // The document: an administrator changes these of a private channel only when subscribed.
    const contentAccess =
      CHANNEL_GROUP_SETTINGS[name].contentAccess ||
      (name === 'can_remove_subscribers_group' && ctx.quirks.has('channel-remove-subscribers-needs-content-access'));
    const needsContent = contentAccess && !ctx.quirks.has('channel-private-permission-unsubscribed-ok');
    if (needsContent && !hasContentAccess(ctx.user, channel)) throw badRequest('Channel content access is required.');
    changes.push(change);
  }
  return changes;
}

function updateChannel(ctx: Context) {
  const p = ctx.params;
  const channel = accessForUpdate(ctx);
  const descLimit = ctx.quirks.has('channel-description-no-limit') ? undefined : ctx.realm.flavor.limits.channelDescription;
  const description = p.optString('description', descLimit);
  const newName = p.optString('new_name');
  const isPrivate = p.optBool('is_private');
  const webPublic = p.optBool('is_web_public');
  const history = p.optBool('history_public_to_subscribers');
  const isDefault = p.optBool('is_default_stream');
  const archived = p.optBool('is_archived');
  const folderRaw = p.optJson('folder_id');
  const topicsPolicy = p.optEnum('topics_policy', TOPICS_POLICIES);

  const privacy = checkPrivacy(ctx, channel, isPrivate, webPublic, history);
  if (privacy.priv && (isDefault ?? channel.isDefault)) throw badRequest('A default channel cannot be private.');
  if (isDefault !== undefined && !isAdmin(ctx.user)) throw adminRequired();
  // Zulip: only owners (disputed: the document lets an administrator edit any property).
  const retention = readRetention(ctx);
  if (retention !== undefined && ctx.user.role !== ROLE.owner && !ctx.quirks.has('channel-retention-admin-ok') && !channelsFollowDocument(ctx)) {
    throw new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
  }
  if (folderRaw !== undefined && folderRaw !== null) {
    const folder = Number.isInteger(folderRaw) ? folderById(ctx.realm, folderRaw as number) : undefined;
    if (!folder) throw badRequest('Invalid channel folder ID');
  }
  if (topicsPolicy === 'empty_topic_only' && !ctx.quirks.has('channel-empty-topic-only-ok')) {
    if (ctx.realm.messages.some((m) => m.channelId === channel.id && m.topic !== '')) {
      throw badRequest(
        'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
      );
    }
  }
  const name = newName !== undefined ? checkNewName(ctx, channel, newName) : undefined;
  const changes = readSettingChanges(ctx, channel);
  const unchangedSettings = SETTING_NAMES.filter((n) => ctx.params.optDict(n) !== undefined && !changes.some((c) => c.name === n));

  // Everything is valid: apply, in Zulip's order, each change followed by its events
  // (update-events.ts; facts zulip.events.stream.*).
  const events = new ChannelEvents(ctx.realm, ctx.quirks, channel);
  if (isPrivate !== undefined || webPublic !== undefined || history !== undefined) {
    const before = metadataUserIds(ctx.realm, channel);
    const wasPrivate = channel.inviteOnly;
    channel.inviteOnly = privacy.priv;
    channel.isWebPublic = privacy.web;
    channel.historyPublicToSubscribers = privacy.hist;
    events.permission(before, wasPrivate);
  }
  if (isDefault !== undefined) {
    const was = channel.isDefault;
    channel.isDefault = isDefault;
    if (!isDefault || !was) sendDefaultStreams(ctx.realm, ctx.quirks);
  }
  if (retention !== undefined) {
    channel.messageRetentionDays = retention;
    events.update('message_retention_days', retention);
  }
  // Only unarchiving. Zulip unarchives with is_archived=false and ignores true; the document's
  // States table unarchives with is_archived=true (disputed).
  const wasArchived = channel.isArchived;
  if (archived === channelsFollowDocument(ctx)) channel.isArchived = false;
  if (archived === true && ctx.quirks.has('channel-archive-via-patch-ok')) channel.isArchived = true;
  if (wasArchived && !channel.isArchived) events.unarchived();
  if (topicsPolicy !== undefined) {
    const changed = topicsPolicy !== (channel.topicsPolicy ?? 'inherit');
    channel.topicsPolicy = topicsPolicy;
    if (changed || ctx.quirks.has('stream-event-unchanged-sent')) events.update('topics_policy', topicsPolicy);
  }
  // Zulip keeps descriptions on one line.
  if (description !== undefined && !ctx.quirks.has('channel-update-ignores-description')) {
    const unchanged = channel.description === description.replace(/\n/g, ' ');
    channel.description = description.replace(/\n/g, ' ');
    if (!unchanged || !ctx.quirks.has('stream-description-unchanged-silent')) {
      events.update('description', channel.description, { rendered_description: renderMarkdown(channel.description) });
    }
  }
  if (name !== undefined) {
    const old = channel.name;
    channel.name = name;
    events.update('name', name, { name: old });
  }
  if (folderRaw !== undefined) {
    channel.folderId = folderRaw as number | null;
    events.update('folder_id', channel.folderId);
  }
  for (const change of changes) {
    const before = metadataUserIds(ctx.realm, channel);
    const old = channelSetting(channel, change.name);
    setChannelSetting(channel, change.name, change.value);
    events.groupSetting(change.name, before, old);
  }
  if (ctx.quirks.has('stream-event-unchanged-sent')) for (const name of unchangedSettings) events.update(name, channelSetting(channel, name));
  return {};
}

export const channelUpdateRoutes: Route[] = [
  {
    method: 'PATCH',
    path: '/streams/{stream_id}',
    params: [
      'description',
      'new_name',
      'is_private',
      'is_web_public',
      'history_public_to_subscribers',
      'is_default_stream',
      'message_retention_days',
      'is_archived',
      'folder_id',
      'topics_policy',
      ...SETTING_NAMES,
    ],
    handle: updateChannel,
  },
];
