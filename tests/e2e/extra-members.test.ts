// Extra plain members: `serve --extra-members N` seeds them and writes CONFORMANCE_EXTRA_MEMBERS;
// a run checks each in its preflight and casts the files and properties marked anyMembers over
// them (src/runner/spread.ts), so the report's cost shows requests by extra1, extra2...; an extra
// member that is not a plain member of its own stops the run with one line.
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
  served = await serveCli(dir, ['--extra-members', '3']);
});
afterAll(() => served.stop());

/** The env file serve wrote, with CONFORMANCE_EXTRA_MEMBERS set to `extras` (the seeded pool when absent). */
function envWith(extras?: (values: Record<string, string>) => string): string {
  const { values } = readEnvFile(served.envFile, KNOWN_ENV_KEYS);
  const file = join(mkdtempSync(join(dir, 'env-')), 'target.env');
  const text = Object.entries({ ...values, ...(extras ? { CONFORMANCE_EXTRA_MEMBERS: extras(values) } : {}) })
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  writeFileSync(file, `${text}\n`);
  return file;
}

describe('extra plain members', () => {
  it(
    'are written by serve, checked by the preflight, and carry the work of the files cast over them',
    async () => {
      expect(readFileSync(served.envFile, 'utf8')).toMatch(/^CONFORMANCE_EXTRA_MEMBERS=pool01@reference\.test:\S+,pool02@\S+,pool03@\S+$/m);
      expect(served.output()).toMatch(/extra plain members: 3 \(pool01@reference\.test\.\.\.\)/);
      const reports = join(dir, 'reports');
      const ran = await runCli(['run', '--env-file', envWith(), '--report-dir', reports, '--operation', 'PATCH /user_groups/{user_group_id},GET /streams']);
      expect(ran.code, ran.stdout + ran.stderr).toBe(0);
      const { cost } = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as { cost: RequestCost };
      const extras = Object.keys(cost.byAccount).filter((who) => who.startsWith('extra'));
      expect(extras.length).toBeGreaterThanOrEqual(2);
      // Their keys are redacted like every configured account's.
      const key = /pool01@reference\.test:(\S+?),/.exec(readFileSync(served.envFile, 'utf8'))![1];
      expect(readFileSync(join(reports, 'conformance.json'), 'utf8')).not.toContain(key);
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
});
