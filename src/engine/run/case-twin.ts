// The default kind's twin of a case that changes something: the case runs again with the
// defaults it left out given explicitly, on fresh names (default-twin.ts says why and how the
// default is blamed). Apart from default-twin.ts, which the step runner uses, so that it can
// know the outcome of a case's steps.
import type { DefaultCheck } from '../load/statement-kinds.js';
import { disagreement, explicitly, transientAnswer } from './default-twin.js';
import type { StepsOutcome } from './run-steps.js';

/** Could not be judged, or failed on an answer that was the server's passing trouble. */
function transientOutcome(outcome: StepsOutcome): boolean {
  const last = outcome.records.at(-1);
  return outcome.status === 'errored' || (outcome.status === 'failed' && last !== undefined && transientAnswer(last.exchange));
}

/** One run of the case: with the defaults given explicitly or not, on the run's fresh names. */
export type CaseRun = (explicit: boolean) => Promise<StepsOutcome>;

/**
 * The case's outcome with its twin: the original's, unless the twin (retried once if its trouble
 * was transient) comes out differently and does again when both run once more; then a failure
 * naming the default clauses comes first (with the twin's steps when the twin failed). `warn`
 * hears of a difference that did not come back.
 */
export async function withDefaultTwin(
  original: StepsOutcome,
  run: CaseRun,
  defaults: readonly DefaultCheck[],
  warn: (warning: string) => void,
): Promise<StepsOutcome> {
  if (original.status === 'errored') return original;
  let twin = await run(true);
  if (transientOutcome(twin)) twin = await run(true);
  if (twin.status === 'errored') {
    return original.status === 'passed' ? { ...original, status: 'errored', cause: `with ${explicitly(defaults)} given explicitly: ${twin.cause}` } : original;
  }
  if (original.status === twin.status) return original;
  const again = await run(false);
  const twinAgain = await run(true);
  if (again.status === original.status && twinAgain.status === twin.status) return withTwin(original, twin, defaults);
  warn(
    `with ${explicitly(defaults)} given explicitly the case ${twin.status} once, left out it ${original.status}; ` +
      `run again on fresh names, ${twinAgain.status} and ${again.status}: not blamed on the default`,
  );
  return again.status === twinAgain.status ? again : original;
}

/**
 * The case's outcome once its twin ran: the original's, unless exactly one of them failed; then
 * a failure naming the default clauses comes first (with the twin's steps when the twin failed).
 */
export function withTwin(original: StepsOutcome, twin: StepsOutcome, defaults: readonly DefaultCheck[]): StepsOutcome {
  if (original.status === 'errored') return original;
  if (twin.status === 'errored') {
    return original.status === 'passed' ? { ...original, status: 'errored', cause: `with ${explicitly(defaults)} given explicitly: ${twin.cause}` } : original;
  }
  if (original.status === twin.status) return original;
  if (twin.status === 'failed') return { ...twin, failures: [disagreement(defaults, twin.failures[0], true), ...twin.failures] };
  // Stryker disable next-line ConditionalExpression: equivalent: the outcomes differ and the twin's is not failed, so the original's is
  if (original.status === 'failed') return { ...original, failures: [disagreement(defaults, original.failures[0], false), ...original.failures] };
  return original;
}
