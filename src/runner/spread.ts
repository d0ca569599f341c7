// Spreading plain-member work over every plain member the run holds. A server's rate limit
// counts each account apart (Zulip: 200 requests a minute), so the run lasts as long as its
// busiest account's requests allow. A spec file or property marked `anyMembers` needs a plain
// member and another one, whichever: the run casts its `member` and `member2` from the pool
// (member, member2 and the extra members, CONFORMANCE_EXTRA_MEMBERS), the heaviest units first,
// each part to the account with the fewest requests expected so far. The expectation is counted
// from the steps (a file) or the runs (a property) before anything is sent, so the cast is the
// same every run.
import { roleOf, type SpecFile, type Step } from '../engine/load/types.js';
import { readsOnlyForZulip } from '../engine/run/run-steps.js';
import type { Profile } from '../common/vocabulary.js';

/** The two parts a unit casts. */
export const PARTS = ['member', 'member2'] as const;
export type Part = (typeof PARTS)[number];

/** Which account (its label: member, member2, extra1...) plays each part. */
export type Cast = Partial<Record<Part, string>>;

/** Something the run casts: its key (a spec file's path, a property's id) and the requests it is expected to send per part. */
export interface CastUnit {
  key: string;
  load: Partial<Record<Part, number>>;
}

/**
 * The cast of every unit: heaviest first, its heavier part to the least loaded account, the
 * other to the least loaded of the rest. `expected` holds what the accounts send anyway (the
 * units not cast); a unit needing both parts gets two different accounts.
 */
export function castUnits(units: readonly CastUnit[], pool: readonly string[], expected: Readonly<Record<string, number>> = {}): Map<string, Cast> {
  const load = new Map(pool.map((label) => [label, expected[label] ?? 0]));
  const total = (u: CastUnit) => (u.load.member ?? 0) + (u.load.member2 ?? 0);
  const casts = new Map<string, Cast>();
  for (const unit of [...units].sort((a, b) => total(b) - total(a) || a.key.localeCompare(b.key))) {
    const parts = PARTS.filter((p) => unit.load[p] !== undefined).sort((a, b) => unit.load[b]! - unit.load[a]! || a.localeCompare(b));
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
 * A cast unit's parts: what it sends as member and member2. Both are cast even when it never
 * calls as one (it may name that account, `${accounts.member2.user_id}`), so the two are always
 * two different accounts.
 */
export function partsOf(counts: Readonly<Record<string, number>>): CastUnit['load'] {
  return { member: counts.member ?? 0, member2: counts.member2 ?? 0 };
}

/**
 * What a whole run sends as plain members, about (the zulip profile: member, member2 and what is
 * cast over them, 2026-11-28); the pool's size is chosen from it.
 */
export const PLAIN_MEMBER_REQUESTS = 2000;
const MOST_EXTRA_MEMBERS = 20;

/**
 * How many extra members a target limiting each account to `requests` per window needs, so that
 * no plain member sends more than one window's worth in a run: the plain-member requests over
 * the limit, less member and member2 (`setup` makes that many; none for a target without a limit).
 */
export function extraMembersFor(limit: { requests: number } | null): number {
  if (!limit) return 0;
  return Math.min(MOST_EXTRA_MEMBERS, Math.max(0, Math.ceil(PLAIN_MEMBER_REQUESTS / limit.requests) - 2));
}
