// The fixture operations a run uses to make what it needs on any server: generic bots (a crowd,
// an account that never set a setting) and custom emoji; and the shortcuts a run may take on the
// reference server (or not, when started without them).
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { call, expectError, expectSuccess, useServer } from './helpers.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('reference server: bots', () => {
  const server = useServer();

  it('an administrator makes a generic bot, finds its address and key, acts as it, and deactivates it', async () => {
    const s = server();
    const made = await call(s, 'POST', '/bots', { as: s.accounts.admin, form: { full_name: 'Crowd one', short_name: 'crowd-one' } });
    expectSuccess(made);
    expect(made.body).toMatchObject({ user_id: expect.any(Number), api_key: expect.any(String) });
    const listed = await call(s, 'GET', '/bots', { as: s.accounts.admin });
    const bot = listed.body.bots.find((b: { full_name: string }) => b.full_name === 'Crowd one');
    expect(bot).toMatchObject({ username: 'crowd-one-bot@reference.test', api_key: made.body.api_key });
    const me = await call(s, 'GET', '/users/me', { as: { email: bot.username, apiKey: bot.api_key } });
    expect(me.body).toMatchObject({ user_id: made.body.user_id, is_bot: true });
    expect((await call(s, 'GET', '/bots', { as: s.accounts.member2 })).body.bots).toEqual([]);
    expectError(await call(s, 'DELETE', `/bots/${made.body.user_id}`, { as: s.accounts.member2 }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await call(s, 'DELETE', `/bots/${made.body.user_id}`, { as: s.accounts.admin }));
    expect((await call(s, 'GET', '/users/me', { as: { email: bot.username, apiKey: bot.api_key } })).status).toBe(401);
  });

  it("a new bot keeps every account's default settings, not the organisation's defaults for new users", async () => {
    const s = server();
    expectSuccess(await call(s, 'PATCH', '/realm/user_settings_defaults', { as: s.accounts.admin, form: { receives_typing_notifications: 'false' } }));
    try {
      const made = await call(s, 'POST', '/bots', { as: s.accounts.admin, form: { full_name: 'Fresh bot', short_name: 'fresh' } });
      const settings = await call(s, 'POST', '/register', {
        as: { email: 'fresh-bot@reference.test', apiKey: made.body.api_key },
        form: { fetch_event_types: '["user_settings"]' },
      });
      expect(settings.body.user_settings.receives_typing_notifications).toBe(true);
    } finally {
      await call(s, 'PATCH', '/realm/user_settings_defaults', { as: s.accounts.admin, form: { receives_typing_notifications: 'true' } });
    }
  });

  it('refuses a taken address or name', async () => {
    const s = server();
    expectSuccess(await call(s, 'POST', '/bots', { as: s.accounts.admin, form: { full_name: 'Twin', short_name: 'twin' } }));
    expectError(
      await call(s, 'POST', '/bots', { as: s.accounts.admin, form: { full_name: 'Other', short_name: 'twin' } }),
      400,
      'BAD_REQUEST',
      'Username already in use',
    );
    expectError(
      await call(s, 'POST', '/bots', { as: s.accounts.admin, form: { full_name: 'Twin', short_name: 'twin2' } }),
      400,
      'BAD_REQUEST',
      'Name is already in use!',
    );
  });
});

