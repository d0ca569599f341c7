// What a run costs the target: its requests counted per account, per operation and per purpose
// (the checks themselves, the fixtures they need, the cleanup after them, the preflight), and
// the rate limit it met (429 answers, time waited). Against a real server the busiest account's
// count is what a run costs: Zulip limits each account (200 requests a minute by default).
// Plain data, so a worker's meter can be written to a file and added to the CLI's.
import { PATIENCE_MS } from './limit-learner.js';

/** Why a request was sent. */
export const PURPOSES = ['check', 'fixture', 'cleanup', 'preflight'] as const;
export type RequestPurpose = (typeof PURPOSES)[number];

export type PurposeCounts = Record<RequestPurpose, number>;

export interface AccountCost extends PurposeCounts {
  requests: number;
}

export interface RequestCost {
  /** Every request sent, retries of a 429 included. */
  requests: number;
  byPurpose: PurposeCounts;
  /** By the role whose credentials the request carried; "none" without credentials. */
  byAccount: Record<string, AccountCost>;
  /** "POST /messages" (a documented operation, else the path with its numbers as {id}) -> role -> requests. */
  byOperation: Record<string, Record<string, number>>;
  /** The account that sent the most requests, null for a run that sent none with credentials. */
  busiest: { account: string; requests: number } | null;
  rateLimit: {
    /** 429 answers met (each waited out and sent again). */
    answers429: number;
    /** Time requests waited after a 429 (Retry-After), summed over the requests. */
    waitedAfter429Ms: number;
    /** The most one request waited out 429s in all, and the most it may before its case is errored. */
    longestWaitMs: number;
    patienceMs: number;
    /** Wall time during which requests waited before the limit (paced by X-RateLimit-Remaining / -Reset, so as to meet no 429). */
    pacedMs: number;
  };
}

const noPurposes = (): PurposeCounts => ({ check: 0, fixture: 0, cleanup: 0, preflight: 0 });

export function emptyCost(): RequestCost {
  return {
    requests: 0,
    byPurpose: noPurposes(),
    byAccount: {},
    byOperation: {},
    busiest: null,
    rateLimit: { answers429: 0, waitedAfter429Ms: 0, longestWaitMs: 0, patienceMs: PATIENCE_MS, pacedMs: 0 },
  };
}

/** "PATCH /messages/{id}" for a path the operations do not name. */
export const pathTemplate = (method: string, path: string) => `${method.toUpperCase()} ${path.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/{id}')}`;

export class RequestMeter {
  private cost = emptyCost();
  /** The spans during which some request was paced (they overlap: cases wait side by side). */
  private readonly pacedSpans: [number, number][] = [];

  /** operationOf: the documented operation of a request, null when it is none of them. */
  constructor(private readonly operationOf: (method: string, path: string) => string | null = () => null) {}

  /** One request sent (a retry counts again). */
  request(role: string | null, method: string, path: string, purpose: RequestPurpose): void {
    const who = role ?? 'none';
    const c = this.cost;
    c.requests += 1;
    c.byPurpose[purpose] += 1;
    const account = (c.byAccount[who] ??= { requests: 0, ...noPurposes() });
    account.requests += 1;
    account[purpose] += 1;
    const operation = this.operationOf(method, path) ?? pathTemplate(method, path);
    const roles = (c.byOperation[operation] ??= {});
    roles[who] = (roles[who] ?? 0) + 1;
  }

  /** A 429 answer asking to wait `waitMs`; its request will have waited `requestWaitedMs` in all. */
  rateLimited(waitMs: number, requestWaitedMs = waitMs): void {
    const rl = this.cost.rateLimit;
    rl.answers429 += 1;
    rl.waitedAfter429Ms += Math.round(waitMs);
    rl.longestWaitMs = Math.max(rl.longestWaitMs, Math.round(requestWaitedMs));
  }

  /** A request waited from `startedAt` to `endedAt` (ms) for the limit. */
  paced(startedAt: number, endedAt: number): void {
    this.pacedSpans.push([startedAt, endedAt]);
  }

  snapshot(): RequestCost {
    const cost = structuredClone(this.cost);
    cost.rateLimit.pacedMs = Math.round(unionLength(this.pacedSpans));
    return withBusiest(cost);
  }
}

/** The sum of several meters' counts (the CLI's preflight and the workers', or the shards of a merge). */
export function addCosts(costs: readonly RequestCost[]): RequestCost {
  const sum = emptyCost();
  for (const c of costs) {
    sum.requests += c.requests;
    for (const p of PURPOSES) sum.byPurpose[p] += c.byPurpose[p] ?? 0;
    for (const [who, a] of Object.entries(c.byAccount)) {
      const into = (sum.byAccount[who] ??= { requests: 0, ...noPurposes() });
      into.requests += a.requests;
      for (const p of PURPOSES) into[p] += a[p] ?? 0;
    }
    for (const [operation, roles] of Object.entries(c.byOperation)) {
      const into = (sum.byOperation[operation] ??= {});
      for (const [who, n] of Object.entries(roles)) into[who] = (into[who] ?? 0) + n;
    }
    sum.rateLimit.answers429 += c.rateLimit.answers429;
    sum.rateLimit.waitedAfter429Ms += c.rateLimit.waitedAfter429Ms;
    // (Reports of older versions lack the two.)
    sum.rateLimit.longestWaitMs = Math.max(sum.rateLimit.longestWaitMs, c.rateLimit.longestWaitMs ?? 0);
    sum.rateLimit.pacedMs += c.rateLimit.pacedMs;
  }
  return withBusiest(sum);
}

function unionLength(spans: [number, number][]): number {
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

function withBusiest(cost: RequestCost): RequestCost {
  const accounts = Object.entries(cost.byAccount).filter(([who]) => who !== 'none');
  const top = accounts.sort(([a, x], [b, y]) => y.requests - x.requests || a.localeCompare(b))[0];
  cost.busiest = top ? { account: top[0], requests: top[1].requests } : null;
  return cost;
}
