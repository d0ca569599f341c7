// The reference server as a new organisation (`serve --no-seed-accounts`): its owner and no
// other account; and the settings an organisation's administrators choose that setup meets: no
// password sign-in, an owner without can_create_users. The shortcut naming the seeded accounts.
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { call } from './helpers.js';

const started: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

async function start(options: Parameters<typeof startReferenceServer>[0]) {
  const server = await startReferenceServer(options);
  started.push(server);
  // The helpers take the seeded server's type; they read only its url.
  return server as unknown as ReferenceServer;
}

describe('a reference server started with only an owner', () => {
  it('lists its owner and Notification Bot only; the seeded channels keep only them, the messages only theirs', async () => {
    const server = await start({ seedAccounts: false });
    const owner = (server.accounts as Partial<ReferenceServer['accounts']>).owner!;
    const users = (await call(server, 'GET', '/users', { as: owner })).body.members as { email: string }[];
    expect(users.map((u) => u.email).sort()).toEqual(['notification-bot@reference.test', 'owner@reference.test']);
    expect(server.bot).toBeNull();
    const general = (await call(server, 'GET', '/streams', { as: owner })).body.streams.find((c: { name: string }) => c.name === 'general');
    expect(general.subscriber_count).toBe(1);
    const messages = await call(server, 'GET', '/messages', { as: owner, query: { anchor: 'newest', num_before: '100', num_after: '0' } });
    expect(new Set(messages.body.messages.map((m: { sender_id: number }) => m.sender_id))).toEqual(new Set([owner.userId]));
  });

  it("names, among its shortcuts, the seeded accounts still there: the owner's only", async () => {
    const server = await start({ seedAccounts: false });
    const owner = (server.accounts as Partial<ReferenceServer['accounts']>).owner!;
    expect((await call(server, 'GET', '/reference/seeded_accounts', { as: owner })).body.accounts).toEqual({ owner: owner.userId });
    const seeded = await start({});
    const accounts = (await call(seeded, 'GET', '/reference/seeded_accounts', { as: seeded.accounts.member })).body.accounts;
    expect(accounts).toMatchObject({ owner: seeded.accounts.owner.userId, moderator: seeded.accounts.moderator.userId, bot: seeded.bot.userId });
  });

  it('without password sign-in: GET /server_settings says so, POST /fetch_api_key refuses (PASSWORD_AUTH_DISABLED)', async () => {
    const server = await start({ seedAccounts: false, passwordLogin: false });
    expect((await call(server, 'GET', '/server_settings')).body).toMatchObject({ email_auth_enabled: false, authentication_methods: { password: false } });
    const refused = await call(server, 'POST', '/fetch_api_key', { form: { username: 'owner@reference.test', password: 'x' } });
    expect(refused).toMatchObject({ status: 401, body: { result: 'error', code: 'PASSWORD_AUTH_DISABLED' } });
  });

  it('with an owner who may not create users: POST /users refuses before reading the address', async () => {
    const server = await start({ seedAccounts: false, ownerCanCreateUsers: false });
    const owner = (server.accounts as Partial<ReferenceServer['accounts']>).owner!;
    const refused = await call(server, 'POST', '/users', { as: owner, form: { email: 'not an address', password: 'p', full_name: 'N' } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'User not authorized to create users' } });
  });
});
