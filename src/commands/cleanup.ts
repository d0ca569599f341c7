// `cleanup --ledger F`: removes what a crashed or interrupted run created, from its ledger.
// Messages first, then the channels, groups, folders, snippets and views; an undo of something
// already gone is expected and not an error.
import { readFileSync } from 'node:fs';
import type { Account, Config, Role } from '../config.js';
import { ApiClient } from '../http/client.js';
import type { LedgerEntry } from '../runner/ledger.js';

export interface CleanupSummary { undone: number; alreadyGone: number; failed: string[] }

const CLEANUP_CONCURRENCY = 8;

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

async function undo(client: ApiClient, entry: LedgerEntry, auth: (Account & { role: string }) | null, summary: CleanupSummary): Promise<void> {
  const id = `${entry.kind}:${entry.key}`;
  if (!auth) { summary.failed.push(`${id}: no owner, admin or ${entry.role} account configured`); return; }
  let path = entry.undo.path;
  if (path.includes('{stream_id}')) {
    const found = await client.send({ method: 'GET', path: '/get_stream_id', params: { stream: String(entry.key) }, auth });
    const streamId = (found.response?.json as { stream_id?: number } | undefined)?.stream_id;
    if (streamId === undefined) { summary.alreadyGone += 1; return; }
    path = path.replace('{stream_id}', String(streamId));
  }
  const done = await client.send({ method: entry.undo.method, path, params: entry.undo.params, auth });
  const body = done.response?.json as { result?: string } | undefined;
  if (body?.result === 'success') summary.undone += 1;
  else if (done.error) summary.failed.push(`${id}: ${done.error.message}`);
  else summary.alreadyGone += 1; // archived, deleted or deactivated already
}

export function readLedger(file: string): LedgerEntry[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).flatMap((line) => {
    try { return [JSON.parse(line) as LedgerEntry]; } catch { return []; } // a line cut by a crash
  });
}

export async function cleanupLedger(config: Config, targetUrl: string, entries: LedgerEntry[], log: (s: string) => void): Promise<CleanupSummary> {
  const client = new ApiClient(targetUrl, { timeoutMs: config.timeoutMs });
  const summary: CleanupSummary = { undone: 0, alreadyGone: 0, failed: [] };
  const asRole = (entry: LedgerEntry): (Account & { role: string }) | null => {
    const role = (['owner', 'admin', entry.role].find((r) => r && config.accounts[r as Role]) ?? null) as Role | null;
    return role ? { ...config.accounts[role]!, role } : null;
  };
  try {
    // Newest entry of each resource wins; messages go before the channels they are in; the
    // rest in parallel, a few at a time, since a slow target makes a long ledger slow.
    const unique = new Map<string, LedgerEntry>();
    for (const entry of entries) unique.set(`${entry.kind}:${entry.key}`, entry);
    const all = [...unique.values()];
    for (const group of [all.filter((e) => e.kind === 'message'), all.filter((e) => e.kind !== 'message')]) {
      await inBatches(group, CLEANUP_CONCURRENCY, (entry) => undo(client, entry, asRole(entry), summary));
    }
  } finally {
    await client.close();
  }
  log(`cleanup: ${summary.undone} removed, ${summary.alreadyGone} already gone, ${summary.failed.length} failed`);
  for (const f of summary.failed) log(`  could not undo ${f}`);
  return summary;
}
