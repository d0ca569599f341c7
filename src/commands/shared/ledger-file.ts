// The ledger file's life (runner/ledger.ts records what the run creates, runner/change-ledger.ts
// what it changes): a run opens it with a header saying which run wrote it against which target,
// the workers append what the run creates and changes, and the run closes it with a "finished"
// line once nothing it created is left and every setting it changed is back (its cases undid
// it, or its cleanup did). A ledger without that line is a run that did not end: killed, or
// stopped at once by a second Ctrl-C. The next run into the same directory never overwrites it:
// it undoes what it lists first, or stops naming the `cleanup` command to run.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LedgerEntry } from '../../runner/ledger.js';
import type { ChangeEntry, SettledLine } from '../../runner/change-ledger.js';

export const LEDGER_FILE = 'ledger.jsonl';

export interface LedgerHeader {
  run: string;
  target: string;
  /** The embedded reference server: gone with its run, so nothing it lists is left anywhere. */
  embedded: boolean;
  startedAt: string;
}

export interface LedgerState {
  file: string;
  header: LedgerHeader | null;
  entries: LedgerEntry[];
  /** What the run changed of what existed before it, and what it settled, in the order noted. */
  changes: (ChangeEntry | SettledLine)[];
  finished: boolean;
}

export const ledgerPath = (reportDir: string) => join(resolve(reportDir), LEDGER_FILE);

function lines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((line) => {
      try {
        const value = JSON.parse(line) as Record<string, unknown> | null;
        return typeof value === 'object' && value !== null ? [value] : [];
      } catch {
        return []; // a line cut by a crash
      }
    });
}

/** What a ledger file holds; null when there is none. */
export function readLedgerFile(file: string): LedgerState | null {
  if (!existsSync(file)) return null;
  const all = lines(file);
  const header = all.find((l) => typeof l.run === 'string' && typeof l.target === 'string') as LedgerHeader | undefined;
  return {
    file,
    header: header ?? null,
    entries: all.filter((l) => typeof l.kind === 'string') as unknown as LedgerEntry[],
    changes: all.filter((l) => typeof l.change === 'string' || typeof l.settled === 'string') as unknown as (ChangeEntry | SettledLine)[],
    finished: all.some((l) => typeof l.finished === 'string'),
  };
}

/** A fresh ledger for this run (the caller has dealt with an unfinished one). */
export function startLedger(file: string, header: LedgerHeader): void {
  writeFileSync(file, `${JSON.stringify(header)}\n`);
}

/** Nothing the ledger lists is left on the target. */
export function finishLedger(file: string): void {
  if (!existsSync(file)) return;
  // After a line a crash cut short, on a line of its own.
  const text = readFileSync(file, 'utf8');
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(file, `${sep}${JSON.stringify({ finished: new Date().toISOString() })}\n`);
}

/** Moves a ledger aside (one written before ledgers had headers, whose run cannot be told): kept, not overwritten. */
export function keepAside(file: string): string {
  const aside = file.replace(/\.jsonl$/, `.${Date.now()}.jsonl`);
  renameSync(file, aside);
  return aside;
}
