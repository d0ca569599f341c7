// A server that hangs, resets, answers HTML, truncated JSON, a huge body and a 500, all at once
// on different requests: the run ends in bounded time, exits 1, writes its report, names each
// broken case with its cause, and passes every healthy case.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference/server.js';
import { envFileText } from '../../src/commands/shared/env-format.js';
import type { CaseResult } from '../../src/engine/run/run-case.js';
import { runCli } from '../support/cli.js';
import { paramsOf, startProxy, type Proxy, type ProxiedAnswer, type ProxiedRequest } from '../support/rewriting-proxy.js';
import { readReportFile } from '../support/report-format.js';

type Fault = { name: string; when: (req: ProxiedRequest) => boolean; apply: (a: ProxiedAnswer) => void; cause: RegExp };
const has = (name: string, value?: string) => (req: ProxiedRequest) => paramsOf(req).has(name) && (value === undefined || paramsOf(req).get(name) === value);
const streams = (pred: (req: ProxiedRequest) => boolean) => (req: ProxiedRequest) => req.method === 'GET' && req.path === '/streams' && pred(req);
const status = (pred: (req: ProxiedRequest) => boolean) => (req: ProxiedRequest) => req.method === 'POST' && req.path === '/users/me/status' && pred(req);

const FAULTS: Fault[] = [
  {
    name: 'hang',
    when: streams(has('include_all', 'true')),
    apply: (a) => {
      a.fault = 'hang';
    },
    cause: /timeout: no complete answer within 1500 ms/,
  },
  {
    name: 'reset',
    when: streams(has('include_default', 'true')),
    apply: (a) => {
      a.fault = 'reset';
    },
    cause: /connection: /i,
  },
  {
    name: 'huge body',
    when: streams(has('include_web_public', 'true')),
    apply: (a) => {
      a.raw = `{"result":"success","msg":"","pad":"${'x'.repeat(20 * 2 ** 20)}"}`;
    },
    cause: /too-large: answer body exceeds/,
  },
  {
    name: 'html page',
    when: status(has('away')),
    apply: (a) => {
      a.status = 502;
      a.raw = '<html><h1>502 Bad Gateway</h1></html>';
      a.headers['content-type'] = 'text/html';
    },
    cause: /answer \(HTTP 502\) is not JSON/,
  },
  {
    name: 'truncated json',
    when: status(has('emoji_name', 'car')),
    apply: (a) => {
      a.raw = '{"result":"succ';
    },
    cause: /is not JSON/,
  },
  {
    name: 'server error',
    when: status(has('emoji_name', 'octopus')),
    apply: (a) => {
      a.status = 500;
      a.json = { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
    },
    cause: /INTERNAL_SERVER_ERROR/,
  },
];

let server: ReferenceServer;
let proxy: Proxy;
const dir = mkdtempSync(join(tmpdir(), 'tcc-faults-'));

beforeAll(async () => {
  server = await startReferenceServer();
  proxy = await startProxy(server.url, { answer: (req, a) => FAULTS.find((f) => f.when(req))?.apply(a) });
  writeFileSync(join(dir, 'target.env'), envFileText(proxy.url, { ...server.accounts, bot: server.bot }));
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe('six simultaneous faults', () => {
  it('end the run in bounded time with exit 1, a report, the causes, and every healthy case passed', async () => {
    const ran = await runCli([
      'run',
      '--env-file',
      join(dir, 'target.env'),
      '--timeout-ms',
      '1500',
      '--report-dir',
      join(dir, 'reports'),
      '--operation',
      'GET /streams,POST /users/me/status',
    ]);
    // Bounded by --timeout-ms: each hang is cut at 1500 ms (its case says so, below), and the
    // run ends; the test's own limit catches a run that waits for one.
    expect(ran.code).toBe(1);
    const report = readReportFile(join(dir, 'reports')) as { cases: CaseResult[]; summary: Record<string, number> };
    const broken = report.cases.filter((c) => c.status !== 'passed' && c.status !== 'skipped');
    for (const fault of FAULTS) {
      expect(
        broken.some((c) => fault.cause.test(c.message ?? '')),
        `a case names the ${fault.name} fault`,
      ).toBe(true);
    }
    for (const c of broken)
      expect(
        FAULTS.some((f) => f.cause.test(c.message ?? '')),
        `${c.id} broke for a fault's reason: ${c.message}`,
      ).toBe(true);
    expect(report.summary.passed).toBeGreaterThan(20);
    expect(report.summary.passed + broken.length + report.summary.skipped).toBe(report.cases.length);
    expect(ran.stdout).toMatch(/\d+ passed, \d+ failed, 0 skipped, \d+ errored/);
  });
});
