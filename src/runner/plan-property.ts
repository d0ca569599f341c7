// Property cases go through the same plan as spec cases (profile, filters, feature level,
// configured roles), seen as a one-file spec with one case.
import type { PropertyCase } from '../property/define.js';
import { decide, type Decision } from '../engine/run/plan.js';
import type { Case, SpecFile } from '../engine/load/types.js';
import type { Session } from './session.js';
import { loadOrganisationSettings, resolveNeeds, type OrganisationSetting } from '../engine/load/organisation-settings.js';

let settings: OrganisationSetting[] | undefined;
/** The catalog of organisation settings, read once per worker (only properties with needs read it). */
const catalog = () => (settings ??= loadOrganisationSettings());

/**
 * The catalog the CLI read and validated, handed over: the worker need not parse and validate it
 * again (about 80 ms before its first case).
 */
export function useOrganisationSettings(catalog: OrganisationSetting[]): void {
  settings = catalog;
}

export function planPropertyShape(def: PropertyCase<unknown, unknown>): { spec: SpecFile; c: Case } {
  const needs = def.needs ? resolveNeeds(catalog(), def.needs) : [];
  if (typeof needs === 'string') throw new Error(`${def.id}: needs: ${needs}`);
  const c: Case = {
    id: def.id,
    title: def.title,
    clauses: def.clauses,
    since: def.since,
    profile: def.profile,
    steps: def.roles.map((as) => ({ as, request: { method: 'GET', path: '/' } })),
    ...(needs.length ? { settingNeeds: needs } : {}),
  };
  return { spec: { file: `properties/${def.id}`, operation: def.endpoint, title: def.title, exclusive: def.exclusive, lock: def.lock, cases: [c] }, c };
}

export function planProperty(session: Session, def: PropertyCase<unknown, unknown>): Decision {
  const { spec, c } = planPropertyShape(def);
  const decision = decide(spec, c, session.planInput);
  if (decision.run) session.organisation.expect(c);
  return decision;
}
