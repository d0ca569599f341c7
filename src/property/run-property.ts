// Runs one property case with fast-check and turns the outcome into a CaseResult: the shrunk
// counterexample, filed under the operation of the call that broke the invariant, with that
// call's request and answer, the calls before it, and the seed and path to replay it; or
// "errored" for a transport fault.
import fc from 'fast-check';
import type { Redactor } from '../http/redact.js';
import type { Exchange } from '../http/client.js';
import { recordExchange, type CaseResult } from '../engine/run/run-case.js';
import type { TargetContext } from '../engine/run/run-steps.js';
import { operationMatcher } from '../engine/judge/operation-of.js';
import type { Failure } from '../engine/judge/failure.js';
import { PropertyApi, TransportFault } from './api.js';
import { PropertyViolation, type PropertyCase } from './define.js';
import { runsUnder } from './budget.js';

export interface PropertyOptions {
  seed?: number;
  /** Where a shrunk counterexample sits (with its seed): fast-check replays just that. */
  path?: string;
  /** Multiplies every property's run count (--thorough, --property-factor, a rate-limited target: budget.ts). */
  runsFactor: number;
  vars: Record<string, unknown>;
  /** The operations of the API document: a failure is filed under the one its call was. */
  operations?: readonly string[];
}

export async function runProperty<T, S>(def: PropertyCase<T, S>, ctx: TargetContext, redactor: Redactor, options: PropertyOptions): Promise<CaseResult> {
  const started = performance.now();
  const base = {
    id: def.id,
    endpoint: def.endpoint,
    title: def.title,
    file: `properties/${def.id}`,
    clauses: def.clauses,
    ...(def.facts?.length ? { facts: def.facts } : {}),
    ...(def.since ? { since: def.since } : {}),
  };
  const api = new PropertyApi(ctx, options.vars, def.id);
  const done = (result: Pick<CaseResult, 'status'> & Partial<CaseResult>): CaseResult =>
    redactor.value({ ...base, ...result, durationMs: performance.now() - started });
  // The calls of each run that broke the invariant, by its error: fast-check reports the error
  // of the shrunk counterexample, which finds the calls of exactly that run.
  const callsOf = new WeakMap<Error, Exchange[]>();
  let state: S;
  try {
    state = def.setup ? await def.setup(api) : (undefined as S);
  } catch (error) {
    return done({ status: 'errored', message: `${def.endpoint}: could not judge: property setup failed: ${(error as Error).message}` });
  }
  try {
    const property = fc.asyncProperty(def.arbitrary(state), async (value) => {
      if (api.fault) return; // a fault already ended this property: do not shrink towards it
      api.calls = [];
      try {
        await def.check(api, value, state);
      } catch (error) {
        if (error instanceof Error) callsOf.set(error, api.calls);
        throw error;
      }
    });
    const numRuns = runsUnder(def.runs, options.runsFactor);
    // The seed is drawn here when none is given, so the report can name it either way.
    const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
    const details = await fc.check(property, { numRuns, seed, ...(options.path ? { path: options.path } : {}) });
    const ran = { property: { seed, runs: numRuns } };
    if (api.fault) return done({ status: 'errored', message: `${def.endpoint}: could not judge: ${api.fault.message}`, ...ran });
    if (!details.failed) return done({ status: 'passed', ...ran });
    const error = details.errorInstance as Error | undefined;
    const violation = error instanceof PropertyViolation ? error : null;
    const why = violation ? violation.message : `the check threw: ${error?.message ?? String(error)}`;
    const calls = (error && callsOf.get(error)) ?? [];
    const about = violation?.about.answer?.exchange ?? calls.at(-1);
    const operation =
      (about &&
        operationMatcher(options.operations ?? [def.endpoint])(about.request.method, new URL(about.request.url).pathname.replace(/^.*?\/api\/v1/, ''))) ??
      def.endpoint;
    const replay = { seed: details.seed, path: details.counterexamplePath ?? '', grep: def.id };
    const clauses = violation?.about.clause ? [violation.about.clause] : def.clauses;
    const zulip = violation?.about.zulip || def.profile === 'zulip';
    const failure: Failure = {
      clause: clauses[0],
      clauses,
      ...(zulip ? { profile: 'zulip' as const, ...(def.facts?.length ? { facts: def.facts } : {}) } : {}),
      step: about ? calls.indexOf(about) + 1 : 0,
      check: 'property',
      message: why,
      ...(violation?.about.since ? { since: violation.about.since } : {}),
    };
    const message =
      `${operation} [${clauses.join(', ')}]: property failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s); ` +
      `counterexample ${fc.stringify(details.counterexample)}: ${why} (replay: --seed ${replay.seed} --grep ${replay.grep} --replay-path ${replay.path})`;
    return done({
      status: 'failed',
      ...ran,
      endpoint: operation,
      message,
      failures: [failure],
      broken: zulip && def.facts?.length ? def.facts : clauses,
      replay,
      ...(about ? { exchange: recordExchange(about, redactor) } : {}),
      ...(calls.length > 1 ? { steps: calls.map((exchange, i) => ({ step: i + 1, exchange: recordExchange(exchange, redactor) })) } : {}),
    });
  } finally {
    if (def.teardown) await def.teardown(api, state).catch(() => undefined);
  }
}

export { TransportFault };
