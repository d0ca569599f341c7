import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { basic, call, expectError, expectSuccess, useServer } from './helpers.js';

describe('reference server: authentication', () => {
  const server = useServer();

  it('accepts the right key', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/users/me', { as: s.accounts.member });
    expectSuccess(answer);
    expect(answer.body.email).toBe('member@reference.test');
  });

  it('accepts the bot key', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/users/me', { as: s.bot });
    expect(answer.body).toMatchObject({ is_bot: true, bot_owner_id: s.accounts.member.userId });
  });

  const bad: [string, (s: ReturnType<typeof server>) => string | undefined][] = [
    ['no credentials', () => undefined],
    ['wrong key', (s) => basic(s.accounts.member.email, 'x'.repeat(32))],
    ['unknown email', (s) => basic('nobody@reference.test', s.accounts.member.apiKey)],
    ['another user key', (s) => basic(s.accounts.member.email, s.accounts.admin.apiKey)],
    ['not base64 / no colon', () => 'Basic !!!'],
    ['a one-word header', (s) => s.accounts.member.apiKey],
    ['three words', (s) => `${basic(s.accounts.member.email, s.accounts.member.apiKey)} extra`],
    ['deactivated user', (s) => basic('former@reference.test', s.accounts.member.apiKey)],
  ];
  for (const [name, header] of bad) {
    it(`refuses ${name} with 401 and a Basic challenge`, async () => {
      const s = server();
      const answer = await call(s, 'GET', '/users/me', { authorization: header(s) });
      expectError(answer, 401, 'UNAUTHORIZED');
      expect(answer.headers['www-authenticate']).toBe('Basic realm="zulip"');
    });
  }

  it('refuses a two-word header of another scheme with 400 BAD_REQUEST, like Zulip', async () => {
    const s = server();
    const answer = await call(s, 'GET', '/users/me', { authorization: `Bearer ${s.accounts.member.apiKey}` });
    expectError(answer, 400, 'BAD_REQUEST', 'This endpoint requires HTTP basic authentication.');
  });

  it('the variant realm refuses credentials otherwise: a 401 page that is no JSON, no challenge', async () => {
    const s = await startReferenceServer({ flavor: 'variant' });
    try {
      for (const authorization of [basic(s.accounts.member.email, 'x'.repeat(32)), undefined]) {
        const res = await request(`${s.url}/api/v1/users/me`, { headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(await res.body.text()).toContain('<h1>401 Unauthorized</h1>');
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
    } finally {
      await s.close();
    }
  });

  it('keys are random per start, 32 characters', () => {
    const s = server();
    const keys = Object.values(s.accounts).map((a) => a.apiKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('GET /server_settings needs no credentials', async () => {
    expectSuccess(await call(server(), 'GET', '/server_settings'));
  });
});
