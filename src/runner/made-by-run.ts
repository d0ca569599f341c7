// What the run has created, known from its requests and answers by the same declarations the
// ledger uses (specs/created-resources.yaml): the generic unit check judges the timestamps of
// these objects against the run's clock, as values the run itself caused, and the ledger of
// changes leaves out a change to an object the run made. An object known by its key (a channel,
// by name) is known by its id too once an answer declared in `ids` pairs them.
import type { Exchange } from '../http/client.js';
import type { CreatedResource } from '../engine/load/created-resources.js';
import type { MadeByRun } from '../engine/judge/timestamps.js';
import { resolvePath } from '../engine/judge/body-path.js';
import { ledgerNotes, pathPattern } from './ledger.js';
import type { Made } from './change-keys.js';

export function madeByRun(resources: CreatedResource[], runId: string) {
  const { plannedBy, createdBy } = ledgerNotes(resources, runId);
  const keys = new Set<string>();
  const note = (entries: { kind: string; key: string | number }[]) => entries.forEach((e) => keys.add(`${e.kind}\0${e.key}`));
  const made: MadeByRun & Made = (kind: string, key: string | number) => keys.has(`${kind}\0${key}`);
  const idSources = resources.flatMap((resource) =>
    (resource.ids ?? []).map((source) => ({ kind: resource.kind, source, matches: pathPattern(source.by.path) })),
  );
  /** The ids an answer pairs with keys of what the run made, noted as keys too. */
  const learnIds = (exchange: Exchange) => {
    const json = exchange.response?.json as Record<string, unknown> | undefined;
    if (json?.result !== 'success') return;
    const url = new URL(exchange.request.url);
    const path = url.pathname.replace(/^.*\/api\/v1/, '');
    for (const { kind, source, matches } of idSources) {
      if (source.by.method !== exchange.request.method || !matches.test(path)) continue;
      const listed = source.list === undefined ? json : resolvePath(json, source.list).value;
      const entries = Array.isArray(listed) ? (listed as unknown[]) : [listed];
      for (const entry of entries) {
        const fields = entry as Record<string, unknown> | null;
        const key = source.keyParam !== undefined ? url.searchParams.get(source.keyParam) : fields?.[source.key!];
        const id = fields?.[source.id];
        if ((typeof key === 'string' || typeof key === 'number') && made(kind, key) && (typeof id === 'string' || typeof id === 'number'))
          keys.add(`${kind}\0${id}`);
      }
    }
  };
  return {
    onRequest: (request: Exchange['request']) => note(plannedBy(request)),
    onExchange: (exchange: Exchange) => {
      note(createdBy(exchange));
      if (idSources.length) learnIds(exchange);
    },
    made,
  };
}
