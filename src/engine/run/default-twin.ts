// The default kind's check: where a case citing a default clause leaves the parameter out, the
// engine also gives the default explicitly (the twin), and the two must come out the same. A read
// (GET) is simply sent again with the default (kind-checks.ts); a case that changes something runs
// again (case-twin.ts), on fresh names (`${fresh}`: "" the first time, " 2", " 3", ... each time after, so no run
// meets what an earlier one left behind). The default is blamed only on evidence that holds: a
// difference the twin shows is confirmed by the original and the twin run again (fresh names
// again) before the default clauses fail, and a transient error (no answer, a 5xx, a 429) is
// retried first. A difference that does not come back is not the default's: it is a warning.
import type { Exchange } from '../../http/client.js';
import type { DefaultCheck } from '../load/statement-kinds.js';
import { defaultFailure, type Judged } from '../judge/failure.js';

/** "include_public=true, include_all=false" */
export function explicitly(defaults: readonly DefaultCheck[]): string {
  return defaults.map((d) => `${d.parameter}=${String(d.value)}`).join(', ');
}

/**
 * The failure that says the twin and the original disagree, each way twice (a case: the second
 * time on fresh names), built on the first failure of the one that failed.
 */
export function disagreement<F extends Judged>(
  defaults: readonly DefaultCheck[],
  first: F,
  failedExplicitly: boolean,
  what: 'the case' | 'the step' = 'the case',
): F {
  const given = explicitly(defaults);
  const twice = what === 'the case' ? 'each way twice, on fresh names' : 'each way twice';
  const message = failedExplicitly
    ? `with ${given} given explicitly: ${first.message}; left out, ${what} passes (${twice}), so the explicit value is not the default`
    : `left out: ${first.message}; with ${given} given explicitly ${what} passes (${twice}), so the default is not ${given}`;
  return defaultFailure(defaults, first, message) as F;
}

/** The value of `${fresh}` for a case's nth run (0: its first). */
export const freshSuffix = (run: number): string => (run === 0 ? '' : ` ${run + 1}`);

/** A server's passing trouble, not its answer: no answer, a 5xx, or a 429 still limited after the client's retries. */
export function transientAnswer(exchange: Pick<Exchange, 'error' | 'response'> | undefined): boolean {
  const status = exchange?.response?.status;
  return !exchange || exchange.error !== undefined || status === undefined || status >= 500 || status === 429;
}

/** A read and its twin (the same read with the defaults given), judged by the step's expectations. */
export interface ReadTwin {
  /** Sends the read again, with the defaults given explicitly or not. */
  send: (explicit: boolean) => Promise<Exchange>;
  judge: (response: NonNullable<Exchange['response']>) => Judged[];
  defaults: readonly DefaultCheck[];
}

/**
 * The default's diagnosis of a read whose first answer was judged `judged`: a disagreement with its
 * twin, confirmed by both sent once more; none when they agree or the difference does not come
 * back. A string when the twin got no answer (twice: a transient one is retried).
 */
export async function readDisagreement(twin: ReadTwin, judged: Judged[]): Promise<Judged[] | string> {
  let explicit = await twin.send(true);
  if (transientAnswer(explicit)) explicit = await twin.send(true);
  // Stryker disable next-line OptionalChaining: equivalent: an exchange without a response has an error
  if (!explicit.response) return `with ${explicitly(twin.defaults)} given explicitly: ${explicit.error?.kind}: ${explicit.error?.message}`;
  const twinJudged = twin.judge(explicit.response);
  if (!judged.length === !twinJudged.length) return [];
  const [again, explicitAgain] = [await twin.send(false), await twin.send(true)];
  if (!again.response || !explicitAgain.response) return [];
  const judgedAgain = twin.judge(again.response);
  const twinAgain = twin.judge(explicitAgain.response);
  if (!judgedAgain.length !== !judged.length || !twinAgain.length !== !twinJudged.length) return [];
  return judged.length ? [disagreement(twin.defaults, judged[0], false, 'the step')] : [disagreement(twin.defaults, twinJudged[0], true, 'the step')];
}
