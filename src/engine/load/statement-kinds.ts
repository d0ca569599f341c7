// Statement kinds: what a clause of the catalog is (a unit, an optional parameter, a default,
// a "not affected", an order, a limit, a permission, an error code) and the data each kind's
// generic check needs. The engine applies one check per kind to every clause of that kind, so a
// whole class of statements is checked the same way, not case by case (README, "Statement
// kinds"). This module reads the catalog's kind data and turns it into what the checks use at
// run time: plain data, handed to the workers with the run's settings.

import { valueChecksOf, type EventPick, type MemberSpec, type ValueCheck } from './set-members.js';

export type { EventPick };

export const STATEMENT_KINDS = ['unit', 'optional', 'default', 'not-affected', 'order', 'limit', 'permission', 'error-code'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** Where answers (or events) carry a value with a unit, and (a timestamp) how the run knows it caused it. */
export interface UnitPlace {
  /** The operation whose success answer carries it. */
  operation?: string;
  /** Or the event that carries it (read through the event queue: the zulip profile's). */
  event?: EventPick;
  /** Its body path ("streams[*].date_created"), in the answer or the event. */
  path: string;
  /**
   * The run caused the value when the object holding it (`field`: that object's field) or the
   * object the request's path names (`slot`: a `{name}` of the operation) is one it created:
   * a kind of specs/created-resources.yaml.
   */
  madeBy?: { kind: string; field?: string; slot?: string };
  /** Why no answer a client can bring about carries a value here (the check applies; no case can show it). */
  unobservable?: string;
}

export type Scale = 'seconds' | 'milliseconds' | 'days' | 'bytes' | 'pixels' | 'percent';

export interface UnitSpec {
  /** timestamp: a point in time, judged against the run's clock; quantity: read back as sent. */
  of: 'timestamp' | 'quantity';
  scale: Scale;
  at: UnitPlace[];
}

export interface DefaultSpec {
  parameter: string;
  value: string | number | boolean;
  /** A user setting's starting value, not a request parameter's. */
  of?: 'setting';
}

/** How the not-affected check reads, before and after a change, what must stay as it was. */
export interface ReadBackSpec {
  /** The read, sent as each account read; `${account.user_id}` is that account. */
  request: { method: string; path: string; params?: Record<string, unknown> };
  /** The body path of one parameter's value in the read; `{parameter}` is its name. */
  value: string;
  /** Every account the run holds (the caller included), or the caller only. */
  accounts: 'every' | 'caller';
  /** The values of the parameters the change passed, or of the operation's other parameters. */
  parameters: 'passed' | 'others';
  /** Parameters that change together: passing one counts as passing its group. */
  together?: string[][];
  /** The Zulip facts the read rests on, where the document does not show it: a zulip-profile check. */
  facts?: string[];
  /** The feature level the read appeared at: a target judged as an older level is not read. */
  since?: number;
}

/** The kind fields of a catalog entry (and the members of a set, whose values the enumeration check reads). */
export interface KindedClause {
  id: string;
  endpoint: string;
  kind?: StatementKind;
  unit?: UnitSpec;
  /** kind optional: the parameters it says are optional, or all the operation's parameters. */
  parameters?: string[] | 'all';
  default?: DefaultSpec;
  readBack?: ReadBackSpec;
  status?: 'unspecified';
  untestable?: string;
  members?: MemberSpec;
}

/** A timestamp's place, with the clause it checks. */
export interface TimestampCheck extends UnitPlace {
  operation: string;
  clause: string;
  scale: 'seconds' | 'milliseconds';
}

/** A timestamp's place in an event, with the clause it checks. */
export interface EventTimestampCheck {
  event: EventPick;
  path: string;
  clause: string;
  scale: 'seconds' | 'milliseconds';
}

export interface OptionalCheck {
  clause: string;
  operation: string;
  parameters: string[];
}

export interface DefaultCheck {
  clause: string;
  operation: string;
  parameter: string;
  value: string | number | boolean;
}

export interface NotAffectedCheck {
  clause: string;
  operation: string;
  readBack: ReadBackSpec;
  /** The operation's documented parameters (for `parameters: others`). */
  parameters: string[];
}

/** What the generic checks apply at run time, by kind: plain data. */
export interface KindChecks {
  timestamps: TimestampCheck[];
  /** Timestamps in the events a case reads (present when the catalog places any). */
  eventTimestamps?: EventTimestampCheck[];
  /** The values of enumerations where answers and events carry them (present when the catalog places any): set-members.ts. */
  values?: ValueCheck[];
  /** Optional parameters: the optional kind's, and every defaulted parameter (a default is optional). */
  optional: OptionalCheck[];
  defaults: DefaultCheck[];
  notAffected: NotAffectedCheck[];
}

/** The run-time checks of the catalog's kinds; `documented` is operation -> its parameters. */
export function kindChecksOf(clauses: readonly KindedClause[], documented: Readonly<Record<string, string[]>>): KindChecks {
  const checks: KindChecks = { timestamps: [], optional: [], defaults: [], notAffected: [] };
  const eventTimestamps: EventTimestampCheck[] = [];
  for (const c of clauses) {
    // A path parameter is never left out: "all" means the ones a request may send or omit.
    const slots = new Set([...c.endpoint.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    const parameters = (documented[c.endpoint] ?? []).filter((name) => !slots.has(name));
    if (c.unit?.of === 'timestamp') {
      const scale = c.unit.scale as TimestampCheck['scale'];
      for (const place of c.unit.at) {
        if (place.operation !== undefined) checks.timestamps.push({ ...place, operation: place.operation, clause: c.id, scale });
        else if (place.event) eventTimestamps.push({ event: place.event, path: place.path, clause: c.id, scale });
      }
    }
    if (c.parameters) checks.optional.push({ clause: c.id, operation: c.endpoint, parameters: c.parameters === 'all' ? parameters : c.parameters });
    if (c.default && c.default.of !== 'setting') {
      const { parameter, value } = c.default;
      checks.defaults.push({ clause: c.id, operation: c.endpoint, parameter, value });
      checks.optional.push({ clause: c.id, operation: c.endpoint, parameters: [parameter] });
    }
    if (c.readBack) checks.notAffected.push({ clause: c.id, operation: c.endpoint, readBack: c.readBack, parameters });
  }
  const values = valueChecksOf(clauses);
  return { ...checks, ...(eventTimestamps.length ? { eventTimestamps } : {}), ...(values.length ? { values } : {}) };
}

/** What the catalog's kind data names must exist: the operation's parameters, the created kinds, the facts. */
export function kindProblems(
  clauses: readonly KindedClause[],
  documented: Readonly<Record<string, string[]>>,
  createdKinds: ReadonlySet<string>,
  facts: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const c of clauses) {
    const known = documented[c.endpoint];
    const named = [...(Array.isArray(c.parameters) ? c.parameters : []), ...(c.default && c.default.of !== 'setting' ? [c.default.parameter] : [])];
    for (const name of named) {
      if (!known?.includes(name)) problems.push(`${c.id}: "${name}" is not a parameter the spec files of ${c.endpoint} list`);
    }
    if (c.parameters === 'all' && !known?.length) problems.push(`${c.id}: parameters: all, but no spec file of ${c.endpoint} lists its parameters`);
    for (const place of c.unit?.at ?? []) {
      if (c.unit!.of === 'timestamp' && !['seconds', 'milliseconds'].includes(c.unit!.scale))
        problems.push(`${c.id}: a timestamp is in seconds or milliseconds, not ${c.unit!.scale}`);
      const made = place.madeBy;
      if (made && !createdKinds.has(made.kind)) problems.push(`${c.id}: madeBy kind "${made.kind}" is not declared in created-resources.yaml`);
      if (made && (made.field === undefined) === (made.slot === undefined)) problems.push(`${c.id}: madeBy needs exactly one of field and slot`);
      if (made?.slot && !(place.operation ?? '').includes(`{${made.slot}}`))
        problems.push(`${c.id}: madeBy slot {${made.slot}} is not in ${place.operation ?? 'an event'}`);
      if (place.event && made) problems.push(`${c.id}: a place in an event needs no madeBy (the events a case picks are its own)`);
    }
    for (const fact of c.readBack?.facts ?? []) if (!facts.has(fact)) problems.push(`${c.id}: readBack rests on unknown fact "${fact}"`);
    if (c.readBack && !c.readBack.value.includes('{parameter}')) problems.push(`${c.id}: readBack value must name {parameter}`);
  }
  return problems;
}
