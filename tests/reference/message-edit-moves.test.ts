// Op 1, PATCH /messages/{message_id}: topic changes, channel moves, propagate modes, notices,
// resolving, permissions and time limits (rules 3-8).
import { describe, expect, it } from 'vitest';
import { SEED_USER_IDS } from '../../src/reference/realm/seed-ids.js';

// The zulip flavor numbers the seeded users as the seed does.
const NOTIFICATION_BOT_ID = SEED_USER_IDS.notificationBot;
import { call, expectError, expectSuccess, useServer } from './helpers.js';
import { ANCIENT, edit, freshTopic, newChannel, send, setRealm, topicIds, topicMessages, GENERAL } from './edit-helpers.js';

describe('reference server: PATCH /messages/{message_id}, moves', () => {
  const server = useServer();

  it('propagate modes: change_one, change_later, change_all; ids kept', async () => {
    const s = server();
    for (const [mode, moved] of [
      ['change_one', [1]],
      ['change_later', [1, 2]],
      ['change_all', [0, 1, 2]],
    ] as const) {
      const topic = freshTopic(mode);
      const ids = [await send(s, 'member', topic), await send(s, 'member2', topic), await send(s, 'member', topic)];
      expectSuccess(await edit(s, 'member', ids[1], { topic: `${topic} moved`, propagate_mode: mode, send_notification_to_new_thread: 'false' }));
      expect(await topicIds(s, GENERAL, `${topic} moved`)).toEqual(moved.map((i) => ids[i]));
      expect(await topicIds(s, GENERAL, topic)).toEqual(ids.filter((_, i) => !(moved as readonly number[]).includes(i)));
    }
  });

  it('notices: new thread by default, old thread on request, sent by the notification bot', async () => {
    const s = server();
    const topic = freshTopic('notice');
    const id = await send(s, 'member', topic);
    expectSuccess(await edit(s, 'member', id, { topic: `${topic} new`, propagate_mode: 'change_all' }));
    const moved = await topicMessages(s, GENERAL, `${topic} new`);
    expect(moved.map((m) => m.sender_id)).toEqual([s.accounts.member.userId, NOTIFICATION_BOT_ID]);
    expect(moved[1].content).toMatch(/^This topic was moved here from #\*\*general>notice \d+\*\* by @_\*\*Max Member\|13\*\*\.$/);
    expect(await topicIds(s, GENERAL, topic)).toEqual([]);
    const two = freshTopic('notice');
    const a = await send(s, 'member', two);
    await send(s, 'member', two);
    expectSuccess(await edit(s, 'member', a, { topic: `${two} new`, send_notification_to_old_thread: 'true', send_notification_to_new_thread: 'false' }));
    const left = await topicMessages(s, GENERAL, two);
    expect(left.at(-1)!.content).toMatch(/^A message was moved from this topic to #\*\*general>notice \d+ new\*\* by @_\*\*Max Member\|13\*\*\.$/);
    expect(await topicIds(s, GENERAL, `${two} new`)).toEqual([a]);
  });

  it('topic rules: "general chat" means "", at most 60 characters (truncated), the empty topic cannot be resolved', async () => {
    const s = server();
    const id = await send(s, 'member', freshTopic('named'));
    expectSuccess(await edit(s, 'member', id, { topic: 'general chat', send_notification_to_new_thread: 'false' }));
    expect((await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member, query: { allow_empty_topic_name: 'true' } })).body.message.subject).toBe('');
    expectError(await edit(s, 'member', id, { topic: '✔ ' }), 400, 'BAD_REQUEST', 'General chat cannot be marked as resolved');
    expectError(await edit(s, 'member', id, { topic: '✔ general chat' }), 400, 'BAD_REQUEST', 'General chat cannot be marked as resolved');
    expectSuccess(await edit(s, 'member', id, { topic: 't'.repeat(61), send_notification_to_new_thread: 'false' }));
    expect((await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member })).body.message.subject).toBe(`${'t'.repeat(57)}...`);
  });

  it('resolve and unresolve: one notice, none from the new-thread option, undone within the grace period', async () => {
    const s = server();
    const topic = freshTopic('resolve');
    const ids = [await send(s, 'member', topic), await send(s, 'member2', topic)];
    expectSuccess(await edit(s, 'member2', ids[0], { topic: `✔ ${topic}`, propagate_mode: 'change_all' }));
    const resolved = await topicMessages(s, GENERAL, `✔ ${topic}`);
    expect(resolved.map((m) => m.id).slice(0, 2)).toEqual(ids);
    expect(resolved.slice(2).map((m) => m.content)).toEqual(['@_**Mia Member|14** has marked this topic as resolved.']);
    expectSuccess(await edit(s, 'member2', ids[0], { topic, propagate_mode: 'change_all' }));
    expect(await topicIds(s, GENERAL, topic)).toEqual(ids);
  });

  it('channel moves; topics_policy', async () => {
    const s = server();
    const target = await newChannel(s, 'move target', {}, [s.accounts.member.email, s.accounts.owner.email]);
    const topic = freshTopic('channel');
    const id = await send(s, 'member', topic);
    expectSuccess(await edit(s, 'member', id, { stream_id: String(target), send_notification_to_new_thread: 'false' }));
    expect(await topicIds(s, target, topic)).toEqual([id]);
    expectError(await edit(s, 'member', id, { stream_id: '3' }), 400, 'BAD_REQUEST', 'Invalid channel ID'); // private, not subscribed
    expectSuccess(await setRealm(s, { topics_policy: 'disable_empty_topic' }));
    expect((await edit(s, 'member', id, { topic: '' })).body.result).toBe('error');
    expect((await edit(s, 'member', id, { topic: '(no topic)' })).body.result).toBe('error');
    expectSuccess(await setRealm(s, { topics_policy: 'allow_empty_topic' }));
  });

  it('permissions: groups of rule 4, BAD_REQUEST', async () => {
    const s = server();
    const topic = freshTopic('perm');
    const id = await send(s, 'member', topic);
    const moderators = JSON.stringify({ new: 5 });
    expectSuccess(
      await setRealm(s, {
        can_move_messages_between_topics_group: moderators,
        can_resolve_topics_group: moderators,
        can_move_messages_between_channels_group: moderators,
      }),
    );
    expectError(await edit(s, 'member', id, { topic: 'elsewhere' }), 400, 'BAD_REQUEST', "You don't have permission to edit this message");
    expectError(await edit(s, 'member', id, { topic: `✔ ${topic}` }), 400, 'BAD_REQUEST', "You don't have permission to resolve topics in this channel.");
    expectError(await edit(s, 'member', id, { stream_id: '2' }), 400, 'BAD_REQUEST', "You don't have permission to move this message");
    expectSuccess(await edit(s, 'moderator', id, { topic: `${topic} by mod`, send_notification_to_new_thread: 'false' }));
    const everyone = JSON.stringify({ new: 2 });
    const members = JSON.stringify({ new: 3 });
    expectSuccess(
      await setRealm(s, {
        can_move_messages_between_topics_group: everyone,
        can_resolve_topics_group: everyone,
        can_move_messages_between_channels_group: members,
      }),
    );
    expectError(await setRealm(s, { allow_message_editing: 'false' }, 'member'), 400, 'UNAUTHORIZED_PRINCIPAL');
    const register = (await call(s, 'POST', '/register', { as: s.accounts.member, form: { event_types: '["realm"]' } })).body;
    expect(register).toMatchObject({
      realm_allow_message_editing: true,
      realm_can_move_messages_between_topics_group: 2,
      realm_message_content_edit_limit_seconds: 600,
    });
    expectSuccess(await setRealm(s, { message_content_edit_limit_seconds: 'unlimited' }));
    const events = (await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: register.queue_id, last_event_id: '-1' } })).body.events;
    expect(events).toMatchObject([{ type: 'realm', op: 'update_dict', data: { message_content_edit_limit_seconds: null } }]);
    expectSuccess(await setRealm(s, { message_content_edit_limit_seconds: '600' }));
  });

  it('events 3: each changed setting of rule 4 sends its own realm event, as Zulip does; an unchanged one none', async () => {
    const s = server();
    const register = (await call(s, 'POST', '/register', { as: s.accounts.member, form: { event_types: '["realm"]' } })).body;
    const group = { new: { direct_members: [s.accounts.admin.userId], direct_subgroups: [] } };
    expectSuccess(
      await setRealm(s, {
        allow_message_editing: String(register.realm_allow_message_editing),
        message_content_edit_limit_seconds: '61',
        move_messages_within_stream_limit_seconds: '62',
        move_messages_between_streams_limit_seconds: '63',
        can_resolve_topics_group: JSON.stringify(group),
      }),
    );
    const events = (await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: register.queue_id, last_event_id: '-1' } })).body.events;
    expect(events).toEqual([
      { id: 0, type: 'realm', op: 'update_dict', property: 'default', data: { message_content_edit_limit_seconds: 61 } },
      { id: 1, type: 'realm', op: 'update', property: 'move_messages_within_stream_limit_seconds', value: 62 },
      { id: 2, type: 'realm', op: 'update', property: 'move_messages_between_streams_limit_seconds', value: 63 },
      { id: 3, type: 'realm', op: 'update_dict', property: 'default', data: { can_resolve_topics_group: group.new } },
    ]);
  });

  it('rules 6 and 7: change_all past the time limit, then change_later from the first message allowed; admins not bound', async () => {
    const s = server();
    const fresh = await send(s, 'member', ANCIENT.topic);
    expectError(await edit(s, 'member', 6, { topic: 'too late' }), 400, 'BAD_REQUEST', "The time limit for editing this message's topic has passed.");
    const refused = await edit(s, 'member', fresh, { topic: 'escape', propagate_mode: 'change_all' });
    expectError(refused, 400, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED');
    expect(refused.body).toMatchObject({ first_message_id_allowed_to_move: fresh, total_messages_in_topic: 4, total_messages_allowed_to_move: 1 });
    expectSuccess(await edit(s, 'member', fresh, { topic: 'escape', propagate_mode: 'change_later', send_notification_to_new_thread: 'false' }));
    expect(await topicIds(s, GENERAL, ANCIENT.topic)).toEqual(ANCIENT.ids);
    expectSuccess(await edit(s, 'admin', 6, { topic: 'admin moved', propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
    expect(await topicIds(s, GENERAL, 'admin moved')).toEqual(ANCIENT.ids);
    expectSuccess(await edit(s, 'admin', 6, { topic: ANCIENT.topic, propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
  });

  it('rule 8: protected history, only accessible messages move', async () => {
    const s = server();
    const secret = await newChannel(s, 'secret', { invite_only: 'true', history_public_to_subscribers: 'false' });
    const early = await send(s, 'owner', 'plans', 'before you came', secret);
    await call(s, 'POST', '/users/me/subscriptions', {
      as: s.accounts.owner,
      form: { subscriptions: '[{"name":"secret"}]', principals: JSON.stringify([s.accounts.member.email]) },
    });
    const mine = await send(s, 'member', 'plans', 'hello', secret);
    expectSuccess(await edit(s, 'member', mine, { topic: 'plans 2', propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
    expect(await topicIds(s, secret, 'plans')).toEqual([early]);
    expect(await topicIds(s, secret, 'plans 2')).toEqual([mine]);
  });
});
