// Which members of each clause about a set (specs/clauses.yaml `members`) the spec files
// exercise, and which a mutant breaking that member alone was seen to catch
// (specs/proven-cases.json `members`). A member is exercised by a case that runs under the
// profile the clause belongs to (zulip where the document shows no way to observe it) and
// reaches that member: leaves it out of an accepted request (an optional parameter), sends it
// (a change whose effect is read back by value where the clause asks for it), reads its value
// back (a value of an enumeration, a field, a setting an event carries), calls it (an
// operation). tests/unit/set-members.test.ts refuses a gap; `npm run proofs` reports the counts.
import { readFileSync } from 'node:fs';
import type { Profile } from '../../src/common/vocabulary.js';
import type { Clause, Suite } from '../../src/engine/load/load.js';
import { memberKey } from '../../src/engine/load/set-members.js';
import type { Assertion, Case, EventExpectation, Step } from '../../src/engine/load/types.js';
import { projectPath } from '../../src/common/paths.js';
import type { ProofsFile } from '../../src/report/model/proofs.js';
import { caseSteps, enforces, expectsAccepted, type StepRef } from './kind-coverage.js';

export interface MemberCoverage {
  clause: Clause;
  /** The profile the clause belongs to: zulip where the document shows no way to observe it. */
  profile: Profile;
  members: string[];
  /** Member -> the cases that exercise it. */
  exercised: Map<string, string[]>;
  /** Member -> the mutants breaking it alone that a case was seen to catch. */
  proven: Map<string, string[]>;
  /** Members no server can show, with why. */
  unshown: Record<string, string>;
}

