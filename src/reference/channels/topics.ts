// Op 17, GET /users/me/{stream_id}/topics: the channel's topics, most recent first, each with
// the ID of its last message the caller may read. Also the topic-parameter rule that the
// empty topic's display name means the empty topic (used by ops 14 and 16).
import { channelById, hasContentAccess } from '../realm/access.js';
import { badRequest } from '../core/errors.js';
import { canReadMessage } from '../messages/visibility.js';
import type { Channel } from '../realm/model.js';
import type { Context, Route } from '../core/router.js';
import { namesEmptyTopic } from './topic-names.js';

/** A topic parameter: realm_empty_topic_display_name names the empty topic. */
export function readTopicName(ctx: Context, name: string): string {
  if (ctx.quirks.has('topic-display-name-literal')) return name;
  return namesEmptyTopic(ctx.realm, name) ? '' : name;
}

/** A channel the caller may read; a missing and a hidden channel give the same error. */
export function readableChannel(ctx: Context, id: number, evenHidden = false): Channel {
  const channel = channelById(ctx.realm, id);
  const visible = channel && (evenHidden || hasContentAccess(ctx.user, channel));
  if (!channel || !visible) throw badRequest('Invalid channel ID');
  return channel;
}

function getTopics(ctx: Context) {
  const q = ctx.quirks;
  const channel = readableChannel(ctx, ctx.path.stream_id, q.has('topics-inaccessible-ok'));
  const allowEmpty = ctx.params.bool('allow_empty_topic_name', false);
  // Protected history: only messages the caller holds a copy of (sent after they subscribed).
  const leak = q.has('topics-protected-history-leak');
  const everyChannel = q.has('topics-every-channel');
  const messages = ctx.realm.messages
    .filter((m) => (m.channelId === channel.id || (everyChannel && m.channelId !== null)) && (leak || canReadMessage(ctx.realm, ctx.user, m)))
    .sort((a, b) => b.id - a.id);
  const topics = new Map<string, { name: string; max_id: number; min_id: number }>();
  for (const m of messages) {
    const key = m.topic.toLowerCase();
    const entry = topics.get(key);
    if (entry) entry.min_id = m.id;
    else topics.set(key, { name: m.topic, max_id: m.id, min_id: m.id }); // the newest spelling wins
  }
  const list = [...topics.values()];
  if (q.has('topics-oldest-first')) list.reverse();
  return {
    topics: list.map((t) => {
      const display = ctx.realm.flavor.emptyTopicDisplayName;
      let name = t.name === '' && !allowEmpty ? display : t.name;
      if (t.name === '' && q.has('topics-empty-name-raw')) name = '';
      if (t.name === '' && q.has('topics-ignore-allow-empty')) name = display;
      return { name, max_id: q.has('topics-max-id-first-message') ? t.min_id : t.max_id };
    }),
  };
}

export const topicRoutes: Route[] = [{ method: 'GET', path: '/users/me/{stream_id}/topics', params: ['allow_empty_topic_name'], handle: getTopics }];
