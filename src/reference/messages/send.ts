// POST /messages: a fixture operation. Long topics and contents are truncated, as Zulip does.
import { channelById, channelByName, findUser, isGuest, isSubscribed } from '../realm/access.js';
import { ApiError, badRequest } from '../core/errors.js';
import type { Channel, Realm, User } from '../realm/model.js';
import { codePointLength } from '../core/params.js';
import type { Context, Route } from '../core/router.js';
import { allocate } from '../realm/flavor.js';
import { sendMessageEvent } from './send-events.js';
import { namesEmptyTopic, refuseEmptyTopicBefore334 } from '../channels/topic-names.js';
import { checkTopicsPolicy } from './topics-policy.js';

function truncate(text: string, limit: number, marker: string): string {
  if (codePointLength(text) <= limit) return text;
  return [...text].slice(0, limit - marker.length).join('') + marker;
}

function readContent(ctx: Context): string {
  const content = ctx.params.string('content').trimEnd();
  if (content === '') throw badRequest('Message must not be empty');
  if (content.includes('\0')) throw badRequest('Message must not contain null bytes');
  return truncate(content, ctx.realm.flavor.limits.message, '\n[message truncated]');
}

/** `to` for a channel message: an id, a one-element JSON list, or a name. */
function findTargetChannel(realm: Realm, to: string): Channel {
  let target: unknown = to;
  try {
    target = JSON.parse(to);
  } catch {
    // a plain channel name
  }
  if (Array.isArray(target)) {
    if (target.length !== 1) throw badRequest('Cannot send to multiple channels');
    target = target[0];
  }
  if (typeof target === 'number') {
    const channel = channelById(realm, target);
    if (!channel) throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${target}' does not exist`, { stream_id: target });
    return channel;
  }
  const name = typeof target === 'string' ? target : to;
  const channel = channelByName(realm, name);
  if (!channel) throw new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, { stream: name });
  return channel;
}

function sendToChannel(ctx: Context, to: string, content: string): number {
  const channel = findTargetChannel(ctx.realm, to);
  const mayPost = isSubscribed(ctx.user, channel) || (!channel.inviteOnly && !isGuest(ctx.user));
  if (channel.isArchived || !mayPost) throw badRequest(`Not authorized to send to channel '${channel.name}'`);
  const raw = ctx.params.optString('topic') ?? ctx.params.optString('subject');
  if (raw === undefined) throw badRequest('Missing topic');
  const trimmed = raw.trim();
  // The display name of the empty topic means the empty topic itself, and so does "(no topic)" from level 370.
  const noTopic = trimmed === '(no topic)' && ctx.realm.level.has('(no topic) is the empty topic when sending');
  const topic = namesEmptyTopic(ctx.realm, trimmed) || noTopic ? '' : truncate(trimmed, ctx.realm.flavor.limits.topic, '...');
  refuseEmptyTopicBefore334(ctx.realm, topic);
  checkTopicsPolicy(ctx.realm, channel, topic === '');
  return store(ctx, { channelId: channel.id, recipientIds: [], topic, content });
}

function readRecipients(realm: Realm, to: string): User[] {
  let list: unknown;
  try {
    list = JSON.parse(to);
  } catch {
    list = to
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (!Array.isArray(list)) list = [list];
  const items = list as unknown[];
  if (items.length === 0) throw badRequest('Message must have recipients');
  const kinds = new Set(items.map((x) => typeof x));
  if (kinds.size > 1) throw badRequest('Recipient lists may contain emails or user IDs, but not both.');
  return items.map((item) => {
    const user = findUser(realm, item);
    if (!user) throw badRequest(typeof item === 'number' ? `Invalid user ID ${item}` : `Invalid email '${String(item)}'`);
    if (!user.isActive) throw badRequest(`'${user.email}' is no longer using Zulip.`);
    return user;
  });
}

function store(ctx: Context, fields: { channelId: number | null; recipientIds: number[]; topic: string; content: string }): number {
  const id = allocate(ctx.realm, 'message');
  // Like Zulip's UserMessage rows: the current subscribers (or the direct recipients) get a
  // copy; the sender's own copy is already read.
  const channel = fields.channelId === null ? undefined : ctx.realm.channels.find((c) => c.id === fields.channelId);
  const holders = new Set([ctx.user.id, ...(channel ? channel.subscribers : fields.recipientIds)]);
  const message = { id, senderId: ctx.user.id, timestamp: Math.floor(Date.now() / 1000), ...fields, holders, readBy: new Set([ctx.user.id]) };
  ctx.realm.messages.push(message);
  sendMessageEvent(ctx.realm, ctx.quirks, message);
  return id;
}

function sendMessage(ctx: Context) {
  const { params } = ctx;
  const type = params.optEnum('type', ['stream', 'channel', 'direct', 'private'] as const);
  if (type === undefined) throw params.missing('type');
  const to = params.string('to');
  const content = readContent(ctx);
  ['queue_id', 'local_id'].forEach((name) => params.optString(name));
  params.optBool('read_by_sender');
  if (type === 'stream' || type === 'channel') return { id: sendToChannel(ctx, to, content) };
  const recipients = readRecipients(ctx.realm, to);
  return { id: store(ctx, { channelId: null, recipientIds: recipients.map((u) => u.id), topic: '', content }) };
}

export const messageRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages',
    params: ['type', 'to', 'topic', 'subject', 'content', 'queue_id', 'local_id', 'read_by_sender'],
    handle: sendMessage,
  },
];
