// The limit a target states on its answers (src/http/rate-limit-headers.ts), as the preflight reads
// it for the property budget and `setup` for the size of the pool of extra members.
import { describe, expect, it } from 'vitest';
import { rateLimitOf } from '../../src/http/rate-limit-headers.js';

const answer = (headers: Record<string, string>) => ({ response: { headers } });

describe('rateLimitOf', () => {
  it("reads the limit and the window (Reset - now, rounded up: Zulip's Reset is rounded down), the longest of the answers'", () => {
    const now = 1_000_000_500; // ms
    const limited = (reset: number) => answer({ 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '199', 'x-ratelimit-reset': String(reset) });
    expect(rateLimitOf([limited(1_000_060), limited(1_000_059)], now)).toEqual({ requests: 200, seconds: 60 });
    expect(rateLimitOf([answer({}), answer({ 'x-ratelimit-limit': 'many', 'x-ratelimit-reset': '1' }), {}], now)).toBeNull();
  });
});
