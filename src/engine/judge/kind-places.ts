// The generic checks that reach past a success answer's own fields: timestamps in the events a
// case picks (the unit kind: an event the case caused lies within minutes of the run, in the
// document's unit), and the values of an enumeration wherever answers and events carry them
// (the members of a clause of values: specs/clauses.yaml `members.at`), POST /register's fields
// included. A value that is no member, or a timestamp in the wrong unit, is a failure naming the
// clause, whichever case happened to read it.
import { isDeepStrictEqual } from 'node:util';
import type { EventPick, ValueCheck } from '../load/set-members.js';
import type { EventTimestampCheck } from '../load/statement-kinds.js';
import { resolvePath } from './body-path.js';
import type { Judged } from './judge.js';
import { show } from './matchers.js';
import { CLOCK_SLACK_MS, placesOf, type RunClock } from './timestamps.js';

/** Whether an event is one `pick` names: its type, its op, and the fields of its where. */
export function isPicked(event: unknown, pick: EventPick): boolean {
  if (typeof event !== 'object' || event === null) return false;
  const e = event as Record<string, unknown>;
  return (
    e.type === pick.type &&
    (pick.op === undefined || e.op === pick.op) &&
    Object.entries(pick.where ?? {}).every(([path, value]) => isDeepStrictEqual(resolvePath(e, path).value, value))
  );
}

const PER_MS = { seconds: 1 / 1000, milliseconds: 1 } as const;

/**
 * The broken timestamps of the events a case picked (`at`: where each sits in the queue's
 * list): the case caused them, so each lies between the run's start and now, in its unit.
 */
export function eventTimestampFindings(picked: readonly { event: unknown; at: number }[], checks: readonly EventTimestampCheck[], clock: RunClock): Judged[] {
  const out: Judged[] = [];
  for (const check of checks) {
    const perMs = PER_MS[check.scale];
    const latest = Math.floor((clock.now + CLOCK_SLACK_MS) * perMs);
    const earliest = Math.floor((clock.startedAt - CLOCK_SLACK_MS) * perMs);
    for (const { event, at } of picked) {
      if (!isPicked(event, check.event)) continue;
      for (const place of placesOf(event, check.path)) {
        if (typeof place.value !== 'number' || (place.value <= latest && place.value >= earliest)) continue;
        const path = `events[${at}].${place.at}`;
        const expected = `UNIX time in ${check.scale} within minutes of this run, which caused the event (${earliest} to ${latest})`;
        const actual = `${place.value}, ${place.value > latest ? 'ahead of now' : 'before the run began'}`;
        out.push({
          clause: check.clause,
          clauses: [check.clause],
          check: 'unit',
          path,
          expected,
          actual,
          message: `${path}: expected ${expected}, got ${actual}`,
        });
      }
    }
  }
  return out;
}

/** The values at a place that are no member of its enumeration (`where`: the answer or event, as the message names it). */
function strangers(root: unknown, check: ValueCheck, where: string): Judged[] {
  return placesOf(root, check.place.path)
    .filter(
      (p) =>
        p.value !== null && p.value !== undefined && !check.members.includes(typeof p.value === 'object' ? JSON.stringify(p.value) : String(p.value as string)),
    )
    .map((p) => {
      const path = `${where}${where && p.at ? '.' : ''}${p.at}`;
      const expected = `one of ${check.members.join(', ')}`;
      return {
        clause: check.clause,
        clauses: [check.clause],
        check: 'values',
        path,
        expected,
        actual: show(p.value),
        message: `${path}: expected ${expected}, got ${show(p.value)}`,
        ...(check.place.facts ? { profile: 'zulip' as const, facts: check.place.facts } : {}),
      };
    });
}

/** A success answer's values that are no member of the enumerations the answers of its operation carry. */
export function answerValueFindings(body: unknown, checks: readonly ValueCheck[]): Judged[] {
  return checks.flatMap((check) => strangers(body, check, ''));
}

/** The picked events' values that are no member of the enumerations such events carry. */
export function eventValueFindings(picked: readonly { event: unknown; at: number }[], checks: readonly ValueCheck[]): Judged[] {
  return checks.flatMap((check) =>
    picked.flatMap(({ event, at }) => (check.place.event && isPicked(event, check.place.event) ? strangers(event, check, `events[${at}]`) : [])),
  );
}
