// A target that answers but breaks the envelope is judged, not refused: its cases fail naming
// the envelope clause, the reports are written and the run exits 1. Only what stops judging
// anything (no answer, rejected credentials, wrong roles) ends a run in preflight with exit 2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { envFileText } from '../../src/commands/shared/env-format.js';
import { startProxy, type Proxy } from '../support/rewriting-proxy.js';
import { runCli } from '../support/cli.js';

describe('a server whose success result is "ok"', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  let dir: string;

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.url, {
      answer: (_req, a) => {
        const json = a.json as Record<string, unknown> | undefined;
        if (json?.result === 'success') json.result = 'ok';
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'tcc-envelope-'));
    writeFileSync(join(dir, 'target.env'), envFileText(proxy.url, { ...server.accounts, bot: server.bot }));
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('fails the envelope clause with the answer shown, writes the reports and exits 1', async () => {
    const ran = await runCli(['run', '--env-file', join(dir, 'target.env'), '--report-dir', dir, '--operation', 'POST /users/me/status'], { cwd: dir });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/POST \/users\/me\/status \[conv\.json-envelope\]: result: expected "success" or "error", got "ok"/);
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
    const failed = report.cases.find((c: { id: string }) => c.id === 'op13.text.set');
    expect(failed).toMatchObject({ status: 'failed', broken: expect.arrayContaining(['conv.json-envelope']) });
    expect(failed.failures[0]).toMatchObject({
      clause: 'conv.json-envelope',
      check: 'envelope',
      path: 'result',
      expected: '"success" or "error"',
      actual: '"ok"',
    });
    expect(failed.exchange.response.body).toContain('"result":"ok"');
  });
});

describe('a disputed case with another, undisputed breakage', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  let dir: string;

  beforeAll(async () => {
    server = await startReferenceServer();
    // The answer to the disputed request loses its code: only the reaction type is disputed.
    proxy = await startProxy(server.url, {
      answer: (req, a) => {
        const json = a.json as Record<string, unknown> | undefined;
        if (req.form.get('reaction_type') === 'service_extra_emoji' && json?.result === 'error') delete json.code;
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'tcc-disputed-'));
    writeFileSync(join(dir, 'target.env'), envFileText(proxy.url, { ...server.accounts, bot: server.bot }));
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('fails: the dispute warns, the missing code is a failure, and the run exits 1', async () => {
    const ran = await runCli(['run', '--env-file', join(dir, 'target.env'), '--report-dir', dir, '--grep', 'op13.reaction-type.service-extra'], { cwd: dir });
    expect(ran.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
    const c = report.cases.find((x: { id: string }) => x.id === 'op13.reaction-type.service-extra');
    expect(c).toMatchObject({ status: 'failed', broken: ['conv.error-code'] });
    expect(c.disputes[0]).toMatchObject({ clause: 'op13.reaction-type.service-extra', check: 'result' });
    expect(c.warnings[0]).toMatch(/^disputed clause, not a failure: /);
  });
});
