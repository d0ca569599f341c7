// Learning a limit that does not say what it is: a limiter that answers 429 without the
// X-RateLimit-* headers the pacer reads (a proxy, a gateway, another server) is met per account
// as TCP meets congestion. A 429 holds the account until the wait it asks for is over
// (Retry-After, else a backoff doubling from 1 s), and, once per burst (the 429s of requests let
// go before the cut do not cut again), halves how many of its requests may be in flight at once
// and how fast they may leave: a limit counts requests in time, and against a fast server even
// one request at a time outruns it. Every other answer grows both back a little, until they no
// longer hold anything back. A request refused so is sent again until it has waited out
// PATIENCE_MS in all: past that (or asked to wait longer at once) the server is taken to refuse
// it for good.
import type { OutsideWaiter } from './rate-pacer.js';

/** The most one request waits out 429 answers, in all, before its case is errored. */
export const PATIENCE_MS = 10 * 60_000;
/** A cap this high holds nothing back: the account is free again. */
const FREE_CAP = 64;
/** The pace is judged over this many of the account's latest requests. */
const PACE_SAMPLE = 32;
/** Each answer that is not a 429 shortens the gap between two requests by this share. */
const GAP_SHRINK = 0.03;
/** A gap this short holds nothing back. */
const FREE_GAP_MS = 1;
const MAX_GAP_MS = 10_000;
/** Without Retry-After: 1 s, 2 s, 4 s... for the request's successive 429s, at most a minute. */
const BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;

interface AccountLimit {
  /** Requests that may be in flight at once; Infinity until the first 429. */
  cap: number;
  inFlight: number;
  /** No request of the account leaves before then (ms). */
  pausedUntil: number;
  /** When the cap was last cut: a 429 of a request sent before it belongs to the same burst. */
  cutAt: number;
  /** The least time between two of its requests leaving (ms); 0 until the first 429. */
  gapMs: number;
  /** When its latest requests left, the newest last (at most PACE_SAMPLE). */
  letGo: number[];
  waiting: (() => void)[];
}

export class LimitLearner {
  private readonly accounts = new Map<string, AccountLimit>();

  /** outside: how a request waits (the runner gives its case's slot back meanwhile); now: the clock (ms). */
  constructor(
    private readonly outside: OutsideWaiter = (waited) => waited,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits (through `outside`) until the account may send one more request; returns when it was let go (for after()). */
  async before(account: string, outside: OutsideWaiter = this.outside): Promise<number> {
    const a = this.account(account);
    for (;;) {
      // Checked and taken without an await between: of the requests woken together, one goes.
      const held = Math.max(a.pausedUntil, (a.letGo.at(-1) ?? -Infinity) + a.gapMs) - this.now();
      if (held > 0) await outside(new Promise((resolve) => setTimeout(resolve, held)));
      else if (a.inFlight >= a.cap) await outside(new Promise<void>((resolve) => a.waiting.push(resolve)));
      else break;
    }
    a.inFlight += 1;
    const now = this.now();
    a.letGo.push(now);
    if (a.letGo.length > PACE_SAMPLE) a.letGo.shift();
    return now;
  }

  /** The answer to a request let go at `sentAt`: a 429 holds the account `waitMs`, anything else grows its cap back. */
  after(account: string, sentAt: number, limited: false): void;
  after(account: string, sentAt: number, limited: true, waitMs: number): void;
  after(account: string, sentAt: number, limited: boolean, waitMs = 0): void {
    const a = this.account(account);
    const inFlight = a.inFlight;
    a.inFlight -= 1;
    if (limited) {
      if (sentAt > a.cutAt) {
        a.cap = Math.max(1, Math.floor(Math.min(a.cap, inFlight) / 2));
        // Half the pace the latest requests left at: their mean gap, doubled.
        const sample = a.letGo.filter((t) => t <= sentAt);
        const pace = sample.length > 1 ? (sample.at(-1)! - sample[0]) / (sample.length - 1) : 0;
        a.gapMs = Math.min(MAX_GAP_MS, Math.max(2 * a.gapMs, 2 * pace, FREE_GAP_MS));
        a.cutAt = this.now();
      }
      a.pausedUntil = Math.max(a.pausedUntil, this.now() + waitMs);
    } else {
      if (Number.isFinite(a.cap)) a.cap = a.cap + 1 / a.cap >= FREE_CAP ? Infinity : a.cap + 1 / a.cap;
      a.gapMs = a.gapMs * (1 - GAP_SHRINK) < FREE_GAP_MS ? 0 : a.gapMs * (1 - GAP_SHRINK);
    }
    // Each woken request looks again: a pause or a full cap sends it back to wait.
    for (const wake of a.waiting.splice(0)) wake();
  }

  /** The account's cap (Infinity: unlimited) and gap (ms, 0: none), for the tests. */
  limitOf(account: string): { cap: number; gapMs: number } {
    const { cap, gapMs } = this.account(account);
    return { cap, gapMs };
  }

  private account(key: string): AccountLimit {
    let a = this.accounts.get(key);
    if (!a) {
      a = { cap: Infinity, inFlight: 0, pausedUntil: 0, cutAt: -Infinity, gapMs: 0, letGo: [], waiting: [] };
      this.accounts.set(key, a);
    }
    return a;
  }
}

/**
 * How long a 429 asks to wait (ms): Retry-After in seconds or as an HTTP date, else the body's
 * `retry-after` (Zulip's), else a backoff doubling with the request's earlier 429s.
 */
export function retryAfterMs(headers: Record<string, string>, body: unknown, earlier: number, now = Date.now()): number {
  const header = headers['retry-after'];
  const field = (body as Record<string, unknown> | undefined)?.['retry-after'];
  for (const raw of [header, field]) {
    if (raw === undefined || raw === null || raw === '') continue;
    const seconds = Number(raw);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = typeof raw === 'string' ? Date.parse(raw) : NaN;
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** earlier);
}

/**
 * Why an answer cannot be judged when it is a 429 the client gave up waiting out (null for any
 * other): a limit met is never the server's failure, nor a property's counterexample.
 */
export function rateLimitCause(exchange: {
  response?: { status: number };
  rateLimitRetries?: number;
  rateLimitGaveUp?: { waitedMs: number; askedMs: number };
}): string | null {
  if (exchange.response?.status !== 429) return null;
  const gaveUp = exchange.rateLimitGaveUp;
  const waited = gaveUp ? `, ${Math.round(gaveUp.waitedMs / 1000)} s waited; it asks ${Math.round(gaveUp.askedMs / 1000)} s more` : '';
  return `rate limited: HTTP 429 after ${exchange.rateLimitRetries ?? 0} retries${waited}, past the ${PATIENCE_MS / 60_000} minutes a request waits in all`;
}
