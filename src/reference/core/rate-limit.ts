// A per-account rate limit shaped like Zulip's, so that a run against a limited server can be
// reproduced here (`serve --rate-limit 200/60`, Zulip's default api_by_user rule). Read from
// zulip/zulip: zerver/lib/rate_limiter.py (RedisRateLimiterBackend: a request is refused while
// the Nth newest counted request of the account is less than the window old; a refused request is
// not counted; get_api_calls_left: remaining = N minus the requests in the window, reset when the
// newest of them leaves it), zerver/lib/exceptions.py (RateLimitedError: HTTP 429, code
// RATE_LIMIT_HIT, msg "API usage exceeded rate limit", the seconds to wait as the Retry-After
// header and the body's "retry-after" field), zerver/middleware.py (RateLimitMiddleware:
// X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, in whole Unix seconds, on the
// answers of authenticated requests, refused ones included; read at commit b0f5ce4728ce, the
// limiter at 00e56f3be4df), and zproject/default_settings.py (DEFAULT_RATE_LIMITING_RULES:
// api_by_user 200 per 60 s). Unauthenticated requests, which Zulip limits per IP address
// (api_by_ip), are not limited here; nor is Tornado's GET /events counted apart.
import { ApiError } from './errors.js';

export interface RateLimitRule {
  /** Requests an account may make in any window of `seconds`. */
  requests: number;
  seconds: number;
}

export class RateLimiter {
  /** Per user, the times (seconds) of the newest counted requests, oldest first, at most rule.requests. */
  private readonly calls = new Map<number, number[]>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** Counts a request of the user and returns the headers of its answer; throws the 429 when over the limit. */
  admit(userId: number): Record<string, string> {
    const { requests: max, seconds: window } = this.rule;
    const now = this.now();
    const calls = this.calls.get(userId) ?? [];
    if (calls.length >= max) {
      const freeAt = calls[calls.length - max] + window;
      if (freeAt >= now) {
        const wait = freeAt - now;
        throw new ApiError(
          429,
          'RATE_LIMIT_HIT',
          'API usage exceeded rate limit',
          { 'retry-after': wait },
          { 'Retry-After': String(wait), ...headers(max, 0, now + wait) },
        );
      }
    }
    calls.push(now);
    if (calls.length > max) calls.splice(0, calls.length - max);
    this.calls.set(userId, calls);
    const inWindow = calls.filter((t) => t >= now - window).length;
    return headers(max, max - inWindow, calls[calls.length - 1] + window);
  }
}

function headers(limit: number, remaining: number, resetAt: number): Record<string, string> {
  return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(Math.floor(resetAt)) };
}

/** "200/60" -> 200 requests per 60 seconds; null for text of another shape. */
export function parseRateLimit(text: string): RateLimitRule | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const rule = { requests: Number(match[1]), seconds: Number(match[2]) };
  return rule.requests >= 1 && rule.seconds > 0 ? rule : null;
}
