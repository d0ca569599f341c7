// Headless Chromium for the report's layout tests: Debian's /usr/bin/chromium (`apt-get install
// chromium`; .ci/run installs it), driven by playwright-core, which downloads no browser. Absent,
// the tests that need it skip and say why, unless REQUIRE_CHROMIUM=1 (CI), where they fail.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Run the browser tests: Chromium is there, or it is required (and its absence fails them). */
export const RUN_BROWSER_TESTS = HAVE_CHROMIUM || process.env.REQUIRE_CHROMIUM === '1';
/** Headless, sandbox-free (CI runs as root), and nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
/** Appended to a browser test's name, so a skipped one says why in the test output. */
export const BROWSER_NOTE = RUN_BROWSER_TESTS ? '' : ` (skipped: no ${CHROMIUM}; apt-get install -y chromium, or REQUIRE_CHROMIUM=1 to fail instead)`;

/** Chromium with a fresh profile (its --user-data-dir), nothing fetched in the background. */
export async function launchChromium(): Promise<BrowserContext> {
  if (!HAVE_CHROMIUM) throw new Error(`REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tcc-chromium-')), {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS],
  });
}
