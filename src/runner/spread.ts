// Spreading role-bound work over every account of that role the run holds. A server's rate limit
// counts each account apart (Zulip: 200 requests a minute), so the run lasts as long as its
// busiest account's requests allow. A spec file or property marked `anyMembers` needs a plain
// member and another one, whichever: the run casts its `member` and `member2` from the pool of
// plain members (member, member2 and the extra members, CONFORMANCE_EXTRA_MEMBERS); a file marked
// `anyAdmins` or `anyOwners` has its `admin` or `owner` cast the same way from the administrators
// (CONFORMANCE_EXTRA_ADMINS) or the owners (CONFORMANCE_EXTRA_OWNERS). In each pool the heaviest
// units go first, each part to the account with the fewest requests expected so far. The
// expectation is counted from the steps (a file) or the runs (a property) before anything is
// sent, so the cast is the same every run.
import { roleOf, type SpecFile, type Step } from '../engine/load/types.js';
import { readsOnlyForZulip } from '../engine/run/run-steps.js';
import type { Pool, Profile } from '../common/vocabulary.js';

/** The parts of a file each pool's accounts may play. */
export const POOL_PARTS = { member: ['member', 'member2'], admin: ['admin'], owner: ['owner'] } as const satisfies Record<Pool, readonly string[]>;
/** The parts a unit casts. */
export const PARTS = POOL_PARTS.member;
export type Part = (typeof POOL_PARTS)[Pool][number];

/** Which account (its label: member, member2, extra1, admin, extra-admin1...) plays each part. */
export type Cast = Partial<Record<Part, string>>;

/** Something the run casts: its key (a spec file's path, a property's id) and the requests it is expected to send per part. */
export interface CastUnit {
  key: string;
  load: Partial<Record<Part, number>>;
}

/** The pools a spec file (or a property) lets the run cast its parts from. */
export const poolsOf = (spec: Partial<Pick<SpecFile, 'anyMembers' | 'anyAdmins' | 'anyOwners'>>): Pool[] => [
  ...(spec.anyMembers ? (['member'] as const) : []),
  ...(spec.anyAdmins ? (['admin'] as const) : []),
  ...(spec.anyOwners ? (['owner'] as const) : []),
];

/**
 * The cast of every unit over one pool's accounts: heaviest first, its heavier part to the least
 * loaded account, the other to the least loaded of the rest. `expected` holds what the accounts
 * send anyway (the units not cast); a unit needing two parts gets two different accounts.
 */
export function castUnits(
  units: readonly CastUnit[],
  pool: readonly string[],
  expected: Readonly<Record<string, number>> = {},
  poolParts: readonly Part[] = PARTS,
): Map<string, Cast> {
  const load = new Map(pool.map((label) => [label, expected[label] ?? 0]));
  const total = (u: CastUnit) => poolParts.reduce((sum, p) => sum + (u.load[p] ?? 0), 0);
  const casts = new Map<string, Cast>();
  for (const unit of [...units].sort((a, b) => total(b) - total(a) || a.key.localeCompare(b.key))) {
    const parts = poolParts.filter((p) => unit.load[p] !== undefined).sort((a, b) => unit.load[b]! - unit.load[a]! || a.localeCompare(b));
    const cast: Cast = {};
    for (const part of parts) {
      const taken = new Set(Object.values(cast));
      const [label] = [...load].filter(([l]) => !taken.has(l)).sort(([a, x], [b, y]) => x - y || pool.indexOf(a) - pool.indexOf(b))[0] ?? [];
      if (label === undefined) break;
      cast[part] = label;
      load.set(label, load.get(label)! + unit.load[part]!);
    }
    casts.set(unit.key, cast);
  }
  return casts;
}

/**
 * The requests a spec file is expected to send per account role under a profile: one a step,
 * two for a step opening an event queue (the queue is deleted after), a zulip-only case or read
 * not counted under spec.
 */
export function expectedRequests(spec: SpecFile, profile: Profile): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (steps: readonly Step[] | undefined) => {
    for (const step of steps ?? []) {
      const role = roleOf(step);
      if (!role || (profile === 'spec' && readsOnlyForZulip(step))) continue;
      const opens = step.queue || (step.request.method === 'POST' && step.request.path === '/register');
      counts[role] = (counts[role] ?? 0) + (opens ? 2 : 1);
    }
  };
  add(spec.fixtures);
  add(spec.cleanup);
  for (const c of spec.cases) {
    if (c.profile && c.profile !== profile) continue;
    add(c.assume);
    add(c.steps);
    add(c.cleanup);
  }
  return counts;
}

/**
 * A cast unit's parts in a pool: what it sends as each. Both plain-member parts are cast even when
 * it never calls as one (it may name that account, `${accounts.member2.user_id}`), so the two are
 * always two different accounts.
 */
export function partsOf(counts: Readonly<Record<string, number>>, pool: Pool = 'member'): CastUnit['load'] {
  return Object.fromEntries(POOL_PARTS[pool].map((part) => [part, counts[part] ?? 0]));
}

/**
 * What a whole run sends per pool, about (the zulip profile: the pool's own accounts and what is
 * cast over them, 2026-11-29); each pool's size is chosen from it.
 */
export const POOL_REQUESTS: Record<Pool, number> = { member: 2000, admin: 900, owner: 800 };
export const PLAIN_MEMBER_REQUESTS = POOL_REQUESTS.member;
const MOST_EXTRAS = 20;

/**
 * How many extra accounts of a pool a target limiting each account to `requests` per window
 * needs, so that no account of it sends more than one window's worth in a run: the pool's
 * requests over the limit, less the accounts it has anyway (member and member2; admin; owner).
 * None for a target without a limit.
 */
export function extrasFor(limit: { requests: number } | null, pool: Pool = 'member'): number {
  if (!limit) return 0;
  return Math.min(MOST_EXTRAS, Math.max(0, Math.ceil(POOL_REQUESTS[pool] / limit.requests) - POOL_PARTS[pool].length));
}
