// Putting back what a run changed of what existed before it, from its ledger's change lines
// (runner/change-ledger.ts): every setting still unsettled, newest change first, to the value
// noted when the run first changed it, as the account that changed it. One the ledger says cannot
// be put back is listed, with why. Each setting put back is marked settled in the ledger, so a
// later cleanup does not put it back again over what others have set since.
import { appendFileSync } from 'node:fs';
import type { ApiClient } from '../../http/client.js';
import type { Account } from '../../common/vocabulary.js';
import type { ChangeEntry, SettledLine } from '../../runner/change-ledger.js';
import { encodeParam, type ParamValue } from '../../http/encode.js';

export interface RestoreSummary {
  /** What was put back, one line each: "organisation-setting allow_message_editing: true". */
  restored: string[];
  /** What cannot be put back, with why. */
  cannot: string[];
  /** What could not be put back this time, with why (tried again next time). */
  failed: string[];
}

/** An unsettled setting: as first noted (its old value and restore), with the accounts that changed it, newest first. */
export type Unsettled = ChangeEntry & { roles: string[] };

/** The settings a ledger leaves unsettled, newest change first. */
export function unsettledChanges(lines: (ChangeEntry | SettledLine)[]): Unsettled[] {
  const byId = new Map<string, { first: ChangeEntry; roles: string[]; at: number; pending: boolean }>();
  lines.forEach((line, index) => {
    if ('settled' in line) {
      const known = byId.get(line.settled);
      if (known) known.pending = false;
      return;
    }
    const known = byId.get(line.id);
    if (!known) byId.set(line.id, { first: line, roles: [line.role], at: index, pending: true });
    else Object.assign(known, { roles: [line.role, ...known.roles.filter((r) => r !== line.role)], at: index, pending: true });
  });
  return [...byId.values()]
    .filter((c) => c.pending)
    .sort((a, b) => b.at - a.at)
    .map((c) => ({ ...c.first, roles: c.roles }));
}

/** How a ledger names a setting to a person: "own-setting twenty_four_hour_time of member2". */
export function settingName(entry: Pick<ChangeEntry, 'change' | 'key' | 'scope'>): string {
  return `${entry.change} ${entry.key}${entry.scope === 'organisation' ? '' : ` of ${entry.scope}`}`;
}

const shown = (old: Record<string, unknown>) =>
  Object.values(old)
    .map((v) => (typeof v === 'string' ? JSON.stringify(v) : encodeParam(v as ParamValue)))
    .join(', ');

/**
 * Sends the setting's restore as the accounts that changed it, newest first, then as those that
 * may put it back (restoreAs), until one is accepted (the last to try may have been refused the
 * change itself). Null when put back; else
 * why not, and whether trying again later may help (no answer, no account) or not (refused).
 */
async function putBack(client: ApiClient, accounts: Partial<Record<string, Account>>, entry: Unsettled): Promise<{ why: string; retry: boolean } | null> {
  let refused: string | null = null;
  // A member's refused change (noted before its answer came) is put back by an administrator.
  for (const role of [...entry.roles, ...(entry.restoreAs ?? []).filter((r) => !entry.roles.includes(r))]) {
    const account = accounts[role];
    if (!account) continue;
    const done = await client.send({ ...entry.restore!, auth: { ...account, role }, purpose: 'cleanup' });
    const body = done.response?.json as { result?: string; msg?: string } | undefined;
    if (body?.result === 'success') return null;
    if (body?.result !== 'error') return { why: done.error?.message ?? `HTTP ${done.response?.status}: no answer in the API's form`, retry: true };
    refused ??= `the server refused ${shown(entry.old ?? {})} (as ${role}: HTTP ${done.response?.status}${body.msg ? `: ${body.msg}` : ''})`;
  }
  // Refused: the server will not take the old value back, and trying again would not help.
  return refused ? { why: refused, retry: false } : { why: `no ${entry.roles.join(' or ')} account configured to put it back`, retry: true };
}

/** Puts back every unsettled setting of the ledger, in order; marks each one put back settled in `file`. */
export async function restoreChanges(
  client: ApiClient,
  accounts: Partial<Record<string, Account>>,
  lines: (ChangeEntry | SettledLine)[],
  file: string | null,
): Promise<RestoreSummary> {
  const summary: RestoreSummary = { restored: [], cannot: [], failed: [] };
  // One after another: a role changed twice, or a setting two requests changed, goes back in order.
  for (const entry of unsettledChanges(lines)) {
    const name = settingName(entry);
    if (!entry.restore) {
      summary.cannot.push(`${name}: ${entry.cannot ?? 'nothing says how'}`);
      continue;
    }
    const outcome = await putBack(client, accounts, entry);
    if (outcome === null) {
      summary.restored.push(`${name}: ${shown(entry.old ?? {})}`);
      if (file) appendFileSync(file, `${JSON.stringify({ settled: entry.id, at: new Date().toISOString() } satisfies SettledLine)}\n`);
    } else summary[outcome.retry ? 'failed' : 'cannot'].push(`${name}: ${outcome.why}`);
  }
  return summary;
}
