// POST and DELETE /users/me/subscriptions: join (creating missing channels) and leave, oneself
// or others (as the organisation's and the channel's permission settings allow).
import { channelByName, findUser, hasContentAccess, hasContentAccessViaGroups, hasMetadataAccess, isAdmin, isGuest, isSubscribed } from '../realm/access.js';
import { addChannel, checkNewChannel, type NewChannelOptions } from './create.js';
import { channelSetting } from './permission-settings.js';
import { adminRequired, badRequest } from '../core/errors.js';
import { inSetting } from '../users/group-settings.js';
import type { Channel, User } from '../realm/model.js';
import { realmSettings } from '../settings/organisation.js';
import type { Params } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { postNotification } from '../messages/access.js';

interface SubscriptionRequest {
  name: string;
  description: string;
}

function readSubscriptions(params: Params): SubscriptionRequest[] {
  return params.list('subscriptions').map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw badRequest(`subscriptions[${i}] is not a dict`);
    const { name, description = '' } = item as Record<string, unknown>;
    if (name === undefined) throw badRequest(`subscriptions[${i}]["name"] field is missing`);
    if (typeof name !== 'string') throw badRequest(`subscriptions[${i}]["name"] is not a string`);
    if (typeof description !== 'string') throw badRequest(`subscriptions[${i}]["description"] is not a string`);
    return { name: name.trim(), description };
  });
}

/** The users to act on: `principals` (ids or emails) or the caller alone. */
function readPrincipals(ctx: Context): User[] {
  const raw = ctx.params.optList('principals');
  if (raw === undefined) return [ctx.user];
  return raw.map((p) => {
    const user = findUser(ctx.realm, p);
    if (!user || !user.isActive) throw badRequest('No such user');
    return user;
  });
}

function readNewChannelOptions(ctx: Context): NewChannelOptions {
  const p = ctx.params;
  p.optBool('announce'); // accepted and validated, then ignored
  const options = {
    inviteOnly: p.bool('invite_only', false),
    isWebPublic: p.bool('is_web_public', false),
    historyPublicToSubscribers: p.optBool('history_public_to_subscribers'),
    isDefault: p.bool('is_default_stream', false),
  };
  if (options.isDefault && !isAdmin(ctx.user)) throw adminRequired();
  if (options.isDefault && options.inviteOnly) throw badRequest('A default channel cannot be private.');
  return options;
}

/** Zulip's user_has_content_access for subscribing: a quirk may drop the access the groups give. */
function mayAccess(ctx: Context, channel: Channel): boolean {
  if (!hasContentAccess(ctx.user, channel)) return false;
  const viaGroupsOnly = !channel.isWebPublic && channel.inviteOnly && !isSubscribed(ctx.user, channel) && hasContentAccessViaGroups(ctx.user, channel);
  return !(viaGroupsOnly && ctx.quirks.has('subscribe-others-needs-subscription'));
}

/**
 * Who may subscribe others to an existing channel (Zulip's
 * get_streams_to_which_user_cannot_add_subscribers; fact zulip.channel.add-subscribers-permission):
 * the organisation's can_add_subscribers_group, an administrator, the channel's administrators,
 * its can_add_subscribers_group.
 */
function mayAddSubscribers(ctx: Context, channel: Channel): boolean {
  const { realm, user, quirks } = ctx;
  if (isAdmin(user) || inSetting(realm, realmSettings(realm).canAddSubscribersGroup, user)) return true;
  if (inSetting(realm, channel.canAdministerChannelGroup, user)) return true;
  return !quirks.has('subscribe-others-ignores-channel-group') && inSetting(realm, channelSetting(channel, 'can_add_subscribers_group'), user);
}

/**
 * Who may unsubscribe others (Zulip's bulk_can_remove_subscribers_from_streams; fact
 * zulip.channel.remove-subscribers-permission): an administrator, the channel's administrators,
 * or, with access to the channel, its can_remove_subscribers_group.
 */
