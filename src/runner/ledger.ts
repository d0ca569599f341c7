// The ledger: what the run created on the target, appended as it goes (one JSON line per
// resource), so `cleanup --ledger F` can remove a crashed or interrupted run's leftovers. What
// creates what, and how each is undone, is declared in specs/created-resources.yaml; this module
// only matches requests and answers against those declarations. Each entry carries the request
// that undoes it; undoing twice is harmless.
import { appendFileSync } from 'node:fs';
import type { Exchange } from '../http/client.js';
import type { CreatedResource, ResourceRequest } from '../engine/load/created-resources.js';
import { resolvePath } from '../engine/judge/body-path.js';

export interface LedgerEntry {
  /** A kind of specs/created-resources.yaml ("channel", "message"). */
  kind: string;
  /** What identifies it: a channel name, an id, a fragment. */
  key: string | number;
  /** The role that created it; the undo runs as the owner, else this role. */
  role: string | null;
  undo: ResourceRequest;
  at: string;
}

type Noted = Omit<LedgerEntry, 'at'>;

/** A path template with `{name}`s filled in (values URL-encoded); names without a value stay. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(String(values[name])) : whole));
}

function requestParts(request: Exchange['request']) {
  const url = new URL(request.url);
  return { path: url.pathname.replace(/^.*\/api\/v1/, ''), params: new URLSearchParams(request.body ?? url.search) };
}

/** A path template as a pattern: a `{name}` segment matches any one segment. */
export function pathPattern(template: string): RegExp {
  const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

/** The segment of `path` standing where `template` has `{name}` (URL-decoded), if any. */
export function segmentOf(template: string, path: string, name: string): string | undefined {
  const at = template.split('/').indexOf(`{${name}}`);
  const segment = at < 0 ? undefined : path.split('/')[at];
  return segment === undefined ? undefined : decodeURIComponent(segment);
}

function keysOf(resource: CreatedResource, path: string, params: URLSearchParams, answer: Record<string, unknown> | undefined): (string | number)[] {
  const { key } = resource;
  const isKey = (v: unknown): v is string | number => typeof v === 'number' || (typeof v === 'string' && v !== '');
  if (key.answer !== undefined) return isKey(answer?.[key.answer]) ? [answer[key.answer] as string | number] : [];
  if (key.path !== undefined) {
    const segment = segmentOf(resource.by.path, path, key.path);
    return isKey(segment) ? [segment] : [];
  }
  const raw = params.get(key.param ?? '');
  if (key.each === undefined) return isKey(raw) ? [raw] : [];
  let items: unknown;
  try {
    items = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  } // a request the server refuses anyway
  return Array.isArray(items) ? items.map((item) => (item as Record<string, unknown> | null)?.[key.each!]).filter(isKey) : [];
}

/** What a run notes from its requests and answers, by the declarations. */
export function ledgerNotes(resources: CreatedResource[], runId: string) {
  const declared = resources.map((resource) => ({
    resource,
    matches: pathPattern(resource.by.path),
    prefix: resource.keyStartsWith?.replaceAll('${run.id}', runId),
  }));
  const note = (when: 'on-success' | 'before-sending', request: Exchange['request'], answer?: Record<string, unknown>): Noted[] => {
    const { path, params } = requestParts(request);
    const own = (prefix: string | undefined, key: string | number) => prefix !== undefined && typeof key === 'string' && key.startsWith(prefix);
    return declared
      .filter(({ resource, matches }) => {
        const noted = resource.noted ?? 'on-success';
        return (noted === when || noted === 'before-sending-if-own') && resource.by.method === request.method && matches.test(path);
      })
      .flatMap(({ resource, prefix }) =>
        keysOf(resource, path, params, answer)
          .filter((key) =>
            resource.noted === 'before-sending-if-own'
              ? // The run's own names before sending (a kill on the way still knows them), others once made.
                own(prefix, key) === (when === 'before-sending')
              : // A prefix keeps out what the request names but the run did not make (a channel it joins).
                prefix === undefined || own(prefix, key),
          )
          .map((key) => ({ kind: resource.kind, key, role: request.role, undo: undoOf(resource.undo, key) })),
      );
  };
  return {
    /** What a request may create, noted before it is sent. */
    plannedBy: (request: Exchange['request']) => note('before-sending', request),
    /** What a successful answer says was created. */
    createdBy: (exchange: Exchange): Noted[] => {
      const json = exchange.response?.json as Record<string, unknown> | undefined;
      return json?.result === 'success' ? note('on-success', exchange.request, json) : [];
    },
  };
}

function undoOf(undo: ResourceRequest, key: string | number, values: Record<string, string | number> = {}): ResourceRequest {
  return { method: undo.method, path: fillPath(undo.path, { ...values, key }), ...(undo.params ? { params: undo.params } : {}) };
}

/** A key the run made, and the id an answer pairs it with (created-resources.yaml `ids`). */
export interface PairedId {
  resource: CreatedResource;
  key: string | number;
  /** The field the id is (its name in the undo path), and the id. */
  field: string;
  id: string | number;
}

/** Reads the ids successful answers pair with keys (`ids` of the declarations), for keys `made` says the run made. */
export function idPairing(resources: CreatedResource[]) {
  const sources = resources.flatMap((resource) => (resource.ids ?? []).map((source) => ({ resource, source, matches: pathPattern(source.by.path) })));
  const isValue = (v: unknown): v is string | number => typeof v === 'number' || (typeof v === 'string' && v !== '');
  return (exchange: Exchange, made: (kind: string, key: string | number) => boolean): PairedId[] => {
    if (!sources.length) return [];
    const json = exchange.response?.json as Record<string, unknown> | undefined;
    if (json?.result !== 'success') return [];
    const url = new URL(exchange.request.url);
    const path = url.pathname.replace(/^.*\/api\/v1/, '');
    return sources
      .filter(({ source, matches }) => source.by.method === exchange.request.method && matches.test(path))
      .flatMap(({ resource, source }) => {
        const listed = source.list === undefined ? json : resolvePath(json, source.list).value;
        return (Array.isArray(listed) ? (listed as unknown[]) : [listed]).flatMap((entry) => {
          const fields = entry as Record<string, unknown> | null;
          const key = source.keyParam !== undefined ? url.searchParams.get(source.keyParam) : fields?.[source.key!];
          const id = fields?.[source.id];
          return isValue(key) && isValue(id) && made(resource.kind, key) ? [{ resource, key, field: source.id, id }] : [];
        });
      });
  };
}

function append(file: string, entries: Noted[]): void {
  const at = new Date().toISOString();
  if (entries.length) appendFileSync(file, `${entries.map((entry) => JSON.stringify({ ...entry, at })).join('\n')}\n`);
}

/**
 * Client hooks that append to the ledger file what each request may create and each answer did.
 * Once an answer tells the id of something noted by its key (a channel by name), it is noted
 * again with an undo naming the id: the newer entry wins at cleanup, so a channel renamed or
 * made private since (which its name no longer finds) is still archived.
 */
export function ledgerRecorder(file: string, runId: string, resources: CreatedResource[]) {
  const { plannedBy, createdBy } = ledgerNotes(resources, runId);
  const paired = idPairing(resources);
  const keys = new Set<string>();
  const identified = new Set<string>();
  const noted = (entries: Noted[]) => {
    for (const e of entries) keys.add(`${e.kind}\0${e.key}`);
    append(file, entries);
  };
  return {
    onRequest: (request: Exchange['request']) => noted(plannedBy(request)),
    onExchange: (exchange: Exchange) => {
      noted(createdBy(exchange));
      const fresh = paired(exchange, (kind, key) => keys.has(`${kind}\0${key}`)).filter(({ resource, key }) => !identified.has(`${resource.kind}\0${key}`));
      for (const { resource, key } of fresh) identified.add(`${resource.kind}\0${key}`);
      append(
        file,
        fresh.map(({ resource, key, field, id }) => ({
          kind: resource.kind,
          key,
          role: exchange.request.role,
          undo: undoOf(resource.undo, key, { [field]: id }),
        })),
      );
    },
  };
}
