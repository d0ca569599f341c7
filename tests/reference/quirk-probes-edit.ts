// Probes for the quirks of PATCH /messages/{message_id} and its edit history (see quirk-probes.ts).
import { createHash } from 'node:crypto';
import type { ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';
import type { QuirkProbe } from './quirk-probe.js';
import { ANCIENT, edit, history, newChannel, send, setRealm, topicIds, upload, GENERAL, type Who } from './edit-helpers.js';

const result = async (s: ReferenceServer, who: Who, id: number, form: Record<string, string>) => (await edit(s, who, id, form)).body.result;
const quiet = { send_notification_to_new_thread: 'false' };
const CORE_TEAM = 3;
const moderatorsOnly = JSON.stringify({ new: 5 });

/** Three messages in a topic; the middle one moved with `mode`; the moved positions. */
async function moved(s: ReferenceServer, mode: string): Promise<number[]> {
  const ids = [await send(s, 'member', 'p'), await send(s, 'member', 'p'), await send(s, 'member', 'p')];
  await edit(s, 'member', ids[1], { topic: 'q', propagate_mode: mode, ...quiet });
  return (await topicIds(s, GENERAL, 'q')).map((id) => ids.indexOf(id));
}

async function dm(s: ReferenceServer): Promise<number> {
  return (await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'direct', to: `[${s.accounts.member2.userId}]`, content: 'psst' } })).body
    .id;
}

async function historyKeys(s: ReferenceServer): Promise<string[][]> {
  const id = await send(s, 'member', 'h', 'v1');
  await edit(s, 'member', id, { content: 'v2' });
  return (await history(s, 'member', id)).map((x) => Object.keys(x).sort());
}

const FIVE = ['content', 'rendered_content', 'timestamp', 'topic', 'user_id'];
const CONTENT_EDIT = [...FIVE, 'content_html_diff', 'prev_content', 'prev_rendered_content'].sort();

