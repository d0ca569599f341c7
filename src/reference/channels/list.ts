// Op 20, GET /streams: the union of the channel sets the include_* flags ask for, minus
// archived channels, in the flavor's order (Zulip: by name). Where Zulip contradicts the
// document (include_default, guests and include_public, include_all_active), the zulip flavor
// does what Zulip does and the variant what the document says. And Zulip's GET
// /streams/{stream_id}: one channel, to whoever may see its metadata.
import { channelById, hasContentAccess, hasMetadataAccess, isAdmin, isGuest, isSubscribed } from '../realm/access.js';
import { channelObject } from './channel-object.js';
import { channelsFollowDocument } from './lookup-and-archive.js';
import { adminRequired, badRequest } from '../core/errors.js';
import type { Channel } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { sendEvent } from '../events/queue.js';

const FLAGS = {
  include_public: true,
  include_web_public: false,
  include_subscribed: true,
  exclude_archived: true,
  include_all: false,
  include_default: false,
  include_owner_subscribed: false,
  include_can_access_content: false,
  include_all_active: false,
} as const;

type Flag = keyof typeof FLAGS;
type Flags = Record<Flag, boolean>;

function readFlags(ctx: Context): Flags {
  const lenient = ctx.quirks.has('streams-bad-boolean-accepted');
  const flags = {} as Flags;
  for (const name of Object.keys(FLAGS) as Flag[]) {
    try {
      flags[name] = ctx.params.bool(name, FLAGS[name]);
    } catch (err) {
      if (!lenient) throw err;
      flags[name] = false;
    }
  }
  return flags;
}

/** Applies the quirks that make a flag lose its effect. */
function effectiveFlags(ctx: Context, flags: Flags): Flags {
  const q = ctx.quirks;
  const f = { ...flags };
  // Zulip: include_all_active is a plain alias of include_all, with no extra check; the document
  // says it requires administrative privileges.
  if ((q.has('streams-admin-only-include-all-active') || channelsFollowDocument(ctx)) && f.include_all_active && !isAdmin(ctx.user)) {
    throw adminRequired();
  }
  // Before feature level 356 it was indeed for administrators only (and include_all did not exist).
  if (f.include_all_active && !isAdmin(ctx.user) && !ctx.realm.level.has('include_all_active for everyone')) {
    throw badRequest('User not authorized for this query');
  }
  f.include_all = f.include_all || f.include_all_active;
  if (q.has('streams-ignore-include-public')) f.include_public = true;
  if (q.has('streams-ignore-include-subscribed')) f.include_subscribed = true;
  if (q.has('streams-include-archived')) f.exclude_archived = false;
  if (q.has('streams-ignore-include-web-public')) f.include_web_public = false;
  if (q.has('streams-ignore-include-all')) f.include_all = false;
  if (q.has('streams-ignore-include-default')) f.include_default = false;
  if (q.has('streams-ignore-include-can-access-content')) f.include_can_access_content = false;
  if (q.has('streams-ignore-owner-subscribed')) f.include_owner_subscribed = false;
  return f;
}

function selectChannels(ctx: Context, f: Flags): Channel[] {
  const { user, realm } = ctx;
  const owner = user.isBot && user.botOwnerId !== null ? realm.users.find((u) => u.id === user.botOwnerId) : undefined;
  const leakAll = ctx.quirks.has('streams-include-all-leaks-private');
  // Zulip ignores include_public for guests, and include_default only annotates what the other
  // flags select (zerver/lib/streams.py get_streams_for_user); the document says otherwise.
  const document = channelsFollowDocument(ctx);
  return realm.channels.filter((c) => {
    const wanted =
      (f.include_public && (document || !isGuest(user)) && !c.inviteOnly) ||
      (f.include_web_public && c.isWebPublic) ||
      (f.include_subscribed && isSubscribed(user, c)) ||
      (f.include_all && (leakAll || hasMetadataAccess(user, c))) ||
      (document && f.include_default && c.isDefault) ||
      (f.include_owner_subscribed && owner !== undefined && isSubscribed(owner, c)) ||
      (f.include_can_access_content && hasContentAccess(user, c));
    return wanted && !(f.exclude_archived && c.isArchived);
  });
}

function getStreams(ctx: Context) {
  const flags = effectiveFlags(ctx, readFlags(ctx));
  const channels = selectChannels(ctx, flags).sort((a, b) => ctx.realm.flavor.compareChannels(a, b));
  if (ctx.quirks.has('streams-unsorted')) channels.reverse();
  // A read changes nothing and sends no event (the fault tells the caller of every listed channel).
  if (ctx.quirks.has('streams-read-sends-event')) {
    for (const c of channels)
      sendEvent(ctx.realm, [ctx.user.id], { type: 'stream', op: 'update', property: 'description', value: c.description, stream_id: c.id, name: c.name });
  }
  return { streams: channels.map((c) => channelObject(ctx.realm, c, ctx.quirks, flags.include_default)) };
}

/** Zulip's get_stream_backend (zerver/views/streams.py): access_stream_by_id without content access. */
function getStream(ctx: Context) {
  const channel = channelById(ctx.realm, ctx.path.stream_id);
  if (!channel || !hasMetadataAccess(ctx.user, channel)) throw badRequest('Invalid channel ID');
  return { stream: channelObject(ctx.realm, channel, ctx.quirks, false) };
}

export const streamRoutes: Route[] = [
  { method: 'GET', path: '/streams', params: Object.keys(FLAGS), handle: getStreams },
  { method: 'GET', path: '/streams/{stream_id}', params: [], handle: getStream },
];
