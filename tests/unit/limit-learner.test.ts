// A limiter that does not say what it is (src/http/limit-learner.ts): 429s without X-RateLimit-*
// headers halve an account's requests in flight and hold it for Retry-After; other answers grow
// the number back; a request is sent again until it has waited the client's patience in all.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LimitLearner, PATIENCE_MS, rateLimitCause, retryAfterMs } from '../../src/http/limit-learner.js';
import { ApiClient } from '../../src/http/client.js';
import { RequestMeter } from '../../src/http/request-cost.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('LimitLearner', () => {
  it('lets everything go until a 429, then halves what was in flight, once per burst, and holds the account for the wait asked', async () => {
    const learner = new LimitLearner();
    const sent = await Promise.all(Array.from({ length: 8 }, () => learner.before('a')));
    expect(learner.limitOf('a')).toEqual({ cap: Infinity, gapMs: 0 });
    await tick();
    learner.after('a', sent[0], true, 0); // 8 were in flight
    expect(learner.limitOf('a').cap).toBe(4);
    learner.after('a', sent[1], true, 0); // let go before the cut: the same burst
    expect(learner.limitOf('a').cap).toBe(4);
    // Six still in flight, four allowed: a seventh waits until two have come back.
    let seventh = false;
    void learner.before('a').then(() => (seventh = true));
    await tick();
    expect(seventh).toBe(false);
    learner.after('a', sent[2], false);
    learner.after('a', sent[3], false);
    await tick();
    expect(seventh).toBe(true);
    // Another account is not held by this one's limit.
    const other = Date.now();
    expect(await learner.before('b')).toBeLessThan(other + 5);
  });

  it('halves the pace the requests left at: the next one leaves twice their mean gap after the last', async () => {
    let now = 0;
    const learner = new LimitLearner(undefined, () => now);
    const sent: number[] = [];
    for (let i = 0; i < 5; i += 1, now += 10) sent.push(await learner.before('a'));
    for (const at of sent.slice(0, 4)) learner.after('a', at, false);
    learner.after('a', sent[4], true, 0);
    expect(learner.limitOf('a')).toEqual({ cap: 1, gapMs: 20 });
    // The last left at 40: the next leaves at 60, not before.
    now = 45;
    let left = false;
    const next = learner.before('a').then(() => (left = true));
    await tick();
    expect(left).toBe(false);
    now = 60;
    await next;
    expect(left).toBe(true);
  });

  it('grows the cap back by about one per cap answers and shortens the gap by 3% an answer, until neither holds back', async () => {
    let now = 0;
    const learner = new LimitLearner(undefined, () => now);
    const first = await learner.before('a');
    now += 100;
    const second = await learner.before('a');
    learner.after('a', first, false);
    learner.after('a', second, true, 0);
    expect(learner.limitOf('a')).toEqual({ cap: 1, gapMs: 200 });
    const answer = async () => {
      now += 1000;
      learner.after('a', await learner.before('a'), false);
    };
    await answer();
    expect(learner.limitOf('a')).toEqual({ cap: 2, gapMs: 194 });
    for (let i = 0; i < 3; i += 1) await answer();
    expect(learner.limitOf('a').cap).toBeCloseTo(3.24, 2); // 2 + 1/2 + 1/2.5 + 1/2.9
    for (let i = 0; i < 3000 && (Number.isFinite(learner.limitOf('a').cap) || learner.limitOf('a').gapMs); i += 1) await answer();
    expect(learner.limitOf('a')).toEqual({ cap: Infinity, gapMs: 0 });
  });

  it('holds every request of the account until the wait a 429 asked for is over', async () => {
    const learner = new LimitLearner();
    learner.after('a', await learner.before('a'), true, 60);
    const started = Date.now();
    await learner.before('a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });
});

describe('retryAfterMs', () => {
  it('reads Retry-After in seconds or as a date, else the body field, else doubles a backoff from 1 s', () => {
    expect(retryAfterMs({ 'retry-after': '2.5' }, undefined, 0)).toBe(2500);
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, undefined, 0, Date.parse('2026-01-01T00:00:00Z'))).toBe(10_000);
    expect(retryAfterMs({}, { 'retry-after': 0.25 }, 0)).toBe(250);
    expect([0, 1, 2, 9].map((earlier) => retryAfterMs({}, '<html>', earlier))).toEqual([1000, 2000, 4000, 60_000]);
  });
});

describe('a limiter that answers 429 without saying its limit', () => {
  /** A server allowing `limit` requests per `windowMs` (a fixed window), 429 with Retry-After past it, no X-RateLimit-* headers. */
  async function limiter(limit: number, windowMs: number, retryAfter: (waitMs: number) => string | null) {
    let windowStart = Date.now();
    let count = 0;
    let refused = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const server = createServer((req, res) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        const now = Date.now();
        if (now - windowStart >= windowMs) [windowStart, count] = [now, 0];
        if (count >= limit) {
          refused += 1;
          const after = retryAfter(windowStart + windowMs - now);
          return res.writeHead(429, { 'content-type': 'text/plain', ...(after === null ? {} : { 'retry-after': after }) }).end('Too Many Requests');
        }
        count += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"success","msg":""}');
      }, 2);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stats: () => ({ refused, mostInFlight }),
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }
  const auth = { email: 'member@x.test', apiKey: 'k', role: 'member' };

  it('gets every request of a burst answered, sending fewer at once after the first 429s', async () => {
    const target = await limiter(5, 150, (ms) => String(ms / 1000));
    const meter = new RequestMeter();
    const client = new ApiClient(target.url, { timeoutMs: 5000, meter });
    const answers = await Promise.all(Array.from({ length: 40 }, () => client.send({ method: 'GET', path: '/streams', auth })));
    await client.close();
    target.close();
    expect(answers.map((a) => a.response?.status)).toEqual(Array(40).fill(200));
    const { rateLimit } = meter.snapshot();
    expect(rateLimit.answers429).toBeGreaterThan(0);
    expect(rateLimit.patienceMs).toBe(PATIENCE_MS);
    expect(rateLimit.longestWaitMs).toBeGreaterThan(0);
    // Without a cut, each window's refusals would be all the burst's requests still waiting.
    expect(target.stats().refused).toBeLessThan(40 * 3);
  });

  it('backs off without Retry-After, and gives up a request asked to wait past its patience, naming both waits', async () => {
    const none = await limiter(2, 100, () => null);
    const answers = await Promise.all(Array.from({ length: 4 }, () => new ApiClient(none.url, { timeoutMs: 5000 }).send({ method: 'GET', path: '/x', auth })));
    none.close();
    expect(answers.map((a) => a.response?.status)).toEqual([200, 200, 200, 200]);
    const forever = await limiter(0, 1000, () => String(PATIENCE_MS / 1000 + 1));
    const refused = await new ApiClient(forever.url, { timeoutMs: 5000 }).send({ method: 'GET', path: '/x', auth });
    forever.close();
    expect(refused.rateLimitGaveUp).toEqual({ waitedMs: 0, askedMs: PATIENCE_MS + 1000 });
    expect(rateLimitCause(refused)).toBe('rate limited: HTTP 429 after 0 retries, 0 s waited; it asks 601 s more, past the 10 minutes a request waits in all');
  });
});