function mayRemoveSubscribers(ctx: Context, channel: Channel): boolean {
  const { realm, user, quirks } = ctx;
  if (isAdmin(user) || inSetting(realm, channel.canAdministerChannelGroup, user)) return true;
  if (isGuest(user) || !hasMetadataAccess(user, channel)) return false;
  return !quirks.has('unsubscribe-others-ignores-channel-group') && inSetting(realm, channelSetting(channel, 'can_remove_subscribers_group'), user);
}

function subscribe(ctx: Context) {
  const requests = readSubscriptions(ctx.params);
  const principals = readPrincipals(ctx);
  const options = readNewChannelOptions(ctx);
  ctx.params.bool('authorization_errors_fatal', true);
  if (isGuest(ctx.user) && principals.some((u) => u.id !== ctx.user.id)) throw badRequest('Insufficient permission');

  // Validate every request before changing anything.
  const plan = requests.map((request) => {
    const existing = channelByName(ctx.realm, request.name);
    if (!existing) {
      checkNewChannel(ctx, request.name, request.description, options);
    } else if (existing.isArchived) {
      throw badRequest(`Channel '${existing.name}' is archived.`);
    } else if (!mayAccess(ctx, existing)) {
      throw badRequest(`Unable to access channel (${existing.name}).`);
    }
    return { request, existing };
  });
  const othersToo = principals.some((u) => u.id !== ctx.user.id);
  if (othersToo && plan.some(({ existing }) => existing && !mayAddSubscribers(ctx, existing))) throw badRequest('Insufficient permission');
  // A name repeated in one request must create a single channel, hence the second lookup.
  const created: Channel[] = [];
  const channels = plan.map(({ request, existing }) => {
    const found = existing ?? channelByName(ctx.realm, request.name);
    if (found) return found;
    const channel = addChannel(ctx, request.name, request.description, options);
    created.push(channel);
    return channel;
  });

  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  for (const user of principals) {
    for (const channel of channels) {
      const bucket = isSubscribed(user, channel) ? already : subscribed;
      (bucket[String(user.id)] ??= []).push(channel.name);
      channel.subscribers.add(user.id);
    }
  }
  // The notice of a new channel reaches its first subscribers, and is its first message.
  const notice = ctx.realm.flavor.newChannelNotice;
  if (notice)
    for (const channel of created)
      postNotification(ctx.realm, channel, notice.topic, notice.content(channel, { fullName: ctx.user.fullName, id: ctx.user.id }));
  return { subscribed, already_subscribed: already };
}

function unsubscribe(ctx: Context) {
  const names = ctx.params.list('subscriptions');
  const principals = readPrincipals(ctx);
  const channels = names.map((n) => (typeof n === 'string' ? channelByName(ctx.realm, n) : undefined));
  // Others than the caller and the caller's bots (Zulip's user_directly_controls_user).
  const othersToo = principals.some((u) => u.id !== ctx.user.id && u.botOwnerId !== ctx.user.id);
  if (othersToo && channels.some((c) => c && !mayRemoveSubscribers(ctx, c))) throw badRequest('Insufficient permission');
  const unknown = names.filter((_, i) => !channels[i]);
  if (unknown.length) throw badRequest(`Channel(s) (${unknown.join(', ')}) do not exist`);
  const removed: string[] = [];
  const notRemoved: string[] = [];
  for (const channel of channels as Channel[]) {
    for (const user of principals) {
      (channel.subscribers.delete(user.id) ? removed : notRemoved).push(channel.name);
    }
  }
  return { removed, not_removed: notRemoved };
}

const SUBSCRIBE_PARAMS = [
  'subscriptions',
  'principals',
  'invite_only',
  'is_web_public',
  'history_public_to_subscribers',
  'is_default_stream',
  'announce',
  'authorization_errors_fatal',
];

export const subscriptionRoutes: Route[] = [
  { method: 'POST', path: '/users/me/subscriptions', params: SUBSCRIBE_PARAMS, handle: subscribe },
  { method: 'DELETE', path: '/users/me/subscriptions', params: ['subscriptions', 'principals'], handle: unsubscribe },
];
