// Pacing before the limit: a server that limits each account and says so on its answers
// (X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset in Unix seconds: Zulip's
// RateLimitMiddleware, zerver/middleware.py in zulip/zulip) gets no more of an account's
// requests than it has room for; the rest wait until there is room again. A run under such a
// limit then meets no 429 at all. A limiter that sends no such headers is still met by the
// client's 429 handling (Retry-After).
//
// The room is estimated conservatively: an answer's Remaining counted every request the server
// had handled by then, so every request sent after that one is taken off it, whether or not the
// server had already counted it. Zulip's window slides (zerver/lib/rate_limiter.py: a request
// counts until it is the window's length old), so room comes back as the account's own requests
// age out, not all at once at X-RateLimit-Reset. A request is given back only when it surely
// was counted and surely is out: it was answered before the seen request was sent, it was sent
// less than the shortest window ago before that answer, and it was answered more than the
// longest window ago. Reset (the newest counted request's time plus the window, rounded down
// to the second) bounds the window's length both ways.

/** Requests kept in hand below the estimate: what requests handled out of order might still take. */
const RESERVE = 3;
/** X-RateLimit-Reset is rounded down to the second. */
const RESET_ROUNDING_MS = 1000;
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
  /** The number of that request, when it was sent and when its answer came (ms). */
  seenSeq: number;
  seenSentAt: number;
  seenAt: number;
  /** The window's length (ms) lies between these: the bounds the answers gave. */
  windowMinMs: number;
  windowMaxMs: number;
  /** When the window that answer described is wholly over (ms). */
  resetAt: number;
  /** By request number: when it was sent, and when its answer came (ms). */
  sentAt: number[];
  answeredAt: number[];
  /** Resolves the requests waiting for a fresh answer. */
  wake: (() => void)[];
}

export type OutsideWaiter = <T>(waited: Promise<T>) => Promise<T>;

export class RatePacer {
  private readonly windows = new Map<string, AccountWindow>();

  /**
   * outside: how the caller waits for the limit's window (the runner gives its case's slot back
   * meanwhile); now: the clock (ms), for the tests.
   */
  constructor(
    private readonly outside: OutsideWaiter = (waited) => waited,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Waits until the account may send another request (through `outside` for the limit's window);
   * returns that request's number and when it began waiting (ms).
   */
  async before(account: string, outside: OutsideWaiter = this.outside): Promise<{ seq: number; startedAt: number; waitedMs: number }> {
    const w = this.window(account);
    const started = this.now();
    let waited = false;
    for (;;) {
      const now = this.now();
      let until: number;
      if (w.state === 'unknown' && w.sent > 0)
        until = now + RECHECK_MS; // the first answer, a round trip away
      else if (w.state !== 'limited') break;
      else {
        const room = roomAt(w, now);
        if (room.left > RESERVE) break;
        until = Math.min(room.nextFreeAt ?? w.resetAt, w.resetAt);
        if (w.resetAt <= now) {
          // The window the seen answer described is wholly over: only what was sent since counts.
          Object.assign(w, { remaining: w.limit, seenSentAt: -Infinity, seenAt: -Infinity, resetAt: Infinity });
          continue;
        }
        waited = true;
      }
      // The first answer is waited for in place; the limit's window through the caller's waiter.
      const wait: OutsideWaiter = w.state === 'limited' ? outside : (p) => p;
      await wait(
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(until - now, 60_000));
          function done() {
            clearTimeout(timer);
            resolve();
          }
          w.wake.push(done);
        }),
      );
    }
    w.sent += 1;
    w.sentAt[w.sent] = this.now();
    return { seq: w.sent, startedAt: started, waitedMs: waited ? this.now() - started : 0 };
  }

  /** What the answer to request `seq` of the account says of the limit (headers lower-cased; none for a transport fault). */
  after(account: string, seq: number, headers: Record<string, string> = {}): void {
    const w = this.window(account);
    const now = this.now();
    w.answeredAt[seq] = now;
    const [limit, remaining, reset] = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map((name) =>
      headers[name] === undefined ? NaN : Number(headers[name]),
    );
    if (![limit, remaining, reset].every(Number.isFinite)) {
      if (w.state === 'unknown') w.state = 'unlimited';
    } else {
      // Reset = floor(the newest counted request's time + the window), and this request was
      // counted after it was sent: the window is shorter than Reset + 1 s - the sending time.
      const resetAt = reset * 1000 + RESET_ROUNDING_MS;
      const sentAt = w.sentAt[seq] ?? now;
      w.windowMaxMs = Math.min(w.windowMaxMs, resetAt - sentAt);
      w.windowMinMs = Math.max(w.windowMinMs, reset * 1000 - now);
      // (An older request's answer, overtaken by a newer one's, says less than it.)
      if (seq > w.seenSeq) Object.assign(w, { state: 'limited', limit, remaining, seenSeq: seq, seenSentAt: sentAt, seenAt: now, resetAt });
    }
    for (const wake of w.wake.splice(0)) wake();
  }

  private window(account: string): AccountWindow {
    let w = this.windows.get(account);
    if (!w) {
      w = {
        sent: 0,
        state: 'unknown',
        limit: 0,
        remaining: 0,
        seenSeq: 0,
        seenSentAt: 0,
        seenAt: 0,
        windowMinMs: -Infinity,
        windowMaxMs: Infinity,
        resetAt: 0,
        sentAt: [],
        answeredAt: [],
        wake: [],
      };
      this.windows.set(account, w);
    }
    return w;
  }
}

/**
 * The room left now: the seen answer's Remaining, less the requests sent since, plus the
 * requests it surely counted that have surely aged out of the window since; and when the next
 * of those will.
 */
function roomAt(w: AccountWindow, now: number): { left: number; nextFreeAt: number | null } {
  let left = w.remaining - (w.sent - w.seenSeq);
  let nextFreeAt: number | null = null;
  if (Number.isFinite(w.windowMinMs) && Number.isFinite(w.windowMaxMs)) {
    // The seen answer counted at most `limit` requests, its own the newest.
    for (let seq = Math.max(1, w.seenSeq - w.limit); seq < w.seenSeq; seq += 1) {
      const answered = w.answeredAt[seq];
      if (answered === undefined || answered > w.seenSentAt) continue; // maybe handled after the seen one
      if (w.sentAt[seq] + w.windowMinMs <= w.seenAt) continue; // maybe out already when it was counted
      const out = answered + w.windowMaxMs;
      if (out <= now) left += 1;
      else nextFreeAt = Math.min(nextFreeAt ?? out, out);
    }
  }
  return { left, nextFreeAt };
}
