// Mutants of the statement kinds, made from the catalog rather than written case by case: for
// every unit clause a server that scales its values by 1000 (milliseconds for seconds, or the
// reverse), for every optional parameter a server that requires it, and the servers that change
// what a not-affected clause protects. Each is caught by its kind's generic check (src/engine:
// timestamps, optional-parameters, not-affected), not by a case written for it. The default
// kind's mutants are the area files' (a default turned into another value).
import { loadSuite, parametersByOperation } from '../../src/engine/load/load.js';
import { kindChecksOf, type OptionalCheck, type UnitPlace } from '../../src/engine/load/statement-kinds.js';
import type { Case, SpecFile } from '../../src/engine/load/types.js';
import { operationMatcher } from '../../src/engine/judge/operation-of.js';
import { placesOf } from '../../src/engine/judge/timestamps.js';
import { eachPickedEvent, missingArgument, type Json, type Mutant } from '../support/mutant-helpers.js';
import { memberKey } from '../../src/engine/load/set-members.js';
import { paramsOf, type Rewrite } from '../support/rewriting-proxy.js';
import { expectsAccepted, operationOfStep } from '../support/kind-coverage.js';

const suite = loadSuite();
const operationOf = operationOfStep(suite);
const slug = (id: string) => id.replace(/\./g, '-');

/**
 * The cases each unit mutant must fail: ones whose answers carry the value (a timestamp of
 * something the run made; a quantity read back with equals). The generator takes them from here.
 */
const UNIT_KILLS: Record<string, string[]> = {
  'res.channel.date_created': ['op20.body.schema', 'op20.object.folder-id'],
  'res.snapshot.timestamp': ['op15.unedited', 'op15.content-edit'],
  'res.detached-upload.create_time': ['op1.success-body.detached-upload'],
  'res.detached-upload.size': ['op1.success-body.detached-upload'],
  'op4.message-retention-days.number': ['op4.retention.days'],
  'op2.param.email-notifications-batching-period-seconds.effect': ['op2.email-notifications-batching-period-seconds'],
  'op2.param.web-font-size-px.effect': ['op2.web-font-size-px'],
  'op2.param.web-line-height-percent.effect': ['op2.web-line-height-percent'],
  'op5.param.email-notifications-batching-period-seconds.effect': ['op5.email-notifications-batching-period-seconds'],
  'op5.param.web-font-size-px.effect': ['op5.web-font-size-px'],
  'op5.param.web-line-height-percent.effect': ['op5.web-line-height-percent'],
};

const setClauses = new Set(suite.clauses.filter((c) => c.members).map((c) => c.id));
const unobservableUnderSpec = new Set(suite.clauses.filter((c) => c.unobservableUnderSpec !== undefined).map((c) => c.id));
const specOf = new Map(suite.specs.flatMap((s) => s.cases.map((c) => [c.id, s] as const)));
/** The operations whose spec files hold these cases: the mutant runs those files only. */
const operationsOf = (kills: string[]) => [...new Set(kills.map((id) => specOf.get(id)!.operation))];

/** The events of UNIT_EVENT_KILLS' cases carry the value too (zulip profile): a server scaling it there must be caught as well. */
const UNIT_EVENT_KILLS: Record<string, string[]> = {
  'res.channel.date_created': ['op4.zulip.events.setting-grants-access'],
  // The case whose events rest on the fact about the retention update itself (op4.zulip.events.order's rest on the order first).
  'op4.message-retention-days.number': ['op4.zulip.events.retention'],
  'limits.time-limits.seconds': ['op1.zulip.events.realm-settings-each'],
};
/**
 * The Zulip fact describing the event that carries the value (a zulip case's failure names it
 * first): an event scaled is that fact broken as well as the unit clause.
 */
