// The ledger: what the run created on the target, appended as it goes (one JSON line per
// resource), so `cleanup --ledger F` can remove a crashed or interrupted run's leftovers.
// Each entry carries the request that undoes it; undoing twice is harmless.
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

/** The resources a successful answer says were created, with how to undo each. */
export function createdBy(exchange: Exchange): Omit<LedgerEntry, 'at'>[] {
  const json = exchange.response?.json as Json | undefined;
  if (!json || json.result !== 'success' || exchange.request.method !== 'POST') return [];
  const url = new URL(exchange.request.url);
  const path = url.pathname.replace(/^.*\/api\/v1/, '');
  const params = new URLSearchParams(exchange.request.body ?? url.search);
  const role = exchange.request.role;
  if (path === '/users/me/subscriptions') {
    let subs: { name?: unknown }[] = [];
    try { subs = JSON.parse(params.get('subscriptions') ?? '[]'); } catch { return []; }
    // Archiving needs the id: cleanup resolves the name first (`channel` entries).
    return subs.filter((s) => typeof s.name === 'string').map((s) => ({ kind: 'channel', key: s.name as string, role, undo: { method: 'DELETE', path: '/streams/{stream_id}' } }));
  }
  const id = (field: string) => (typeof json[field] === 'number' ? (json[field] as number) : null);
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

/** An exchange listener that appends what each answer created to the ledger file. */
export function ledgerRecorder(file: string): (exchange: Exchange) => void {
  return (exchange) => {
    const at = new Date().toISOString();
    const lines = createdBy(exchange).map((entry) => JSON.stringify({ ...entry, at })).join('\n');
    if (lines) appendFileSync(file, `${lines}\n`);
  };
}
