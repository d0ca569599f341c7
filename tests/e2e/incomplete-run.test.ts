// A run that skips cases because an account is not configured is not a plain PASS: the summary
// names the skips and their cause, the verdict word says INCOMPLETE, the feature level is not
// claimed, and --fail-on-skip (CONFORMANCE_FAIL_ON_SKIP) makes it exit 1.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli, type Served } from '../support/cli.js';
import { scaled } from '../support/time-limits.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-inc-'));
const json = (dir: string) => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));

describe.concurrent('a run without the member account', { timeout: scaled(120_000) }, () => {
  let server: Served;
  let noMember: string;

  beforeAll(async () => {
    const dir = tmp();
    server = await serveCli(dir);
    noMember = join(dir, 'no-member.env');
    writeFileSync(noMember, readFileSync(server.envFile, 'utf8').replace(/^CONFORMANCE_MEMBER_(EMAIL|API_KEY)=.*\n/gm, ''));
  });
  afterAll(() => server.stop());

  const run = (extra: string[], env: Record<string, string> = {}) => {
    const dir = tmp();
    return runCli(['run', '--env-file', noMember, '--report-dir', dir, ...extra], { cwd: dir, env }).then((ran) => ({
      ...ran,
      dir,
    }));
  };

  it('says INCOMPLETE with each cause and its count, claims no level, and exits 0', async () => {
    const ran = await run([]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = json(ran.dir);
    const skipped = report.cases.filter((c: { message?: string }) => c.message === 'needs the member account, not configured').length;
    expect(skipped).toBeGreaterThan(0);
    expect(ran.stdout).toContain(
      `\nINCOMPLETE: ${skipped} of ${report.summary.total} cases skipped for missing configuration:\n` +
        `  ${skipped} skipped: no member account (CONFORMANCE_MEMBER_EMAIL)\n`,
    );
    expect(ran.stdout).toContain(
      'Feature level: claims 420, conformance level not established (cases without a feature level were skipped for missing configuration)\n',
    );
    expect(ran.stdout).not.toMatch(/conforms through 420/);
    expect(report.verdict).toMatchObject({ status: 'pass', incomplete: [{ cause: 'no member account (CONFORMANCE_MEMBER_EMAIL)', count: skipped }] });
    expect(report.target.conformsThrough).toBeNull();
    expect(readFileSync(join(ran.dir, 'conformance.md'), 'utf8')).toMatch(/^## ⚠️ teamchat-conformance: INCOMPLETE: /);
    expect(readFileSync(join(ran.dir, 'conformance.html'), 'utf8')).toContain('<div class="verdict incomplete" id="verdict">INCOMPLETE</div>');
  });

  it('exits 1 with --fail-on-skip or CONFORMANCE_FAIL_ON_SKIP', async () => {
    const [flag, env] = await Promise.all([
      run(['--operation', 'GET /streams', '--fail-on-skip']),
      run(['--operation', 'GET /streams'], { CONFORMANCE_FAIL_ON_SKIP: 'true' }),
    ]);
    for (const ran of [flag, env]) {
      expect(ran.code).toBe(1);
      expect(ran.stdout).toMatch(/^INCOMPLETE: \d+ of \d+ cases skipped for missing configuration, which fails the run \(--fail-on-skip\):$/m);
      expect(json(ran.dir).verdict.status).toBe('fail');
    }
  });
});
