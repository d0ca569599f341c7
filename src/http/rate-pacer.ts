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
  /**
   * Until the first answer, nothing is known: one request goes alone, so that a burst at the
   * start cannot overrun a limit it has not yet heard of. An answer without the headers: no limit
   * to pace by (the 429 handling remains).
   */
  state: 'unknown' | 'unlimited' | 'limited';
  /** From the answer to the newest request that carried the headers. */
  limit: number;
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
    let waited = false;
    while ((w.state === 'unknown' && w.sent > 0) || (w.state === 'limited' && w.remaining - (w.sent - w.seenSeq) <= RESERVE)) {
      const now = Date.now();
      if (w.resetAt !== null && w.resetAt <= now) {
        // The window of the answer seen is over: only the requests sent after it still count.
        w.remaining = w.limit;
        w.resetAt = null;
        continue;
      }
      const limited = w.state === 'limited';
      const until = (limited && w.resetAt) || now + RECHECK_MS;
      waited ||= limited;
      // The first answer is a round trip away: waited for in place. The limit's window is
      // waited for through the caller's waiter (a case gives its slot back meanwhile).
      const wait: OutsideWaiter = limited ? this.outside : (p) => p;
      await wait(
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
    return { seq: w.sent, startedAt: started, waitedMs: waited ? Date.now() - started : 0 };
  }

  /** What the answer to request `seq` of the account says of the limit (headers lower-cased; none for a transport fault). */
  after(account: string, seq: number, headers: Record<string, string> = {}): void {
    const w = this.window(account);
    const [limit, remaining, reset] = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) =>
      headers[name] === undefined ? NaN : Number(headers[name]),
    );
    if (![limit, remaining, reset].every(Number.isFinite)) {
      if (w.state === 'unknown') w.state = 'unlimited';
    } else if (seq > w.seenSeq) {
      // (An older request's answer, overtaken by a newer one's, says less than it.)
      Object.assign(w, { state: 'limited', limit, remaining, seenSeq: seq, resetAt: reset * 1000 + RESET_MARGIN_MS });
    }
    for (const wake of w.wake.splice(0)) wake();
  }

  private window(account: string): AccountWindow {
    let w = this.windows.get(account);
    if (!w) this.windows.set(account, (w = { sent: 0, state: 'unknown', limit: 0, remaining: 0, seenSeq: 0, resetAt: null, wake: [] }));
    return w;
  }
}
