// The limit a server states per account on its answers (X-RateLimit-Limit, -Remaining, -Reset in
// Unix seconds, as Zulip's RateLimitMiddleware sends them), read from the preflight's answers: the
// run sizes its property budget by it, and `setup` the pool of extra members it makes.

export interface RateLimit {
  /** Requests an account may make per window. */
  requests: number;
  /** The window's length in seconds, as near as the headers tell it. */
  seconds: number;
}

/**
 * The limit the answers state, or null when none carries the headers. Reset is when the newest
 * counted request leaves the window (Zulip: its time plus the window, rounded down to the second),
 * so for an answer just received the window is Reset - now, rounded up; the longest of the
 * answers' is taken (the time an answer takes only shortens it).
 */
export function rateLimitOf(answers: readonly { response?: { headers: Record<string, string> } }[], now = Date.now()): RateLimit | null {
  let found: RateLimit | null = null;
  for (const answer of answers) {
    const headers = answer.response?.headers ?? {};
    const requests = Number(headers['x-ratelimit-limit']);
    const reset = Number(headers['x-ratelimit-reset']);
    if (!headers['x-ratelimit-limit'] || !Number.isInteger(requests) || requests < 1 || !Number.isFinite(reset)) continue;
    const seconds = Math.max(1, Math.ceil(reset - now / 1000));
    if (!found || seconds > found.seconds) found = { requests, seconds };
  }
  return found;
}
