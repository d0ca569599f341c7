// Pacing before the limit (src/http/rate-pacer.ts): an account's requests are held back once the
// server's X-RateLimit-Remaining, less what was sent since, runs out, until the window is over;
// against a server that limits that way a burst meets no 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RatePacer } from '../../src/http/rate-pacer.js';
import { ApiClient } from '../../src/http/client.js';
import { RequestMeter } from '../../src/http/request-cost.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';

const limitHeaders = (remaining: number, resetInS: number) => ({
  'x-ratelimit-limit': '10',
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(Math.floor(Date.now() / 1000 + resetInS)),
});

describe('RatePacer', () => {
  it('sends one request alone until an answer says how much room is left, then keeps a reserve of three', async () => {
    const pacer = new RatePacer();
    const first = await pacer.before('a');
    expect(first).toMatchObject({ seq: 1, waitedMs: 0 });
    let second = false;
    void pacer.before('a').then(() => (second = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false);
    pacer.after('a', first.seq, limitHeaders(5, 60)); // 5 left: the waiting one and one more go, three are kept
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second).toBe(true);
    expect((await pacer.before('a')).waitedMs).toBe(0);
    let third = false;
    const held = pacer.before('a').then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBe(false);
    // Another account has its own window.
    expect((await pacer.before('b')).waitedMs).toBe(0);
    // A fresher answer (to request 3) with room wakes the held request.
    pacer.after('a', 3, limitHeaders(9, 60));
    await held;
    expect(third).toBe(true);
  });

  it('an overtaken answer (to an older request) is ignored; answers without the headers change nothing', async () => {
    const pacer = new RatePacer();
    for (let i = 0; i < 3; i += 1) pacer.after('a', (await pacer.before('a')).seq, {});
    pacer.after('a', 3, limitHeaders(2, 60));
    pacer.after('a', 2, limitHeaders(9, 60));
    pacer.after('a', 3, { 'content-type': 'application/json' });
    let sent = false;
    void pacer.before('a').then(() => (sent = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(false);
    pacer.after('a', 3, limitHeaders(9, 60)); // not newer than the answer seen: still held
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(false);
  });

  it('room comes back as the counted requests age out of the sliding window, before X-RateLimit-Reset', async () => {
    let now = 0;
    const pacer = new RatePacer(undefined, () => now);
    const headers = (remaining: number, reset: number) => ({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    });
    // A limit of 5 per 10 s; each answer 100 ms after its request.
    expect((await pacer.before('a')).seq).toBe(1);
    now = 100;
    pacer.after('a', 1, headers(4, 10));
    now = 1000;
    expect((await pacer.before('a')).seq).toBe(2);
    now = 1100;
    pacer.after('a', 2, headers(3, 11)); // the whole window is over at 12 s
    now = 2000;
    let sent = false;
    const held = pacer.before('a').then(() => (sent = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toBe(false); // three left: the reserve
    now = 11_050; // request 1 may still count (answered at 0.1 s, the window up to 11 s long)
    pacer.after('a', 2, headers(3, 11));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toBe(false);
    now = 11_150; // request 1 is surely out; the window of the last answer is not over
    pacer.after('a', 2, headers(3, 11));
    await held;
    expect(sent).toBe(true);
  });

  it('waits out the window when no fresher answer comes, through the waiter it was given', async () => {
    const outside: Promise<unknown>[] = [];
    const pacer = new RatePacer((waited) => {
      outside.push(waited);
      return waited;
    });
    const first = await pacer.before('a');
    pacer.after('a', first.seq, { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000)) });
    const next = await pacer.before('a'); // the reset (plus its margin of a second) is at most a second away
    expect(next.waitedMs).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
  });
});

describe('ApiClient against a server that limits each account', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ rateLimit: { requests: 12, seconds: 1 } });
  });
  afterAll(() => server.close());

  it('a burst of three windows of requests meets no 429: the client paces itself', async () => {
    const meter = new RequestMeter();
    const client = new ApiClient(server.url, { timeoutMs: 10_000, meter });
    const member = { ...server.accounts.member, role: 'member' };
    try {
      // A wrong key's answer (401, no limit counted, no headers) says nothing of the account's limit.
      const refused = await client.send({ method: 'GET', path: '/users/me', auth: { ...member, apiKey: 'wrong-key' } });
      expect(refused.response?.status).toBe(401);
      const answers = await Promise.all(Array.from({ length: 30 }, () => client.send({ method: 'GET', path: '/users/me', auth: member })));
      expect(answers.map((a) => a.response?.status)).toEqual(Array(30).fill(200));
      const cost = meter.snapshot();
      expect(cost.rateLimit.answers429).toBe(0);
      expect(cost.rateLimit.pacedMs).toBeGreaterThan(0);
      expect(cost.byAccount.member.requests).toBe(31);
    } finally {
      await client.close();
    }
  });
});
