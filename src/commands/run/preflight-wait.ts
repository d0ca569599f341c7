// A target that accepts the connection and stays silent makes the preflight wait up to its
// limit with nothing on the screen. After a second on one request, say what it waits for: on a
// terminal in the live line (with the time so far), elsewhere once, as a plain line.
import { preflightWaitLine } from '../../report/writers/console-output.js';
import type { LiveLine } from '../../report/writers/live-line.js';

const NOTICE_AFTER_MS = 1000;

export async function withWaitNotice<T>(
  work: (onStep: (what: string) => void) => Promise<T>,
  where: { targetUrl: string; limitMs: number; live: LiveLine | null; out: (line: string) => void },
): Promise<T> {
  let step = '';
  let since = Date.now();
  let told = '';
  const tick = setInterval(() => {
    const waited = Date.now() - since;
    if (!step || waited < NOTICE_AFTER_MS) return;
    if (where.live) where.live.set(preflightWaitLine(where.targetUrl, step, waited, where.limitMs));
    else if (told !== step) where.out(preflightWaitLine(where.targetUrl, step, null, where.limitMs));
    told = step;
  }, NOTICE_AFTER_MS / 4);
  tick.unref();
  try {
    return await work((what) => {
      step = what;
      since = Date.now();
    });
  } finally {
    clearInterval(tick);
    if (told) where.live?.clear();
  }
}
