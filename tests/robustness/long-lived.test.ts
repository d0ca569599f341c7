// One reference server serving run after run, as `npm run serve` does all day: what a run leaves
// must not pile up. Two runs of every spec case against one `serve` process, its heap measured
// after each (after a garbage collection, through bench/heap-probe.mjs): the second may grow the
// heap by at most GROWTH_LIMIT. A server that kept each run's event queues (every POST /register
// opens one, and each then collects every later event) grew by 30 MiB and more a run; `npm run
// bench` serves 50 whole runs and prints the memory after each (docs/performance.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../support/cli.js';
import { projectPath } from '../../src/common/paths.js';
import { readEnvFile } from '../../src/config/env-file.js';
import { KNOWN_ENV_KEYS } from '../../src/config/config.js';
import { loadSuite } from '../../src/engine/load/load.js';
import { executeSpecs } from '../../src/runner/execute.js';
import { sessionFor } from '../support/run-suite.js';
import { until } from '../support/time-limits.js';
import { fetchRegister } from '../../src/commands/run/preflight.js';
import { ApiClient } from '../../src/http/client.js';
import type { ReferenceServer } from '../../src/reference/server.js';

const RUNS = 2;
/** Measured: 0.5-1.1 MiB from run 1 to 3 (what runs archive is kept, up to a bound); with the queues leaking, 30+ MiB a run. */
const GROWTH_LIMIT = 4 * 2 ** 20;

let serve: ChildProcess;
let target: Pick<ReferenceServer, 'url' | 'accounts' | 'bot'>;

const heapUsed = (): Promise<number> =>
  new Promise((resolve) => {
    serve.once('message', (usage) => resolve((usage as NodeJS.MemoryUsage).heapUsed));
    serve.send('probe');
  });

beforeAll(async () => {
  const envFile = join(mkdtempSync(join(tmpdir(), 'tcc-long-')), 'ref.env');
  serve = spawn(process.execPath, ['--expose-gc', '--import', projectPath('bench', 'heap-probe.mjs'), BIN, 'serve', '--port', '0', '--env-out', envFile], {
    env: cleanEnv(),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await until(() => existsSync(envFile));
  const { values } = readEnvFile(envFile, KNOWN_ENV_KEYS);
  const account = (role: string) => ({
    email: values[`CONFORMANCE_${role.toUpperCase()}_EMAIL`],
    apiKey: values[`CONFORMANCE_${role.toUpperCase()}_API_KEY`],
    userId: 0,
  });
  const roles = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest'] as const;
  const accounts = Object.fromEntries(roles.map((r) => [r, account(r)]));
  // The runner needs the accounts' ids, as the preflight learns them.
  const client = new ApiClient(values.CONFORMANCE_TARGET_URL, { timeoutMs: 5000 });
  for (const role of [...roles, 'bot'] as const) {
    const a = role === 'bot' ? account('bot') : accounts[role];
    const me = await client.send({ method: 'GET', path: '/users/me', auth: { ...a, role } });
    a.userId = (me.response!.json as { user_id: number }).user_id;
    if (role === 'bot')
      target = { url: values.CONFORMANCE_TARGET_URL, accounts: accounts as ReferenceServer['accounts'], bot: { ...a, role: 'member', ownerId: 0 } };
  }
  await client.close();
});
afterAll(async () => {
  serve.kill('SIGINT');
  await new Promise((r) => serve.once('close', r));
});

describe('a long-lived reference server', () => {
  it(`serves ${RUNS} runs of every case with its heap growing by less than ${GROWTH_LIMIT / 2 ** 20} MiB after the first`, async () => {
    const { specs } = loadSuite();
    const heap: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const client = new ApiClient(target.url, { timeoutMs: 5000 });
      const register = await fetchRegister(client, 'owner', target.accounts.owner).finally(() => client.close());
      const session = sessionFor(target as ReferenceServer, { profile: 'zulip' }, target.url, register);
      const results = await executeSpecs(session, specs);
      await session.close();
      // The runs did their work (a case that races another file's events may fail now and then:
      // not what this test is about).
      expect(results.filter((r) => r.status === 'passed').length).toBeGreaterThan(0.95 * results.length);
      heap.push(await heapUsed());
    }
    expect(heap.at(-1)! - heap[0], `heap after each run (MiB): ${heap.map((h) => (h / 2 ** 20).toFixed(1)).join(', ')}`).toBeLessThan(GROWTH_LIMIT);
  });
});