const UNIT_EVENT_FACTS: Record<string, (member?: string) => string> = {
  // Users gaining access to the channel get a stream create event carrying it, date_created included.
  'res.channel.date_created': () => 'zulip.events.stream.update.group-setting',
  // The retention update's value is the days as set.
  'op4.message-retention-days.number': () => 'zulip.events.stream.update.message-retention-days',
  // The move time limits are op update values in seconds as set; the edit limit is update_dict data.
  'limits.time-limits.seconds': (member) =>
    /^move_messages_/.test(member ?? '') ? 'zulip.events.realm.move-time-limits-update' : 'zulip.events.realm.update-dict-message-editing',
};
/** What a unit mutant breaks: the clause, and for an event the fact describing that event. */
const unitBreaks = (clause: string, place: UnitPlace, member?: string) => [
  clause,
  ...(place.event && UNIT_EVENT_FACTS[clause] ? [UNIT_EVENT_FACTS[clause](member)] : []),
];
/** A unit clause about a set (the organisation's time limits): each place is its member's, and each member is scaled alone. */
const UNIT_MEMBER_KILLS: Record<string, string[]> = {
  'limits.time-limits.seconds': ['op1.zulip.events.realm-settings-each'],
};

/** The scale a wrong server answers in: seconds as milliseconds, milliseconds as seconds, any other by 1000. */
const factorOf = (scale: string) => (scale === 'milliseconds' ? 1 / 1000 : 1000);

/** Scales the numbers at `path` of a body (an answer, an event). */
function scaleAt(body: unknown, path: string, factor: number): void {
  const key = path.split('.').at(-1)!;
  for (const { value, holder } of placesOf(body, path)) if (typeof value === 'number') (holder as Json)[key] = Math.floor(value * factor);
}

/** A server answering (or sending in its events) the value in the wrong unit. */
function scaled(place: UnitPlace, scale: string): Rewrite {
  const factor = factorOf(scale);
  if (place.event) return eachPickedEvent(place.event, (e) => scaleAt(e, place.path, factor));
  const match = operationMatcher([place.operation!]);
  return {
    answer: (req, a) => {
      if (match(req.method, req.path) && (a.json as Json | undefined)?.result === 'success') scaleAt(a.json, place.path, factor);
    },
  };
}

/** The member a place of a unit clause about a set carries: the one its path or its event's property names. */
const memberOfPlace = (place: UnitPlace, names: string[]) =>
  names.find((n) => place.path.split('.').at(-1)!.endsWith(n) || place.event?.where?.property === n || place.path.endsWith(`.${n}`));

function unitMutantsOf(c: (typeof suite.clauses)[number]): Mutant[] {
  const scale = c.unit!.scale;
  const base = { kind: 'unit' as const, breaks: [c.id] };
  const names = (c.members?.names ?? []).map(memberKey);
  if (UNIT_MEMBER_KILLS[c.id]) {
    const kills = UNIT_MEMBER_KILLS[c.id];
    return c.unit!.at.map((place) => {
      const member = memberOfPlace(place, names)!;
      return {
        ...base,
        breaks: unitBreaks(c.id, place, member),
        name: `unit-scaled-${slug(c.id)}-${member.replace(/_/g, '-')}-${place.event ? 'event' : place.operation === 'POST /register' ? 'register' : 'answer'}`,
        operations: operationsOf(kills),
        rewrite: scaled(place, scale),
        kills,
        member: { clause: c.id, name: member },
      };
    });
  }
  const places = c.unit!.at.filter((place) => !place.unobservable);
  const answers = places.filter((p) => p.operation && UNIT_KILLS[c.id]);
  const events = places.filter((p) => p.event && UNIT_EVENT_KILLS[c.id]);
  return [
    ...answers.map((place) => ({
      ...base,
      name: `unit-scaled-${slug(c.id)}`,
      operations: operationsOf(UNIT_KILLS[c.id]),
      rewrite: scaled(place, scale),
      kills: UNIT_KILLS[c.id],
    })),
    ...events.map((place) => ({
      ...base,
      breaks: unitBreaks(c.id, place),
      name: `unit-scaled-${slug(c.id)}-event`,
      operations: operationsOf(UNIT_EVENT_KILLS[c.id]),
      rewrite: scaled(place, scale),
      kills: UNIT_EVENT_KILLS[c.id],
    })),
  ];
}

