// The default kind's check: where a case citing a default clause leaves the parameter out, the
// engine also gives the default explicitly (the twin), and the two must come out the same: one
// that passes only one way shows the default and the explicit value differ, and its failure names
// the default clauses; both failing is the case's own failure. A read (GET) is simply sent again
// with the default; a case that changes something runs a second time (kind-checks.ts, run-case.ts).
import type { DefaultCheck } from '../load/statement-kinds.js';
import type { Judged } from '../judge/judge.js';

/** "include_public=true, include_all=false" */
export function explicitly(defaults: readonly DefaultCheck[]): string {
  return defaults.map((d) => `${d.parameter}=${String(d.value)}`).join(', ');
}

/** The failure that says the twin and the original disagree, built on the first failure of the one that failed. */
export function disagreement<F extends Judged>(defaults: readonly DefaultCheck[], first: F, failedExplicitly: boolean, what = 'the case'): F {
  const clauses = defaults.map((d) => d.clause);
  const given = explicitly(defaults);
  const message = failedExplicitly
    ? `with ${given} given explicitly: ${first.message}; left out, ${what} passes, so the explicit value is not the default`
    : `left out: ${first.message}; with ${given} given explicitly ${what} passes, so the default is not ${given}`;
  return { ...first, clause: clauses[0], clauses, check: 'default', message };
}
