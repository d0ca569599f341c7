// GET /messages: a fixture operation (not one of the document's 21). Anchor, num_before,
// num_after and a narrow of channel/stream, channels/streams (public, web-public), topic,
// sender, id and in operators; each message carries the caller's flags ("read"), as the Zulip
// server answers it.
import { channelById, channelByName, findUser } from '../realm/access.js';
import { messageFlags, messageObject } from './message-object.js';
import { canReadMessage } from './visibility.js';
import { badRequest } from '../core/errors.js';
import type { Channel, Message, Realm, User } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import type { Quirks } from '../realm/quirk-set.js';

type Filter = (m: Message) => boolean;

/**
 * `in:home` (Zulip's exclude_muting_conditions): leaves out the topics the user muted (policy
 * 1). Unmuted (2) and followed (3) only bring topics back in muted channels, which this realm
 * does not have: in an unmuted channel unmuted acts like no policy. `in:all` leaves out nothing.
 */
function inFilter(realm: Realm, user: User, operand: unknown, quirks: Quirks): Filter {
  if (operand === 'all') return () => true;
  if (operand !== 'home') throw badRequest(`Invalid narrow operator: unknown 'in' operand ${String(operand)}`);
  const hiding = new Set(quirks.has('user-topics-unmuted-mutes') ? [1, 2] : [1]);
  const muted = realm.userTopics.filter((t) => t.userId === user.id && hiding.has(t.visibilityPolicy));
  return (m) => m.channelId === null || !muted.some((t) => t.channelId === m.channelId && t.topic.toLowerCase() === m.topic.toLowerCase());
}

function narrowFilter(realm: Realm, user: User, term: unknown, quirks: Quirks): Filter {
  let operator: unknown;
  let operand: unknown;
  let negated: unknown = false;
  if (Array.isArray(term)) [operator, operand] = term as unknown[];
  else if (typeof term === 'object' && term !== null) ({ operator, operand, negated = false } = term as Record<string, unknown>);
  if (typeof operator !== 'string') throw badRequest('Invalid narrow');
  // The alias channel came at level 250; an integer operand of id at 194.
  if (operator === 'channel' && !realm.level.has('channel narrow operator')) throw badRequest(`Invalid narrow operator: unknown operator ${operator}`);
  if (operator === 'id' && typeof operand !== 'string' && !realm.level.has('narrow id operand as an integer'))
    throw badRequest('Invalid narrow operand: id must be a string');
  const match = (() => {
    switch (operator) {
      case 'channel':
      case 'stream': {
        const channel = typeof operand === 'number' ? channelById(realm, operand) : channelByName(realm, String(operand));
        return (m: Message) => channel !== undefined && m.channelId === channel.id;
      }
      case 'channels':
      case 'streams': {
        // Zulip's by_channels: every public (or web-public) channel, subscribed or not.
        if (operand !== 'public' && operand !== 'web-public') throw badRequest(`Invalid narrow operator: unknown channels operand ${String(operand)}`);
        const wanted = (c: Channel | undefined) => c !== undefined && (operand === 'public' ? !c.inviteOnly : c.isWebPublic);
        return (m: Message) => m.channelId !== null && wanted(channelById(realm, m.channelId));
      }
      case 'topic': {
        const topic = String(operand).trim();
        const wanted = topic === realm.flavor.emptyTopicDisplayName ? '' : topic.toLowerCase();
        return (m: Message) => m.channelId !== null && m.topic.toLowerCase() === wanted;
      }
      case 'sender': {
        const sender = findUser(realm, operand);
        return (m: Message) => sender !== undefined && m.senderId === sender.id;
      }
      case 'id':
        return (m: Message) => m.id === Number(operand);
      case 'in':
        return inFilter(realm, user, operand, quirks);
      default:
        throw badRequest(`Invalid narrow operator: unknown operator ${operator}`);
    }
  })();
  return negated === true ? (m) => !match(m) : match;
}

function readAnchor(ctx: Context, visible: Message[]): number {
  const raw = ctx.params.optString('anchor') ?? (ctx.params.bool('use_first_unread_anchor', false) ? 'first_unread' : undefined);
  if (raw === undefined) throw ctx.params.missing('anchor');
  if (raw === 'newest') return Number.MAX_SAFE_INTEGER;
  if (raw === 'oldest') return 0;
  if (raw === 'first_unread') {
    const unread = visible.find((m) => !messageFlags(ctx.user, m).includes('read'));
    return unread ? unread.id : Number.MAX_SAFE_INTEGER;
  }
  if (!/^\d+$/.test(raw)) throw badRequest('Invalid anchor');
  return Number(raw);
}

function getMessages(ctx: Context) {
  const p = ctx.params;
  const numBefore = p.int('num_before');
  const numAfter = p.int('num_after');
  if (numBefore < 0 || numAfter < 0) throw badRequest('Invalid num_before or num_after');
  const filters = (p.optList('narrow') ?? []).map((term) => narrowFilter(ctx.realm, ctx.user, term, ctx.quirks));
  const markdown = p.bool('apply_markdown', true);
  const allowEmptyTopic = p.bool('allow_empty_topic_name', false);
  p.optBool('client_gravatar');
  const includeAnchor = p.bool('include_anchor', true);
  const visible = ctx.realm.messages.filter((m) => canReadMessage(ctx.realm, ctx.user, m) && filters.every((f) => f(m))).sort((a, b) => a.id - b.id);
  const anchor = readAnchor(ctx, visible);
  const allBefore = visible.filter((m) => m.id < anchor);
  const allAfter = visible.filter((m) => m.id > anchor);
  const before = numBefore === 0 ? [] : allBefore.slice(-numBefore);
  const at = visible.filter((m) => m.id === anchor && includeAnchor);
  const after = allAfter.slice(0, numAfter);
  const chosen = [...before, ...at, ...after];
  return {
    anchor,
    found_anchor: at.length > 0,
    found_oldest: before.length === allBefore.length,
    found_newest: after.length === allAfter.length,
    history_limited: false,
    messages: chosen.map((m) => messageObject(ctx, m, markdown, allowEmptyTopic)),
  };
}

const FETCH_PARAMS = [
  'anchor',
  'num_before',
  'num_after',
  'narrow',
  'apply_markdown',
  'client_gravatar',
  'include_anchor',
  'allow_empty_topic_name',
  'use_first_unread_anchor',
];

export const messageFetchRoutes: Route[] = [{ method: 'GET', path: '/messages', params: FETCH_PARAMS, handle: getMessages }];
