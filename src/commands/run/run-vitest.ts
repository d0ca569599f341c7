// The cases of a run, handed to vitest (its node API, one entry file, one reporter of ours) with
// the settings of the run. Ctrl-C stops the run without killing it (run-stop.ts; run.ts then
// cleans up): no case starts after it, and the cases running get STOP_GRACE_MS to end.
/// <reference types="vitest/config" />
import { relative } from 'node:path';
import { cachePath, codePath, COMPILED, CODE_ROOT, PROJECT_ROOT } from '../../common/paths.js';
import { propertyFiles } from '../../property/files.js';
import type { ConformanceReporter } from '../../report/writers/vitest-reporter.js';
import { handOver, type RunSettings } from '../../runner/hand-over.js';
import { StopAnnouncer } from '../../runner/stop-signal.js';
import { STOP_GRACE_MS, type RunStop } from './run-stop.js';
import type { Suite } from '../../engine/load/load.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs the cases until they end, or until `stop` and the grace after it. */
export async function runVitest(
  settings: RunSettings,
  reporter: ConformanceReporter,
  { specs, settings: organisationSettings }: Pick<Suite, 'specs' | 'settings'>,
  stop: RunStop,
): Promise<void> {
  const { createVitest } = await import('vitest/node');
  const announcer = settings.stopChannel ? new StopAnnouncer(settings.stopChannel) : null;
  const vitest = await createVitest(
    'test',
    { watch: false, config: false, reporters: [reporter] },
    {
      root: PROJECT_ROOT,
      // An installed package's own folder is no place for caches (see paths.ts).
      cacheDir: cachePath('vite'),
      logLevel: 'error',
      test: {
        include: [relative(PROJECT_ROOT, codePath('src/runner/conformance.entry.ts'))],
        // The default excludes node_modules, where an installed package lives.
        exclude: [],
        pool: 'threads',
        // Per-file isolation costs 130-170 ms a file (measured here); the cases share nothing mutable.
        isolate: false,
        maxWorkers: 2,
        // Transformed modules kept in the cache, keyed by content: a run after the first starts
        // its worker in about half the time.
        experimental: { fsModuleCache: true, fsModuleCachePath: cachePath('vitest') },
        // Compiled code needs no transform: the worker imports it as Node does, not through vite.
        ...(COMPILED ? { server: { deps: { external: [new RegExp(`^${escape(CODE_ROOT)}`)] } } } : {}),
        // The Session schedules cases; vitest only needs to let them all be in flight.
        maxConcurrency: 10_000,
        testTimeout: 0,
        hookTimeout: 0,
        provide: handOver({ settings, specs, propertyFiles: propertyFiles(), organisationSettings }),
      },
    },
  );
  // vitest's logger adds SIGINT/SIGTERM listeners that exit the process as createVitest starts;
  // `stop` takes them off before a signal can reach them (run-stop.ts), so this run cancels
  // instead, cleans up what it created and writes its report.
  void stop.stopped.then((signal) => {
    // The workers check for the stop before each case; vitest's own cancel reaches only some.
    announcer?.stop(signal);
    void vitest.cancelCurrentRun('keyboard-input');
  });
  if (!stop.signal) {
    const ran = vitest.start();
    ran.catch(() => undefined);
    // Cases still running STOP_GRACE_MS after the signal are not waited for: closing vitest ends its workers.
    const grace = stop.stopped.then(() => new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref()));
    await Promise.race([ran, grace]);
  }
  await vitest.close();
  announcer?.close();
}
