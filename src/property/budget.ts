// The property budget: how many runs each property gets. Against a target that states a rate
// limit per account (X-RateLimit-* headers, read by the preflight), every run is requests the
// limit counts, so the same properties run fewer times: the limit over FULL_BUDGET_LIMIT, at
// least MIN_FACTOR of their runs (a fifth for Zulip's 200 a minute), each property at least
// twice. The seed and the number of runs of each property are in the report, to replay it or run
// it longer (--property-factor, --thorough).

/** A limit of this many requests per window, or more (or none), runs every property in full. */
export const FULL_BUDGET_LIMIT = 1000;
const MIN_FACTOR = 0.2;

/**
 * The limit a target states bounds a run: under FULL_BUDGET_LIMIT requests a window, the busiest
 * account's requests, not the answers' latency, set how long the run takes.
 */
export function limitBoundsRun(limit: { requests: number } | null): boolean {
  return limit !== null && limit.requests < FULL_BUDGET_LIMIT;
}

/** How the budget was chosen, for the report: the factor, and why it is not 1. */
export interface PropertyBudget {
  factor: number;
  reason: string | null;
}

export function propertyBudget(options: {
  /** --property-factor, when given. */
  factor: number | null;
  thorough: boolean;
  /** The limit the target states per account, if any. */
  rateLimit: { requests: number; seconds: number } | null;
}): PropertyBudget {
  const given = options.factor ?? 1;
  if (options.thorough) return { factor: 10 * given, reason: `--thorough${options.factor === null ? '' : ` with --property-factor ${given}`}` };
  if (options.factor !== null) return { factor: given, reason: given === 1 ? null : `--property-factor ${given}` };
  const limit = options.rateLimit;
  if (!limit || !limitBoundsRun(limit)) return { factor: 1, reason: null };
  return {
    factor: Math.max(MIN_FACTOR, limit.requests / FULL_BUDGET_LIMIT),
    reason: `the target limits each account to ${limit.requests} requests per ${limit.seconds} s`,
  };
}

/** A property's runs under a factor: fewer, but at least two (or its own count, if smaller). */
export function runsUnder(runs: number, factor: number): number {
  const scaled = Math.round(runs * factor);
  return factor >= 1 ? Math.max(1, scaled) : Math.max(Math.min(runs, 2), scaled);
}
