// What the plan knows before anything is sent: the filters, the roles (every one on the embedded
// reference server, else those configured), the level (given, else the newest known: nothing is
// probed yet) and whether the target is the reference server with its seeded realm.
import { ROLES, type Config, type Role } from '../config.js';
import type { PlanInput } from '../engine/plan.js';
import { NEWEST_FEATURE_LEVEL } from '../preflight.js';

export function planInputFor(config: Config): PlanInput {
  const embedded = config.targetUrl === null;
  return {
    profile: config.profile,
    featureLevel: config.featureLevel ?? NEWEST_FEATURE_LEVEL,
    configuredRoles: new Set(embedded ? [...ROLES] : (Object.keys(config.accounts) as Role[])),
    grep: config.grep,
    operations: config.operations,
    clauses: config.clauses,
    shard: config.shard,
    referenceSeed: embedded,
  };
}
