// `cleanup --ledger F`: puts back what a crashed or interrupted run changed and removes what it
// created, from its ledger. The settings go back first (restore-changes.ts: newest change first,
// to the value noted before the run changed them), then each created entry is undone by the
// request it carries; the declarations (specs/created-resources.yaml) say which kinds go first
// and how a key is resolved to what the undo path needs. An undo of something already gone is
// expected and not an error.
import type { Config } from '../../config/config.js';
import { accountsByLabel, type Account } from '../../common/vocabulary.js';
import { ApiClient } from '../../http/client.js';
import { fillPath, type LedgerEntry } from '../../runner/ledger.js';
import { placeholdersOf, type CreatedResource } from '../../engine/load/created-resources.js';
import { readLedgerFile, type LedgerState } from '../shared/ledger-file.js';
import { restoreChanges, type RestoreSummary } from './restore-changes.js';

export interface CleanupSummary {
  undone: number;
  alreadyGone: number;
  failed: string[];
  /** The settings put back, and those that cannot be (with why). */
  restored: string[];
  cannot: string[];
}

const CLEANUP_CONCURRENCY = 8;

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

type Auth = Account & { role: string };

/**
 * The undo path with what only the target knows filled in (a channel's id, from its name), by the
 * kind's resolve request; null when the answer lacks it: the resource is gone.
 */
async function resolvedPath(client: ApiClient, entry: LedgerEntry, resource: CreatedResource | undefined, auth: Auth): Promise<string | null> {
  const missing = placeholdersOf(entry.undo.path);
  if (!missing.length) return entry.undo.path;
  const resolve = resource?.resolve;
  if (!resolve) throw new Error(`nothing declares how to fill {${missing[0]}} (no resolve for kind "${entry.kind}")`);
  const key = String(entry.key);
  const params =
    resolve.params &&
    Object.fromEntries(Object.entries(resolve.params).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll('{key}', key) : value]));
  const found = await client.send({ method: resolve.method, path: fillPath(resolve.path, { key }), params, auth });
  if (found.error) throw new Error(found.error.message);
  const answer = (found.response?.json ?? {}) as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const name of missing) {
    const value = answer[name];
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    values[name] = value;
  }
  return fillPath(entry.undo.path, values);
}

async function undo(client: ApiClient, entry: LedgerEntry, resource: CreatedResource | undefined, auth: Auth | null, summary: CleanupSummary): Promise<void> {
  const id = `${entry.kind}:${entry.key}`;
  if (!auth) {
    summary.failed.push(`${id}: no owner, admin or ${entry.role} account configured`);
    return;
  }
  let path: string | null;
  try {
    path = await resolvedPath(client, entry, resource, auth);
  } catch (error) {
    summary.failed.push(`${id}: ${(error as Error).message}`);
    return;
  }
  if (path === null) {
    summary.alreadyGone += 1;
    return;
  }
  const done = await client.send({ method: entry.undo.method, path, params: entry.undo.params, auth });
  const body = done.response?.json as { result?: string } | undefined;
  if (body?.result === 'success') summary.undone += 1;
  else if (done.error) summary.failed.push(`${id}: ${done.error.message}`);
  else summary.alreadyGone += 1; // archived, deleted or deactivated already
}

/** What a ledger file lists to undo (none when there is no file). */
export function readLedger(file: string): Pick<LedgerState, 'file' | 'entries' | 'changes'> {
  return readLedgerFile(file) ?? { file, entries: [], changes: [] };
}

/**
 * Puts back the settings a ledger lists as changed, then undoes what it lists as created;
 * `resources` are the declarations (specs/created-resources.yaml). Each setting put back is
 * marked settled in the ledger's file.
 */
export async function cleanupLedger(
  config: Config,
  targetUrl: string,
  ledger: Pick<LedgerState, 'file' | 'entries' | 'changes'>,
  resources: CreatedResource[],
  log: (s: string) => void,
): Promise<CleanupSummary> {
  const client = new ApiClient(targetUrl, { timeoutMs: config.timeoutMs });
  const summary: CleanupSummary = { undone: 0, alreadyGone: 0, failed: [], restored: [], cannot: [] };
  const declared = new Map(resources.map((resource) => [resource.kind, resource]));
  // The extra accounts (extra1, extra-admin1...) made some too: their own views and snippets go back as them.
  const accounts: Partial<Record<string, Account>> = accountsByLabel(config.accounts, config.extras);
  const asRole = (entry: LedgerEntry): Auth | null => {
    // A user's own resource only its maker reaches (the owner would find none: "already gone").
    const order = declared.get(entry.kind)?.undoAs === 'creator' ? [entry.role] : ['owner', 'admin', entry.role];
    const role = order.find((r) => r && accounts[r]) ?? null;
    return role ? { ...accounts[role]!, role } : null;
  };
  let restoring: RestoreSummary = { restored: [], cannot: [], failed: [] };
  try {
    // The settings first: one may name something the run made (a group given a permission).
    if (ledger.changes.length) {
      // An extra member's own settings go back as that member, by its label in the ledger.
      restoring = await restoreChanges(client, accounts, ledger.changes, ledger.file);
    }
    Object.assign(summary, { restored: restoring.restored, cannot: restoring.cannot, failed: [...restoring.failed] });
    // Newest entry of each resource wins; kinds declared undoFirst (messages, before the
    // channels they are in) go first; the rest in parallel, a few at a time, since a slow target
    // makes a long ledger slow.
    const unique = new Map<string, LedgerEntry>();
    for (const entry of ledger.entries) unique.set(`${entry.kind}:${entry.key}`, entry);
    const all = [...unique.values()];
    const first = (entry: LedgerEntry) => declared.get(entry.kind)?.undoFirst === true;
    for (const group of [all.filter(first), all.filter((e) => !first(e))]) {
      await inBatches(group, CLEANUP_CONCURRENCY, (entry) => undo(client, entry, declared.get(entry.kind), asRole(entry), summary));
    }
  } finally {
    await client.close();
  }
  if (summary.restored.length || summary.cannot.length) {
    log(
      `cleanup: put back ${summary.restored.length} setting(s) the run changed${summary.cannot.length ? `; ${summary.cannot.length} cannot be put back` : ''}`,
    );
    for (const r of summary.restored) log(`  put back ${r}`);
    for (const c of summary.cannot) log(`  cannot put back ${c}`);
  }
  log(`cleanup: ${summary.undone} removed, ${summary.alreadyGone} already gone, ${summary.failed.length} failed`);
  for (const f of summary.failed) log(`  could not undo ${f}`);
  return summary;
}
