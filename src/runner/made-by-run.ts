// What the run has created, known from its requests and answers by the same declarations the
// ledger uses (specs/created-resources.yaml): the generic unit check judges the timestamps of
// these objects against the run's clock, as values the run itself caused, and the ledger of
// changes leaves out a change to an object the run made. An object known by its key (a channel,
// by name) is known by its id too once an answer declared in `ids` pairs them.
import type { Exchange } from '../http/client.js';
import type { CreatedResource } from '../engine/load/created-resources.js';
import type { MadeByRun } from '../engine/judge/timestamps.js';
import { idPairing, ledgerNotes } from './ledger.js';
import type { Made } from './change-keys.js';

export function madeByRun(resources: CreatedResource[], runId: string) {
  const { plannedBy, createdBy } = ledgerNotes(resources, runId);
  const paired = idPairing(resources);
  const keys = new Set<string>();
  const note = (entries: { kind: string; key: string | number }[]) => entries.forEach((e) => keys.add(`${e.kind}\0${e.key}`));
  const made: MadeByRun & Made = (kind: string, key: string | number) => keys.has(`${kind}\0${key}`);
  return {
    onRequest: (request: Exchange['request']) => note(plannedBy(request)),
    onExchange: (exchange: Exchange) => {
      note(createdBy(exchange));
      // An id paired with a key of what the run made is a key of it too.
      note(paired(exchange, made).map(({ resource, id }) => ({ kind: resource.kind, key: id })));
    },
    made,
  };
}
