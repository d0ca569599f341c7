// The time limits of the suite's own tests catch a hang, never slowness. Each is what the test
// needs on an idle two-core machine (with room to spare) times how busy this machine is: 1 plus
// the load average (the last minute's runnable processes) per core, read when the limit is taken.
// A contributor's laptop or a shared CI runner with other work on it (load 5-20 on 2 cores, the
// tests' own runs included) gets limits 3-10 times longer; an idle one the base. Waits for
// another process are polls for the event, bounded by the test's limit, not by a count.
import { availableParallelism, loadavg } from 'node:os';

/** How many times longer than on an idle machine things take here now (at least 1). */
export function slowdown(): number {
  return 1 + loadavg()[0] / availableParallelism();
}

/** A limit of `ms` on an idle machine, for this machine now. */
export const scaled = (ms: number): number => Math.round(ms * slowdown());

/** Polls `condition` every `everyMs` until it holds; the test's own time limit bounds the wait. */
export async function until(condition: () => boolean | Promise<boolean>, everyMs = 25): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, everyMs));
}
