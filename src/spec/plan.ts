// Decides, before anything is sent, which cases run, which are skipped and why, and which are
// left out of this run (another profile, or filtered away).
import type { Config, Role } from '../config.js';
import type { Case, SpecFile, Step } from './types.js';

export type Decision = { run: true } | { run: false; skip: string } | { run: false; omit: true };

export interface PlanInput {
  profile: Config['profile'];
  featureLevel: number;
  configuredRoles: Set<Role>;
  grep: string | null;
  operations: string[];
  clauses: string[];
}

export function rolesOf(steps: Step[] = []): Role[] {
  return steps.map((s) => s.as ?? 'member');
}

export function decide(spec: SpecFile, c: Case, input: PlanInput): Decision {
  if (c.profile && c.profile !== input.profile) return { run: false, omit: true };
  if (input.operations.length && !input.operations.includes(spec.operation)) return { run: false, omit: true };
  if (input.grep && !`${c.id} ${c.title}`.includes(input.grep)) return { run: false, omit: true };
  if (input.clauses.length && !c.clauses.some((id) => input.clauses.some((want) => id === want || id.startsWith(`${want}.`)))) {
    return { run: false, omit: true };
  }
  if (c.since && c.since > input.featureLevel) {
    return { run: false, skip: `needs feature level ${c.since}, target has ${input.featureLevel}` };
  }
  const missing = [...new Set([...rolesOf(spec.fixtures), ...rolesOf(c.steps), ...rolesOf(c.cleanup)])]
    .filter((role) => !input.configuredRoles.has(role));
  if (missing.length) return { run: false, skip: `needs the ${missing.join(' and ')} account${missing.length > 1 ? 's' : ''}, not configured` };
  return { run: true };
}
