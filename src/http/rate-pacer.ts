// Pacing before the limit: a server that limits each account and says so on its answers
// (X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset in Unix seconds: Zulip's
// RateLimitMiddleware, zerver/middleware.py in zulip/zulip) gets no more of an account's
// requests than it has room for; the rest wait until the window the answers describe is over.
// A run under such a limit then meets no 429 at all. A limiter that sends no such headers is
// still met by the client's 429 handling (Retry-After).
//
// The estimate is conservative: an answer's Remaining counted every request the server had
// handled by then, so every request sent after that one is taken off it, whether or not the
// server had already counted it.

/** Requests kept in hand below the estimate: what answers arriving out of order might still take. */
const RESERVE = 2;
/** X-RateLimit-Reset is rounded down to the second: wait this much past it. */
const RESET_MARGIN_MS = 1000;
/** With no fresh answer to go by, look again this often. */
const RECHECK_MS = 1000;

interface AccountWindow {
  /** Requests sent, numbered from 1: a request's number orders it after those sent before it. */
  sent: number;
  /** From the answer to the newest request that carried the headers; null until one has. */
  limit: number | null;
  remaining: number;
  /** The number of that request. */
  seenSeq: number;
  /** When the window that answer described is over (ms); null once that reset was applied. */
  resetAt: number | null;
  /** Resolves the requests waiting for a fresh answer. */
  wake: (() => void)[];
}

export type OutsideWaiter = <T>(waited: Promise<T>) => Promise<T>;

export class RatePacer {
  private readonly windows = new Map<string, AccountWindow>();

  /** outside: how the caller waits (the runner gives its case's slot back meanwhile). */
  constructor(private readonly outside: OutsideWaiter = (waited) => waited) {}

  /** Waits until the account may send another request; returns that request's number and when it began waiting (ms). */
  async before(account: string): Promise<{ seq: number; startedAt: number; waitedMs: number }> {
    const w = this.window(account);
    const started = Date.now();
    while (w.limit !== null && w.remaining - (w.sent - w.seenSeq) <= RESERVE) {
      const now = Date.now();
      if (w.resetAt !== null && w.resetAt <= now) {
        // The window of the answer seen is over: only the requests sent after it still count.
        w.remaining = w.limit;
        w.resetAt = null;
        continue;
      }
      const until = w.resetAt ?? now + RECHECK_MS;
      await this.outside(
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, until - now);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          w.wake.push(done);
        }),
      );
    }
    w.sent += 1;
    return { seq: w.sent, startedAt: started, waitedMs: Date.now() - started };
  }

  /** What the answer to request `seq` of the account says of the limit (headers lower-cased). */
  after(account: string, seq: number, headers: Record<string, string>): void {
    const limit = Number(headers['x-ratelimit-limit']);
    const remaining = Number(headers['x-ratelimit-remaining']);
    const reset = Number(headers['x-ratelimit-reset']);
    if (![limit, remaining, reset].every(Number.isFinite) || headers['x-ratelimit-remaining'] === undefined) return;
    const w = this.window(account);
    if (seq <= w.seenSeq) return; // an older request's answer, overtaken
    Object.assign(w, { limit, remaining, seenSeq: seq, resetAt: reset * 1000 + RESET_MARGIN_MS });
    for (const wake of w.wake.splice(0)) wake();
  }

  private window(account: string): AccountWindow {
    let w = this.windows.get(account);
    if (!w) this.windows.set(account, (w = { sent: 0, limit: null, remaining: 0, seenSeq: 0, resetAt: null, wake: [] }));
    return w;
  }
}
