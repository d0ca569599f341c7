// Judges the events a queue delivered against an events step: each expected event present (in
// order, unless the step says otherwise), its count, its payload (a schema of schemas/events/ and
// matchers on its fields), and no event of the types the step forbids.
import { isDeepStrictEqual } from 'node:util';
import type { Finding } from './failure.js';
import { MATCHERS, ASSERTION_KEYS, show } from './matchers.js';
import { hasWildcard, resolvePath } from './body-path.js';
import { schemaFindings, schemaValidator } from './schemas.js';
import { holds } from './judge.js';
import type { EventExpectation, EventsSpec, ForbiddenEvent } from '../load/types.js';

export type QueuedEvent = Record<string, unknown> & { id?: unknown; type?: unknown };

/** A finding and the expectation it came from (for its clause and facts). */
export interface EventFinding extends Finding {
  expectation?: EventExpectation;
}

const describe = (e: ForbiddenEvent) =>
  `${e.type}${e.op ? ` ${e.op}` : ''} event${e.where ? ` with ${show(e.where)}` : ''}${e.whereMatches ? ` matching ${show(e.whereMatches)}` : ''}`;

function matches(event: QueuedEvent, e: ForbiddenEvent): boolean {
  // A broken server's list may hold anything: what is not an object is no event of any kind.
  if (typeof event !== 'object' || event === null) return false;
  if (event.type !== e.type) return false;
  if (e.op !== undefined && event.op !== e.op) return false;
  const fieldsEqual = Object.entries(e.where ?? {}).every(([field, value]) => {
    const got = resolvePath(event, field).value;
    // A path through [*] reaches a list: the event is picked when one element equals the value
    // ("default_streams[*]": 42 picks the first default_streams event listing channel 42, which
    // events of other cases running meanwhile cannot be mistaken for).
    return hasWildcard(field) ? (got as unknown[]).some((v) => isDeepStrictEqual(v, value)) : isDeepStrictEqual(got, value);
  });
  return fieldsEqual && Object.entries(e.whereMatches ?? {}).every(([field, pattern]) => textMatches(resolvePath(event, field).value, pattern));
}

function textMatches(value: unknown, pattern: string): boolean {
  return typeof value === 'string' && new RegExp(pattern).test(value);
}

/** The events from index `from` on that an expectation picks, each with its index in the list. */
function hitsFrom(events: QueuedEvent[], from: number, e: ForbiddenEvent): (readonly [QueuedEvent, number])[] {
  return events
    .slice(from)
    .map((ev, i) => [ev, from + i] as const)
    .filter(([ev]) => matches(ev, e));
}

/** The events an events step's expectations pick (the case's own, by their objects), with where each sits in the list. */
export function pickedEvents(events: QueuedEvent[], spec: EventsSpec): { event: QueuedEvent; at: number }[] {
  return events.flatMap((event, at) => ((spec.expect ?? []).some((e) => matches(event, e)) ? [{ event, at }] : []));
}

/** Whether every expectation has the events it needs (the wait may end). */
export function eventsComplete(events: QueuedEvent[], spec: EventsSpec): boolean {
  let cursor = 0;
  for (const e of spec.expect ?? []) {
    const hits = hitsFrom(events, spec.ordered === false ? 0 : cursor, e);
    if (hits.length < Math.max(1, e.count ?? 1)) return false;
    cursor = hits[Math.max(1, e.count ?? 1) - 1][1] + 1;
  }
  return true;
}

function judgeEvent(event: QueuedEvent, index: number, e: EventExpectation, featureLevel: number): EventFinding[] {
  const at = (path: string) => `events[${index}]${path ? `.${path}` : ''}`;
  const out: EventFinding[] = [];
  if (e.schema) {
    const validate = schemaValidator(e.schema);
    if (!validate(event)) {
      // Stryker disable next-line StringLiteral: equivalent for the '' in the message: only the "... and N more" finding has no path, and it has a message
      for (const f of schemaFindings(validate.errors, event, undefined, featureLevel))
        out.push({
          ...f,
          expectation: e,
          path: at(f.path ?? ''),
          message: f.message ?? `${at(f.path ?? '')}: expected ${f.expected}, got ${f.actual} (schema ${e.schema})`,
        });
    }
  }
  for (const assertion of e.body ?? []) {
    // As in an answer's body: an assertion with `when` holds only for the events its condition picks.
    if (assertion.when && !holds(event, assertion.when)) continue;
    const got = resolvePath(event, assertion.path);
    for (const [name, want] of Object.entries(assertion)) {
      if (ASSERTION_KEYS.has(name)) continue;
      const mismatch = MATCHERS[name](got, want);
      if (mismatch)
        out.push({
          check: 'events',
          path: at(assertion.path),
          ...mismatch,
          expectation: {
            ...e,
            ...(typeof assertion.clause === 'string' ? { clause: assertion.clause } : {}),
            ...(assertion.facts ? { facts: assertion.facts } : {}),
          },
        });
    }
  }
  return out;
}

/** `featureLevel`: the level the target is judged as (a field newer than it may be missing from an event). */
export function judgeEvents(events: QueuedEvent[], spec: EventsSpec, waitedMs: number, featureLevel = Number.POSITIVE_INFINITY): EventFinding[] {
  const out: EventFinding[] = [];
  events.forEach((ev, index) => {
    if (typeof ev !== 'object' || ev === null || Array.isArray(ev))
      out.push({ check: 'events', path: `events[${index}]`, expected: 'an event (a JSON object)', actual: show(ev) });
  });
  const got = () =>
    events.length
      ? events.map((ev) => (typeof ev === 'object' && ev !== null ? `${String(ev.type)}${typeof ev.op === 'string' ? ` ${ev.op}` : ''}` : show(ev))).join(', ')
      : 'no events';
  let cursor = 0;
  for (const e of spec.expect ?? []) {
    const hits = hitsFrom(events, spec.ordered === false ? 0 : cursor, e);
    if (!hits.length) {
      // Ordered, it may have come before the cursor; unordered, hits come from every event, so this is false.
      const anywhere = events.some((ev) => matches(ev, e));
      out.push({
        check: 'events',
        path: `events[?type=${e.type}]`,
        expectation: e,
        expected: `a ${describe(e)}${anywhere ? ' after the ones before it' : ''}`,
        actual: anywhere ? `it came earlier, out of order (${got()})` : `none within ${waitedMs} ms (${got()})`,
      });
      continue;
    }
    if (e.count !== undefined && hits.length !== e.count) {
      out.push({
        check: 'events',
        path: `events[?type=${e.type}]`,
        expectation: e,
        expected: `${e.count} ${describe(e)}s`,
        actual: `${hits.length} (${got()})`,
      });
    }
    for (const [ev, index] of e.count !== undefined ? hits : hits.slice(0, 1)) out.push(...judgeEvent(ev, index, e, featureLevel));
    const used = e.count !== undefined ? hits.slice(0, e.count) : hits.slice(0, 1);
    cursor = (used.at(-1) ?? hits[0])[1] + 1;
  }
  // Stryker disable next-line ArrayDeclaration: equivalent: no event has the type "Stryker was here"
  for (const entry of spec.none ?? []) {
    const forbidden = typeof entry === 'string' ? { type: entry } : entry;
    const index = events.findIndex((ev) => matches(ev, forbidden));
    if (index >= 0) out.push({ check: 'events', path: `events[${index}]`, expected: `no ${describe(forbidden)}`, actual: `one (${show(events[index])})` });
  }
  return out;
}
