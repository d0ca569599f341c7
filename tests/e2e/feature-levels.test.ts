// A release manager's flow: the reference server served at a feature level, the suite run against
// it as the level it claims and as 420, the two reports compared as a changelog of the API; and
// the levels the reference server refuses, or answers as the document's newest.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, serveCli, type Served } from '../support/cli.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'tcc-levels-'));
// Whole runs (a few seconds each): a filtered run is partial and claims no level.

const servers: Served[] = [];
async function serve(level: string): Promise<{ env: string; log: () => string }> {
  const served = await serveCli(tmp(), ['--feature-level', level]);
  servers.push(served);
  return { env: served.envFile, log: served.output };
}
afterAll(() => Promise.all(servers.map((s) => s.stop())));

describe.concurrent('serve --feature-level', () => {
  it('388: a run probing the level passes, "claims 388, conforms through 388"; judged as 420 it fails, "conforms through 388"; compare reads as a changelog', async () => {
    const { env, log } = await serve('388');
    expect(log()).toMatch(/^reference server at feature level 388 listening on http/m);
    const dir = tmp();
    const probed = await runCli(['run', '--env-file', env, '--report-dir', join(dir, 'a')], { cwd: dir });
    expect(probed.code).toBe(0);
    expect(readFileSync(join(dir, 'a', 'conformance.md'), 'utf8')).toMatch(/claims 388, conforms through 388/);
    expect(probed.stdout).toMatch(/skipped/);
    const judged = await runCli(['run', '--env-file', env, '--report-dir', join(dir, 'b'), '--feature-level', '420'], { cwd: dir });
    expect(judged.code).toBe(1);
    expect(readFileSync(join(dir, 'b', 'conformance.md'), 'utf8')).toMatch(/claims 388, judged as 420, conforms through 388/);
    const full = await runCli(['run', '--report-dir', join(dir, 'c')], { cwd: dir }); // the embedded server: 420
    expect(full.code).toBe(0);
    const cmp = await runCli(['compare', join(dir, 'a', 'conformance.json'), join(dir, 'c', 'conformance.json')], { cwd: dir });
    expect(cmp.code).toBe(0);
    expect(cmp.stdout).toMatch(/^The API between level 388 \(A\) and level 420 \(B\): what each level after 388 added:$/m);
    expect(cmp.stdout).toMatch(/^ {2}level 389\n {4}operations: .*POST \/channel_folders\/create/m);
    const md = await runCli(['compare', join(dir, 'a', 'conformance.json'), join(dir, 'c', 'conformance.json'), '--format', 'md'], { cwd: dir });
    expect(md.stdout).toMatch(/^#### Level 389$/m);
  });

  it('500: reports 500 and behaves as 420; the run says the target claims more than the document describes', async () => {
    const { env, log } = await serve('500');
    expect(log()).toMatch(/at feature level 500 \(behaving as 420, the newest level of the API document\)/);
    const dir = tmp();
    const ran = await runCli(['run', '--env-file', env, '--report-dir', dir], { cwd: dir });
    expect(ran.code).toBe(0);
    expect(readFileSync(join(dir, 'conformance.md'), 'utf8')).toMatch(
      /claims 500, more than 420, the newest level of the API document, judged as 420, conforms through 420/,
    );
    const asked = await runCli(['run', '--feature-level', '450', '--report-dir', join(dir, 'x')], { cwd: dir });
    expect(asked.code).toBe(0);
    expect(readFileSync(join(dir, 'x', 'conformance.md'), 'utf8')).toMatch(/judged as 420 \(--feature-level 450, more than 420/);
  });

  it('a level older than the level tables reach, or not a number, is a usage error', async () => {
    const old = await runCli(['serve', '--port', '0', '--feature-level', '50']);
    expect(old.code).toBe(2);
    expect(old.stderr.trim()).toBe('teamchat-conformance: --feature-level: the reference server answers as a feature level from 79 on, got 50');
    const word = await runCli(['serve', '--port', '0', '--feature-level', 'new']);
    expect(word.code).toBe(2);
    expect(word.stderr.trim()).toBe('teamchat-conformance: --feature-level: expected a feature level (an integer), got "new"');
  });
});
