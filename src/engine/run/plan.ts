// Decides, before anything is sent, which cases run, which are skipped and why, and which are
// left out of this run (another profile, or filtered away).
import type { Profile, Role, Shard } from '../../common/vocabulary.js';
import { roleOf, type Case, type Requirement, type SpecFile, type Step } from '../load/types.js';
import { placeholderRoots } from './interpolate.js';

/**
 * Run, skip (with why; `onTarget` when the cause is what the target is or lacks, not the run's
 * configuration), or leave out of the run.
 */
export type Decision = { run: true } | { run: false; skip: string; onTarget?: true } | { run: false; omit: true };

export interface PlanInput {
  profile: Profile;
  featureLevel: number;
  configuredRoles: Set<Role>;
  grep: string | null;
  operations: string[];
  clauses: string[];
  /** --shard i/n: only the cases of the spec files in shard i; the others are left out. */
  shard?: Shard | null;
  /** The target is the reference server offering its shortcuts: its seeded realm, its clock. */
  referenceSeed?: boolean;
  /** The owner account holds can_change_user_emails (configured: no read shows it). */
  ownerCanChangeUserEmails?: boolean;
}

/** The filters of a run, as the CLI's configuration and the workers' settings both carry them. */
export interface RunFilters {
  profile: Profile;
  grep: string | null;
  operations: string[];
  clauses: string[];
  shard?: Shard | null;
}

/**
 * The plan's input, built the same way before the preflight (the CLI: --list, a filter check)
 * and in the workers: the filters, the level judged, the roles configured and whether the
 * target holds the reference server's seeded realm.
 */
export function planInputOf(
  filters: RunFilters,
  featureLevel: number,
  roles: Iterable<Role>,
  referenceSeed: boolean,
  ownerCanChangeUserEmails = false,
): PlanInput {
  const { profile, grep, operations, clauses, shard } = filters;
  return { profile, featureLevel, configuredRoles: new Set(roles), grep, operations, clauses, shard: shard ?? null, referenceSeed, ownerCanChangeUserEmails };
}

/** Why a case needing this cannot run here, or null when the target has it. */
function unmet(requirement: Requirement, input: PlanInput): string | null {
  if (requirement === 'seeded-push-devices') {
    return input.referenceSeed
      ? null
      : 'needs push devices behind a push relay in each failing state, which only the reference server seeds (for its seeded accounts): a client cannot register a device, and how a relay fails is server configuration';
  }
  return input.ownerCanChangeUserEmails
    ? null
    : 'needs an owner holding can_change_user_emails, which a server administrator grants outside the API and no read shows (set CONFORMANCE_OWNER_CAN_CHANGE_USER_EMAILS=true if yours does)';
}

/** The shard (1..count) a spec file belongs to: a hash of its path, so a file's cases (and its
 * fixtures) stay together and a file keeps its shard when other files are added. */
export function shardOf(file: string, count: number): number {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (const ch of file) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return (hash % count) + 1;
}

/** The configured roles the steps call as (an account the run made is none), then those whose account they name (`${accounts.member.user_id}`): a case needs both. */
export function rolesOf(steps: Step[] = []): Role[] {
  const named = [...JSON.stringify(steps).matchAll(/\$\{\s*accounts\.([a-z0-9]+)\./g)].map((m) => m[1] as Role);
  return [...steps.flatMap((s) => roleOf(s) ?? []), ...named];
}

export function decide(spec: SpecFile, c: Case, input: PlanInput): Decision {
  if (c.profile && c.profile !== input.profile) return { run: false, omit: true };
  if (input.shard && shardOf(spec.file, input.shard.count) !== input.shard.index) return { run: false, omit: true };
  if (input.operations.length && !input.operations.includes(spec.operation)) return { run: false, omit: true };
  if (input.grep && !`${c.id} ${c.title}`.includes(input.grep)) return { run: false, omit: true };
  if (input.clauses.length && !c.clauses.some((id) => input.clauses.some((want) => id === want || id.startsWith(`${want}.`)))) {
    return { run: false, omit: true };
  }
  for (const requirement of c.requires ?? []) {
    const why = unmet(requirement, input);
    if (why) return { run: false, skip: why, onTarget: true };
  }
  if (c.since && c.since > input.featureLevel) {
    return { run: false, skip: `needs feature level ${c.since}, target has ${input.featureLevel}` };
  }
  // Stryker disable next-line ConditionalExpression: equivalent: undefined < level is false
  if (c.until !== undefined && c.until < input.featureLevel) {
    return { run: false, skip: `holds until feature level ${c.until} (removed at ${c.until + 1}), target has ${input.featureLevel}` };
  }
  const missing = [...new Set([...rolesOf(spec.fixtures), ...rolesOf(c.assume), ...rolesOf(c.steps), ...rolesOf(c.cleanup)])].filter(
    (role) => !input.configuredRoles.has(role),
  );
  if (missing.length) return { run: false, skip: `needs the ${missing.join(' and ')} account${missing.length > 1 ? 's' : ''}, not configured` };
  return { run: true };
}

/** Operation -> the parameters its spec files list for it, as of the feature level judged. */
export function documentedParameters(specs: SpecFile[], featureLevel: number): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const spec of specs) {
    const names = (spec.parameters ?? []).flatMap((p) => (typeof p === 'string' ? [p] : p.since <= featureLevel ? [p.name] : []));
    if (names.length) out[spec.operation] = [...new Set([...(out[spec.operation] ?? []), ...names])];
  }
  return out;
}

/**
 * The optional fixture steps whose captures the case uses, each with the names it uses: where
 * one finds nothing on the target, the case is skipped with the step's note.
 */
export function optionalFixturesUsed(spec: SpecFile, c: Case): { step: Step; names: string[] }[] {
  const used = placeholderRoots([c.assume ?? [], c.steps, c.cleanup ?? []]);
  // Stryker disable next-line ArrayDeclaration: equivalent: a string in place of a fixture step is not optional and captures nothing
  return (spec.fixtures ?? []).flatMap((step) => {
    const names = step.optional ? Object.keys(step.capture ?? {}).filter((name) => used.has(name)) : [];
    return names.length ? [{ step, names }] : [];
  });
}
