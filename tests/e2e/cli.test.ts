// The command line as a user runs it: exit statuses, reports, preflight messages, serve.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli, underShell, type Served } from '../support/cli.js';
import { readReportFile } from '../support/report-format.js';
import { until } from '../support/time-limits.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-e2e-'));
const cli = (args: string[], cwd = tmp()) => runCli(args, { cwd });

describe.concurrent('teamchat-conformance run', () => {
  it('with no target, tests the embedded reference server, exits 0 and writes conformance.json', async () => {
    const dir = tmp();
    const ran = await cli(['run', '--report-dir', dir]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^teamchat-conformance \S+: http:\/\/127\.0\.0\.1:\d+ \(embedded reference server: no target configured\), feature level 420/m);
    // The last line carries the verdict word; every report path comes before it.
    const lines = ran.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^PASS: \d+ passed, 0 failed, 0 skipped, 0 errored \(\d+ cases in [\d.]+ s; \d+ requests, busiest account \w+: \d+\)$/);
    expect(lines.at(-2)).toMatch(/^report: .*junit\.xml$/);
    // A disputed clause's warning stands under its operation's line, not before it among other operations.
    const warned = lines.flatMap((line, i) => (line.startsWith('  warn ') ? [i] : []));
    expect(warned.length).toBeGreaterThan(0);
    for (const i of warned) {
      const operation = lines
        .slice(0, i)
        .reverse()
        .find((line) => !line.startsWith('  warn '))!;
      expect(operation, lines[i]).toMatch(/^✓ /);
      expect(lines[i]).toContain(`: disputed clause, not a failure: ${operation.slice(2).trim().split(/ {2,}/)[0]} [`);
    }
    // Not a terminal: plain lines, no live progress line (console-progress.test.ts has the terminal).
    expect(ran.stdout).not.toMatch(/[\r\x1b]|cases · /);
    const report = readReportFile(dir);
    expect(report).toMatchObject({ formatVersion: 1, tool: { name: 'teamchat-conformance' }, target: { featureLevel: 420, profile: 'spec' } });
    expect(report.summary.total).toBe(report.cases.length);
    expect(report.summary.passed).toBe(report.summary.total);
    for (const c of report.cases) expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'endpoint', 'title', 'clauses', 'status', 'durationMs']));
    expect(report.clauses.find((c: { id: string }) => c.id === 'op13.bad-request.too-long')).toMatchObject({
      status: 'tested',
      cases: expect.arrayContaining(['op13.bad-request.61-characters']),
    });
  });

  it('exits 1 and names case, clause, expected and got when the server breaks a clause', async () => {
    const dir = tmp();
    const ran = await cli(['run', '--report-dir', dir, '--reference-quirk', 'status-no-length-limit', '--operation', 'POST /users/me/status']);
    expect(ran.code).toBe(1);
    const report = readReportFile(dir);
    const failed = report.cases.find((c: { id: string }) => c.id === 'op13.bad-request.61-characters');
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(
      'POST /users/me/status [op13.bad-request.too-long]: expected result "error", got "success" (as member, POST /users/me/status status_text="xxxxxxxxxxxx"...(61 chars))',
    );
    expect(failed.exchange).toMatchObject({ request: { method: 'POST', role: 'member' }, response: { status: 200 } });
    expect(ran.stdout).toContain('FAIL op13.bad-request.61-characters');
    expect(report.cases.every((c: { endpoint: string }) => c.endpoint === 'POST /users/me/status')).toBe(true);
  });

  it('skips cases above the feature level it judges, with the reason', async () => {
    const dir = tmp();
    const ran = await cli(['run', '--report-dir', dir, '--feature-level', '380', '--operation', 'GET /streams']);
    expect(ran.code).toBe(0);
    const report = readReportFile(dir);
    expect(report.cases.find((c: { id: string }) => c.id === 'op20.object.topics-policy')).toMatchObject({
      status: 'skipped',
      message: 'needs feature level 392, target has 380',
    });
  });

  it('exits 2 with one line for a bad flag value or an unknown flag', async () => {
    const bad = await cli(['run', '--timeout-ms', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('teamchat-conformance: --timeout-ms: expected a positive integer, got "soon"');
    const unknown = await cli(['run', '--no-such-flag']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--no-such-flag'/);
  });

  it('exits 2 naming an unreachable target', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'closed.env'), 'CONFORMANCE_TARGET_URL=http://127.0.0.1:9\nCONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcdef\n');
    const ran = await cli(['run', '--env-file', join(dir, 'closed.env')], dir);
    expect(ran.code).toBe(2);
    // ECONNREFUSED, not "no answer within 30000 ms": a refused connection stops the run at once,
    // without waiting for the request timeout (said by the cause, not by a clock, which a busy
    // machine makes unreliable).
    expect(ran.stderr.trim()).toMatch(/^teamchat-conformance: target unreachable: http:\/\/127\.0\.0\.1:9 \(.*ECONNREFUSED.*\)$/);
  });
});

