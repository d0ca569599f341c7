// Which clauses of each statement kind the kind's generic check covers, read from the spec files:
// the data a check needs to apply (an optional parameter left out by a step expecting the
// request accepted, a default left out by a case citing it, a change a case citing a
// not-affected clause makes...). tests/unit/statement-kinds.test.ts refuses a gap;
// `npm run proofs` reports the counts (README, "Statement kinds").
import type { Clause, Suite } from '../../src/engine/load/load.js';
import { parametersByOperation } from '../../src/engine/load/load.js';
import { STATEMENT_KINDS, kindChecksOf, type StatementKind } from '../../src/engine/load/statement-kinds.js';
import type { Assertion, Case, EventExpectation, Expect, SpecFile, Step } from '../../src/engine/load/types.js';
import type { EventPick } from '../../src/engine/load/set-members.js';
import { operationMatcher } from '../../src/engine/judge/operation-of.js';
import { comparedParameters } from '../../src/engine/run/not-affected.js';

/** A case step with what the coverage rules ask of it. */
export interface StepRef {
  spec: SpecFile;
  case: Case;
  index: number;
  step: Step;
  /** The operation its request is, as far as a template shows it. */
  operation: string | null;
}

/** A request path template as a concrete path: every placeholder a number, an email an address. */
function concrete(path: string): string {
  return path.replace(/\$\{([^}]+)\}/g, (_, expr: string) => (/email$/.test(expr.trim()) ? 'x@example.com' : '1'));
}

export function operationOfStep(suite: Suite): (step: Step) => string | null {
  const match = operationMatcher(suite.specs.map((s) => s.operation));
  return (step) => (step.events || step.queue ? null : match(step.request.method, concrete(step.request.path)));
}

/** Every step of every case, with its operation. */
export function caseSteps(suite: Suite): StepRef[] {
  const operationOf = operationOfStep(suite);
  return suite.specs.flatMap((spec) => spec.cases.flatMap((c) => c.steps.map((step, index) => ({ spec, case: c, index, step, operation: operationOf(step) }))));
}

/** Whether a step's expectation shows its request accepted: success, or an error code other than BAD_REQUEST. */
export function expectsAccepted(step: Step): boolean {
  const e = step.expect;
  return e?.result === 'success' || (e?.code !== undefined && e.code !== 'BAD_REQUEST');
}

const sends = (step: Step, name: string) => step.request.params?.[name] !== undefined;

function clausesOfExpect(e: Omit<Expect, 'zulip'> | undefined): string[] {
  return [...(e?.clauses ?? []), ...(e?.clause ? [e.clause] : []), ...(e?.body ?? []).flatMap((a) => (typeof a.clause === 'string' ? [a.clause] : []))];
}

/** Whether a step's checks enforce the clause: by name, or as the one clause of its case. */
export function enforces(c: Case, step: Step, clause: string): boolean {
  if (step.setup) return false;
  const named = [
    ...clausesOfExpect(step.expect),
    ...clausesOfExpect(step.expect?.zulip),
    ...(step.events?.expect ?? []).flatMap((e) => [e.clause, ...(e.body ?? []).map((a) => a.clause)]),
  ];
  return named.includes(clause) || (c.clauses.length === 1 && c.clauses[0] === clause);
}

