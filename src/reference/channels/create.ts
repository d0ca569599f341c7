// Creating a channel: the name and description rules, who may create what, and the new record.
import { newChannelSettings } from './permission-settings.js';
import { isGuest } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { ROLE, type Channel } from '../realm/model.js';
import { codePointLength, tooLongMessage } from '../core/params.js';
import type { Context } from '../core/router.js';
import { allocate } from '../realm/flavor.js';

export interface NewChannelOptions {
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean | undefined;
  isDefault: boolean;
}

/** The name rules; `limit` null checks no length (a quirk of renames). */
export function checkChannelName(ctx: Context, name: string, limit: number | null = ctx.realm.flavor.limits.channelName): void {
  if (name === '') throw badRequest("Channel name can't be empty.");
  if (limit !== null && codePointLength(name) > limit) throw badRequest(`Channel name too long (limit: ${limit} characters).`);
  const position = [...name].findIndex((ch) => /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u.test(ch));
  if (position >= 0) throw badRequest(`Invalid character in channel name, at position ${position + 1}.`);
}

/** Throws when the caller may not create this channel; changes nothing. */
export function checkNewChannel(ctx: Context, name: string, description: string, options: NewChannelOptions): void {
  checkChannelName(ctx, name);
  const limit = ctx.realm.flavor.limits.channelDescription;
  if (codePointLength(description) > limit) throw badRequest(tooLongMessage('description', limit));
  // Zulip's defaults: members create public and private channels, owners web-public ones.
  if (isGuest(ctx.user)) throw badRequest('Insufficient permission');
  if (options.isWebPublic && (ctx.user.role !== ROLE.owner || !ctx.realm.enableSpectatorAccess)) {
    throw badRequest('Insufficient permission');
  }
}

export function addChannel(ctx: Context, name: string, description: string, options: NewChannelOptions): Channel {
  const { realm, user } = ctx;
  const channel: Channel = {
    id: allocate(realm, 'channel'),
    name,
    description,
    dateCreated: Math.floor(Date.now() / 1000),
    creatorId: user.id,
    inviteOnly: options.inviteOnly,
    isWebPublic: options.isWebPublic,
    // Public channels always have public history; private ones default to protected history.
    historyPublicToSubscribers: options.inviteOnly ? (options.historyPublicToSubscribers ?? false) : true,
    isArchived: false,
    isDefault: options.isDefault,
    subscribers: new Set(),
    canAdministerChannelGroup: { direct_members: [user.id], direct_subgroups: [] },
    groupSettings: newChannelSettings(realm.flavor.systemGroupIds),
  };
  realm.channels.push(channel);
  return channel;
}
