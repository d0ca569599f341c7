// Op 2, PATCH /settings: types, allowed values, account fields, aliases, and the read-back
// through POST /register (`user_settings`).
import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: op 2 update settings', () => {
  const server = useServer();
  const patch = (form: Record<string, string>, path = '/settings', who: 'member' | 'member2' = 'member') =>
    call(server(), 'PATCH', path, { as: server().accounts[who], form });
  const settings = async (who: 'member' | 'member2' = 'member') =>
    (await call(server(), 'POST', '/register', { as: server().accounts[who] })).body.user_settings;

  it('starts with Zulip defaults and stores what is passed', async () => {
    expect(await settings()).toMatchObject({
      twenty_four_hour_time: false,
      color_scheme: 1,
      emojiset: 'google',
      receives_typing_notifications: true,
      user_list_style: 3,
    });
    expectSuccess(await patch({ emojiset: 'google-blob' }));
    expectSuccess(await patch({ twenty_four_hour_time: 'true', color_scheme: '2', emojiset: 'text', timezone: 'Europe/Berlin' }));
    expect(await settings()).toMatchObject({ twenty_four_hour_time: true, color_scheme: 2, emojiset: 'text', timezone: 'Europe/Berlin' });
  });

  it('refuses a bad value with Zulip messages and changes nothing', async () => {
    expectError(await patch({ high_contrast_mode: 'maybe', color_scheme: '3' }), 400, 'BAD_REQUEST', 'high_contrast_mode is not valid JSON');
    expectError(await patch({ color_scheme: '4' }), 400, 'BAD_REQUEST', 'Invalid color_scheme');
    expectError(await patch({ web_font_size_px: '1.5' }), 400, 'BAD_REQUEST', 'web_font_size_px is not an integer');
    expectError(await patch({ web_home_view: 'feed' }), 400, 'BAD_REQUEST', 'Invalid web_home_view');
    expectError(await patch({ default_language: 'xx-no' }), 400, 'BAD_REQUEST', 'Invalid default_language');
    expectError(await patch({ timezone: 'Mars/Olympus' }), 400, 'BAD_REQUEST', 'Invalid timezone');
    expectError(await patch({ timezone: '+01:00' }), 400, 'BAD_REQUEST', 'Invalid timezone');
    expectError(await patch({ notification_sound: 'honk' }), 400, 'BAD_REQUEST', "Invalid notification sound 'honk'");
    expectError(await patch({ email_notifications_batching_period_seconds: '0' }), 400, 'BAD_REQUEST');
    expectError(await patch({ email_notifications_batching_period_seconds: '604801' }), 400, 'BAD_REQUEST');
    expect(await settings()).toMatchObject({ color_scheme: 2 });
  });

  it('accepts web_channel_default_view 1 to 4 (Zulip) and refuses 0 and 5', async () => {
    for (const v of ['1', '2', '3', '4']) expectSuccess(await patch({ web_channel_default_view: v }));
    for (const v of ['0', '5']) expectError(await patch({ web_channel_default_view: v }), 400, 'BAD_REQUEST');
  });

  it('typing and presence settings are the User fields other areas read', async () => {
    expectSuccess(await patch({ receives_typing_notifications: 'false', presence_enabled: 'false' }, '/settings', 'member2'));
    expect(await settings('member2')).toMatchObject({ receives_typing_notifications: false, presence_enabled: false });
    const s = server();
    const status = (await call(s, 'GET', `/users/${s.accounts.member2.userId}/status`, { as: s.accounts.owner })).body.status;
    expect(status).toEqual({ away: true });
    expectSuccess(await patch({ receives_typing_notifications: 'true', presence_enabled: 'true' }, '/settings', 'member2'));
  });

  it('a password change needs the right old password; an email change waits for confirmation', async () => {
    expectError(await patch({ new_password: 'n3w-Passw0rd!' }), 400, 'BAD_REQUEST', 'Wrong password!');
    expectError(await patch({ new_password: 'n3w-Passw0rd!', old_password: 'guess' }), 400, 'BAD_REQUEST', 'Wrong password!');
    expectSuccess(await patch({ email: 'max.new@reference.test' }));
    const me = (await call(server(), 'GET', '/users/me', { as: server().accounts.member })).body;
    expect(me.delivery_email).toBe('member@reference.test');
    expectError(await patch({ email: 'not an address' }), 400, 'BAD_REQUEST');
  });

  it('full_name is checked like Zulip and stored', async () => {
    expectError(await patch({ full_name: 'x'.repeat(101) }), 400, 'BAD_REQUEST', 'Name too long!');
    expectError(await patch({ full_name: 'a@b' }), 400, 'BAD_REQUEST', 'Invalid characters in name!');
    expectSuccess(await patch({ full_name: '  Maximilian  ' }));
    expect((await call(server(), 'GET', '/users/me', { as: server().accounts.member })).body.full_name).toBe('Maximilian');
  });

  it('the deprecated aliases behave like PATCH /settings, unknown names are ignored', async () => {
    expectSuccess(await patch({ enable_sounds: 'false' }, '/settings/notifications'));
    expectSuccess(await patch({ left_side_userlist: 'true' }, '/settings/display'));
    expect(await settings()).toMatchObject({ enable_sounds: false, left_side_userlist: true });
    const answer = await patch({ enable_sounds: 'true', no_such_setting: '1' });
    expect(answer.body.ignored_parameters_unsupported).toEqual(['no_such_setting']);
  });

  it("a non-administrator's full_name is ignored while the organisation disables name changes", async () => {
    const s = server();
    expectSuccess(await call(s, 'PATCH', '/realm', { as: s.accounts.admin, form: { name_changes_disabled: 'true' } }));
    expectSuccess(await patch({ full_name: 'x'.repeat(101) }));
    expect((await call(s, 'GET', '/users/me', { as: s.accounts.member })).body.full_name).not.toBe('x'.repeat(101));
    expectSuccess(await call(s, 'PATCH', '/settings', { as: s.accounts.admin, form: { full_name: 'Ada Admin' } }));
    expect((await call(s, 'GET', '/users/me', { as: s.accounts.admin })).body.full_name).toBe('Ada Admin');
    expectSuccess(await call(s, 'PATCH', '/realm', { as: s.accounts.admin, form: { name_changes_disabled: 'false' } }));
  });

  it("turning enable_drafts_synchronization off deletes the server's drafts; draft endpoints need it on", async () => {
    const s = server();
    const drafts = (form: Record<string, string> = {}, method = 'GET') => call(s, method, '/drafts', { as: s.accounts.member, form });
    const draft = JSON.stringify([{ type: 'private', to: [], topic: '', content: 'later' }]);
    const created = await drafts({ drafts: draft }, 'POST');
    expectSuccess(created);
    expect((await drafts()).body).toMatchObject({ count: 1, drafts: [{ id: created.body.ids[0], content: 'later' }] });
    expectSuccess(await patch({ enable_drafts_synchronization: 'true' }));
    expect((await drafts()).body.count).toBe(1);
    expectSuccess(await patch({ enable_drafts_synchronization: 'false' }));
    expectError(await drafts(), 400, 'BAD_REQUEST', 'User has disabled synchronizing drafts.');
    expectSuccess(await patch({ enable_drafts_synchronization: 'true' }));
    expect((await drafts()).body).toMatchObject({ count: 0, drafts: [] });
  });

  it('the variant realm has other languages, sounds and batching range than Zulip', async () => {
    const { startReferenceServer } = await import('../../src/reference/server.js');
    const v = await startReferenceServer({ flavor: 'variant' });
    try {
      const set = (form: Record<string, string>) => call(v, 'PATCH', '/settings', { as: v.accounts.member, form });
      expectError(await set({ default_language: 'de' }), 422, 'BAD_REQUEST');
      expectSuccess(await set({ default_language: 'eo' }));
      expectError(await set({ notification_sound: 'ding' }), 422, 'BAD_REQUEST');
      expectError(await set({ emojiset: 'google-blob' }), 422, 'BAD_REQUEST');
      expectSuccess(await set({ email_notifications_batching_period_seconds: '700000' }));
    } finally {
      await v.close();
    }
  });

  it('bots may not change settings', async () => {
    const s = server();
    expectError(await call(s, 'PATCH', '/settings', { as: s.bot, form: { enable_sounds: 'true' } }), 400, 'BAD_REQUEST');
  });
});
