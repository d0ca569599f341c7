// The events of operations 2, 5, 8, 9, 10, 13 and 21 as the reference server sends them
// (facts zulip.events.user-settings.*, realm-user-settings-defaults.*, user-topic*,
// realm-user.*, user-status, push-test.*): which types, to whom, with which fields, in which order.
import { describe, expect, it } from 'vitest';
import type { ReferenceAccount } from '../../src/reference/server.js';
import { call, expectSuccess, useServer } from './helpers.js';
import { openQueue } from './event-helpers.js';

describe('reference server: the events of settings, defaults, topic preferences, user updates and status', () => {
  const server = useServer();
  const s = () => server();
  const queue = (as: ReferenceAccount, types: string[], capabilities: Record<string, boolean> = {}) => openQueue(s(), as, capabilities, types);
  const open = async (as: ReferenceAccount, form: Record<string, string>) => (await call(s(), 'POST', '/register', { as, form })).body.queue_id as string;
  // Each read acknowledges what it got: the next read of the queue shows only newer events.
  const seen = new Map<string, number>();
  const read = async (as: ReferenceAccount, q: string) => {
    const answer = await call(s(), 'GET', '/events', { as, query: { queue_id: q, last_event_id: String(seen.get(q) ?? -1), dont_block: 'true' } });
    expectSuccess(answer);
    const got: any[] = answer.body.events;
    if (got.length) seen.set(q, got.at(-1).id);
    return got;
  };
  const settings = (as: ReferenceAccount, form: Record<string, string>) => call(s(), 'PATCH', '/settings', { as, form });

  it('PATCH /settings: the name to everyone first, then user_settings per changed setting to the user only, timezone last', async () => {
    const { member, member2 } = s().accounts;
    const mine = await queue(member, ['realm_user', 'user_settings']);
    const theirs = await queue(member2, ['realm_user', 'user_settings']);
    expectSuccess(
      await settings(member, {
        timezone: 'Europe/Paris',
        full_name: 'Renamed Member',
        default_language: 'de',
        twenty_four_hour_time: 'true',
        starred_message_counts: 'true',
      }),
    );
    expect(await read(member, mine)).toEqual([
      { id: 0, type: 'realm_user', op: 'update', person: { user_id: member.userId, full_name: 'Renamed Member' } },
      { id: 1, type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
      { id: 2, type: 'user_settings', op: 'update', property: 'default_language', value: 'de', language_name: 'Deutsch' },
      { id: 3, type: 'user_settings', op: 'update', property: 'timezone', value: 'Europe/Paris' },
      { id: 4, type: 'realm_user', op: 'update', person: { email: member.email, user_id: member.userId, timezone: 'Europe/Paris' } },
    ]);
    expect((await read(member2, theirs)).map((e) => e.person)).toEqual([
      { user_id: member.userId, full_name: 'Renamed Member' },
      { email: member.email, user_id: member.userId, timezone: 'Europe/Paris' },
    ]);
    expectSuccess(await settings(member, { twenty_four_hour_time: 'false', default_language: 'en', timezone: 'UTC' }));
  });

  it('PATCH /settings: legacy events follow only without user_settings_object; an unchanged value sends nothing', async () => {
    const { member } = s().accounts;
    const legacy = await open(member, {});
    const modern = await open(member, { client_capabilities: JSON.stringify({ notification_settings_null: true, user_settings_object: true }) });
    expectSuccess(await settings(member, { enable_sounds: 'false', left_side_userlist: 'true', fluid_layout_width: 'false' }));
    expect((await read(member, legacy)).map((e) => [e.type, e.property ?? e.notification_name ?? e.setting_name, e.value ?? e.setting])).toEqual([
      ['user_settings', 'left_side_userlist', true],
      ['update_display_settings', 'left_side_userlist', true],
      ['user_settings', 'enable_sounds', false],
      ['update_global_notifications', 'enable_sounds', false],
    ]);
    expect((await read(member, modern)).map((e) => e.type)).toEqual(['user_settings', 'user_settings']);
    expectSuccess(await settings(member, { enable_sounds: 'true', left_side_userlist: 'false' }));
  });

  it('PATCH /settings: a visibility change tells who gains the real address and who loses it', async () => {
    const { member, member2, admin } = s().accounts;
    const [seen, adminSees] = [await queue(member2, ['realm_user']), await queue(admin, ['realm_user'])];
    expectSuccess(await settings(member, { email_address_visibility: '3' }));
    expect((await read(member2, seen)).map((e) => e.person)).toEqual([
      { user_id: member.userId, delivery_email: null },
      { user_id: member.userId, new_email: `user${member.userId}@reference.test` },
    ]);
    expect((await read(admin, adminSees)).map((e) => Object.keys(e.person))).toEqual([['user_id', 'new_email']]);
    expectSuccess(await settings(member, { email_address_visibility: '1' }));
    expect((await read(member2, seen)).map((e) => e.person)).toEqual([
      { user_id: member.userId, delivery_email: member.email },
      { user_id: member.userId, new_email: member.email },
    ]);
  });

  it('PATCH /realm/user_settings_defaults: each changed default to every active user', async () => {
    const { admin, member, guest } = s().accounts;
    const [m, g] = [await queue(member, ['realm_user_settings_defaults']), await queue(guest, ['realm_user_settings_defaults'])];
    expectSuccess(await call(s(), 'PATCH', '/realm/user_settings_defaults', { as: admin, form: { twenty_four_hour_time: 'true', enter_sends: 'false' } }));
    const want = [{ id: 0, type: 'realm_user_settings_defaults', op: 'update', property: 'twenty_four_hour_time', value: true }];
    expect(await read(member, m)).toEqual(want);
    expect(await read(guest, g)).toEqual(want);
    expectSuccess(await call(s(), 'PATCH', '/realm/user_settings_defaults', { as: admin, form: { twenty_four_hour_time: 'false' } }));
  });

  it('POST /user_topics: muted_topics then user_topic to the user only, the empty topic by capability', async () => {
    const { member, member2 } = s().accounts;
    const all = await open(member, {});
    const modern = await queue(member, ['muted_topics', 'user_topic'], { empty_topic_name: true });
    const other = await queue(member2, ['user_topic', 'muted_topics']);
    const set = (topic: string, policy: string) =>
      call(s(), 'POST', '/user_topics', { as: member, form: { stream_id: '1', topic, visibility_policy: policy } });
    expectSuccess(await set('', '1'));
    expectSuccess(await set('general chat', '1'));
    const got = await read(member, all);
    expect(got).toEqual([
      { id: 0, type: 'muted_topics', muted_topics: [['general', '', expect.any(Number)]] },
      { id: 1, type: 'user_topic', stream_id: 1, topic_name: 'general chat', last_updated: expect.any(Number), visibility_policy: 1 },
    ]);
    expect(await read(member, modern)).toEqual([
      { id: 0, type: 'user_topic', stream_id: 1, topic_name: '', last_updated: expect.any(Number), visibility_policy: 1 },
    ]);
    expect(await read(member2, other)).toEqual([]);
    expectSuccess(await set('', '0'));
  });

  it('PATCH /users/{user_id}: role (then the system groups), name, profile field, address, in that order, to everyone', async () => {
    const { owner, member, member2 } = s().accounts;
    const q = await queue(member, ['realm_user', 'user_group']);
    const update = (form: Record<string, string>) => call(s(), 'PATCH', `/users/${member2.userId}`, { as: owner, form });
    expectSuccess(
      await update({ role: '300', full_name: 'Moderated', profile_data: JSON.stringify([{ id: 1, value: '+1 555' }]), new_email: 'moved@example.com' }),
    );
    expect((await read(member, q)).map(({ id: _, ...e }) => e)).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: member2.userId, role: 300 } },
      { type: 'user_group', op: 'remove_members', group_id: 3, user_ids: [member2.userId] },
      { type: 'user_group', op: 'add_members', group_id: 5, user_ids: [member2.userId] },
      { type: 'user_group', op: 'remove_members', group_id: 4, user_ids: [member2.userId] },
      { type: 'realm_user', op: 'update', person: { user_id: member2.userId, full_name: 'Moderated' } },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member2.userId, custom_profile_field: { id: 1, value: '+1 555', rendered_value: '<p>+1 555</p>' } },
      },
      { type: 'realm_user', op: 'update', person: { user_id: member2.userId, delivery_email: 'moved@example.com' } },
      { type: 'realm_user', op: 'update', person: { user_id: member2.userId, new_email: 'moved@example.com' } },
    ]);
    expectSuccess(await update({ role: '300', full_name: 'Moderated', profile_data: JSON.stringify([{ id: 1, value: '+1 555' }]) }));
    expect(await read(member, q)).toEqual([]);
    expectSuccess(await update({ role: '400', profile_data: JSON.stringify([{ id: 1, value: '' }]), new_email: member2.email }));
    expect((await read(member, q)).map((e) => e.person ?? [e.op, e.group_id])).toEqual([
      { user_id: member2.userId, role: 400 },
      ['remove_members', 5],
      ['add_members', 3],
      ['add_members', 4],
      { user_id: member2.userId, custom_profile_field: { id: 1, value: null } },
      { user_id: member2.userId, delivery_email: member2.email },
      { user_id: member2.userId, new_email: member2.email },
    ]);
  });

  it('POST /users/me/status: presence_enabled first for away, then user_status with only the parts passed, to everyone', async () => {
    const { member, member2 } = s().accounts;
    const mine = await queue(member, ['user_settings', 'user_status']);
    const theirs = await queue(member2, ['user_status']);
    const status = (form: Record<string, string>) => call(s(), 'POST', '/users/me/status', { as: member, form });
    expectSuccess(await status({ status_text: '  busy  ', away: 'true' }));
    expectSuccess(await status({ emoji_name: 'car' }));
    expectSuccess(await status({ emoji_name: '', status_text: '', away: 'false' }));
    expect((await read(member, mine)).map(({ id: _, ...e }) => e)).toEqual([
      { type: 'user_settings', op: 'update', property: 'presence_enabled', value: false },
      { type: 'user_status', user_id: member.userId, away: true, status_text: 'busy' },
      { type: 'user_status', user_id: member.userId, emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
      { type: 'user_settings', op: 'update', property: 'presence_enabled', value: true },
      { type: 'user_status', user_id: member.userId, away: false, status_text: '', emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' },
    ]);
    expect((await read(member2, theirs)).map((e) => e.type)).toEqual(['user_status', 'user_status', 'user_status']);
  });

  it('POST /mobile_push/e2ee/test_notification: no event, success or not', async () => {
    const { moderator, member } = s().accounts;
    const [mq, q] = [await open(moderator, {}), await open(member, {})];
    expectSuccess(await call(s(), 'POST', '/mobile_push/e2ee/test_notification', { as: moderator, form: { push_account_id: '7001' } }));
    expect((await call(s(), 'POST', '/mobile_push/e2ee/test_notification', { as: member })).body.code).toBe('NO_ACTIVE_PUSH_DEVICE');
    expect(await read(moderator, mq)).toEqual([]);
    expect(await read(member, q)).toEqual([]);
  });
});
