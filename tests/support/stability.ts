// The stability check: the whole suite against the clean reference server, at concurrency 32,
// behind a proxy that holds every answer back 2-40 ms at random (a real network's latency), run
// after run. A correct server must pass every run: a case that fails only now and then is a race
// between cases (a queue hearing another case's event, a setting read while another changes it),
// to be fixed in the case or the scheduler, never by retrying the judgement. Short in `npm test`
// (tests/robustness/races.test.ts), long in `npm run stability` and the bench (the flake rate).
import type { Profile } from '../../src/common/vocabulary.js';
import type { Rewrite } from './rewriting-proxy.js';
import { runSuite, type SuiteRun } from './run-suite.js';
import type { ColleaguesReport } from './colleagues.js';

export const STABILITY_CONCURRENCY = 32;
export const LATENCY_MS = { min: 2, max: 40 } as const;

/** Every answer held back a random 2-40 ms. */
export const JITTER: Rewrite = {
  answer: (_, answer) => {
    answer.delayMs = LATENCY_MS.min + Math.floor(Math.random() * (LATENCY_MS.max - LATENCY_MS.min + 1));
  },
};

export interface StabilityRun {
  profile: Profile;
  /** 1-based, within its profile. */
  run: number;
  cases: number;
  /** "<case id>: <message>" of each case that failed or errored. */
  bad: string[];
  wallMs: number;
  /** What the busy colleagues did meanwhile, when there were any. */
  colleagues?: ColleaguesReport;
}

/** How the runs go: the stability check's (concurrency 32, answers late) unless given. */
export type RunShape = Pick<SuiteRun, 'concurrency' | 'rewrite' | 'colleagues'>;
export const STABILITY_SHAPE: RunShape = { concurrency: STABILITY_CONCURRENCY, rewrite: JITTER };

/** Requests a second of the busy colleagues (tests/support/colleagues.ts): a busy organisation. */
export const BUSY_RATE = 30;
/**
 * A run in a busy organisation: the CLI's concurrency, answers 2-40 ms late (a real network, and a
 * run long enough for the colleagues to find its conversations), colleagues at BUSY_RATE.
 */
export const BUSY_SHAPE: RunShape = { concurrency: 8, rewrite: JITTER, colleagues: { rate: BUSY_RATE } };

/** `runs` runs in a row of one profile; `onRun` hears of each as it ends. */
export async function stabilityRuns(
  profile: Profile,
  runs: number,
  onRun: (run: StabilityRun) => void = () => {},
  shape: RunShape = STABILITY_SHAPE,
): Promise<StabilityRun[]> {
  const out: StabilityRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = performance.now();
    let colleagues: ColleaguesReport | undefined;
    const results = await runSuite({ profile, ...shape, onColleagues: (r) => (colleagues = r) });
    const bad = [...results.values()].filter((r) => r.status === 'failed' || r.status === 'errored').map((r) => `${r.id}: ${r.message ?? r.status}`);
    const done = { profile, run, cases: results.size, bad, wallMs: Math.round(performance.now() - started), ...(colleagues ? { colleagues } : {}) };
    out.push(done);
    onRun(done);
  }
  return out;
}

/** Runs with at least one failure, and cases that ever failed with how often. */
export function flakeRate(runs: StabilityRun[]): { failedRuns: number; runs: number; cases: Map<string, number> } {
  const cases = new Map<string, number>();
  for (const r of runs) for (const line of r.bad) cases.set(line.split(':')[0], (cases.get(line.split(':')[0]) ?? 0) + 1);
  return { failedRuns: runs.filter((r) => r.bad.length).length, runs: runs.length, cases };
}
