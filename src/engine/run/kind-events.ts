// The statement kinds' generic checks on the events a case's events step picked (its own, by
// their objects): timestamps in their unit against the run's clock, and the values of
// enumerations (judge/kind-places.ts). Events are read through the event queue, which the
// document does not show: these are the zulip profile's checks, resting on the case's facts.
import type { Judged } from '../judge/judge.js';
import { pickedEvents, type QueuedEvent } from '../judge/events-judge.js';
import { eventTimestampFindings, eventValueFindings } from '../judge/kind-places.js';
import type { EventsSpec } from '../load/types.js';
import type { KindContext } from './kind-context.js';

export function eventKindFindings(events: QueuedEvent[], spec: EventsSpec, kinds: KindContext | undefined, facts: string[]): Judged[] {
  if (!kinds) return [];
  const picked = pickedEvents(events, spec);
  const found = [
    ...eventTimestampFindings(picked, kinds.eventTimestamps, { startedAt: kinds.startedAt, now: Date.now() }),
    ...eventValueFindings(picked, kinds.eventValues),
  ];
  return found.map((f) => ({ ...f, profile: 'zulip' as const, facts: f.facts ?? facts }));
}
