// From an owner's account to a passing run, as a user does it: `serve` (with only an owner, and
// Zulip-shaped: no shortcuts; or a normal one, of whose seeded accounts only the owner's is
// used), `setup --env-out`, then `run` on the file it wrote: no hand-written account.
// SLOW (two whole runs at once, one waiting out the time limits: about 40 s).
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, serveCli, type Served } from '../support/cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-setup-e2e-'));
const OWNER_LINES = /^CONFORMANCE_(TARGET_URL|OWNER_EMAIL|OWNER_API_KEY|OWNER_CAN_CHANGE_USER_EMAILS)=/;

describe.concurrent('setup, then run', { timeout: 240_000 }, () => {
  const servers: Served[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  /** setup --env-file <owner's> --env-out run.env, then run --env-file run.env: both exit 0, and the run skips nothing for configuration. */
  async function setupThenRun(dir: string, ownerFile: string) {
    const made = await runCli(['setup', '--env-file', ownerFile, '--env-out', 'run.env'], { cwd: dir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(statSync(join(dir, 'run.env')).mode & 0o777).toBe(0o600);
    for (const [, key] of readFileSync(join(dir, 'run.env'), 'utf8').matchAll(/_API_KEY=(.+)/g)) expect(made.stdout).not.toContain(key);
    const ran = await runCli(['run', '--env-file', 'run.env', '--report-dir', 'out'], { cwd: dir });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'conformance.json'), 'utf8'));
    expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
    expect(report.verdict.status).toBe('pass');
    expect(report.verdict.incomplete ?? []).toEqual([]);
    return { made, ran, report };
  }

  it('on a server with only an owner and no shortcuts (any server): every account made, the run passes', async () => {
    const dir = tmp();
    const served = await serveCli(dir, ['--no-seed-accounts', '--no-shortcuts']);
    servers.push(served);
    expect(served.output()).toContain('no seeded accounts: only the owner; `setup` makes the others');
    const ownerFile = readFileSync(served.envFile, 'utf8');
    expect(ownerFile.split('\n').filter((l) => l && !l.startsWith('#') && !OWNER_LINES.test(l))).toEqual([]);
    const { made } = await setupThenRun(dir, served.envFile);
    for (const role of ['admin', 'moderator', 'member', 'member2', 'guest', 'bot']) expect(made.stdout).toMatch(new RegExp(`^ {2}${role} .* made`, 'm'));
  });

  it("on a normal serve, given only its owner's account: new accounts beside the seeded ones, the run passes (the seeded push devices unused)", async () => {
    const dir = tmp();
    const served = await serveCli(dir);
    servers.push(served);
    const ownerFile = join(dir, 'owner.env');
    writeFileSync(
      ownerFile,
      readFileSync(served.envFile, 'utf8')
        .split('\n')
        .filter((l) => OWNER_LINES.test(l))
        .join('\n'),
    );
    const { report } = await setupThenRun(dir, ownerFile);
    const skipped = report.cases.filter((c: { status: string }) => c.status === 'skipped');
    expect(skipped.map((c: { id: string }) => c.id).every((id: string) => id.startsWith('op21.seeded.'))).toBe(true);
  });
});
