// What a run reads before anything is sent: --baseline and --expectations (a bad file is a usage
// error, exit 2), and where the workers write their HAR entries. Their readers load only when
// the flags are given.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config } from '../../config/config.js';
import { ConfigError } from '../../common/vocabulary.js';
import type { ConformanceReport } from '../../report/model/model.js';
import type { Expectations } from '../../report/model/expectations.js';

export interface RunInputs {
  baseline?: { file: string; report: ConformanceReport };
  expectations?: { file: string; entries: Expectations };
  /** Where the workers write their HAR entries (--har). */
  harDir: string | null;
}

export async function prepareRun(config: Config): Promise<RunInputs> {
  if (config.updateExpectations && !config.expectations) throw new ConfigError('--update-expectations: needs --expectations FILE (the file to rewrite)');
  const inputs: RunInputs = { harDir: null };
  if (config.baseline) {
    const { readReport } = await import('../../report/model/read-report.js');
    inputs.baseline = { file: config.baseline, report: readReport(config.baseline, 'baseline') };
  }
  if (config.expectations) {
    const { loadExpectations } = await import('../../report/model/expectations.js');
    inputs.expectations = { file: config.expectations, entries: loadExpectations(config.expectations, !config.updateExpectations) };
  }
  if (config.har) inputs.harDir = mkdtempSync(join(tmpdir(), 'tcc-har-'));
  return inputs;
}
