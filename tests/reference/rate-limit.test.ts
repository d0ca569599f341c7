// The reference server's rate limit, shaped like Zulip's (src/reference/core/rate-limit.ts): per
// account, a sliding window, 429 with Retry-After and the body's retry-after past the limit, and
// X-RateLimit-* headers on every authenticated answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { parseRateLimit, RateLimiter } from '../../src/reference/core/rate-limit.js';
import { ApiError } from '../../src/reference/core/errors.js';
import { call } from './helpers.js';

describe('RateLimiter', () => {
  it('admits N requests in a window, refuses the next until the oldest counted leaves it, and does not count a refusal', () => {
    let now = 1000;
    const limiter = new RateLimiter({ requests: 3, seconds: 10 }, () => now);
    expect(limiter.admit(7)).toEqual({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2', 'X-RateLimit-Reset': '1010' });
    now = 1002;
    limiter.admit(7);
    now = 1004;
    expect(limiter.admit(7)['X-RateLimit-Remaining']).toBe('0');
    now = 1005;
    let refused: ApiError | undefined;
    try {
      limiter.admit(7);
    } catch (error) {
      refused = error as ApiError;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.code).toBe('RATE_LIMIT_HIT');
    expect(refused?.extra).toEqual({ 'retry-after': 5 });
    expect(refused?.headers).toMatchObject({ 'Retry-After': '5', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1010' });
    expect(limiter.admit(8)['X-RateLimit-Remaining']).toBe('2'); // another account has its own window
    now = 1010.5; // the first request left the window
    expect(limiter.admit(7)).toEqual({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1020' });
  });

  it('reads N/SECONDS', () => {
    expect(parseRateLimit('200/60')).toEqual({ requests: 200, seconds: 60 });
    expect(parseRateLimit(' 5 / 0.5 ')).toEqual({ requests: 5, seconds: 0.5 });
    for (const bad of ['200', '0/60', '200/0', 'a/b', '200/60/1']) expect(parseRateLimit(bad)).toBeNull();
  });
});

describe('a reference server with --rate-limit', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ rateLimit: { requests: 3, seconds: 60 } });
  });
  afterAll(() => server.close());

  it('sends the headers on authenticated answers, errors included, and answers 429 past the limit', async () => {
    const member = server.accounts.member;
    const first = await call(server, 'GET', '/users/me', { as: member });
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    const error = await call(server, 'GET', '/get_stream_id', { as: member, query: { stream: 'no such channel' } });
    expect(error.body.result).toBe('error');
    expect(error.headers['x-ratelimit-remaining']).toBe('1');
    await call(server, 'GET', '/users/me', { as: member });
    const refused = await call(server, 'GET', '/users/me', { as: member });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(refused.body['retry-after']).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts, and requests without credentials, are not held back by the member's.
    expect((await call(server, 'GET', '/users/me', { as: server.accounts.member2 })).status).toBe(200);
    const open = await call(server, 'GET', '/server_settings');
    expect(open.status).toBe(200);
    expect(open.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
