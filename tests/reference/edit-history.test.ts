// Op 15, GET /messages/{message_id}/history: snapshots as Zulip's fill_edit_history_entries.
import { describe, expect, it } from 'vitest';
import { call, expectError, useServer } from './helpers.js';
import { edit, freshTopic, history, newChannel, send, setRealm, GENERAL } from './edit-helpers.js';

const FIVE = ['content', 'rendered_content', 'timestamp', 'topic', 'user_id'];

describe('reference server: GET /messages/{message_id}/history', () => {
  const server = useServer();

  it('an unedited message has the original snapshot only, with its five fields', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('plain'), 'hello **world**');
    const h = await history(s, 'member', id);
    expect(h).toHaveLength(1);
    expect(Object.keys(h[0]).sort()).toEqual(FIVE);
    expect(h[0]).toMatchObject({ content: 'hello **world**', rendered_content: '<p>hello <strong>world</strong></p>', user_id: s.accounts.member.userId });
  });

  it('each later snapshot carries only what its edit changed, oldest first', async () => {
    const s = server();
    const topic = freshTopic('story');
    const target = await newChannel(s, 'history target', {}, [s.accounts.member.email, s.accounts.admin.email]);
    const id = await send(s, 'member', topic, 'v1');
    await edit(s, 'member', id, { content: 'v2' });
    await edit(s, 'admin', id, { topic: `${topic} b`, send_notification_to_new_thread: 'false' });
    await edit(s, 'member', id, { stream_id: String(target), send_notification_to_new_thread: 'false' });
    const h = await history(s, 'member', id);
    expect(h.map((x) => Object.keys(x).sort())).toEqual([
      FIVE,
      [...FIVE, 'content_html_diff', 'prev_content', 'prev_rendered_content'].sort(),
      [...FIVE, 'prev_topic'].sort(),
      [...FIVE, 'prev_stream', 'stream'].sort(),
    ]);
    expect(h.map((x) => x.content)).toEqual(['v1', 'v2', 'v2', 'v2']);
    expect(h.map((x) => x.topic)).toEqual([topic, topic, `${topic} b`, `${topic} b`]);
    expect(h[1]).toMatchObject({ prev_content: 'v1', prev_rendered_content: '<p>v1</p>', user_id: s.accounts.member.userId });
    expect(h[2]).toMatchObject({ prev_topic: topic, user_id: s.accounts.admin.userId });
    expect(h[3]).toMatchObject({ prev_stream: GENERAL, stream: target });
    expect(h.map((x) => x.timestamp)).toEqual([...h.map((x) => x.timestamp)].sort());
  });

  it('messages moved along with the target get their own snapshot', async () => {
    const s = server();
    const topic = freshTopic('along');
    const a = await send(s, 'member', topic);
    const b = await send(s, 'member2', topic);
    await edit(s, 'member', a, { topic: `${topic} moved`, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' });
    const h = await history(s, 'member2', b);
    expect(h).toHaveLength(2);
    expect(h[1]).toMatchObject({ prev_topic: topic, topic: `${topic} moved`, user_id: s.accounts.member.userId });
  });

  it('the empty topic shown as "general chat" unless allow_empty_topic_name', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('to empty'));
    await edit(s, 'member', id, { topic: '', send_notification_to_new_thread: 'false' });
    expect((await history(s, 'member', id))[1]).toMatchObject({ topic: 'general chat' });
    expect((await history(s, 'member', id, { allow_empty_topic_name: 'true' }))[1]).toMatchObject({ topic: '' });
  });

  it('a nonexistent or inaccessible message is BAD_REQUEST', async () => {
    const s = server();
    expectError(await call(s, 'GET', '/messages/999999/history', { as: s.accounts.member }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    const secret = await newChannel(s, 'hidden history', { invite_only: 'true' });
    const id = await send(s, 'owner', 'x', 'secret', secret);
    expectError(await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts.member }), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('message_edit_history_visibility_policy: "none" refuses the history, "moves" leaves content edits out; POST /register shows it and the derived realm_allow_edit_history', async () => {
    const s = server();
    const topic = freshTopic('policy');
    const id = await send(s, 'member', topic, 'v1');
    await edit(s, 'member', id, { content: 'v2' });
    await edit(s, 'member', id, { topic: `${topic} b`, send_notification_to_new_thread: 'false' });
    const register = async () => (await call(s, 'POST', '/register', { as: s.accounts.member })).body;
    expect(await register()).toMatchObject({ realm_message_edit_history_visibility_policy: 'all', realm_allow_edit_history: true });
    expect((await setRealm(s, { message_edit_history_visibility_policy: 'moves' })).body.result).toBe('success');
    const moves = await history(s, 'member', id);
    expect(moves.map((x) => x.prev_topic ?? null)).toEqual([null, topic]);
    expect(moves.some((x) => 'prev_content' in x)).toBe(false);
    expect(await register()).toMatchObject({ realm_message_edit_history_visibility_policy: 'moves', realm_allow_edit_history: true });
    await setRealm(s, { message_edit_history_visibility_policy: 'none' });
    expect(await register()).toMatchObject({ realm_message_edit_history_visibility_policy: 'none', realm_allow_edit_history: false });
    expectError(
      await call(s, 'GET', `/messages/${id}/history`, { as: s.accounts.member }),
      400,
      'BAD_REQUEST',
      'Message edit history is disabled in this organization',
    );
    // The boolean of feature levels before 358 is no parameter any more.
    expect((await setRealm(s, { allow_edit_history: 'true' })).body.ignored_parameters_unsupported).toEqual(['allow_edit_history']);
    await setRealm(s, { message_edit_history_visibility_policy: 'all' });
    expect(await history(s, 'member', id)).toHaveLength(3);
  });
});