/** Every body assertion of a step, its zulip block's too. */
const assertionsOf = (step: Step): Assertion[] => [...(step.expect?.body ?? []), ...(step.expect?.zulip?.body ?? [])];
const lastKey = (path: string) => path.split('.').at(-1)!.replace(/\[.*$/, '');

export interface KindCoverage {
  kind: StatementKind;
  clauses: Clause[];
  /** The clauses a client can check at all (not "not shown", not untestable). */
  checkable: Clause[];
  /** Clause id -> the cases through which the generic check applies to it. */
  covered: Map<string, string[]>;
  /** Checkable clauses the generic check cannot reach, each with why. */
  gaps: { clause: string; why: string }[];
  /** The places in events the kind's clauses name, and those a case's events step reaches (`npm run proofs`: "events"). */
  events: { places: string[]; covered: string[] };
}

/** Whether an events expectation picks the events of `pick` (its type and op, and at least the fields of its where). */
const expectationPicks = (e: EventExpectation, pick: EventPick) =>
  e.type === pick.type && (pick.op === undefined || e.op === pick.op) && Object.entries(pick.where ?? {}).every(([k, v]) => e.where?.[k] === v);
/** Whether an events expectation checks the value at `path` of the events it picks (equals in its body, or its where). */
const expectationReads = (e: EventExpectation, path: string) =>
  (e.body ?? []).some((a) => a.path === path && a.equals !== undefined) || (e.where !== undefined && path in e.where);

/**
 * The unit places in events and the ones a case reaches: a timestamp in every event a case's
 * events step picks (the generic check reads it), a quantity where a case citing the clause
 * reads the value by equals.
 */
function eventPlaces(clauses: readonly Clause[], steps: readonly StepRef[]): KindCoverage['events'] {
  const places: string[] = [];
  const covered: string[] = [];
  for (const c of clauses) {
    for (const place of c.unit?.at ?? []) {
      if (!place.event) continue;
      const name = `${c.id} ${place.event.type}${place.event.op ? ` ${place.event.op}` : ''} ${place.path}`;
      places.push(name);
      const reached = steps.some(
        (r) =>
          (c.unit!.of === 'timestamp' || r.case.clauses.includes(c.id)) &&
          (r.step.events?.expect ?? []).some((e) => expectationPicks(e, place.event!) && (c.unit!.of === 'timestamp' || expectationReads(e, place.path))),
      );
      if (reached) covered.push(name);
    }
  }
  return { places, covered };
}

/** For each statement kind: its clauses, the checkable ones, those the generic check covers and the gaps. */
export function kindCoverage(suite: Suite): KindCoverage[] {
  const steps = caseSteps(suite);
  const documented = parametersByOperation(suite.specs);
  const checks = kindChecksOf(suite.clauses, documented);
  const citing = (id: string) => steps.filter((r) => r.case.clauses.includes(id));
  const casesOf = (refs: StepRef[]) => [...new Set(refs.map((r) => r.case.id))];
  return STATEMENT_KINDS.map((kind) => {
    const clauses = suite.clauses.filter((c) => c.kind === kind);
    const checkable = clauses.filter((c) => c.status !== 'unspecified' && !c.untestable);
    const covered = new Map<string, string[]>();
    const gaps: { clause: string; why: string }[] = [];
    for (const c of checkable) {
      const { cases, why } = coverageOf(c, steps, citing(c.id), checks, documented);
      if (cases.length) covered.set(c.id, casesOf(cases));
      else gaps.push({ clause: c.id, why });
    }
    return { kind, clauses, checkable, covered, gaps, events: eventPlaces(checkable, steps) };
  });
}

function coverageOf(
  c: Clause,
  steps: StepRef[],
  citing: StepRef[],
  checks: ReturnType<typeof kindChecksOf>,
  documented: Record<string, string[]>,
): { cases: StepRef[]; why: string } {
  const ofOperation = (operation: string) => steps.filter((r) => r.operation === operation);
  switch (c.kind) {
    case 'unit': {
      const unit = c.unit!;
      const places = unit.at.filter((p) => !p.unobservable && p.operation !== undefined);
      if (!places.length) return { cases: [], why: unit.at.map((p) => p.unobservable ?? 'no answer carries it').join('; ') };
      if (unit.of === 'timestamp') {
        const cases = places.flatMap((p) => ofOperation(p.operation!).filter((r) => !r.step.setup));
        return { cases, why: `no case step requests ${places.map((p) => p.operation).join(' or ')}` };
      }
      const fields = new Set(places.map((p) => lastKey(p.path)));
      const cases = citing.filter(
        (r) => enforces(r.case, r.step, c.id) && assertionsOf(r.step).some((a) => a.equals !== undefined && fields.has(lastKey(a.path))),
      );
      return { cases, why: `no case reads ${[...fields].join(', ')} back with equals, where a value scaled by 1000 would show` };
    }
    case 'optional': {
      const names = checks.optional.find((o) => o.clause === c.id)!.parameters;
      // A clause no request of the document can show (which views are built-in) is shown by the
      // zulip cases citing it, whose requests rest on Zulip's facts.
      const shows = (r: StepRef) => r.case.profile !== 'zulip' || (c.unobservableUnderSpec !== undefined && r.case.clauses.includes(c.id));
      const leftOut = (name: string) => ofOperation(c.endpoint).filter((r) => shows(r) && !r.step.setup && expectsAccepted(r.step) && !sends(r.step, name));
      const missing = names.filter((name) => !leftOut(name).length);
      if (missing.length)
        return {
          cases: [],
          why: `no step of the document's checks (or a zulip case citing it, where it is not shown under spec) expecting the request accepted leaves out ${missing.join(', ')}`,
        };
      return { cases: names.flatMap(leftOut), why: '' };
    }
    case 'default': {
      const d = c.default!;
      if (d.of === 'setting') {
        const cases = citing.filter((r) => assertionsOf(r.step).some((a) => a.equals === d.value && lastKey(a.path) === d.parameter));
        return { cases, why: `no case citing it reads ${d.parameter} of an account that never set it, compared with ${String(d.value)}` };
      }
      const rerunnable = (r: StepRef) => r.step.request.method === 'GET' || !r.case.steps.some((s) => s.events || s.queue);
      const cases = citing.filter((r) => r.operation === c.endpoint && !sends(r.step, d.parameter) && rerunnable(r));
      return { cases, why: `no case citing it leaves ${d.parameter} out of a request of ${c.endpoint} (nothing to compare with the explicit value)` };
    }
    case 'not-affected': {
      const check = checks.notAffected.find((n) => n.clause === c.id)!;
      const profileOk = (r: StepRef) => !(check.readBack.facts && r.case.profile === 'spec');
      const cases = citing.filter(
        (r) =>
          r.operation === c.endpoint &&
          !r.step.setup &&
          profileOk(r) &&
          comparedParameters(check, (r.step.request.params ?? {}) as Record<string, unknown>).length,
      );
      return { cases, why: `no case citing it makes a change through ${c.endpoint} (${documented[c.endpoint]?.length ?? 0} parameters)` };
    }
    case 'order': {
      const cases = citing.filter(
        (r) =>
          enforces(r.case, r.step, c.id) &&
          (assertionsOf(r.step).some((a) => a.sorted !== undefined || a.sortedGroups !== undefined || Array.isArray(a.equals)) ||
            r.step.events?.ordered !== false),
      );
      return { cases, why: 'no check enforcing it compares an order (sorted, sortedGroups, equals on a list, ordered events)' };
    }
    case 'limit': {
      const cases = citing.filter((r) => enforces(r.case, r.step, c.id));
      return { cases, why: 'no check enforces it' };
    }
    case 'permission': {
      const cases = citing.filter((r) => enforces(r.case, r.step, c.id) && (r.step.expect?.result ?? r.step.expect?.zulip?.result) !== undefined);
      return { cases, why: 'no step enforcing it checks whether the caller was let through' };
    }
    case 'error-code': {
      const comparesCode = (r: StepRef) =>
        r.step.expect?.code !== undefined ||
        r.step.expect?.zulip?.code !== undefined ||
        assertionsOf(r.step).some((a) => a.path === 'code' || a.path === 'msg' || a.path.startsWith('first_message_id') || a.path.startsWith('total_'));
      const cases = citing.filter((r) => enforces(r.case, r.step, c.id) && comparesCode(r));
      return { cases, why: 'no step enforcing it compares the code or the message of an error' };
    }
    default:
      return { cases: [], why: 'no kind' };
  }
}
