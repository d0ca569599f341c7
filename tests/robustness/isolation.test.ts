// Isolation: an interrupted run (Ctrl-C) removes what it made; a killed run's leftovers are
// removed by `cleanup --ledger`; two runs against one server both pass and leave its seeded
// data as it was.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { envFileText } from '../../src/commands/env-format.js';
import { runCli } from '../support/cli.js';
import { startProxy, type Proxy } from '../support/rewriting-proxy.js';
import { readReportFile } from '../support/report-format.js';

let server: ReferenceServer;
let slow: Proxy;
const dir = mkdtempSync(join(tmpdir(), 'tcc-isolation-'));

beforeAll(async () => {
  server = await startReferenceServer();
  writeFileSync(join(dir, 'direct.env'), envFileText(server.url, server.accounts));
  // Every answer held back 40 ms, so a run is still going when it is interrupted.
  slow = await startProxy(server.url, {
    answer: (_, a) => {
      a.delayMs = 40;
    },
  });
  writeFileSync(join(dir, 'slow.env'), envFileText(slow.url, server.accounts));
});
afterAll(async () => {
  await slow.close();
  await server.close();
});

async function api(path: string, on = server) {
  const owner = on.accounts.owner;
  const res = await request(`${on.url}/api/v1${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}` },
  });
  return (await res.body.json()) as Record<string, unknown>;
}
/** Channels a run made and left active (their names start with "cf "). */
async function activeRunChannels(on = server): Promise<string[]> {
  const body = await api('/streams?include_all=true&exclude_archived=true', on);
  return (body.streams as { name: string }[]).map((s) => s.name).filter((n) => n.startsWith('cf '));
}

/** Runs the CLI; with `interrupt`, sends that signal once the run's ledger shows it has created things. */
function cli(args: string[], interrupt?: { signal: NodeJS.Signals; ledger: string }) {
  return runCli(args, {
    onSpawn: (child) => {
      if (!interrupt) return;
      const poll = setInterval(() => {
        const lines = existsSync(interrupt.ledger) ? readFileSync(interrupt.ledger, 'utf8').split('\n').length : 0;
        if (lines > 10) {
          clearInterval(poll);
          child.kill(interrupt.signal);
        }
      }, 50);
      child.on('close', () => clearInterval(poll));
    },
  });
}

describe('isolation', () => {
  it('an interrupted run stops, removes what it created, and still writes its report', async () => {
    const reports = join(dir, 'interrupted');
    const started = Date.now();
    const ran = await cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], { signal: 'SIGINT', ledger: join(reports, 'ledger.jsonl') });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(ran.code).toBe(1);
    const report = readReportFile(reports);
    expect(report.runWarnings.join(' ')).toMatch(/interrupted by SIGINT/);
    expect(report.cases.some((c: { message?: string }) => c.message === 'the run was interrupted before this case started')).toBe(true);
    expect(await activeRunChannels()).toEqual([]);
  });

  it('cleanup --ledger removes the leftovers of a killed run', async () => {
    const reports = join(dir, 'killed');
    await cli(['run', '--env-file', join(dir, 'slow.env'), '--report-dir', reports], { signal: 'SIGKILL', ledger: join(reports, 'ledger.jsonl') });
    expect(existsSync(join(reports, 'ledger.jsonl'))).toBe(true);
    const cleaned = await cli(['cleanup', '--ledger', join(reports, 'ledger.jsonl'), '--env-file', join(dir, 'direct.env')]);
    expect(cleaned.stdout).toMatch(/^cleanup: \d+ removed, \d+ already gone, 0 failed$/m);
    expect(cleaned.code).toBe(0);
    expect(await activeRunChannels()).toEqual([]);
  });

  // A server of its own: a run killed above may leave a message whose answer never arrived (so
  // the ledger never heard of it) in a seeded topic, which the seeded cases count.
  it('two runs one after the other both pass and leave the seeded channels as they were', async () => {
    const own = await startReferenceServer();
    try {
      writeFileSync(join(dir, 'own.env'), envFileText(own.url, own.accounts));
      const seeded = async () =>
        JSON.stringify(
          ((await api('/streams?include_all=true&exclude_archived=false', own)).streams as { name: string }[]).filter((s) => !s.name.startsWith('cf ')),
        );
      const before = await seeded();
      for (const n of [1, 2]) {
        const ran = await cli(['run', '--env-file', join(dir, 'own.env'), '--report-dir', join(dir, `run${n}`)]);
        expect(ran.stdout).toMatch(/ 0 failed, \d+ skipped, 0 errored/);
        expect(ran.code).toBe(0);
      }
      expect(await seeded()).toBe(before);
      expect(await activeRunChannels(own)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
