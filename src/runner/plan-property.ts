// Property cases go through the same plan as spec cases (profile, filters, feature level,
// configured roles), seen as a one-file spec with one case.
import type { PropertyCase } from '../property/define.js';
import { decide, type Decision } from '../engine/run/plan.js';
import type { Case, SpecFile } from '../engine/load/types.js';
import type { Session } from './session.js';

export function planPropertyShape(def: PropertyCase<unknown, unknown>): { spec: SpecFile; c: Case } {
  const c: Case = {
    id: def.id,
    title: def.title,
    clauses: def.clauses,
    since: def.since,
    profile: def.profile,
    steps: def.roles.map((as) => ({ as, request: { method: 'GET', path: '/' } })),
  };
  return { spec: { file: `properties/${def.id}`, operation: def.endpoint, title: def.title, exclusive: def.exclusive, lock: def.lock, cases: [c] }, c };
}

export function planProperty(session: Session, def: PropertyCase<unknown, unknown>): Decision {
  const { spec, c } = planPropertyShape(def);
  return decide(spec, c, session.planInput);
}
