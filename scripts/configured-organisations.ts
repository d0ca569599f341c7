// The whole suite against configured organisations, as a user would run it: `serve`, its owner
// sets one organisation setting through PATCH /realm (tests/support/configured-organisations.ts:
// every setting the API document leaves to the organisation, one at a time), then a run of each
// profile through the CLI. Prints each run's closing line, its failures and what the owner finds
// the setting at afterwards. Not part of npm test (about a minute a run on two busy cores; npm
// test runs the cases needing each setting, tests/robustness/configured-organisation.test.ts):
//   npm run configured -- [--profile spec|zulip] [--grep <what>]
// Exits 1 when a run failed or errored, or left the setting other than its owner set it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/http/client.js';
import { readEnvFile } from '../src/config/env-file.js';
import { KNOWN_ENV_KEYS } from '../src/config/config.js';
import { runCli, serveCli } from '../tests/support/cli.js';
import { CONFIGURED_ORGANISATIONS } from '../tests/support/configured-organisations.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const profiles = option('--profile') ? [option('--profile')!] : ['spec', 'zulip'];
const grep = option('--grep');

interface Report {
  summary: { failed: number; errored: number };
  cases: { id: string; status: string; message?: string }[];
}

/** An owner's call to the served realm, as in the env file `serve` wrote. */
async function asOwner(envFile: string, method: string, path: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const env = readEnvFile(envFile, KNOWN_ENV_KEYS).values;
  const client = new ApiClient(env.CONFORMANCE_TARGET_URL, { timeoutMs: 30_000 });
  try {
    const owner = { email: env.CONFORMANCE_OWNER_EMAIL, apiKey: env.CONFORMANCE_OWNER_API_KEY, role: 'owner' as const };
    const answer = await client.send({ method, path, params: params as never, auth: owner });
    return (answer.response?.json ?? {}) as Record<string, unknown>;
  } finally {
    await client.close();
  }
}

let bad = 0;
for (const organisation of CONFIGURED_ORGANISATIONS.filter((o) => !grep || o.what.includes(grep))) {
  for (const profile of profiles.filter((p) => !organisation.profiles || organisation.profiles.includes(p as 'spec' | 'zulip'))) {
    const dir = mkdtempSync(join(tmpdir(), 'tcc-configured-'));
    const served = await serveCli(dir);
    try {
      const set = await asOwner(served.envFile, 'PATCH', '/realm', organisation.realm);
      if (set.result !== 'success') throw new Error(`PATCH /realm ${JSON.stringify(organisation.realm)}: ${JSON.stringify(set)}`);
      const ran = await runCli(['run', '--env-file', served.envFile, '--report-dir', join(dir, 'r'), '--profile', profile], { cwd: dir });
      const report = JSON.parse(readFileSync(join(dir, 'r', 'conformance.json'), 'utf8')) as Report;
      const after = (await asOwner(served.envFile, 'POST', '/register', { fetch_event_types: ['realm'] }))[`realm_${organisation.shown}`];
      const line = ran.stdout.trim().split('\n').at(-1);
      console.log(`${organisation.what} (${profile}): ${line}; afterwards ${organisation.shown} = ${JSON.stringify(after)}`);
      for (const c of report.cases.filter((k) => k.status === 'failed' || k.status === 'errored')) console.log(`  ${c.status} ${c.id}: ${c.message ?? ''}`);
      if (report.summary.failed || report.summary.errored || JSON.stringify(after) !== JSON.stringify(organisation.expected)) bad += 1;
    } finally {
      await served.stop();
    }
  }
}
process.exit(bad ? 1 : 0);
