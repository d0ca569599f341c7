// What the statement kinds' generic checks need while steps run: the catalog's kind data by
// operation, the run's clock and what the run has created. Built once per run (the Session).
import type { DefaultCheck, EventTimestampCheck, KindChecks, NotAffectedCheck, OptionalCheck, TimestampCheck } from '../load/statement-kinds.js';
import type { ValueCheck } from '../load/set-members.js';
import { operationMatcher } from '../judge/operation-of.js';
import type { MadeByRun } from '../judge/timestamps.js';

export interface KindContext {
  /** The operation of the API document a request is, among those the checks name (null: none). */
  operationOf: (method: string, path: string) => string | null;
  timestamps: (operation: string) => TimestampCheck[];
  optional: (operation: string) => OptionalCheck[];
  defaults: (operation: string) => DefaultCheck[];
  notAffected: (operation: string) => NotAffectedCheck[];
  /** The enumerations whose values the success answers of an operation carry. */
  values: (operation: string) => ValueCheck[];
  /** Timestamps and enumerations in the events a case picks. */
  eventTimestamps: EventTimestampCheck[];
  eventValues: ValueCheck[];
  /** When the run began (ms), for the timestamps a run causes. */
  startedAt: number;
  made: MadeByRun;
}

const byOperation = <T extends { operation: string }>(list: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const item of list) map.set(item.operation, [...(map.get(item.operation) ?? []), item]);
  return (operation: string): T[] => map.get(operation) ?? [];
};

export function kindContext(checks: KindChecks, startedAt: number, made: MadeByRun): KindContext {
  const answerValues = (checks.values ?? []).flatMap((v) => (v.place.operation ? [{ ...v, operation: v.place.operation }] : []));
  const operations = [...checks.timestamps, ...checks.optional, ...checks.defaults, ...checks.notAffected, ...answerValues].map((c) => c.operation);
  return {
    values: byOperation(answerValues),
    eventTimestamps: checks.eventTimestamps ?? [],
    eventValues: (checks.values ?? []).filter((v) => v.place.event),
    operationOf: operationMatcher(operations),
    timestamps: byOperation(checks.timestamps),
    optional: byOperation(checks.optional),
    defaults: byOperation(checks.defaults),
    notAffected: byOperation(checks.notAffected),
    startedAt,
    made,
  };
}
