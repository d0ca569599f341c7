// What an unfinished earlier run left on the target (killed, or stopped at once by a second
// Ctrl-C): its ledger in the report directory lists what it created and the settings it changed.
// The new run never overwrites that ledger. Against the same target, it puts those settings back
// and removes what the ledger lists first, with its own accounts; a ledger of another target
// stops the run (exit 2) with the `cleanup` command to run.
import type { Config } from '../../config/config.js';
import { ConfigError } from '../../common/vocabulary.js';
import type { CreatedResource } from '../../engine/load/created-resources.js';
import { keepAside, type LedgerState } from '../shared/ledger-file.js';
import type { Output } from '../shared/output.js';
import { unsettledChanges } from '../cleanup/restore-changes.js';

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
const cleanupCommand = (file: string) => `npm run cli -- cleanup --ledger ${file} --env-file <the env file of that run>`;

/** The unfinished ledger this run must deal with first, or null. Throws when this run cannot. */
export function leftoversOf(state: LedgerState | null, config: Config, io: Output): LedgerState | null {
  if (!state || state.finished || (!state.entries.length && !unsettledChanges(state.changes).length)) return null;
  if (!state.header) {
    // Written before ledgers said which run and target they belong to: kept, for `cleanup`.
    const aside = keepAside(state.file);
    io.err(`teamchat-conformance: ${state.file} has no header (an older version wrote it); kept as ${aside}: cleanup --ledger ${aside} removes what it lists`);
    return null;
  }
  // The embedded reference server went away with its run, and what it held with it.
  if (state.header.embedded) return null;
  const run = `run ${state.header.run} against ${state.header.target}, started ${when(state.header.startedAt)}`;
  if (config.targetUrl !== state.header.target) {
    const changed = unsettledChanges(state.changes).length;
    throw new ConfigError(
      `${state.file} lists ${state.entries.length} things an unfinished run (${run}) created and did not remove` +
        `${changed ? ` and ${changed} settings it changed and did not put back` : ''}; ` +
        `${changed ? 'undo' : 'remove'} them first with \`${cleanupCommand(state.file)}\`, or give this run another --report-dir`,
    );
  }
  return state;
}

/** Removes what the unfinished run left; a part it cannot remove stops the run, naming the ledger. */
export async function removeLeftovers(state: LedgerState, config: Config, targetUrl: string, resources: CreatedResource[], io: Output): Promise<void> {
  const { cleanupLedger } = await import('../cleanup/cleanup.js');
  const changed = unsettledChanges(state.changes).length;
  io.out(
    `${state.file}: an unfinished run (run ${state.header!.run}, started ${when(state.header!.startedAt)}) left ${state.entries.length} entries` +
      `${changed ? ` and ${changed} changed settings; undoing them first` : '; removing them first'}`,
  );
  const summary = await cleanupLedger(config, targetUrl, state, resources, io.out);
  if (summary.failed.length) {
    throw new ConfigError(
      `${state.file}: ${summary.failed.length} things an unfinished run created or changed could not be undone (${summary.failed[0]}); ` +
        `run \`${cleanupCommand(state.file)}\` once they can be, or give this run another --report-dir`,
    );
  }
}
