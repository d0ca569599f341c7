// The reference server without its shortcuts (`serve --no-shortcuts`) is judged as any other
// server: it does not name itself "reference", so the run uses no seeded data, and it cannot age
// messages, so the time-limit cases wait out their fixtures' age. Every case runs there but the
// push-relay ones, which need devices only its seeded realm has; every report lists the clauses
// they leave unchecked, with the cause.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, serveCli, type Served } from '../support/cli.js';
import { scaled } from '../support/time-limits.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-any-'));
const PUSH_RELAY = /^needs push devices behind a push relay in each failing state, which only the reference server seeds/;

describe.concurrent('a run against the reference server without its shortcuts', { timeout: scaled(180_000) }, () => {
  const servers: Served[] = [];

  /** A server of its own for each run: two runs at once on one organisation would see each other's settings. */
  async function serveWithoutShortcuts(): Promise<string> {
    const served = await serveCli(tmp(), ['--no-shortcuts']);
    servers.push(served);
    return served.envFile;
  }
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it.each([
    ['spec', 5],
    ['zulip', 6],
  ])(
    'under %s skips only the %i push-relay cases, each for what the target lacks, and every report says which clauses they leave',
    async (profile, pushCases) => {
      const envFile = await serveWithoutShortcuts();
      const dir = tmp();
      const ran = await runCli(['run', '--env-file', envFile, '--report-dir', dir, '--profile', String(profile)], { cwd: dir });
      expect(ran.stderr).toBe('');
      expect(ran.code).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
      const skipped = report.cases.filter((c: { status: string }) => c.status === 'skipped');
      expect(skipped).toHaveLength(pushCases);
      for (const c of skipped)
        expect(c).toMatchObject({ endpoint: 'POST /mobile_push/e2ee/test_notification', message: expect.stringMatching(PUSH_RELAY), onTarget: true });
      expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
      const [gap] = report.verdict.notCheckedOnTarget;
      expect(report.verdict.notCheckedOnTarget).toHaveLength(1);
      expect(gap.cause).toMatch(PUSH_RELAY);
      expect(gap.cases).toHaveLength(pushCases);
      expect(gap.clauses).toContain('op21.bouncer-5xx');
      const line = `${gap.clauses.join(', ')}: ${gap.cause} (${pushCases} cases)`;
      expect(ran.stdout).toContain(`\nNOT CHECKED ON THIS TARGET: ${gap.clauses.length} clauses, for what the target lacks:\n  ${line}\n`);
      expect(readFileSync(join(dir, 'conformance.md'), 'utf8')).toContain(
        `**Not checked on this target**: ${gap.clauses.length} clauses, for what the target lacks:\n\n- ${line}\n`,
      );
      expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).toContain('<ul class="not-checked" id="not-checked"><li>');
    },
  );
});
