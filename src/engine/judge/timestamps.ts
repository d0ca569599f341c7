// The unit kind's check for timestamps: every timestamp a success answer carries is judged
// against the run's clock in the unit the document gives. None may lie ahead of now (a value in
// milliseconds where seconds are due lies ages ahead); one the run itself caused (an object it
// created: specs/created-resources.yaml) must lie within minutes of the run (seconds where
// milliseconds are due read as 1970; local time where UTC is due, hours off).
import type { TimestampCheck } from '../load/statement-kinds.js';
import { parsePath } from './body-path.js';
import { unitFailure, type Judged } from './failure.js';

/** How far the run's clock and the target's may differ, and a value from just before the run may lie. */
export const CLOCK_SLACK_MS = 5 * 60_000;

export interface RunClock {
  /** When the run began (ms since the epoch, the runner's clock). */
  startedAt: number;
  /** Now (ms since the epoch). */
  now: number;
}

/** Whether the run created the resource of this kind (specs/created-resources.yaml) with this key. */
export type MadeByRun = (kind: string, key: string) => boolean;

/** A value a path reached, the object holding it and the concrete path to it. */
interface Place {
  value: unknown;
  holder: unknown;
  at: string;
}

/** Every value `path` reaches, with its holder: "list[*].x" -> list[0].x, list[1].x, ... */
export function placesOf(root: unknown, path: string): Place[] {
  let current: Place[] = [{ value: root, holder: undefined, at: '' }];
  for (const seg of parsePath(path)) {
    const next: Place[] = [];
    for (const { value, at } of current) {
      if ('key' in seg && isObject(value) && Object.hasOwn(value, seg.key)) {
        next.push({ value: value[seg.key], holder: value, at: at ? `${at}.${seg.key}` : seg.key });
      } else if (!('key' in seg) && Array.isArray(value)) {
        const list: unknown[] = value;
        let picked = [...list.keys()].filter((i) =>
          'index' in seg ? i === seg.index : 'field' in seg ? isObject(list[i]) && String(list[i][seg.field]) === seg.equals : true,
        );
        if ('field' in seg && !seg.every) picked = picked.slice(0, 1);
        for (const i of picked) next.push({ value: list[i], holder: list, at: `${at}[${i}]` });
      }
    }
    current = next;
  }
  return current;
}

/** The `{name}` slots of an operation filled from a concrete path: "/messages/{message_id}" and "/messages/7" -> { message_id: "7" }. */
export function slotsOf(operation: string, path: string): Record<string, string> {
  const template = operation.split(' ')[1].split('/');
  const concrete = path.split('?')[0].split('/');
  const out: Record<string, string> = {};
  template.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name && concrete[i] !== undefined) out[name] = decodeURIComponent(concrete[i]);
  });
  return out;
}

const PER_MS = { seconds: 1 / 1000, milliseconds: 1 } as const;

/** "2025-01-01T00:00:00Z", or "no date" for a value past what a Date holds. */
function dateOf(ms: number): string {
  const date = new Date(ms);
  // Stryker disable next-line Regex: equivalent: toISOString ends in .sssZ and has no other
  return Number.isNaN(date.getTime()) ? 'no date' : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The broken timestamps of one success answer of an operation (request path `path`): the checks
 * for that operation, each value against the clock; `made` says which objects the run created.
 */
export function timestampFindings(body: unknown, path: string, checks: readonly TimestampCheck[], clock: RunClock, made: MadeByRun): Judged[] {
  const out: Judged[] = [];
  for (const check of checks) {
    const slots = slotsOf(check.operation, path);
    const perMs = PER_MS[check.scale];
    const latest = Math.floor((clock.now + CLOCK_SLACK_MS) * perMs);
    const earliest = Math.floor((clock.startedAt - CLOCK_SLACK_MS) * perMs);
    // Stryker disable next-line StringLiteral: equivalent: no key the run made is the stand-in for a slot the path lacks
    const wholeAnswerMade = check.madeBy?.slot !== undefined && made(check.madeBy.kind, slots[check.madeBy.slot] ?? '');
    for (const place of placesOf(body, check.path)) {
      if (typeof place.value !== 'number') continue; // the schema judges the type
      const field = check.madeBy?.field;
      const holderMade = field !== undefined && isObject(place.holder) && made(check.madeBy!.kind, String(place.holder[field]));
      const ours = wholeAnswerMade || holderMade;
      const reads = `${place.value} (in ${check.scale}: ${dateOf(place.value / perMs)})`;
      if (place.value > latest) {
        out.push(unitFailure(check.clause, place.at, `UNIX time in ${check.scale}, not after now (at most ${latest})`, `${reads}, ahead of now`));
      } else if (ours && place.value < earliest) {
        out.push(
          unitFailure(
            check.clause,
            place.at,
            `UNIX time in ${check.scale} within minutes of this run, which caused it (at least ${earliest})`,
            `${reads}, before the run began`,
          ),
        );
      }
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
