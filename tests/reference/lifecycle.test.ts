// Starting, isolating and closing servers.
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference/server.js';
import { basic, call } from './helpers.js';

describe('reference server: lifecycle', () => {
  it('each start is an independent realm with the same seed and new keys', async () => {
    const [a, b] = await Promise.all([startReferenceServer(), startReferenceServer()]);
    try {
      expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(a.url).not.toBe(b.url);
      expect(a.accounts.member.apiKey).not.toBe(b.accounts.member.apiKey);
      expect({ ...a.accounts.member, apiKey: '' }).toEqual({ ...b.accounts.member, apiKey: '' });
      expect(a.bot).toMatchObject({ email: 'bot@reference.test', ownerId: a.accounts.member.userId });
      await call(a, 'POST', '/users/me/status', { as: a.accounts.member, form: { status_text: 'only in a' } });
      const statusB = await call(b, 'GET', `/users/${b.accounts.member.userId}/status`, { as: b.accounts.member });
      expect(statusB.body.status).toEqual({});
      const [listA, listB] = await Promise.all([a, b].map((s) => call(s, 'GET', '/streams', { as: s.accounts.owner })));
      expect(listA.body).toEqual(listB.body);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('close() resolves promptly with a keep-alive connection open', async () => {
    const server = await startReferenceServer();
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    try {
      const res = await request(`${server.url}/api/v1/users/me`, {
        dispatcher: agent,
        headers: { authorization: basic(server.accounts.member.email, server.accounts.member.apiKey) },
      });
      await res.body.text();
      expect(res.headers.connection ?? 'keep-alive').toBe('keep-alive');
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(500);
      await server.close(); // idempotent
      await expect(request(`${server.url}/api/v1/server_settings`, { dispatcher: agent })).rejects.toThrow();
    } finally {
      await agent.close();
    }
  });

  it('listens on the requested host and port', async () => {
    const probe = await startReferenceServer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const server = await startReferenceServer({ host: '127.0.0.1', port });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await server.close();
    }
  });
});
