// Single-channel operations: look a channel up by name, archive a channel.
import { channelById, channelByName, hasContentAccess, inGroupSetting, isAdmin } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import type { Context, Route } from '../core/router.js';
import { retire } from '../realm/retention.js';

/**
 * The document's reading where the Zulip server contradicts it (the disputed clauses of
 * operations 4 and 20): the variant realm's choice, or the quirk that makes this realm do the same.
 */
export function channelsFollowDocument(ctx: Context): boolean {
  return ctx.realm.flavor.channelsFollowDocument || ctx.quirks.has('channels-follow-document');
}

function getStreamId(ctx: Context) {
  const name = ctx.params.string('stream');
  const channel = channelByName(ctx.realm, name);
  if (!channel || !hasContentAccess(ctx.user, channel)) throw badRequest(`Invalid channel name '${name}'`);
  return { stream_id: channel.id };
}

function archiveChannel(ctx: Context) {
  const channel = channelById(ctx.realm, ctx.path.stream_id);
  if (!channel) throw badRequest('Invalid channel ID');
  if (!isAdmin(ctx.user) && !inGroupSetting(channel.canAdministerChannelGroup, ctx.user)) {
    // Someone who cannot even see the channel learns nothing about it.
    if (!hasContentAccess(ctx.user, channel)) throw badRequest('Invalid channel ID');
    throw badRequest('Must be an organization administrator');
  }
  if (channel.isArchived) throw badRequest('Channel is already deactivated');
  channel.isArchived = true;
  channel.isDefault = false; // Zulip drops archived channels from the default set
  retire(ctx.realm, channel);
  return {};
}

export const channelRoutes: Route[] = [
  { method: 'GET', path: '/get_stream_id', params: ['stream'], handle: getStreamId },
  { method: 'DELETE', path: '/streams/{stream_id}', params: [], handle: archiveChannel },
];
