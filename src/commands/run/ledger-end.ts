// The end of a run's ledger. Stopped (Ctrl-C, SIGTERM), the run puts back every setting it still
// has changed and removes everything it created; run to its end, its cases have undone what they
// made, and it puts back only a setting a case left changed (a case's cleanup that did not
// complete, a value the server did not take back) and says so. Either way the ledger is finished
// once nothing is left that can be undone; what cannot be is listed, with why.
import type { Config } from '../../config/config.js';
import type { CreatedResource } from '../../engine/load/created-resources.js';
import { cleanupLedger, readLedger } from '../cleanup/cleanup.js';
import { finishLedger } from '../shared/ledger-file.js';

/** Undoes what is left of the run's ledger; returns the run's warnings about it. */
export async function endLedger(config: Config, targetUrl: string, file: string, resources: CreatedResource[], stopped: boolean): Promise<string[]> {
  const ledger = readLedger(file);
  const warnings: string[] = [];
  const cleaned = await cleanupLedger(config, targetUrl, stopped ? ledger : { ...ledger, entries: [] }, resources, () => undefined);
  if (stopped) {
    warnings.push(
      `cleanup from the ledger put back ${cleaned.restored.length} setting(s), removed ${cleaned.undone}, ${cleaned.failed.length} could not be undone`,
    );
  } else for (const restored of cleaned.restored) warnings.push(`a case left ${restored.replace(/: /, ' changed; put back to ')}`);
  for (const cannot of cleaned.cannot) warnings.push(`changed, and cannot be put back: ${cannot}`);
  for (const failed of cleaned.failed) warnings.push(`could not be undone: ${failed}`);
  if (!cleaned.failed.length) finishLedger(file);
  else warnings.push(`${file} keeps what could not be undone: the next run into this directory tries again, or run cleanup --ledger`);
  return warnings;
}
