// What a person watching sees: on a terminal a live line of cases done / total, failing and time,
// rewritten in place; while the preflight waits on a silent target, what it waits for. A CI log
// (not a terminal) gets plain lines only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, NODE_ARGS, runCli, type Ran } from '../support/cli.js';
import { scaled } from '../support/time-limits.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-tty-'));
// util-linux `script` runs a command on a pseudo-terminal: the CLI sees a TTY as in a shell.
const hasScript = spawnSync('script', ['--version']).status === 0;
const shellQuote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

function onTerminal(args: string[]): Promise<Ran> {
  // A terminal wide enough for the whole live line (a narrow one gets it cut at its width).
  const command = `stty cols 200; ${[process.execPath, ...NODE_ARGS, ...args].map(shellQuote).join(' ')}`;
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: tmp(), env: cleanEnv() });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, stdout, stderr: '', ms: 0 }));
  });
}

describe.concurrent('progress on a terminal, plain lines elsewhere', { timeout: scaled(60_000) }, () => {
  // Accepts connections and never answers: the preflight waits until its limit.
  let silent: Server;
  let silentUrl: string;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  const silentEnv = () => {
    const file = join(tmp(), 'silent.env');
    writeFileSync(file, `CONFORMANCE_TARGET_URL=${silentUrl}\nCONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcdef\n`);
    return file;
  };

  it.skipIf(!hasScript)('a terminal gets a live line of cases done, failing and elapsed time, rewritten in place', async () => {
    const ran = await onTerminal(['run', '--operation', 'GET /streams', '--profile', 'zulip', '--reference-quirk', 'streams-unsorted']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/\r\x1b\[2K {2}\d+\/\d+ cases · 0 failing · \d+\.\d s/);
    // The last line counts every case done (the total depends on the catalog, not on this test).
    expect(ran.stdout).toMatch(/\r\x1b\[2K {2}(\d+)\/\1 cases · 1 failing · \d+\.\d s/);
    // The failure is printed above the live line, which is then drawn again.
    expect(ran.stdout).toMatch(/\r\x1b\[2K {2}FAIL op20\.zulip\.sorted-by-name\r?\n[^\n]+\r?\n {2}\d+\/\d+ cases · 1 failing/);
  });

  it.skipIf(!hasScript)('a terminal is told what the preflight waits for, with the time so far', async () => {
    const ran = await onTerminal(['run', '--env-file', silentEnv(), '--timeout-ms', '5000']);
    expect(ran.stdout).toMatch(
      new RegExp(`\\r\\x1b\\[2Kpreflight: waiting \\d+\\.\\d s for ${silentUrl} to answer GET /server_settings \\(gives up after 5\\.0 s\\)`),
    );
    expect(ran.stdout).toContain(`teamchat-conformance: target unreachable: ${silentUrl} (no answer within 5000 ms)`);
    expect(ran.code).toBe(2);
  });

  it('a log gets one plain line for the wait, and no carriage returns or escape codes', async () => {
    const ran = await runCli(['run', '--env-file', silentEnv(), '--timeout-ms', '5000'], { cwd: tmp() });
    expect(ran.stdout).toBe(`preflight: waiting for ${silentUrl} to answer GET /server_settings (gives up after 5.0 s)\n`);
    expect(ran.stderr).toBe(`teamchat-conformance: target unreachable: ${silentUrl} (no answer within 5000 ms)\n`);
    expect(ran.code).toBe(2);
  });
});