const unitMutants: Mutant[] = suite.clauses.filter((c) => c.kind === 'unit').flatMap(unitMutantsOf);

/** Whether the file's fixtures send the operation without the parameter: then a mutant requiring it could not set the file up. */
const fixturesLeaveOut = (spec: SpecFile, operation: string, name: string) =>
  (spec.fixtures ?? []).some((s) => operationOf(s) === operation && s.request.params?.[name] === undefined);

/**
 * The cases that show a server requiring the parameter: cases of both profiles whose first
 * request of the operation without it is a judged step expecting the request accepted (an
 * earlier refusal or a setup step would fail for another reason), in a file whose fixtures send it.
 */
function showsRequired(spec: SpecFile, c: Case, check: OptionalCheck, name: string): boolean {
  const operation = check.operation;
  // The generic check names what the document makes optional on the document's checks, not on
  // zulip-only ones; but a clause no request of the document can show is shown by the zulip cases citing it.
  const shown = c.profile === undefined || (unobservableUnderSpec.has(check.clause) && c.clauses.includes(check.clause));
  if (!shown || fixturesLeaveOut(spec, operation, name)) return false;
  const first = c.steps.find((s) => operationOf(s) === operation && s.request.params?.[name] === undefined);
  return first !== undefined && !first.setup && expectsAccepted(first);
}

/** A server refusing every request of the operation that leaves the parameter out, as a missing argument. */
function requiring(operation: string, name: string): Rewrite {
  const match = operationMatcher([operation]);
  return missingArgument((req) => match(req.method, req.path) !== null && !paramsOf(req).has(name), name);
}

/** The case that shows a server requiring the parameter, and (when none does) undefined. */
const showingRequired = (check: OptionalCheck, name: string) =>
  suite.specs.flatMap((s) => s.cases.filter((c) => showsRequired(s, c, check, name)).map((c) => c.id))[0];

/**
 * The servers requiring an optional parameter: for a clause about one parameter, the first of
 * its parameters some case shows; for a clause about a set ("all parameters are optional"), one
 * server per parameter, each caught by a case leaving that parameter out.
 */
function requiredOptional(check: OptionalCheck): Mutant[] {
  const set = setClauses.has(check.clause);
  const mutants: Mutant[] = [];
  for (const name of check.parameters) {
    const kill = showingRequired(check, name);
    if (!kill) continue;
    mutants.push({
      name: set ? `required-optional-${slug(check.clause)}-${name.replace(/_/g, '-')}` : `required-optional-${slug(check.clause)}`,
      kind: 'optional',
      operations: operationsOf([kill]),
      rewrite: requiring(check.operation, name),
      breaks: [check.clause],
      kills: [kill],
      ...(set ? { member: { clause: check.clause, name } } : {}),
    });
    if (!set) break;
  }
  return mutants;
}

const kindOf = new Map(suite.clauses.map((c) => [c.id, c.kind]));
const optionalMutants = kindChecksOf(suite.clauses, parametersByOperation(suite.specs))
  .optional.filter((o) => kindOf.get(o.clause) === 'optional')
  .flatMap(requiredOptional);

const notAffectedMutants: Mutant[] = [
  {
    name: 'defaults-apply-to-caller',
    kind: 'not-affected',
    operations: ['PATCH /realm/user_settings_defaults'],
    quirks: ['defaults-apply-to-caller'],
    breaks: ['op5.existing-users-unchanged', 'zulip.realm-defaults.existing-users-unchanged'],
    kills: ['op5.zulip.existing-users-unchanged'],
  },
  {
    name: 'status-text-clears-away',
    kind: 'not-affected',
    operations: ['POST /users/me/status'],
    quirks: ['status-text-clears-away'],
    breaks: ['op13.only-passed-change', 'zulip.status.only-passed-change'],
    kills: ['op13.zulip.text-keeps-away'],
  },
];

export const MUTANTS: Mutant[] = [...unitMutants, ...optionalMutants, ...notAffectedMutants];
