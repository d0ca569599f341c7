// Runs one property case with fast-check and turns the outcome into a CaseResult: the shrunk
// counterexample, the seed and path to replay it, or "errored" for a transport fault.
import fc from 'fast-check';
import type { Redactor } from '../http/redact.js';
import type { CaseResult } from '../engine/run-case.js';
import type { TargetContext } from '../engine/run-steps.js';
import { PropertyApi, TransportFault } from './api.js';
import { PropertyViolation, type PropertyCase } from './define.js';

export interface PropertyOptions {
  seed?: number;
  /** Where a shrunk counterexample sits (with its seed): fast-check replays just that. */
  path?: string;
  /** Multiplies every property's run count (--thorough). */
  runsFactor: number;
  vars: Record<string, unknown>;
}

export async function runProperty<T, S>(def: PropertyCase<T, S>, ctx: TargetContext, redactor: Redactor, options: PropertyOptions): Promise<CaseResult> {
  const started = performance.now();
  const base = { id: def.id, endpoint: def.endpoint, title: def.title, file: `properties/${def.id}`, clauses: def.clauses, ...(def.since ? { since: def.since } : {}) };
  const api = new PropertyApi(ctx, options.vars, def.id);
  const done = (result: Pick<CaseResult, 'status'> & Partial<CaseResult>): CaseResult =>
    redactor.value({ ...base, ...result, durationMs: performance.now() - started });
  let state: S;
  try {
    state = def.setup ? await def.setup(api) : (undefined as S);
  } catch (error) {
    return done({ status: 'errored', message: `${def.endpoint}: could not judge: property setup failed: ${(error as Error).message}` });
  }
  try {
    const property = fc.asyncProperty(def.arbitrary(state), async (value) => {
      if (api.fault) return; // a fault already ended this property: do not shrink towards it
      await def.check(api, value, state);
    });
    const numRuns = Math.max(1, Math.round(def.runs * options.runsFactor));
    const details = await fc.check(property, { numRuns, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.path ? { path: options.path } : {}) });
    if (api.fault) return done({ status: 'errored', message: `${def.endpoint}: could not judge: ${api.fault.message}` });
    if (!details.failed) return done({ status: 'passed' });
    const error = details.errorInstance;
    const why = error instanceof PropertyViolation ? error.message : `the check threw: ${(error as Error)?.message ?? String(error)}`;
    const message = `${def.endpoint} [${def.clauses.join(', ')}]: property failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s); `
      + `counterexample ${fc.stringify(details.counterexample)}: ${why} (replay: --seed ${details.seed} --grep ${def.id} --replay-path ${details.counterexamplePath})`;
    return done({ status: 'failed', message, failures: [{ clause: def.clauses[0], message: why }] });
  } finally {
    if (def.teardown) await def.teardown(api, state).catch(() => undefined);
  }
}

export { TransportFault };
