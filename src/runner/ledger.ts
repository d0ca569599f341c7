// The ledger: what the run created on the target, appended as it goes (one JSON line per
// resource), so `cleanup --ledger F` can remove a crashed or interrupted run's leftovers.
// Each entry carries the request that undoes it; undoing twice is harmless. Channels are noted
// before the request goes out, by name (a run killed while the answer was on its way has made
// one it never heard of), and only names carrying the run's id, so an existing channel the
// run merely joins is never archived.
import { appendFileSync } from 'node:fs';
import type { Exchange } from '../http/client.js';

export interface LedgerEntry {
  kind: 'channel' | 'user-group' | 'saved-snippet' | 'channel-folder' | 'navigation-view' | 'message';
  /** What identifies it: a channel name, an id, a fragment. */
  key: string | number;
  /** The role that created it; the undo runs as the owner, else this role. */
  role: string | null;
  undo: { method: string; path: string; params?: Record<string, string | boolean> };
  at: string;
}

type Json = Record<string, unknown>;

function pathAndParams(request: Exchange['request']) {
  const url = new URL(request.url);
  return { path: url.pathname.replace(/^.*\/api\/v1/, ''), params: new URLSearchParams(request.body ?? url.search) };
}

/** The run's channels a request may create, noted before it is sent. */
export function plannedBy(request: Exchange['request'], runId: string): Omit<LedgerEntry, 'at'>[] {
  if (request.method !== 'POST') return [];
  const { path, params } = pathAndParams(request);
  if (path !== '/users/me/subscriptions') return [];
  let subs: { name?: unknown }[];
  try { subs = JSON.parse(params.get('subscriptions') ?? '[]') as { name?: unknown }[]; } catch { return []; }
  // Archiving needs the id: cleanup resolves the name first (`channel` entries).
  return subs.filter((s) => typeof s.name === 'string' && s.name.startsWith(`cf ${runId} `))
    .map((s) => ({ kind: 'channel', key: s.name as string, role: request.role, undo: { method: 'DELETE', path: '/streams/{stream_id}' } }));
}

/** The resources a successful answer says were created, with how to undo each. */
export function createdBy(exchange: Exchange): Omit<LedgerEntry, 'at'>[] {
  const json = exchange.response?.json as Json | undefined;
  if (!json || json.result !== 'success' || exchange.request.method !== 'POST') return [];
  const { path, params } = pathAndParams(exchange.request);
  const role = exchange.request.role;
  const id = (field: string) => (typeof json[field] === 'number' ? (json[field]) : null);
  if (path === '/user_groups/create' && id('group_id') !== null) {
    return [{ kind: 'user-group', key: id('group_id')!, role, undo: { method: 'POST', path: `/user_groups/${id('group_id')}/deactivate` } }];
  }
  if (path === '/saved_snippets' && id('saved_snippet_id') !== null) {
    return [{ kind: 'saved-snippet', key: id('saved_snippet_id')!, role, undo: { method: 'DELETE', path: `/saved_snippets/${id('saved_snippet_id')}` } }];
  }
  if (path === '/channel_folders/create' && id('channel_folder_id') !== null) {
    return [{ kind: 'channel-folder', key: id('channel_folder_id')!, role, undo: { method: 'PATCH', path: `/channel_folders/${id('channel_folder_id')}`, params: { is_archived: true } } }];
  }
  if (path === '/navigation_views' && params.get('fragment')) {
    const fragment = params.get('fragment')!;
    return [{ kind: 'navigation-view', key: fragment, role, undo: { method: 'DELETE', path: `/navigation_views/${encodeURIComponent(fragment)}` } }];
  }
  if (path === '/messages' && id('id') !== null) {
    return [{ kind: 'message', key: id('id')!, role, undo: { method: 'DELETE', path: `/messages/${id('id')}` } }];
  }
  return [];
}

function append(file: string, entries: Omit<LedgerEntry, 'at'>[]): void {
  const at = new Date().toISOString();
  if (entries.length) appendFileSync(file, `${entries.map((entry) => JSON.stringify({ ...entry, at })).join('\n')}\n`);
}

/** Client hooks that append to the ledger file what each request may create and each answer did. */
export function ledgerRecorder(file: string, runId: string) {
  return {
    onRequest: (request: Exchange['request']) => append(file, plannedBy(request, runId)),
    onExchange: (exchange: Exchange) => append(file, createdBy(exchange)),
  };
}