describe('teamchat-conformance serve, then run --env-file', () => {
  let server: Served;
  let envFile: string;
  let dir: string;

  beforeAll(async () => {
    dir = tmp();
    server = await serveCli(dir);
    envFile = server.envFile;
  });
  afterAll(() => server.stop());

  it('writes the env file with the URL and one account per role, and the run passes', async () => {
    const env = readFileSync(envFile, 'utf8');
    for (const role of ['OWNER', 'ADMIN', 'MODERATOR', 'MEMBER', 'MEMBER2', 'GUEST'])
      expect(env).toMatch(new RegExp(`^CONFORMANCE_${role}_API_KEY=\\S+$`, 'm'));
    const ran = await cli(['run', '--env-file', envFile, '--report-dir', join(dir, 'reports')], dir);
    expect(ran.code).toBe(0);
    expect(ran.stdout).not.toMatch(/embedded/);
  });

  it('cleanup of a finished ledger removes nothing, and says so, however often it runs', async () => {
    // Before: "cleanup: 16 removed, 0 already gone, 0 failed" after a run that had removed all of it, every time.
    const reports = tmp();
    const ran = await cli(['run', '--env-file', envFile, '--operation', 'GET /streams', '--report-dir', reports]);
    expect(ran.code).toBe(0);
    const ledger = join(reports, 'ledger.jsonl');
    for (let i = 0; i < 2; i += 1) {
      const cleaned = await cli(['cleanup', '--ledger', ledger, '--env-file', envFile]);
      expect(cleaned.stdout).toBe(`cleanup: nothing to remove: ${ledger} is finished (its run, or an earlier cleanup, removed what it lists)\n`);
      expect(cleaned.code).toBe(0);
    }
  });

  it('exits 2 naming the account whose API key is wrong', async () => {
    const broken = join(dir, 'broken.env');
    writeFileSync(broken, readFileSync(envFile, 'utf8').replace(/^CONFORMANCE_MEMBER_API_KEY=.*$/m, 'CONFORMANCE_MEMBER_API_KEY=not-the-key'));
    const ran = await cli(['run', '--env-file', broken], dir);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe(
      'teamchat-conformance: member account: API key rejected (401) for "member@reference.test": the server knows no user with this email and key (CONFORMANCE_MEMBER_EMAIL, CONFORMANCE_MEMBER_API_KEY)',
    );
  });

  it('exits 2 naming an account configured with the wrong role', async () => {
    const swapped = join(dir, 'swapped.env');
    const text = readFileSync(envFile, 'utf8');
    const memberEmail = /^CONFORMANCE_MEMBER_EMAIL=(.*)$/m.exec(text)![1];
    const memberKey = /^CONFORMANCE_MEMBER_API_KEY=(.*)$/m.exec(text)![1];
    writeFileSync(
      swapped,
      text
        .replace(/^CONFORMANCE_ADMIN_EMAIL=.*$/m, `CONFORMANCE_ADMIN_EMAIL=${memberEmail}`)
        .replace(/^CONFORMANCE_ADMIN_API_KEY=.*$/m, `CONFORMANCE_ADMIN_API_KEY=${memberKey}`),
    );
    const ran = await cli(['run', '--env-file', swapped], dir);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe(`teamchat-conformance: admin account: ${memberEmail} has role 400 (member), configured as admin (200)`);
  });

  it('a refused key says the email it was sent with: two emails swapped, or a space around one', async () => {
    const text = readFileSync(envFile, 'utf8');
    const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)![1];
    const [member, member2] = [value('CONFORMANCE_MEMBER_EMAIL'), value('CONFORMANCE_MEMBER2_EMAIL')];
    const swapped = join(dir, 'emails-swapped.env');
    writeFileSync(
      swapped,
      text
        .replace(/^CONFORMANCE_MEMBER_EMAIL=.*$/m, `CONFORMANCE_MEMBER_EMAIL=${member2}`)
        .replace(/^CONFORMANCE_MEMBER2_EMAIL=.*$/m, `CONFORMANCE_MEMBER2_EMAIL=${member}`),
    );
    const spaced = join(dir, 'email-spaced.env');
    writeFileSync(spaced, text.replace(/^CONFORMANCE_MEMBER_EMAIL=.*$/m, `CONFORMANCE_MEMBER_EMAIL=" ${member}"`));
    // Side by side, so each into a report directory of its own (one is locked while a run uses it).
    const [one, two] = await Promise.all([
      cli(['run', '--env-file', swapped, '--report-dir', join(dir, 'swapped')], dir),
      cli(['run', '--env-file', spaced, '--report-dir', join(dir, 'spaced')], dir),
    ]);
    expect(one.code).toBe(2);
    // Both accounts are refused; whichever the preflight heard of first is named.
    const said = (role: string, email: string, other: string, otherRole: string) =>
      `teamchat-conformance: ${role} account: API key rejected (401) for "${email}": the key belongs to ${other}, the ${otherRole} account's email; ` +
      `are CONFORMANCE_${role.toUpperCase()}_EMAIL and CONFORMANCE_${otherRole.toUpperCase()}_EMAIL swapped?\n`;
    expect([said('member', member2, member, 'member2'), said('member2', member, member2, 'member')]).toContain(one.stderr);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(
      `teamchat-conformance: member account: API key rejected (401) for " ${member}": the email has a leading space; remove it from CONFORMANCE_MEMBER_EMAIL\n`,
    );
  });
});

