// Op 5, PATCH /realm/user_settings_defaults: administrators only, the op 5 list only, new users only.
import { describe, expect, it } from 'vitest';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: op 5 realm defaults of user settings', () => {
  const server = useServer();
  const patch = (form: Record<string, string>, who: 'admin' | 'owner' | 'moderator' | 'member' | 'guest' = 'admin') =>
    call(server(), 'PATCH', '/realm/user_settings_defaults', { as: server().accounts[who], form });
  const register = async (as: { email: string; apiKey: string }) => (await call(server(), 'POST', '/register', { as })).body;

  it('refuses everyone below administrator with UNAUTHORIZED_PRINCIPAL', async () => {
    for (const who of ['moderator', 'member', 'guest'] as const) {
      expectError(await patch({ color_scheme: '2' }, who), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    }
    expectSuccess(await patch({ color_scheme: '1' }, 'owner'));
  });

  it('stores defaults, allows web_channel_default_view 1-4, and ignores user-only settings', async () => {
    expectSuccess(await patch({ web_channel_default_view: '3', email_address_visibility: '5', resolved_topic_notice_auto_read_policy: 'never' }));
    const answer = await patch({ enable_login_emails: 'false', default_language: 'de', enter_sends: 'true' });
    expect(answer.body.ignored_parameters_unsupported).toEqual(['default_language', 'enable_login_emails']);
    const defaults = (await register(server().accounts.admin)).realm_user_settings_defaults;
    expect(defaults).toMatchObject({
      web_channel_default_view: 3,
      email_address_visibility: 5,
      resolved_topic_notice_auto_read_policy: 'never',
      enter_sends: true,
    });
    expect(defaults).not.toHaveProperty('enable_login_emails');
    expect(defaults).not.toHaveProperty('default_language');
    expectError(await patch({ web_channel_default_view: '5' }), 400, 'BAD_REQUEST', 'Invalid web_channel_default_view');
    expectError(await patch({ email_address_visibility: '6' }), 400, 'BAD_REQUEST');
    expectError(await patch({ resolved_topic_notice_auto_read_policy: 'sometimes' }), 400, 'BAD_REQUEST');
  });

  it('leaves existing users alone and gives new users the defaults', async () => {
    const s = server();
    expectSuccess(await patch({ color_scheme: '3', twenty_four_hour_time: 'true' }));
    expect((await register(s.accounts.member)).user_settings).toMatchObject({ color_scheme: 1, twenty_four_hour_time: false });
    const created = await call(s, 'POST', '/users', {
      as: s.accounts.owner,
      form: { email: 'newbie@reference.test', password: 'pw-123456', full_name: 'New Bie' },
    });
    expectSuccess(created);
    const key = await call(s, 'POST', '/fetch_api_key', { form: { username: 'newbie@reference.test', password: 'pw-123456' } });
    expectSuccess(key);
    const settings = (await register({ email: 'newbie@reference.test', apiKey: key.body.api_key })).user_settings;
    expect(settings).toMatchObject({ color_scheme: 3, twenty_four_hour_time: true, web_channel_default_view: 3, default_language: 'en' });
  });

  it('POST /users needs can_create_users (only the owner has it)', async () => {
    const s = server();
    expectError(
      await call(s, 'POST', '/users', { as: s.accounts.admin, form: { email: 'x@reference.test', password: 'p', full_name: 'X Y' } }),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await call(s, 'POST', '/users', { as: s.accounts.owner, form: { email: 'member@reference.test', password: 'p', full_name: 'X Y' } }),
      400,
      'BAD_REQUEST',
    );
  });
});