export const editProbes: QuirkProbe[] = [
  {
    quirk: 'edit-content-and-stream-ok',
    probe: async (s) => result(s, 'member', await send(s, 'member', 't'), { content: 'x', stream_id: '2' }),
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'edit-dm-topic-ok', probe: async (s) => result(s, 'member', await dm(s), { topic: 'x' }), normal: 'error', quirked: 'success' },
  {
    quirk: 'edit-resolve-empty-topic-ok',
    probe: async (s) => result(s, 'member', await send(s, 'member', ''), { topic: '✔ ' }),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-content-propagate-ok',
    probe: async (s) => result(s, 'member', await send(s, 'member', 't'), { content: 'x', propagate_mode: 'change_all' }),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-sha256-ignored',
    probe: async (s) =>
      result(s, 'member', await send(s, 'member', 't', 'a'), { content: 'b', prev_content_sha256: createHash('sha256').update('z').digest('hex') }),
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-topic-no-truncate',
    probe: async (s) => {
      const id = await send(s, 'member', 't');
      await edit(s, 'member', id, { topic: 'y'.repeat(61), ...quiet });
      return (await topicIds(s, GENERAL, 'y'.repeat(61))).length;
    },
    normal: 0,
    quirked: 1,
  },
  {
    quirk: 'edit-topic-display-name-literal',
    probe: async (s) => {
      const id = await send(s, 'member', 't');
      await edit(s, 'member', id, { topic: 'general chat', ...quiet });
      return (await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member, query: { allow_empty_topic_name: 'true' } })).body.message.subject;
    },
    normal: '',
    quirked: 'general chat',
  },
  {
    quirk: 'edit-topics-policy-ignored',
    probe: async (s) => {
      await setRealm(s, { topics_policy: 'disable_empty_topic' });
      return result(s, 'member', await send(s, 'member', 't'), { topic: '' });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-editing-disabled-ignored',
    probe: async (s) => {
      const id = await send(s, 'member', 't');
      await setRealm(s, { allow_message_editing: 'false' });
      return result(s, 'member', id, { content: 'x' });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-others-content-ok',
    probe: async (s) => result(s, 'admin', await send(s, 'member', 't'), { content: 'x' }),
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'edit-content-no-time-limit', probe: (s) => result(s, 'member', ANCIENT.ids[0], { content: 'x' }), normal: 'error', quirked: 'success' },
  { quirk: 'edit-topic-no-time-limit', probe: (s) => result(s, 'member', ANCIENT.ids[0], { topic: 'x', ...quiet }), normal: 'error', quirked: 'success' },
  { quirk: 'edit-time-limit-for-admins', probe: (s) => result(s, 'admin', ANCIENT.ids[0], { topic: 'x', ...quiet }), normal: 'success', quirked: 'error' },
  {
    quirk: 'edit-no-time-limit',
    probe: async (s) => (await edit(s, 'member', await send(s, 'member', ANCIENT.topic), { topic: 'x', propagate_mode: 'change_all' })).body.code,
    normal: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    quirked: undefined,
  },
  {
    quirk: 'edit-time-limit-no-fields',
    probe: async (s) =>
      (await edit(s, 'member', await send(s, 'member', ANCIENT.topic), { topic: 'x', propagate_mode: 'change_all' })).body.total_messages_allowed_to_move,
    normal: 1,
    quirked: undefined,
  },
  {
    quirk: 'edit-member-moves-without-permission',
    probe: async (s) => {
      await setRealm(s, { can_move_messages_between_topics_group: moderatorsOnly });
      return result(s, 'member', await send(s, 'member', 't'), { topic: 'u' });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-channel-move-without-permission',
    probe: async (s) => {
      await setRealm(s, { can_move_messages_between_channels_group: moderatorsOnly });
      return result(s, 'member', await send(s, 'member', 't'), { stream_id: '4', ...quiet });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-resolve-permission-ignored',
    probe: async (s) => {
      await setRealm(s, { can_resolve_topics_group: moderatorsOnly });
      return result(s, 'member', await send(s, 'member', 't'), { topic: '✔ t' });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-wildcard-ok',
    probe: async (s) => {
      const crowd = Array.from({ length: 11 }, (_, i) => `crowd${String(i + 1).padStart(2, '0')}@reference.test`);
      const channel = await newChannel(s, 'crowd', {}, [...Object.values(s.accounts).map((a) => a.email), ...crowd]);
      return result(s, 'member', await send(s, 'member', 't', 'x', channel), { content: '@**all**' });
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-topic-wildcard-ok',
    probe: async (s) => result(s, 'member', await send(s, 'member', 'town hall'), { content: '@**topic**' }),
    normal: 'error',
    quirked: 'success',
  },
  { quirk: 'edit-change-all-moves-one', probe: (s) => moved(s, 'change_all'), normal: [0, 1, 2], quirked: [1] },
  { quirk: 'edit-change-later-moves-all', probe: (s) => moved(s, 'change_later'), normal: [1, 2], quirked: [0, 1, 2] },
  {
    quirk: 'edit-protected-history-moves-all',
    probe: async (s) => {
      const secret = await newChannel(s, 'secret', { invite_only: 'true', history_public_to_subscribers: 'false' });
      await send(s, 'owner', 'p', 'early', secret);
      await call(s, 'POST', '/users/me/subscriptions', {
        as: s.accounts.owner,
        form: { subscriptions: '[{"name":"secret"}]', principals: `["${s.accounts.member.email}"]` },
      });
      await edit(s, 'member', await send(s, 'member', 'p', 'late', secret), { topic: 'q', propagate_mode: 'change_all', ...quiet });
      return (await topicIds(s, secret, 'q')).length;
    },
    normal: 1,
    quirked: 2,
  },
  {
    // The seeded topic "old plans" of "core team": the member, subscribed again, holds two of its four old messages.
    quirk: 'edit-time-limit-counts-inaccessible',
    probe: async (s) => {
      await call(s, 'POST', '/users/me/subscriptions', {
        as: s.accounts.owner,
        form: { subscriptions: '[{"name":"core team"}]', principals: `[${s.accounts.member.userId}]` },
      });
      await call(s, 'PATCH', `/streams/${CORE_TEAM}`, {
        as: s.accounts.owner,
        form: { can_move_messages_within_channel_group: JSON.stringify({ new: { direct_members: [s.accounts.member.userId], direct_subgroups: [] } }) },
      });
      await setRealm(s, { move_messages_within_stream_limit_seconds: '86400' });
      const fresh = await send(s, 'member', 'old plans', 'new', CORE_TEAM);
      return (await edit(s, 'member', fresh, { topic: 'q', propagate_mode: 'change_all', ...quiet })).body.total_messages_in_topic;
    },
    normal: 3,
    quirked: 5,
  },
  {
    quirk: 'edit-ids-change-on-move',
    probe: async (s) => {
      const id = await send(s, 'member', 't');
      await edit(s, 'member', id, { topic: 'moved', ...quiet });
      return (await topicIds(s, GENERAL, 'moved')).includes(id);
    },
    normal: true,
    quirked: false,
  },
  {
    quirk: 'edit-no-move-notices',
    probe: async (s) => {
      await edit(s, 'member', await send(s, 'member', 't'), { topic: 'n' });
      return (await topicIds(s, GENERAL, 'n')).length;
    },
    normal: 2,
    quirked: 1,
  },
  {
    quirk: 'edit-old-thread-notice-by-default',
    probe: async (s) => {
      await edit(s, 'member', await send(s, 'member', 'o'), { topic: 'n', ...quiet });
      return (await topicIds(s, GENERAL, 'o')).length;
    },
    normal: 0,
    quirked: 1,
  },
  {
    quirk: 'edit-resolve-notifies-moved',
    probe: async (s) => {
      await edit(s, 'member', await send(s, 'member', 'r'), { topic: '✔ r' });
      return (await topicIds(s, GENERAL, '✔ r')).length;
    },
    normal: 2,
    quirked: 3,
  },
  {
    quirk: 'edit-no-detached-uploads',
    probe: async (s) => {
      const url = await upload(s, 'member');
      const id = await send(s, 'member', 't', `[f](${url})`);
      return (await edit(s, 'member', id, { content: 'gone' })).body.detached_uploads.length;
    },
    normal: 1,
    quirked: 0,
  },
  {
    quirk: 'edit-detached-ignores-other-links',
    probe: async (s) => {
      const url = await upload(s, 'member');
      const id = await send(s, 'member', 't', `[f](${url})`);
      await send(s, 'member', 't', `[f](${url}) again`);
      return (await edit(s, 'member', id, { content: 'gone' })).body.detached_uploads.length;
    },
    normal: 0,
    quirked: 1,
  },
  { quirk: 'edit-history-extra-fields', probe: historyKeys, normal: [FIVE, CONTENT_EDIT], quirked: [FIVE, [...CONTENT_EDIT, 'prev_topic'].sort()] },
  {
    quirk: 'edit-history-unsorted',
    probe: async (s) => {
      const id = await send(s, 'member', 'h', 'v1');
      await edit(s, 'member', id, { content: 'v2' });
      return (await history(s, 'member', id)).map((x) => x.content);
    },
    normal: ['v1', 'v2'],
    quirked: ['v2', 'v1'],
  },
  {
    quirk: 'edit-history-ignores-disabled',
    probe: async (s) => {
      const id = await send(s, 'member', 'h', 'v1');
      await setRealm(s, { message_edit_history_visibility_policy: 'none' });
      return (await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts.member })).body.result;
    },
    normal: 'error',
    quirked: 'success',
  },
  {
    quirk: 'edit-history-moves-shows-all',
    probe: async (s) => {
      const id = await send(s, 'member', 'h', 'v1');
      await edit(s, 'member', id, { content: 'v2' });
      await setRealm(s, { message_edit_history_visibility_policy: 'moves' });
      return (await history(s, 'member', id)).length;
    },
    normal: 1,
    quirked: 2,
  },
  {
    quirk: 'edit-content-no-truncate',
    probe: async (s) => {
      const id = await send(s, 'member', 't');
      await edit(s, 'member', id, { content: 'x'.repeat(10001) });
      return (await history(s, 'member', id))[1].content;
    },
    normal: `${'x'.repeat(10000 - 20)}\n[message truncated]`,
    quirked: 'x'.repeat(10001),
  },
  {
    quirk: 'edit-partial-move-refused',
    probe: async (s) => {
      const secret = await newChannel(s, 'partial', { invite_only: 'true', history_public_to_subscribers: 'false' });
      await send(s, 'owner', 'p', 'early', secret);
      await call(s, 'POST', '/users/me/subscriptions', {
        as: s.accounts.owner,
        form: { subscriptions: '[{"name":"partial"}]', principals: `["${s.accounts.member.email}"]` },
      });
      return result(s, 'member', await send(s, 'member', 'p', 'late', secret), { topic: 'q', propagate_mode: 'change_all', ...quiet });
    },
    normal: 'success',
    quirked: 'error',
  },
  {
    quirk: 'edit-resolve-undo-posts-notice',
    probe: async (s) => {
      const id = await send(s, 'member', 'undo probe');
      await edit(s, 'member', id, { topic: '✔ undo probe', propagate_mode: 'change_all' });
      await edit(s, 'member', id, { topic: 'undo probe', propagate_mode: 'change_all' });
      return (await topicIds(s, GENERAL, 'undo probe')).length;
    },
    normal: 1,
    quirked: 3,
  },
  {
    quirk: 'edit-history-empty-topic-raw',
    probe: async (s) => (await history(s, 'member', 3))[0].topic,
    normal: 'general chat',
    quirked: '',
  },
  {
    quirk: 'edit-history-target-only',
    probe: async (s) => {
      const a = await send(s, 'member', 'w');
      const b = await send(s, 'member', 'w');
      await edit(s, 'member', a, { topic: 'x', propagate_mode: 'change_all', ...quiet });
      return (await history(s, 'member', b)).length;
    },
    normal: 2,
    quirked: 1,
  },
];
