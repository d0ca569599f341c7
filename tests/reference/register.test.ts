import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: server settings, registration, events, users', () => {
  const server = useServer();

  it('GET /server_settings', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/server_settings');
    expect(answer.body).toMatchObject({
      zulip_feature_level: 420,
      zulip_version: 'reference',
      realm_url: s.url,
      authentication_methods: { password: true },
    });
    expect(typeof answer.body.realm_name).toBe('string');
  });

  it('POST /register gives a queue and the limits', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/register', {
      as: s.accounts.member,
      form: {
        event_types: '["typing"]',
        fetch_event_types: '["realm"]',
        apply_markdown: 'true',
        client_capabilities: '{"notification_settings_null": true, "stream_typing_notifications": true, "empty_topic_name": true}',
      },
    });
    expectSuccess(answer);
    expect(answer.body).not.toHaveProperty('ignored_parameters_unsupported');
    expect(answer.body).toMatchObject({
      last_event_id: -1,
      zulip_feature_level: 420,
      max_topic_length: 60,
      max_message_length: 10000,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
      server_typing_started_expiry_period_milliseconds: 45000,
      server_typing_stopped_wait_period_milliseconds: 12000,
      server_typing_started_wait_period_milliseconds: 30000,
      realm_empty_topic_display_name: 'general chat',
      user_id: s.accounts.member.userId,
      realm_enable_spectator_access: true,
    });
    expect(typeof answer.body.queue_id).toBe('string');
  });

  it('register validates its JSON parameters', async () => {
    const s = server();
    const answer = await call(s, 'POST', '/register', { as: s.accounts.member, form: { client_capabilities: '[1]' } });
    expectError(answer, 400, 'BAD_REQUEST', 'client_capabilities is not a dict');
    // Zulip requires notification_settings_null in a client_capabilities object (events.py ClientCapabilities).
    const without = await call(s, 'POST', '/register', { as: s.accounts.member, form: { client_capabilities: '{"empty_topic_name": true}' } });
    expectError(without, 400, 'BAD_REQUEST', 'client_capabilities["notification_settings_null"] field is missing: Field required');
  });

  it('register refuses client_capabilities without notification_settings_null, and takes none at all', async () => {
    const s = server();
    const without = await call(s, 'POST', '/register', { as: s.accounts.member, form: { client_capabilities: '{"empty_topic_name": true}' } });
    expectError(without, 400, 'BAD_REQUEST', 'client_capabilities["notification_settings_null"] field is missing: Field required');
    expectSuccess(await call(s, 'POST', '/register', { as: s.accounts.member }));
  });

  it('event queue: poll, delete, unknown queue', async () => {
    const s = server();
    const queueId = (await call(s, 'POST', '/register', { as: s.accounts.member })).body.queue_id;
    const events = await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: queueId, last_event_id: '-1', dont_block: 'true' } });
    // An answer at once carries no queue_id (zulip.events.queue.immediate-answer-no-queue-id).
    expect(events.body).toEqual({ result: 'success', msg: '', events: [] });
    expectError(await call(s, 'GET', '/events', { as: s.accounts.member2, query: { queue_id: queueId, last_event_id: '-1' } }), 400, 'BAD_EVENT_QUEUE_ID');
    expectError(await call(s, 'GET', '/events', { as: s.accounts.member, query: { queue_id: queueId } }), 400, 'BAD_REQUEST');
    expectSuccess(await call(s, 'DELETE', '/events', { as: s.accounts.member, form: { queue_id: queueId } }));
    expectError(await call(s, 'DELETE', '/events', { as: s.accounts.member, form: { queue_id: queueId } }), 400, 'BAD_EVENT_QUEUE_ID');
  });

  it('GET /users/me and GET /users', async () => {
    const s = server();
    const me = await call(s, 'GET', '/users/me', { as: s.accounts.admin });
    expect(me.body).toMatchObject({
      user_id: s.accounts.admin.userId,
      email: 'admin@reference.test',
      role: 200,
      is_admin: true,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      is_active: true,
      avatar_url: null,
      timezone: '',
    });
    expect(typeof me.body.full_name).toBe('string');
    expect(typeof me.body.date_joined).toBe('string');
    const users = await call(s, 'GET', '/users', { as: s.accounts.guest });
    const byEmail = Object.fromEntries(users.body.members.map((u: { email: string }) => [u.email, u]));
    expect(byEmail['guest@reference.test']).toMatchObject({ role: 600, is_guest: true });
    expect(byEmail['owner@reference.test']).toMatchObject({ role: 100, is_owner: true, is_admin: true });
    expect(byEmail['moderator@reference.test'].role).toBe(300);
    expect(byEmail['bot@reference.test']).toMatchObject({ is_bot: true, bot_owner_id: s.accounts.member.userId });
    expect(byEmail['former@reference.test'].is_active).toBe(false);
  });
});
