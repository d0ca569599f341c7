// Configuration mistakes a new user makes: each stops the run with exit 2 and one line on
// stderr, instead of quietly testing the embedded reference server.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachePath, PROJECT_ROOT, projectPath } from '../../src/common/paths.js';
import { cleanEnv, runCli, type Ran } from '../support/cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-cfg-'));
const TARGET = 'CONFORMANCE_TARGET_URL=http://127.0.0.1:9\n';
const MEMBER = 'CONFORMANCE_MEMBER_EMAIL=m@x.test\nCONFORMANCE_MEMBER_API_KEY=abcdef\n';

/** Runs the CLI in a fresh directory holding `name` with `text`; the file's path is passed as `{file}`. */
async function withEnvFile(name: string, text: string, args: string[], env: Record<string, string> = {}): Promise<Ran & { file: string }> {
  const dir = tmp();
  const file = join(dir, name);
  writeFileSync(file, text);
  return {
    ...(await runCli(
      args.map((a) => a.replace('{file}', file)),
      { cwd: dir, env },
    )),
    file,
  };
}

/** `npm run --silent <args>` typed in `cwd`, as a user would (npm's own variables not inherited from the test's npm). */
function npmRun(args: string[], cwd: string): Promise<Ran> {
  return new Promise<Ran>((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: 0 }));
  });
}

/** The one line on stderr, and exit 2. */
function stopsWith(ran: Ran, line: string) {
  expect(ran.stderr).toBe(`teamchat-conformance: ${line}\n`);
  expect(ran.code).toBe(2);
}

describe.concurrent('configuration mistakes stop the run (exit 2, one line)', () => {
  it('an unknown CONFORMANCE_* key in the env file: file, line and the closest key', async () => {
    const ran = await withEnvFile('typo.env', `# my server\nCONFORMANCE_TARGET_ULR=http://127.0.0.1:9\n${MEMBER}`, ['run', '--env-file', '{file}']);
    stopsWith(ran, `env file ${ran.file}, line 2: unknown key CONFORMANCE_TARGET_ULR (did you mean CONFORMANCE_TARGET_URL?)`);
  });

  it('a line without "=" in .env', async () => {
    const ran = await withEnvFile('.env', `${TARGET}CONFORMANCE_MEMBR_EMAIL m@x.test\n`, ['run']);
    stopsWith(ran, `env file ${ran.file}, line 2: expected KEY=value, got "CONFORMANCE_MEMBR_EMAIL" without "=" (did you mean CONFORMANCE_MEMBER_EMAIL?)`);
  });

  it('an unknown CONFORMANCE_* variable in the environment', async () => {
    const ran = await runCli(['run'], { cwd: tmp(), env: { CONFORMANCE_FEATURE_LEVL: '400' } });
    stopsWith(ran, 'environment variable CONFORMANCE_FEATURE_LEVL: unknown (did you mean CONFORMANCE_FEATURE_LEVEL?)');
  });

  it('accounts but no target URL, from the env file or the environment', async () => {
    const fromFile = await withEnvFile('half.env', MEMBER, ['run', '--env-file', '{file}']);
    stopsWith(
      fromFile,
      `accounts are configured (member, in env file ${fromFile.file}) but no target URL: set CONFORMANCE_TARGET_URL or --target-url; ` +
        'the embedded reference server is tested only when neither a target nor an account is configured',
    );
    const fromEnv = await runCli(['run', '--list'], { cwd: tmp(), env: { CONFORMANCE_GUEST_EMAIL: 'g@x.test', CONFORMANCE_GUEST_API_KEY: 'k' } });
    expect(fromEnv.stderr).toMatch(/^teamchat-conformance: accounts are configured \(guest\) but no target URL: /);
    expect(fromEnv.code).toBe(2);
  });

  it('--env-file naming a missing file: the suite says so, not Node (which reads --env-file itself on Node 20)', async () => {
    const cwd = tmp();
    const ran = await runCli(['run', '--env-file', 'missing.env'], { cwd });
    // Named by the absolute path the suite tried: the directory the command was typed in.
    stopsWith(ran, `env file ${join(cwd, 'missing.env')}: not found`);
  });

  it('npm run conformance -- --env-file F reaches the suite (the DESIGN.md contract)', async () => {
    const ran = await npmRun(['conformance', '--', '--env-file', 'no-such-dir/missing.env'], PROJECT_ROOT);
    expect(ran.stderr).toContain(`teamchat-conformance: env file ${projectPath('no-such-dir', 'missing.env')}: not found\n`);
    expect(ran.stderr).not.toMatch(/^node: /m);
    expect(ran.code).toBe(2);
  });

  it('typed in a subdirectory, `npm run` (which runs the script in the package directory) still reads paths from there', async () => {
    const below = mkdtempSync(join(cachePath(), 'typed-here-'));
    const ran = await npmRun(['conformance', '--', '--env-file', 'my.env'], below);
    expect(ran.stderr).toContain(`teamchat-conformance: env file ${join(below, 'my.env')}: not found\n`);
    expect(ran.code).toBe(2);
  });

  it("an option npm took for its own (written without `--`) stops the run instead of passing it by: a gate's --fail-on-skip", async () => {
    const ran = await npmRun(['conformance', '--fail-on-skip', '--report-dir', 'x'], PROJECT_ROOT);
    expect(ran.stderr).toContain(
      'teamchat-conformance: npm took --report-dir --fail-on-skip for its own options (npm_config_report_dir is set): ' +
        "put `--` before the suite's options, as in `npm run conformance -- --report-dir <value> --fail-on-skip`\n",
    );
    expect(ran.code).toBe(2);
  });

  it('a base URL ending in /api/v1: the suite adds it', async () => {
    const ran = await runCli(['run', '--target-url', 'http://127.0.0.1:9/api/v1', '--list'], { cwd: tmp() });
    stopsWith(ran, '--target-url: "http://127.0.0.1:9/api/v1" ends in /api/v1, which the suite adds to every path; use "http://127.0.0.1:9"');
  });
});