describe.concurrent('a target that is not what the URL promises', () => {
  let plain: HttpServer;
  let url: string;
  beforeAll(async () => {
    // What `python3 -m http.server` does: an HTML 404 page for every path it has no file for.
    plain = createHttpServer((_, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    url = `127.0.0.1:${(plain.address() as { port: number }).port}`;
  });
  afterAll(() => plain.close());
  const run = (target: string) => {
    const dir = tmp();
    writeFileSync(join(dir, 't.env'), `CONFORMANCE_TARGET_URL=${target}\nCONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcdef\n`);
    return cli(['run', '--env-file', join(dir, 't.env')], dir);
  };

  it('another kind of server, or a base URL with a wrong path: not a team-chat API server, with the URL tried', async () => {
    const ran = await run(`http://${url}/chat`);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      `teamchat-conformance: not a team-chat API server (GET /server_settings and /users/me: 404); tried http://${url}/chat/api/v1/server_settings: ` +
        `is http://${url}/chat the server's base URL? (the suite adds /api/v1 to it)\n`,
    );
  });

  it('https:// to a plain-HTTP port: one line saying so, not an OpenSSL error', async () => {
    const ran = await run(`https://${url}`);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(`teamchat-conformance: target unreachable: https://${url}: the target speaks plain HTTP: use http://${url}\n`);
  });
});

describe('serve whose parent is gone', () => {
  it('stops when the shell that started it is killed alone, as npm or npx killed alone leaves it', async () => {
    const dir = tmp();
    const envFile = join(dir, 'ref.env');
    const shell = underShell(['serve', '--port', '0', '--env-out', envFile]);
    const answers = async (url: string) => {
      try {
        return (await fetch(`${url}/api/v1/server_settings`)).ok;
      } catch {
        return false;
      }
    };
    const urlOf = () => (existsSync(envFile) ? (/^CONFORMANCE_TARGET_URL=(.+)$/m.exec(readFileSync(envFile, 'utf8'))?.[1] ?? '') : '');
    await until(() => urlOf() !== '', 50);
    expect(await answers(urlOf())).toBe(true);
    shell.kill('SIGKILL');
    // Stopped: the test's time limit bounds the wait.
    await until(async () => !(await answers(urlOf())), 50);
  });
});
