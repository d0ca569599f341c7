// What the run has created, known from its requests and answers by the same declarations the
// ledger uses (specs/created-resources.yaml): the generic unit check judges the timestamps of
// these objects against the run's clock, as values the run itself caused.
import type { Exchange } from '../http/client.js';
import type { CreatedResource } from '../engine/load/created-resources.js';
import type { MadeByRun } from '../engine/judge/timestamps.js';
import { ledgerNotes } from './ledger.js';

export function madeByRun(resources: CreatedResource[], runId: string) {
  const { plannedBy, createdBy } = ledgerNotes(resources, runId);
  const keys = new Set<string>();
  const note = (entries: { kind: string; key: string | number }[]) => entries.forEach((e) => keys.add(`${e.kind}\0${e.key}`));
  const made: MadeByRun = (kind, key) => keys.has(`${kind}\0${key}`);
  return {
    onRequest: (request: Exchange['request']) => note(plannedBy(request)),
    onExchange: (exchange: Exchange) => note(createdBy(exchange)),
    made,
  };
}