export const profileOfClause = (c: Clause): Profile => (c.unobservableUnderSpec !== undefined || c.disputed !== undefined ? 'zulip' : 'spec');
const runsUnder = (c: Case, profile: Profile) => c.profile === undefined || c.profile === profile;
const lastKey = (path: string) => path.split('.').at(-1)!.replace(/\[.*$/, '');

/** Every assertion a step makes: its expectation's, its zulip block's, and its events expectations' (where included, as equals). */
function assertionsOf(step: Step): Assertion[] {
  const events = (step.events?.expect ?? []).flatMap((e) => [
    ...(e.body ?? []),
    ...Object.entries(e.where ?? {}).map(([path, equals]) => ({ path, equals })),
    ...(typeof e.where?.property === 'string' ? [{ path: e.where.property, equals: e.where.value ?? true }] : []),
  ]);
  return [...(step.expect?.body ?? []), ...(step.expect?.zulip?.body ?? []), ...events];
}
const sentValue = (step: Step, name: string) => step.request.params?.[name];
const sends = (step: Step, name: string) => sentValue(step, name) !== undefined;

/** Whether a schema of schemas/ (or one it refers to) requires a property of this name (declaring it is not checking it). */
const schemaCache = new Map<string, unknown>();
function schemaDeclares(name: string, field: string, seen = new Set<string>()): boolean {
  if (seen.has(name)) return false;
  seen.add(name);
  if (!schemaCache.has(name)) schemaCache.set(name, JSON.parse(readFileSync(projectPath('schemas', `${name}.schema.json`), 'utf8')));
  let found = false;
  const walk = (node: unknown): void => {
    if (found || typeof node !== 'object' || node === null) return;
    const o = node as Record<string, unknown>;
    if (typeof o.properties === 'object' && o.properties !== null && field in o.properties && Array.isArray(o.required) && o.required.includes(field))
      found = true;
    if (typeof o.$ref === 'string' && !o.$ref.startsWith('#')) {
      const ref = /([\w/-]+)\.schema\.json/.exec(o.$ref)?.[1];
      if (ref && schemaDeclares(ref.replace(/^.*schemas\//, ''), field, seen)) found = true;
    }
    Object.values(o).forEach(walk);
  };
  walk(schemaCache.get(name));
  return found;
}
const schemasOf = (step: Step) =>
  [step.expect?.schema, step.expect?.zulip?.schema, ...(step.events?.expect ?? []).map((e) => e.schema)].filter((s): s is string => !!s);

/** Whether a case reads the member's value back: an assertion on a path ending in it (or in realm_<it>, a registration field). */
const readsBack = (c: Case, name: string, equals?: string) =>
  c.steps.some(
    (s) =>
      !s.setup &&
      assertionsOf(s).some(
        (a) =>
          [name, `realm_${name}`].includes(lastKey(a.path)) && (equals === undefined || (a.equals !== undefined && memberKey(a.equals as string) === equals)),
      ),
  );

/** The events expectations of a step that enforce the clause: naming it, or the step's (or case's) own. */
const eventsFor = (c: Clause, r: StepRef): EventExpectation[] =>
  (r.step.events?.expect ?? []).filter((e) => (e.clause !== undefined ? e.clause === c.id : enforces(r.case, r.step, c.id)));
/** Whether an events expectation picks or reads a setting by value: a path ending in it, or its property. */
const namesSetting = (e: EventExpectation, member: string) =>
  e.where?.property === member || [...Object.keys(e.where ?? {}), ...(e.body ?? []).map((a) => a.path)].some((path) => lastKey(path) === member);

/** Whether a case reads back by value (equals) in a read that enforces the clause: the value read may have another name than the parameter (new_email read as delivery_email). */
const readsClause = (c: Case, clause: string) =>
  c.steps.some(
    (s) => (s.request.method === 'GET' || s.request.path === '/register') && enforces(c, s, clause) && assertionsOf(s).some((a) => a.equals !== undefined),
  );

/** The cases that exercise one member of a clause, under its profile. */
function exercisingCases(c: Clause, member: string, refs: readonly StepRef[], profile: Profile): string[] {
  const m = c.members!;
  const own = m.clauses?.[member];
  const judged = refs.filter((r) => !r.step.setup && runsUnder(r.case, profile));
  const citing = judged.filter((r) => r.case.clauses.includes(c.id) || (own !== undefined && r.case.clauses.includes(own)));
  const ofEndpoint = (r: StepRef) => r.operation === c.endpoint;
  let hits: StepRef[] = [];
  switch (m.of) {
    case 'parameter': {
      if (c.kind === 'optional') {
        // The optional check is generic: any accepted request of the operation that leaves it out.
        hits = judged.filter((r) => ofEndpoint(r) && expectsAccepted(r.step) && !sends(r.step, member));
      } else if (c.readBack?.parameters === 'others') {
        const group = c.readBack.together?.find((g) => g.includes(member)) ?? [member];
        hits = citing.filter((r) => ofEndpoint(r) && Object.keys(r.step.request.params ?? {}).length > 0 && group.every((n) => !sends(r.step, n)));
      } else {
        hits = citing.filter(
          (r) => ofEndpoint(r) && sends(r.step, member) && (!m.byValue || c.kind === 'not-affected' || readsBack(r.case, member) || readsClause(r.case, c.id)),
        );
      }
      break;
    }
    case 'value': {
      const p = m.parameter!;
      const sent = (r: StepRef) => ofEndpoint(r) && expectsAccepted(r.step) && memberKey(sentValue(r.step, p) as string) === member;
      hits = citing.filter((r) => (m.byValue ? sent(r) && readsBack(r.case, p, member) : sent(r) || readsBack(r.case, p, member)));
      break;
    }
    case 'field': {
      // A field with a clause of its own is exercised by a case citing that clause: a case citing
      // only the set may see no such object (an edit that detaches no upload).
      const checking = own ? judged.filter((r) => r.case.clauses.includes(own)) : citing;
      hits = checking.filter((r) => assertionsOf(r.step).some((a) => lastKey(a.path) === member) || schemasOf(r.step).some((s) => schemaDeclares(s, member)));
      break;
    }
    case 'setting':
      hits = citing.filter((r) => eventsFor(c, r).some((e) => namesSetting(e, member)) || (!r.step.events && readsBack(r.case, member)));
      break;
    case 'operation':
      hits = citing.filter((r) => r.operation === member || `${r.step.request.method} ${r.step.request.path}` === member);
      break;
    case 'event': {
      const [type, op] = member.split(' ');
      hits = citing.filter((r) => eventsFor(c, r).some((e) => e.type === type && (op === undefined || e.op === op)));
      break;
    }
  }
  return [...new Set(hits.map((r) => r.case.id))];
}

/** For every clause about a set: its members, those the specs exercise and those a mutant breaking them alone proves. */
export function memberCoverage(suite: Suite, proofs: Pick<ProofsFile, 'members'>): MemberCoverage[] {
  const refs = caseSteps(suite);
  return suite.clauses
    .filter((c) => c.members && c.status !== 'unspecified' && !c.untestable)
    .map((clause) => {
      const profile = profileOfClause(clause);
      const unshown = clause.members!.unshown ?? {};
      const members = clause.members!.names.map(memberKey);
      const exercised = new Map<string, string[]>();
      const proven = new Map<string, string[]>();
      for (const member of members.filter((name) => !(name in unshown))) {
        const cases = exercisingCases(clause, member, refs, profile);
        if (cases.length) exercised.set(member, cases);
        const mutants = proofs.members?.[clause.id]?.[member]?.[profile] ?? [];
        if (mutants.length) proven.set(member, mutants);
      }
      return { clause, profile, members, exercised, proven, unshown };
    });
}

/** The members of a clause neither exercised nor proven (nor unshown), each with what it lacks. */
export function memberGaps(k: MemberCoverage): string[] {
  return k.members
    .filter((m) => !(m in k.unshown))
    .flatMap((m) => {
      const lacks = [...(k.exercised.has(m) ? [] : ['exercised']), ...(k.proven.has(m) ? [] : ['proven'])];
      return lacks.length ? [`${k.clause.id} ${m}: not ${lacks.join(' nor ')}`] : [];
    });
}
