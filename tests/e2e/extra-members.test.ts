// Extra accounts: `serve --extra-members N` (--extra-admins, --extra-owners) seeds them and writes
// CONFORMANCE_EXTRA_MEMBERS (_ADMINS, _OWNERS); a run checks each in its preflight and casts the
// files and properties marked anyMembers (anyAdmins, anyOwners) over them (src/runner/spread.ts),
// so the report's cost shows requests by extra1, extra-admin1, extra-owner1...; an extra account
// that is not a user of its own with its pool's role stops the run with one line.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvFile } from '../../src/config/env-file.js';
import { KNOWN_ENV_KEYS } from '../../src/config/config.js';
import { runCli, serveCli, type Served } from '../support/cli.js';
import { WHOLE_RUN_TIMEOUT_MS } from '../support/run-suite.js';
import type { RequestCost } from '../../src/http/request-cost.js';

let served: Served;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tcc-extra-'));
  served = await serveCli(dir, ['--extra-members', '3', '--extra-admins', '1', '--extra-owners', '1']);
});
afterAll(() => served.stop());

/** The env file serve wrote, with CONFORMANCE_EXTRA_MEMBERS (or `variable`) set to `extras` (the seeded pool when absent). */
function envWith(extras?: (values: Record<string, string>) => string, variable = 'CONFORMANCE_EXTRA_MEMBERS'): string {
  const { values } = readEnvFile(served.envFile, KNOWN_ENV_KEYS);
  const file = join(mkdtempSync(join(dir, 'env-')), 'target.env');
  const text = Object.entries({ ...values, ...(extras ? { [variable]: extras(values) } : {}) })
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  writeFileSync(file, `${text}\n`);
  return file;
}

describe('extra accounts', () => {
  it(
    'are written by serve, checked by the preflight, and carry the work of the files cast over them',
    async () => {
      const written = readFileSync(served.envFile, 'utf8');
      expect(written).toMatch(/^CONFORMANCE_EXTRA_MEMBERS=pool01@reference\.test:\S+,pool02@\S+,pool03@\S+$/m);
      expect(written).toMatch(/^CONFORMANCE_EXTRA_ADMINS=pool-admin01@reference\.test:\S+$/m);
      expect(written).toMatch(/^CONFORMANCE_EXTRA_OWNERS=pool-owner01@reference\.test:\S+$/m);
      expect(served.output()).toMatch(
        /extra members: 3 \(pool01@reference\.test\.\.\.\)\nextra administrators: 1 \(pool-admin01@reference\.test\.\.\.\)\nextra owners: 1/,
      );
      const reports = join(dir, 'reports');
      // GET /streams is cast over all three pools; the channel files' owner and admin too.
      const ran = await runCli([
        'run',
        '--env-file',
        envWith(),
        '--report-dir',
        reports,
        '--operation',
        'PATCH /user_groups/{user_group_id},GET /streams,PATCH /streams/{stream_id}',
      ]);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      const { cost } = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { cost: RequestCost };
      const extras = Object.keys(cost.byAccount).filter((who) => /^extra\d/.test(who));
      expect(extras.length).toBeGreaterThanOrEqual(2);
      expect(cost.byAccount['extra-admin1']?.check).toBeGreaterThan(0);
      expect(cost.byAccount['extra-owner1']?.check).toBeGreaterThan(0);
      // Their keys are redacted like every configured account's.
      const key = /pool01@reference\.test:(\S+?),/.exec(readFileSync(served.envFile, 'utf8'))![1];
      expect(readFileSync(join(reports, 'conformance.json'), 'utf8')).not.toContain(key);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );

  it(
    'leave a whole zulip run passing: every file cast over them takes any account of its role',
    async () => {
      const reports = join(dir, 'whole');
      const ran = await runCli(['run', '--env-file', envWith(), '--report-dir', reports, '--profile', 'zulip']);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      const { cost } = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { cost: RequestCost };
      for (const label of ['extra1', 'extra2', 'extra3', 'extra-admin1', 'extra-owner1']) expect(cost.byAccount[label]?.check, label).toBeGreaterThan(0);
      // The one case that needs the configured owner to be the only one says why it cannot run.
      expect(ran.stdout).toMatch(/op10\.role\.last-owner: does not hold on this target: the configured owner is the organisation's only owner/);
    },
    WHOLE_RUN_TIMEOUT_MS,
  );

  it.concurrent.each([
    [
      'an administrator',
      (v: Record<string, string>) => `${v.CONFORMANCE_ADMIN_EMAIL}:${v.CONFORMANCE_ADMIN_API_KEY}`,
      /admin@reference\.test has role 200 \(administrator\); extra members are plain members \(role 400\)/,
    ],
    [
      'the member again',
      (v: Record<string, string>) => `${v.CONFORMANCE_MEMBER_EMAIL}:${v.CONFORMANCE_MEMBER_API_KEY}`,
      /same user \(id \d+\) as the member account; each extra member is its own user/,
    ],
    ['a wrong key', () => 'pool01@reference.test:wrong', /API key rejected \(401\) for "pool01@reference\.test"/],
  ])('%s as an extra member stops the run in its preflight (exit 2, one line)', async (_, extras, line) => {
    const ran = await runCli(['run', '--env-file', envWith(extras), '--report-dir', mkdtempSync(join(dir, 'never-'))]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(new RegExp(`^teamchat-conformance: extra member 1 \\(CONFORMANCE_EXTRA_MEMBERS, entry 1\\): ${line.source}\\n$`));
  });

  it.concurrent.each([
    [
      'an administrator as an extra owner',
      'CONFORMANCE_EXTRA_OWNERS',
      (v: Record<string, string>) => `${v.CONFORMANCE_ADMIN_EMAIL}:${v.CONFORMANCE_ADMIN_API_KEY}`,
      /^teamchat-conformance: extra owner 1 \(CONFORMANCE_EXTRA_OWNERS, entry 1\): admin@reference\.test has role 200 \(administrator\); extra owners are owners \(role 100\)\n$/,
    ],
    [
      'an extra member again as an extra administrator',
      'CONFORMANCE_EXTRA_ADMINS',
      (v: Record<string, string>) => v.CONFORMANCE_EXTRA_MEMBERS.split(',')[0],
      /^teamchat-conformance: extra administrator 1 \(CONFORMANCE_EXTRA_ADMINS, entry 1\): pool01@reference\.test has role 400 \(member\); extra administrators are administrators \(role 200\)\n$/,
    ],
  ])('%s stops the run in its preflight (exit 2, one line)', async (_, variable, extras, line) => {
    const ran = await runCli(['run', '--env-file', envWith(extras, variable), '--report-dir', mkdtempSync(join(dir, 'never-'))]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(line);
  });
});