describe('reference server: custom emoji', () => {
  const server = useServer();

  it('a member uploads one, it is listed by id and usable in a status; deleted, it stays listed, deactivated', async () => {
    const s = server();
    expectSuccess(await call(s, 'POST', '/realm/emoji/party_parrot', { as: s.accounts.member, files: { f: { name: 'p.png', data: PNG } } }));
    const listed = (await call(s, 'GET', '/realm/emoji', { as: s.accounts.member2 })).body.emoji;
    const [id, emoji] = Object.entries(listed as Record<string, { name: string }>).find(([, e]) => e.name === 'party_parrot')!;
    expect(emoji).toMatchObject({ id, name: 'party_parrot', deactivated: false, author_id: s.accounts.member.userId });
    expectSuccess(
      await call(s, 'POST', '/users/me/status', { as: s.accounts.member2, form: { emoji_name: 'party_parrot', emoji_code: id, reaction_type: 'realm_emoji' } }),
    );
    expectError(
      await call(s, 'DELETE', '/realm/emoji/party_parrot', { as: s.accounts.member2 }),
      400,
      'BAD_REQUEST',
      'Must be an organization administrator or emoji author',
    );
    expectSuccess(await call(s, 'DELETE', '/realm/emoji/party_parrot', { as: s.accounts.member }));
    expect((await call(s, 'GET', '/realm/emoji', { as: s.accounts.member2 })).body.emoji[id].deactivated).toBe(true);
    expectError(await call(s, 'DELETE', '/realm/emoji/party_parrot', { as: s.accounts.admin }), 400, 'BAD_REQUEST', "Emoji 'party_parrot' does not exist");
  });

  it('refuses a bad name, a second file or none, and a guest', async () => {
    const s = server();
    const up = (name: string, who: 'member' | 'guest' = 'member', files = { f: { name: 'p.png', data: PNG } }) =>
      call(s, 'POST', `/realm/emoji/${name}`, { as: s.accounts[who], files });
    expectError(await up('Bad'), 400, 'BAD_REQUEST', 'Emoji names must contain only lowercase alphanumeric characters, hyphen, and underscore.');
    expectError(await up('trailing_'), 400, 'BAD_REQUEST', 'Emoji names must end with either a letter or digit.');
    expectError(await up('fine', 'guest'), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(await up('fine', 'member', {} as never), 400, 'BAD_REQUEST', 'You must upload exactly one file.');
    expectError(await up('octopus'), 400, 'BAD_REQUEST', 'Only administrators can override built-in emoji.');
  });
});

describe('reference server: shortcuts', () => {
  it('names itself "reference" and ages messages on request', async () => {
    const s = await startReferenceServer();
    try {
      expect((await call(s, 'GET', '/server_settings')).body.zulip_version).toBe('reference');
      const sent = await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'stream', to: 'general', topic: 'aging', content: 'now' } });
      const before = (await call(s, 'GET', `/messages/${sent.body.id}`, { as: s.accounts.member })).body.message.timestamp;
      expectSuccess(await call(s, 'POST', '/reference/age_messages', { as: s.accounts.member, form: { seconds: '30' } }));
      expect((await call(s, 'GET', `/messages/${sent.body.id}`, { as: s.accounts.member })).body.message.timestamp).toBe(before - 30);
    } finally {
      await s.close();
    }
  });

  it('ages only the messages it is given, when given some: the others keep the time they were sent at', async () => {
    const s = await startReferenceServer();
    try {
      const send = async (content: string) =>
        (await call(s, 'POST', '/messages', { as: s.accounts.member, form: { type: 'stream', to: 'general', topic: 'aging', content } })).body.id as number;
      const [old, other] = [await send('old'), await send('other')];
      const timeOf = async (id: number) => (await call(s, 'GET', `/messages/${id}`, { as: s.accounts.member })).body.message.timestamp as number;
      const [oldBefore, otherBefore] = [await timeOf(old), await timeOf(other)];
      expectSuccess(await call(s, 'POST', '/reference/age_messages', { as: s.accounts.member, form: { seconds: '30', message_ids: JSON.stringify([old]) } }));
      expect([await timeOf(old), await timeOf(other)]).toEqual([oldBefore - 30, otherBefore]);
    } finally {
      await s.close();
    }
  });

  it('without them it is any other server: another version, and no way to age messages', async () => {
    const s = await startReferenceServer({ shortcuts: false });
    try {
      expect((await call(s, 'GET', '/server_settings')).body.zulip_version).toBe('reference (no shortcuts)');
      expect((await call(s, 'POST', '/register', { as: s.accounts.member })).body.zulip_version).toBe('reference (no shortcuts)');
      expect((await call(s, 'POST', '/reference/age_messages', { as: s.accounts.member, form: { seconds: '30' } })).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
